package widgets_test

import (
	"reflect"
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
	if got, want := s.View("l"), (widgets.SelectList{ID: "l", Options: opts, Selected: 2, Height: 2}); !reflect.DeepEqual(got, want) {
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
