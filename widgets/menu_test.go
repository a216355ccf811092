package widgets_test

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// menuItems is a menu with a nested submenu, a disabled leaf and a
// disabled submenu.
func menuItems() []widgets.MenuItem {
	return []widgets.MenuItem{
		{ID: "file", Label: "File", Children: []widgets.MenuItem{
			{ID: "new", Label: "New"},
			{ID: "open", Label: "Open", Disabled: true},
			{ID: "recent", Label: "Recent", Children: []widgets.MenuItem{{ID: "r1", Label: "a.txt"}, {ID: "r2", Label: "b.txt"}}},
		}},
		{ID: "edit", Label: "Edit", Children: []widgets.MenuItem{{ID: "undo", Label: "Undo"}}},
		{ID: "locked", Label: "Locked", Disabled: true, Children: []widgets.MenuItem{{ID: "secret", Label: "Secret"}}},
		{ID: "quit", Label: "Quit"},
	}
}

func sampleMenu(cursor string, open ...string) widgets.Menu {
	return widgets.Menu{ID: "mn", Items: menuItems(), Open: open, Cursor: cursor}
}

func TestMenuActions(t *testing.T) {
	got := sampleMenu("file").Actions()
	if want := []string{"select", "open", "move", "get_items"}; !reflect.DeepEqual(actionNames(got), want) {
		t.Errorf("actions = %v, want %v", actionNames(got), want)
	}
	checkAnnotations(t, got, "select", "open", "move")
	checkStatic(t, widgets.Menu{ID: "zzid", Items: []widgets.MenuItem{{ID: "zzitem", Label: "ZZLABEL"}}}.Actions(),
		sampleMenu("new", "file").Actions(), "zzid", "zzitem", "ZZLABEL")
}

