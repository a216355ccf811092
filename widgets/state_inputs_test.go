package widgets_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestTextInputStateAppliesOnlyItsTextChanged(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want string
	}{
		{"its TextChanged", widgets.TextChanged{ID: "q", Value: "new"}, true, "new"},
		{"its TextChanged to empty", widgets.TextChanged{ID: "q", Value: ""}, true, ""},
		{"another widget's TextChanged", widgets.TextChanged{ID: "other", Value: "new"}, false, "old"},
		{"Submitted is left to the app", widgets.Submitted{ID: "q", Value: "new"}, false, "old"},
		{"an unrelated message", widgets.Toggled{ID: "q", Checked: true}, false, "old"},
		{"nil", nil, false, "old"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.TextInputState{ID: "q", Value: "old"}
			if used := s.Update(tc.msg); used != tc.used || s.Value != tc.want {
				t.Errorf("Update = %v, value %q; want %v, %q", used, s.Value, tc.used, tc.want)
			}
		})
	}
	for _, msg := range []tea.Msg{widgets.TextChanged{}, widgets.SelectionChanged{}, widgets.Toggled{Checked: true}, widgets.MenuMoved{ItemID: "x"}} {
		in, list, box, menu := widgets.TextInputState{Value: "v"}, widgets.SelectListState{Options: []string{"a"}}, widgets.CheckboxState{}, widgets.MenuState{}
		if in.Update(msg) || list.Update(msg) || box.Update(msg) || menu.Update(msg) {
			t.Errorf("a state with no id applied %#v", msg)
		}
	}
	s := widgets.TextInputState{ID: "q", Value: "v"}
	if got, want := s.View("q"), (widgets.TextInput{ID: "q", Value: "v"}); got != want {
		t.Errorf("View = %#v, want %#v", got, want)
	}
}

func TestTextInputStateFollowsTheWidgetsKeys(t *testing.T) {
	s := widgets.TextInputState{ID: "q"}
	for _, k := range []tea.Key{tea.Char('h'), tea.Char('i'), tea.Char('!'), tea.Named(tea.KeyBackspace)} {
		if !s.Update(s.View(s.ID).HandleKey(k)) {
			t.Fatalf("key %s was not applied", k)
		}
	}
	if s.Value != "hi" {
		t.Errorf("value = %q, want hi", s.Value)
	}
}

func TestTextInputStateCarriesTheCursorThroughEveryField(t *testing.T) {
	keys := func(names ...string) []tea.Key {
		var out []tea.Key
		for _, n := range names {
			k, err := tea.ParseKey(n)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, k)
		}
		return out
	}
	typing := keys("h", "e", "l", "l", "o", "left", "left", "X", "home", "A", "end", "!", "left", "delete")
	views := map[string]func(s *widgets.TextInputState) tea.KeyHandler{
		"text input":     func(s *widgets.TextInputState) tea.KeyHandler { return s.View(s.ID) },
		"password field": func(s *widgets.TextInputState) tea.KeyHandler { return s.PasswordView(s.ID) },
		"text area":      func(s *widgets.TextInputState) tea.KeyHandler { return s.AreaView(s.ID) },
	}
	for name, view := range views {
		t.Run(name, func(t *testing.T) {
			s := widgets.TextInputState{ID: "q"}
			for _, k := range typing {
				if msg := view(&s).HandleKey(k); msg != nil && !s.Update(msg) {
					t.Fatalf("key %s gave %#v, which the state did not apply", k, msg)
				}
			}
			if s.Value != "AhelXlo" || s.CursorFromEnd != 0 || s.Cursor() != 7 {
				t.Errorf("value %q, cursor from end %d (index %d); want AhelXlo with the cursor at its end", s.Value, s.CursorFromEnd, s.Cursor())
			}
		})
	}
	s := widgets.TextInputState{ID: "q", Value: "abc"}
	if !s.Update(widgets.CursorMoved{ID: "q", CursorFromEnd: 9}) || s.CursorFromEnd != 3 {
		t.Errorf("CursorMoved past the start: cursor from end %d, want 3 (clamped)", s.CursorFromEnd)
	}
	if s.Update(widgets.CursorMoved{ID: "other", CursorFromEnd: 1}) || s.CursorFromEnd != 3 {
		t.Error("another widget's CursorMoved was applied")
	}
	s.SetValue("xy")
	if s.Value != "xy" || s.CursorFromEnd != 0 {
		t.Errorf("SetValue: %+v, want xy with the cursor at the end", s)
	}
}

