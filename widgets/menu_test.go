package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// inMenuItems is a menu with a nested submenu, a disabled leaf and a
// disabled submenu.
func inMenuItems() []widgets.MenuItem {
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

func inMenu(cursor string, open ...string) widgets.Menu {
	return widgets.Menu{ID: "mn", Items: inMenuItems(), Open: open, Cursor: cursor}
}

func TestMenuActions(t *testing.T) {
	got := inMenu("file").Actions()
	if want := []string{"select", "open", "move", "get_items"}; !reflect.DeepEqual(inNames(got), want) {
		t.Errorf("actions = %v, want %v", inNames(got), want)
	}
	inCheckAnnotations(t, got, "select", "open", "move")
	inCheckStatic(t, widgets.Menu{ID: "zzid", Items: []widgets.MenuItem{{ID: "zzitem", Label: "ZZLABEL"}}}.Actions(),
		inMenu("new", "file").Actions(), "zzid", "zzitem", "ZZLABEL")
}

func TestMenuInvoke(t *testing.T) {
	leaves := "new, r1, r2, undo, quit"
	inRunInvoke(t, inMenu("file"), []inInvokeCase{
		{name: "select a top-level leaf", action: "select", args: map[string]any{"item_id": "quit"}, msg: widgets.MenuSelected{ID: "mn", ItemID: "quit"}},
		{name: "select a leaf in a submenu", action: "select", args: map[string]any{"item_id": "new"}, msg: widgets.MenuSelected{ID: "mn", ItemID: "new"}},
		{name: "select a leaf two levels down, closed", action: "select", args: map[string]any{"item_id": "r2"}, msg: widgets.MenuSelected{ID: "mn", ItemID: "r2"}},
		{name: "a disabled leaf", action: "select", args: map[string]any{"item_id": "open"}, wantErr: tea.ErrInvalidArgument, errHas: []string{`"open"`, leaves}},
		{name: "a submenu", action: "select", args: map[string]any{"item_id": "file"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"without children", leaves}},
		{name: "a leaf under a disabled submenu", action: "select", args: map[string]any{"item_id": "secret"}, wantErr: tea.ErrInvalidArgument, errHas: []string{leaves}},
		{name: "an unknown id", action: "select", args: map[string]any{"item_id": "nope"}, wantErr: tea.ErrInvalidArgument, errHas: []string{leaves}},
		{name: "a missing id", action: "select", args: map[string]any{}, wantErr: tea.ErrInvalidArgument, errHas: []string{"item_id", "required"}},
		{name: "a numeric id", action: "select", args: map[string]any{"item_id": 2.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"must be a string"}},
		{name: "an unknown argument", action: "select", args: map[string]any{"item_id": "new", "path": "x"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"path", "takes: item_id"}},
		{name: "get_items refuses arguments", action: "get_items", args: map[string]any{"depth": 1.0}, wantErr: tea.ErrInvalidArgument, errHas: []string{"takes none"}},
		{name: "open a submenu, as Enter on it", action: "open", args: map[string]any{"item_id": "file"}, msg: widgets.MenuOpened{ID: "mn", Path: []string{"file"}}},
		{name: "open a leaf", action: "open", args: map[string]any{"item_id": "new"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"select"}},
		{name: "move the highlight", action: "move", args: map[string]any{"item_id": "file"}, msg: widgets.MenuMoved{ID: "mn", ItemID: "file"}},
		{name: "move to no item", action: "move", args: map[string]any{"item_id": "zz"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"get_items"}},
		{name: "unknown action", action: "close", wantErr: tea.ErrUnknownAction, errHas: []string{"select, open, move, get_items"}},
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
	inRunInvoke(t, inMenu("file"), []inInvokeCase{{name: "get_items is the whole tree", action: "get_items", value: want}})
	inRunInvoke(t, widgets.Menu{ID: "mn"}, []inInvokeCase{
		{name: "an empty menu has nothing to select", action: "select", args: map[string]any{"item_id": "x"}, wantErr: tea.ErrInvalidArgument, errHas: []string{"none"}},
		{name: "an empty menu reads as empty", action: "get_items", value: map[string]any{"items": []map[string]any{}}},
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
		keys []inKeyCase
	}{
		{"top level on a submenu", inMenu("file"), []inKeyCase{
			{"down moves down", inKey(t, "down"), moved("edit")},
			{"up at the top stays", inKey(t, "up"), moved("file")},
			{"right opens", inKey(t, "right"), opened("file")},
			{"enter opens", inKey(t, "enter"), opened("file")},
			{"left has nothing to close", inKey(t, "left"), nil},
			{"esc has nothing to close", inKey(t, "esc"), nil},
			{"a letter does nothing", tea.Char('f'), nil},
		}},
		{"down skips a disabled item", inMenu("edit"), []inKeyCase{
			{"down skips locked", inKey(t, "down"), moved("quit")},
		}},
		{"up skips a disabled item", inMenu("quit"), []inKeyCase{
			{"up skips locked", inKey(t, "up"), moved("edit")},
			{"down at the bottom stays", inKey(t, "down"), moved("quit")},
			{"enter on a leaf selects", inKey(t, "enter"), widgets.MenuSelected{ID: "mn", ItemID: "quit"}},
			{"right on a leaf does nothing", inKey(t, "right"), nil},
		}},
		{"in a submenu", inMenu("new", "file"), []inKeyCase{
			{"down skips the disabled open", inKey(t, "down"), moved("recent")},
			{"enter selects the leaf", inKey(t, "enter"), widgets.MenuSelected{ID: "mn", ItemID: "new"}},
			{"left closes", inKey(t, "left"), opened()},
			{"esc closes", inKey(t, "esc"), opened()},
		}},
		{"two levels down", inMenu("r1", "file", "recent"), []inKeyCase{
			{"down moves within the deepest", inKey(t, "down"), moved("r2")},
			{"left closes one level", inKey(t, "left"), opened("file")},
			{"enter selects", inKey(t, "enter"), widgets.MenuSelected{ID: "mn", ItemID: "r1"}},
		}},
		{"on a nested submenu", inMenu("recent", "file"), []inKeyCase{
			{"right opens it below the path", inKey(t, "right"), opened("file", "recent")},
		}},
		{"on a disabled item", inMenu("locked"), []inKeyCase{
			{"enter does nothing", inKey(t, "enter"), nil},
			{"right does nothing", inKey(t, "right"), nil},
		}},
		{"without a cursor", inMenu(""), []inKeyCase{
			{"down goes to the first", inKey(t, "down"), moved("file")},
			{"up goes to the last enabled", inKey(t, "up"), moved("quit")},
			{"enter does nothing", inKey(t, "enter"), nil},
		}},
		{"a bogus open path is the top level", inMenu("edit", "nope"), []inKeyCase{
			{"down moves on the top level", inKey(t, "down"), moved("quit")},
			{"left has nothing to close", inKey(t, "left"), nil},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { inRunKeys(t, tc.m, tc.keys) })
	}
}

func TestMenuRenderIndentsOpenSubmenus(t *testing.T) {
	all := inMenu("r2", "file", "recent")
	all.Height = 10
	out := ansi.Strip(all.Render(tea.RenderContext{Width: 30}))
	want := []string{"  File ▾", "    New", "    Open", "    Recent ▾", "      a.txt", "    › b.txt", "  Edit ▸", "  Locked ▸", "  Quit"}
	if got := strings.Split(out, "\n"); !reflect.DeepEqual(got, want) {
		t.Errorf("render:\n%s\nwant:\n%s", out, strings.Join(want, "\n"))
	}
	m := inMenu("r2", "file", "recent")
	m.Height = 3
	out = ansi.Strip(m.Render(tea.RenderContext{Width: 30}))
	if got, want := strings.Split(out, "\n"), []string{"    Recent ▾", "      a.txt", "    › b.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("window of 3:\n%s\nwant the cursor in view:\n%s", out, strings.Join(want, "\n"))
	}
	out = ansi.Strip(inMenu("r2", "file", "recent").Render(tea.RenderContext{Width: 30, Height: 2}))
	if got := strings.Split(out, "\n"); len(got) != 2 || !strings.Contains(got[1], "› b.txt") {
		t.Errorf("in 2 lines: %q, want the cursor in view", out)
	}
	out = ansi.Strip(inMenu("r2", "file", "recent").Render(tea.RenderContext{Width: 30}))
	if got := strings.Split(out, "\n"); len(got) != widgets.DefaultListHeight {
		t.Errorf("default window: %d lines, want %d", len(got), widgets.DefaultListHeight)
	}
}

func TestMenuRenderFitsAndShowsState(t *testing.T) {
	deep := []widgets.MenuItem{{ID: "a", Label: "A very long top-level menu label", Children: []widgets.MenuItem{
		{ID: "b", Label: "字字字字字字字字字字字字字字", Children: []widgets.MenuItem{{ID: "c", Label: "leaf\twith\ntabs"}}}}}}
	for _, m := range []widgets.Menu{
		inMenu("r2", "file", "recent"),
		{ID: "mn", Items: deep, Open: []string{"a", "b"}, Cursor: "c"},
		{ID: "mn"},
		{ID: "mn", Items: inMenuItems(), Height: 2, Cursor: "quit"},
	} {
		inCheckAllSizes(t, m)
	}
	m := inMenu("edit")
	inCheckDistinct(t, map[string]string{
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
	m := inMenu("new", "file")
	inRunMouse(t, m, []inMouseCase{
		{"click on an open submenu closes it", inClick(2, 0), widgets.MenuOpened{ID: "mn", Path: []string{}}},
		{"click on a leaf selects it", inClick(4, 1), widgets.MenuSelected{ID: "mn", ItemID: "new"}},
		{"click on a disabled leaf does nothing", inClick(4, 2), nil},
		{"click on a nested submenu opens it", inClick(4, 3), widgets.MenuOpened{ID: "mn", Path: []string{"file", "recent"}}},
		{"click on another submenu opens it instead", inClick(2, 4), widgets.MenuOpened{ID: "mn", Path: []string{"edit"}}},
		{"click on a disabled submenu does nothing", inClick(2, 5), nil},
		{"click on a top-level leaf selects it", inClick(2, 6), widgets.MenuSelected{ID: "mn", ItemID: "quit"}},
		{"click below the items does nothing", inClick(2, 7), nil},
		{"right click does nothing", tea.Mouse{Y: 1, Action: tea.MousePress, Button: tea.MouseRight}, nil},
	})
	scrolled := inMenu("r2", "file", "recent")
	scrolled.Height = 3 // shows Recent, a.txt, b.txt
	inRunMouse(t, scrolled, []inMouseCase{
		{"click maps through the scroll window", inClick(6, 1), widgets.MenuSelected{ID: "mn", ItemID: "r1"}},
	})
}

func TestMenuDescribe(t *testing.T) {
	got := inMenu("r1", "file", "recent").Describe()
	want := tea.Description{Role: "menu", State: map[string]any{"open": []string{"file", "recent"}, "cursor": "r1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}