func TestMenuInvoke(t *testing.T) {
	leaves := "new, r1, r2, undo, quit"
	runInvoke(t, sampleMenu("file"), []invokeCase{
		{name: "select a top-level leaf", action: "select", args: map[string]any{"item_id": "quit"}, write: widgets.MenuChosen{ID: "mn", ItemID: "quit"}},
		{name: "select a leaf in a submenu", action: "select", args: map[string]any{"item_id": "new"}, write: widgets.MenuChosen{ID: "mn", ItemID: "new"}},
		{name: "select a leaf two levels down, closed", action: "select", args: map[string]any{"item_id": "r2"}, write: widgets.MenuChosen{ID: "mn", ItemID: "r2"}},
		{name: "a disabled leaf", action: "select", args: map[string]any{"item_id": "open"}, errIs: tea.ErrInvalidArgument, errHas: []string{`"open"`, leaves}},
		{name: "a submenu", action: "select", args: map[string]any{"item_id": "file"}, errIs: tea.ErrInvalidArgument, errHas: []string{"without children", leaves}},
		{name: "a leaf under a disabled submenu", action: "select", args: map[string]any{"item_id": "secret"}, errIs: tea.ErrInvalidArgument, errHas: []string{leaves}},
		{name: "an unknown id", action: "select", args: map[string]any{"item_id": "nope"}, errIs: tea.ErrInvalidArgument, errHas: []string{leaves}},
		{name: "a missing id names the leaves", action: "select", args: map[string]any{}, errIs: tea.ErrInvalidArgument, errHas: []string{"item_id", "required", leaves}},
		{name: "open without an id names the submenus", action: "open", args: map[string]any{}, errIs: tea.ErrInvalidArgument, errHas: []string{"item_id", "required: one of file, recent, edit"}},
		{name: "move without an id names every enabled item", action: "move", args: map[string]any{"item_id": nil}, errIs: tea.ErrInvalidArgument, errHas: []string{"required: one of file, new, recent, r1, r2, edit, undo, quit"}},
		{name: "a numeric id", action: "select", args: map[string]any{"item_id": 2.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"must be a string"}},
		{name: "an unknown argument", action: "select", args: map[string]any{"item_id": "new", "path": "x"}, errIs: tea.ErrInvalidArgument, errHas: []string{"path", "takes: item_id"}},
		{name: "get_items refuses arguments", action: "get_items", args: map[string]any{"depth": 1.0}, errIs: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "open a submenu, as Enter on it", action: "open", args: map[string]any{"item_id": "file"}, write: widgets.MenuOpened{ID: "mn", Path: []string{"file"}}},
		{name: "open a leaf", action: "open", args: map[string]any{"item_id": "new"}, errIs: tea.ErrInvalidArgument, errHas: []string{"select"}},
		{name: "move the highlight", action: "move", args: map[string]any{"item_id": "file"}, write: widgets.MenuMoved{ID: "mn", ItemID: "file"}},
		{name: "move to no item", action: "move", args: map[string]any{"item_id": "zz"}, errIs: tea.ErrInvalidArgument, errHas: []string{"get_items"}},
		{name: "unknown action", action: "close", errIs: tea.ErrUnknownAction, errHas: []string{"select, open, move, get_items"}},
	})
	leaf := func(id, label string, disabled bool) map[string]any {
		return map[string]any{"id": id, "label": label, "children": []map[string]any{}, "disabled": disabled}
	}
	want := map[string]any{"items": []map[string]any{
		{"id": "file", "label": "File", "disabled": false, "children": []map[string]any{
			leaf("new", "New", false),
			leaf("open", "Open", true),
			{"id": "recent", "label": "Recent", "disabled": false, "children": []map[string]any{leaf("r1", "a.txt", false), leaf("r2", "b.txt", false)}},
		}},
		{"id": "edit", "label": "Edit", "disabled": false, "children": []map[string]any{leaf("undo", "Undo", false)}},
		{"id": "locked", "label": "Locked", "disabled": true, "children": []map[string]any{leaf("secret", "Secret", false)}},
		leaf("quit", "Quit", false),
	}}
	runInvoke(t, sampleMenu("file"), []invokeCase{{name: "get_items is the whole tree", action: "get_items", read: want}})
	runInvoke(t, widgets.Menu{ID: "mn"}, []invokeCase{
		{name: "an empty menu has nothing to select", action: "select", args: map[string]any{"item_id": "x"}, errIs: tea.ErrInvalidArgument, errHas: []string{"none"}},
		{name: "an empty menu reads as empty", action: "get_items", read: map[string]any{"items": []map[string]any{}}},
	})
}