func TestSelectListStateAppliesSelectionChanged(t *testing.T) {
	opts := []string{"a", "b", "c"}
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want int
	}{
		{"its SelectionChanged", widgets.SelectionChanged{ID: "l", Index: 2, Label: "c"}, true, 2},
		{"an index past the end is clamped", widgets.SelectionChanged{ID: "l", Index: 9}, true, 2},
		{"a negative index means none", widgets.SelectionChanged{ID: "l", Index: -4}, true, -1},
		{"another list's", widgets.SelectionChanged{ID: "x", Index: 0}, false, 1},
		{"Chosen is left to the app", widgets.Chosen{ID: "l", Index: 0, Label: "a"}, false, 1},
		{"an unrelated message", widgets.TextChanged{ID: "l"}, false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.SelectListState{ID: "l", Options: opts, Selected: 1}
			if used := s.Update(tc.msg); used != tc.used || s.Selected != tc.want {
				t.Errorf("Update = %v, selected %d; want %v, %d", used, s.Selected, tc.used, tc.want)
			}
		})
	}
	s := widgets.SelectListState{ID: "l", Options: opts, Selected: 0, Height: 2}
	for _, k := range []string{"down", "down", "down"} {
		s.Update(s.View(s.ID).HandleKey(inKey(t, k)))
	}
	if s.Selected != 2 {
		t.Errorf("after three downs: selected %d, want 2 (the last)", s.Selected)
	}
	if got, want := s.View("l"), (widgets.SelectList{ID: "l", Options: opts, Selected: 2, Height: 2, Offset: 1}); !reflect.DeepEqual(got, want) {
		t.Errorf("View = %#v, want %#v", got, want)
	}
}

func TestCheckboxStateAppliesToggled(t *testing.T) {
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		used bool
		want bool
	}{
		{"its Toggled", widgets.Toggled{ID: "c", Checked: true}, true, true},
		{"another checkbox's", widgets.Toggled{ID: "d", Checked: true}, false, false},
		{"an unrelated message", widgets.SelectionChanged{ID: "c"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := widgets.CheckboxState{ID: "c"}
			if used := s.Update(tc.msg); used != tc.used || s.Checked != tc.want {
				t.Errorf("Update = %v, checked %v; want %v, %v", used, s.Checked, tc.used, tc.want)
			}
		})
	}
	s := widgets.CheckboxState{ID: "c"}
	s.Update(s.View(s.ID).HandleKey(inKey(t, "space")))
	s.Update(s.View(s.ID).HandleKey(inKey(t, "space")))
	s.Update(s.View(s.ID).HandleKey(inKey(t, "space")))
	if !s.Checked {
		t.Error("three toggles from unchecked must leave it checked")
	}
}

func TestMenuStateAppliesMovesAndOpens(t *testing.T) {
	items := inMenuItems()
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
		{"MenuSelected is left to the app", nil, "quit", widgets.MenuSelected{ID: "mn", ItemID: "quit"}, false, nil, "quit"},
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
	s := widgets.MenuState{ID: "mn", Items: inMenuItems(), Cursor: "file"}
	var selected tea.Msg
	for _, k := range []string{"enter", "down", "right", "down", "enter"} {
		msg := s.View(s.ID).HandleKey(inKey(t, k))
		if !s.Update(msg) {
			selected = msg
		}
	}
	if want := (widgets.MenuSelected{ID: "mn", ItemID: "r2"}); !reflect.DeepEqual(selected, want) {
		t.Errorf("selected %#v, want %#v (open file, skip the disabled open, open recent, down, enter)", selected, want)
	}
	for _, k := range []string{"esc", "esc"} {
		s.Update(s.View(s.ID).HandleKey(inKey(t, k)))
	}
	if len(s.Open) != 0 || s.Cursor != "file" {
		t.Errorf("after closing everything: open %v, cursor %q; want none open and the cursor on file", s.Open, s.Cursor)
	}
}

// stateTypes are every state helper an app embeds in its model, and the
// data it may keep beside them (Bar), with an example of each.
var stateTypes = []any{
	widgets.TextInputState{ID: "name", Value: "Ada", CursorFromEnd: 1},
	widgets.SelectListState{ID: "list", Options: []string{"a", "b"}, Selected: 1, Height: 4, Offset: 3},
	widgets.CheckboxState{ID: "terms", Checked: true},
	widgets.MenuState{ID: "menu", Items: []widgets.MenuItem{{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "quit", Label: "Quit", Disabled: true}}}},
		Open: []string{"file"}, Cursor: "quit", Height: 5},
	widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "name", Title: "Name", Width: 9, Align: widgets.AlignRight}},
		Rows: [][]string{{"x"}}, Selected: 0, Offset: 1, Height: 3, SortColumn: "name", SortDirection: widgets.SortDesc},
	widgets.TreeState{ID: "tree", Nodes: []widgets.TreeNode{{ID: "n", Label: "N", Children: []widgets.TreeNode{{ID: "c", Label: "C"}}}},
		Expanded: map[string]bool{"n": true}, Selected: "c", Height: 7, Offset: 2},
	widgets.ScrubberState{ID: "s", Label: "▶", Position: 3, Min: 1, Max: 9, Playing: true},
	widgets.TabsState{ID: "tabs", Tabs: []string{"One", "Two"}, Active: 1},
	widgets.ViewportState{ID: "v", Lines: []string{"l"}, Top: 2, Height: 6},
	widgets.Bar{Label: "cpu", Value: 0.5},
}

func TestStateHelpersEncodeSnakeCaseJSON(t *testing.T) {
	tests := []struct {
		state any
		want  string
	}{
		{stateTypes[0], `{"id":"name","value":"Ada","cursor_from_end":1}`},
		{stateTypes[1], `{"id":"list","options":["a","b"],"selected":1,"height":4,"offset":3}`},
		{stateTypes[2], `{"id":"terms","checked":true}`},
		{stateTypes[3], `{"id":"menu","items":[{"id":"file","label":"File","children":[{"id":"quit","label":"Quit","disabled":true}],"disabled":false}],"open":["file"],"cursor":"quit","height":5}`},
		{stateTypes[4], `{"id":"t","columns":[{"key":"name","title":"Name","width":9,"align":1}],"rows":[["x"]],"selected":0,"offset":1,"height":3,"sort_column":"name","sort_direction":"desc"}`},
		{stateTypes[5], `{"id":"tree","nodes":[{"id":"n","label":"N","children":[{"id":"c","label":"C"}]}],"expanded":{"n":true},"selected":"c","height":7,"offset":2}`},
		{stateTypes[6], `{"id":"s","label":"▶","position":3,"min":1,"max":9,"playing":true}`},
		{stateTypes[7], `{"id":"tabs","tabs":["One","Two"],"active":1}`},
		{stateTypes[8], `{"id":"v","lines":["l"],"top":2,"height":6}`},
		{stateTypes[9], `{"label":"cpu","value":0.5}`},
	}
	if len(tests) != len(stateTypes) {
		t.Fatalf("%d cases for %d state types", len(tests), len(stateTypes))
	}
	for _, tt := range tests {
		t.Run(reflect.TypeOf(tt.state).Name(), func(t *testing.T) {
			b, err := json.Marshal(tt.state)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Fatalf("encoded %s\nwant    %s", b, tt.want)
			}
			back := reflect.New(reflect.TypeOf(tt.state))
			if err := json.Unmarshal(b, back.Interface()); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Elem().Interface(), tt.state) {
				t.Fatalf("decoded %#v, want %#v", back.Elem().Interface(), tt.state)
			}
		})
	}
}

// snakeCase is a JSON key in snake_case.
var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Every field of a state helper, and of the structs it holds, has a
// snake_case json tag: one added later without a tag fails here.
func TestStateHelpersTagEveryField(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var check func(t *testing.T, typ reflect.Type)
	check = func(t *testing.T, typ reflect.Type) {
		for typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map || typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		for f := range typ.Fields() {
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !snakeCase.MatchString(name) {
				t.Errorf("%s.%s has json tag %q, want a snake_case key", typ.Name(), f.Name, f.Tag.Get("json"))
			}
			check(t, f.Type)
		}
	}
	for _, s := range stateTypes {
		check(t, reflect.TypeOf(s))
	}
}