func TestMenuKeys(t *testing.T) {
	moved := func(id string) widgets.MenuMoved { return widgets.MenuMoved{ID: "mn", ItemID: id} }
	opened := func(path ...string) widgets.MenuOpened {
		return widgets.MenuOpened{ID: "mn", Path: append([]string{}, path...)}
	}
	for _, tc := range []struct {
		name string
		m    widgets.Menu
		keys []keyCase
	}{
		{"top level on a submenu", sampleMenu("file"), []keyCase{
			{"down moves down", parseKey(t, "down"), moved("edit")},
			{"up at the top stays", parseKey(t, "up"), moved("file")},
			{"right opens", parseKey(t, "right"), opened("file")},
			{"enter opens", parseKey(t, "enter"), opened("file")},
			{"left has nothing to close", parseKey(t, "left"), nil},
			{"esc has nothing to close", parseKey(t, "esc"), nil},
			{"a letter does nothing", tea.Char('f'), nil},
		}},
		{"down skips a disabled item", sampleMenu("edit"), []keyCase{
			{"down skips locked", parseKey(t, "down"), moved("quit")},
		}},
		{"up skips a disabled item", sampleMenu("quit"), []keyCase{
			{"up skips locked", parseKey(t, "up"), moved("edit")},
			{"down at the bottom stays", parseKey(t, "down"), moved("quit")},
			{"enter on a leaf selects", parseKey(t, "enter"), widgets.MenuChosen{ID: "mn", ItemID: "quit"}},
			{"right on a leaf does nothing", parseKey(t, "right"), nil},
		}},
		{"in a submenu", sampleMenu("new", "file"), []keyCase{
			{"down skips the disabled open", parseKey(t, "down"), moved("recent")},
			{"enter selects the leaf", parseKey(t, "enter"), widgets.MenuChosen{ID: "mn", ItemID: "new"}},
			{"left closes", parseKey(t, "left"), opened()},
			{"esc closes", parseKey(t, "esc"), opened()},
		}},
		{"two levels down", sampleMenu("r1", "file", "recent"), []keyCase{
			{"down moves within the deepest", parseKey(t, "down"), moved("r2")},
			{"left closes one level", parseKey(t, "left"), opened("file")},
			{"enter selects", parseKey(t, "enter"), widgets.MenuChosen{ID: "mn", ItemID: "r1"}},
		}},
		{"on a nested submenu", sampleMenu("recent", "file"), []keyCase{
			{"right opens it below the path", parseKey(t, "right"), opened("file", "recent")},
		}},
		{"on a disabled item", sampleMenu("locked"), []keyCase{
			{"enter does nothing", parseKey(t, "enter"), nil},
			{"right does nothing", parseKey(t, "right"), nil},
		}},
		{"without a cursor", sampleMenu(""), []keyCase{
			{"down goes to the first", parseKey(t, "down"), moved("file")},
			{"up goes to the last enabled", parseKey(t, "up"), moved("quit")},
			{"enter does nothing", parseKey(t, "enter"), nil},
		}},
		{"a bogus open path is the top level", sampleMenu("edit", "nope"), []keyCase{
			{"down moves on the top level", parseKey(t, "down"), moved("quit")},
			{"left has nothing to close", parseKey(t, "left"), nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { runKeys(t, tc.m, tc.keys) })
	}
}

func TestMenuRenderIndentsOpenSubmenus(t *testing.T) {
	all := sampleMenu("r2", "file", "recent")
	all.Height = 10
	out := ansi.Strip(all.Render(tea.RenderContext{Width: 30}))
	want := []string{"  File ▾", "    New", "    Open", "    Recent ▾", "      a.txt", "    › b.txt", "  Edit ▸", "  Locked ▸", "  Quit"}
	if got := strings.Split(out, "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("render:\n%s\nwant:\n%s", out, strings.Join(want, "\n"))
	}
	m := sampleMenu("r2", "file", "recent")
	m.Height = 3
	out = ansi.Strip(m.Render(tea.RenderContext{Width: 30}))
	if got, want := strings.Split(out, "\n"), []string{"    Recent ▾", "      a.txt", "    › b.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("window of 3:\n%s\nwant the cursor in view:\n%s", out, strings.Join(want, "\n"))
	}
	out = ansi.Strip(sampleMenu("r2", "file", "recent").Render(tea.RenderContext{Width: 30, Height: 2}))
	if got := strings.Split(out, "\n"); len(got) != 2 || !strings.Contains(got[1], "› b.txt") {
		t.Errorf("in 2 lines: %q, want the cursor in view", out)
	}
	out = ansi.Strip(sampleMenu("r2", "file", "recent").Render(tea.RenderContext{Width: 30}))
	if got := strings.Split(out, "\n"); len(got) != widgets.DefaultListHeight {
		t.Errorf("default window: %d lines, want %d", len(got), widgets.DefaultListHeight)
	}
}

func TestMenuRenderFitsAndShowsState(t *testing.T) {
	deep := []widgets.MenuItem{{ID: "a", Label: "A very long top-level menu label", Children: []widgets.MenuItem{
		{ID: "b", Label: "字字字字字字字字字字字字字字", Children: []widgets.MenuItem{{ID: "c", Label: "leaf\twith\ntabs"}}}}}}
	for _, m := range []widgets.Menu{
		sampleMenu("r2", "file", "recent"),
		{ID: "mn", Items: deep, Open: []string{"a", "b"}, Cursor: "c"},
		{ID: "mn"},
		{ID: "mn", Items: menuItems(), Height: 2, Cursor: "quit"},
	} {
		checkAllSizes(t, m)
	}
	m := sampleMenu("edit")
	checkDistinct(t, map[string]string{
		"unfocused": m.Render(tea.RenderContext{Width: 30}),
		"focused":   m.Render(tea.RenderContext{Width: 30, Focused: true}),
	})
	// A disabled item is drawn differently from the same item enabled.
	on := widgets.Menu{ID: "mn", Items: []widgets.MenuItem{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}}, Cursor: "a"}
	off := widgets.Menu{ID: "mn", Items: []widgets.MenuItem{{ID: "a", Label: "A"}, {ID: "b", Label: "B", Disabled: true}}, Cursor: "a"}
	if on.Render(tea.RenderContext{Width: 20}) == off.Render(tea.RenderContext{Width: 20}) {
		t.Error("a disabled item looks enabled")
	}
	if (widgets.Menu{ID: "mn"}).CanFocus() || !m.CanFocus() {
		t.Error("a menu takes focus when it has items, and only then")
	}
}

func TestMenuClicks(t *testing.T) {
	// Open [file]: File ▾, New, Open (disabled), Recent ▸, Edit ▸, Locked ▸ (disabled), Quit.
	m := sampleMenu("new", "file")
	runMouse(t, m, []mouseCase{
		{"click on an open submenu closes it", click(2, 0, 0), widgets.MenuOpened{ID: "mn", Path: []string{}}},
		{"click on a leaf selects it", click(4, 1, 0), widgets.MenuChosen{ID: "mn", ItemID: "new"}},
		{"click on a disabled leaf does nothing", click(4, 2, 0), nil},
		{"click on a nested submenu opens it", click(4, 3, 0), widgets.MenuOpened{ID: "mn", Path: []string{"file", "recent"}}},
		{"click on another submenu opens it instead", click(2, 4, 0), widgets.MenuOpened{ID: "mn", Path: []string{"edit"}}},
		{"click on a disabled submenu does nothing", click(2, 5, 0), nil},
		{"click on a top-level leaf selects it", click(2, 6, 0), widgets.MenuChosen{ID: "mn", ItemID: "quit"}},
		{"click below the items does nothing", click(2, 7, 0), nil},
		{"right click does nothing", tea.Mouse{Y: 1, Action: tea.MousePress, Button: tea.MouseRight}, nil},
	})
	scrolled := sampleMenu("r2", "file", "recent")
	scrolled.Height = 3 // shows Recent, a.txt, b.txt
	runMouse(t, scrolled, []mouseCase{
		{"click maps through the scroll window", click(6, 1, 0), widgets.MenuChosen{ID: "mn", ItemID: "r1"}},
	})
}

func TestMenuDescribe(t *testing.T) {
	got := sampleMenu("r1", "file", "recent").Describe()
	parts := got.Parts
	got.Parts = nil
	want := tea.Description{Role: "menu", State: map[string]any{"open": []string{"file", "recent"}, "cursor": "r1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
	// The items as a menubar shows them: each open submenu under its item.
	var show func(ps []tea.Part, depth int) []string
	show = func(ps []tea.Part, depth int) []string {
		var out []string
		for _, p := range ps {
			line := fmt.Sprintf("%*s%s %v", 2*depth, "", p.ID, p.Action)
			if p.States.Focused {
				line += " focused"
			}
			if p.States.Disabled {
				line += " disabled"
			}
			if p.States.Expandable {
				line += fmt.Sprintf(" expanded=%v", p.States.Expanded)
			}
			out = append(out, line)
			out = append(out, show(p.Parts, depth+1)...)
		}
		return out
	}
	wantItems := []string{
		"file {open [{path []}]} expanded=true",
		"  new {select [{item_id new}]}",
		"  open { []} disabled",
		"  recent {open [{path [file]}]} expanded=true",
		"    r1 {select [{item_id r1}]} focused",
		"    r2 {select [{item_id r2}]}",
		"edit {open [{path [edit]}]} expanded=false",
		"locked { []} disabled expanded=false",
		"quit {select [{item_id quit}]}",
	}
	if items := show(parts, 0); !slices.Equal(items, wantItems) {
		t.Errorf("Describe's items:\n%s\nwant:\n%s", strings.Join(items, "\n"), strings.Join(wantItems, "\n"))
	}
}

func TestMenuStateAppliesMovesAndOpens(t *testing.T) {
	items := menuItems()
	items[1].Children = []widgets.MenuItem{{ID: "cut", Label: "Cut", Disabled: true}, {ID: "undo", Label: "Undo"}}
	for _, tc := range []struct {
		name       string
		open       []string
		cursor     string
		msg        tea.Msg
		used       bool
		wantOpen   []string
		wantCursor string
	}{
		{"MenuMoved moves the cursor", nil, "file", widgets.MenuMoved{ID: "mn", ItemID: "edit"}, true, nil, "edit"},
		{"opening puts the cursor on the first child", nil, "file", widgets.MenuOpened{ID: "mn", Path: []string{"file"}}, true, []string{"file"}, "new"},
		{"opening skips disabled children", nil, "edit", widgets.MenuOpened{ID: "mn", Path: []string{"edit"}}, true, []string{"edit"}, "undo"},
		{"opening a nested submenu", []string{"file"}, "recent", widgets.MenuOpened{ID: "mn", Path: []string{"file", "recent"}}, true, []string{"file", "recent"}, "r1"},
		{"closing returns to the closed item", []string{"file", "recent"}, "r2", widgets.MenuOpened{ID: "mn", Path: []string{"file"}}, true, []string{"file"}, "recent"},
		{"closing the top returns to it", []string{"file"}, "new", widgets.MenuOpened{ID: "mn", Path: []string{}}, true, []string{}, "file"},
		{"switching submenus", []string{"file"}, "new", widgets.MenuOpened{ID: "mn", Path: []string{"edit"}}, true, []string{"edit"}, "undo"},
		{"another menu's", nil, "file", widgets.MenuMoved{ID: "other", ItemID: "edit"}, false, nil, "file"},
		{"MenuChosen is left to the app", nil, "quit", widgets.MenuChosen{ID: "mn", ItemID: "quit"}, false, nil, "quit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.MenuState{ID: "mn", Items: items, Open: tc.open, Cursor: tc.cursor}
			before := append([]string{}, tc.open...)
			used := s.Update(tc.msg)
			if used != tc.used || !reflect.DeepEqual(s.Open, tc.wantOpen) || s.Cursor != tc.wantCursor {
				t.Errorf("Update = %v, open %#v, cursor %q; want %v, %#v, %q", used, s.Open, s.Cursor, tc.used, tc.wantOpen, tc.wantCursor)
			}
			if tc.open != nil && !reflect.DeepEqual(tc.open, before) {
				t.Errorf("Update changed the old Open in place: %v, was %v", tc.open, before)
			}
		})
	}
}

func TestMenuStateDrivesTheMenuByKeys(t *testing.T) {
	s := widgets.MenuState{ID: "mn", Items: menuItems(), Cursor: "file"}
	var selected tea.Msg
	for _, k := range []string{"enter", "down", "right", "down", "enter"} {
		msg := s.View(widgets.Menu{}).HandleKey(parseKey(t, k))
		if !s.Update(msg) {
			selected = msg
		}
	}
	if want := (widgets.MenuChosen{ID: "mn", ItemID: "r2"}); !reflect.DeepEqual(selected, want) {
		t.Errorf("selected %#v, want %#v (open file, skip the disabled open, open recent, down, enter)", selected, want)
	}
	for _, k := range []string{"esc", "esc"} {
		s.Update(s.View(widgets.Menu{}).HandleKey(parseKey(t, k)))
	}
	if len(s.Open) != 0 || s.Cursor != "file" {
		t.Errorf("after closing everything: open %v, cursor %q; want none open and the cursor on file", s.Open, s.Cursor)
	}
}
