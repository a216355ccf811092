package widgets_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/facetui/facet/widgets"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
)

// helpKeyer is a widget with keys and a help line.
type helpKeyer interface {
	tea.KeyHandler
	ShortHelp() []key.Binding
}

func TestWidgetsAnswerTheirOwnKeyMapInsteadOfTheDefault(t *testing.T) {
	bind := func(k string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, "custom")) }
	button := widgets.DefaultButtonKeyMap()
	button.Press = bind("x")
	table := widgets.DefaultTableKeyMap()
	table.Down = bind("n")
	tree := widgets.DefaultTreeKeyMap()
	tree.Down = bind("n")
	list := widgets.DefaultSelectListKeyMap()
	list.Down = bind("n")
	input := widgets.DefaultTextInputKeyMap()
	input.Submit = bind("ctrl+s")
	modal := widgets.DefaultModalKeyMap()
	modal.Right = bind("x")
	checkbox := widgets.DefaultCheckboxKeyMap()
	checkbox.Toggle = bind("x")
	menu := widgets.DefaultMenuKeyMap()
	menu.Down = bind("n")
	scrubber := widgets.DefaultScrubberKeyMap()
	scrubber.Forward = bind("n")
	tabs := widgets.DefaultTabsKeyMap()
	tabs.Next = bind("n")
	area := widgets.DefaultTextAreaKeyMap()
	area.Newline = bind("ctrl+j")
	viewport := widgets.DefaultViewportKeyMap()
	viewport.Down = bind("n")
	rows := [][]string{{"a"}, {"b"}}
	nodes := []widgets.TreeNode{{ID: "a"}, {ID: "b"}}
	items := []widgets.MenuItem{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}}
	lines := []string{"1", "2", "3"}
	tests := []struct {
		name          string
		custom, plain helpKeyer
		key, replaced string
		want          tea.Msg
		helpIncludes  string
	}{
		{"button", widgets.Button{ID: "b", OnClick: "go", Keys: &button}, widgets.Button{ID: "b", OnClick: "go"}, "x", "enter", "go", "x"},
		{"table", widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: rows, Keys: &table}, widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: rows},
			"n", "down", widgets.TableRowSelected{ID: "t", Index: 1}, "n"},
		{"tree", widgets.Tree{ID: "r", Nodes: nodes, Selected: "a", Keys: &tree}, widgets.Tree{ID: "r", Nodes: nodes, Selected: "a"},
			"n", "down", widgets.TreeNodeSelected{ID: "r", NodeID: "b"}, "n"},
		{"select list", widgets.SelectList{ID: "s", Options: []string{"a", "b"}, Keys: &list}, widgets.SelectList{ID: "s", Options: []string{"a", "b"}},
			"n", "down", widgets.SelectListSelected{ID: "s", Index: 1, Label: "b"}, "n"},
		{"text input", widgets.TextInput{ID: "i", Value: "v", Keys: &input}, widgets.TextInput{ID: "i", Value: "v"},
			"ctrl+s", "enter", widgets.TextSubmitted{ID: "i", Value: "v"}, "ctrl+s"},
		{"modal", widgets.Modal{ID: "m", Visible: true, Keys: &modal}, widgets.Modal{ID: "m", Visible: true},
			"x", "right", widgets.ModalHighlighted{ID: "m", Choice: widgets.ModalDismiss}, "←/x"},
		{"checkbox", widgets.Checkbox{ID: "c", Keys: &checkbox}, widgets.Checkbox{ID: "c"},
			"x", "space", widgets.CheckboxToggled{ID: "c", Checked: true}, "x"},
		{"menu", widgets.Menu{ID: "m", Items: items, Cursor: "a", Keys: &menu}, widgets.Menu{ID: "m", Items: items, Cursor: "a"},
			"n", "down", widgets.MenuMoved{ID: "m", ItemID: "b"}, "n"},
		{"scrubber", widgets.Scrubber{ID: "s", Max: 100, Keys: &scrubber}, widgets.Scrubber{ID: "s", Max: 100},
			"n", "right", widgets.ScrubberSeeked{ID: "s", Position: widgets.DefaultScrubberStep}, "n"},
		{"tabs", widgets.Tabs{ID: "t", Tabs: []string{"a", "b"}, Keys: &tabs}, widgets.Tabs{ID: "t", Tabs: []string{"a", "b"}},
			"n", "right", widgets.TabsSelected{ID: "t", Index: 1, Label: "b"}, "n"},
		{"text area", widgets.TextArea{ID: "a", Value: "v", Keys: &area}, widgets.TextArea{ID: "a", Value: "v"},
			"ctrl+j", "enter", widgets.TextChanged{ID: "a", Value: "v\n"}, "ctrl+j"},
		{"viewport", widgets.Viewport{ID: "v", Lines: lines, Height: 1, Keys: &viewport}, widgets.Viewport{ID: "v", Lines: lines, Height: 1},
			"n", "down", widgets.ViewportScrolled{ID: "v", Top: 1}, "n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, _ := tea.ParseKey(tc.key)
			old, _ := tea.ParseKey(tc.replaced)
			if got := tc.custom.HandleKey(k); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("custom key %s = %#v, want %#v", tc.key, got, tc.want)
			}
			if got := tc.custom.HandleKey(old); reflect.DeepEqual(got, tc.want) {
				t.Errorf("the replaced key %s still answers %#v", tc.replaced, got)
			}
			if got := tc.plain.HandleKey(old); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("without Keys, %s = %#v, want the default's %#v", tc.replaced, got, tc.want)
			}
			found := false
			for _, b := range tc.custom.ShortHelp() {
				found = found || b.Help().Key == tc.helpIncludes
			}
			if !found {
				t.Errorf("ShortHelp does not show the custom key %q", tc.helpIncludes)
			}
		})
	}
}

func TestDefaultKeyMapsAreFreshValues(t *testing.T) {
	a := widgets.DefaultTableKeyMap()
	a.Down.SetKeys("n")
	if b := widgets.DefaultTableKeyMap(); !reflect.DeepEqual(b.Down.Keys(), []string{"down", "j"}) {
		t.Fatalf("changing one key map changed the default: %v", b.Down.Keys())
	}
}

// TestDefaultKeyMapsAreBuiltOnce proves a widget with the default keys
// builds no key map when asked about a key or for its help line, which the
// terminal does on every key and every frame. Rebuilding a key map costs
// two allocations a binding (its keys and its options); what is left is
// the help line's slice (and the Modal's lower-cased choice) and, for
// HandleKey, the key's name, once for each binding it is compared with.
func TestDefaultKeyMapsAreBuiltOnce(t *testing.T) {
	limits := map[string]struct{ handleKey, shortHelp float64 }{
		"button": {1, 1}, "checkbox": {1, 1}, "menu": {5, 1}, "modal": {5, 2},
		"password_field": {13, 1}, "scrubber": {5, 1}, "select_list": {7, 1}, "table": {9, 1},
		"tabs": {4, 1}, "text_area": {15, 1}, "text_input": {13, 1}, "tree": {11, 1}, "viewport": {6, 1},
	}
	for _, tc := range keyedWidgets() {
		t.Run(tc.kind, func(t *testing.T) {
			limit, ok := limits[tc.kind]
			if !ok {
				t.Fatalf("no allocation limit for %s", tc.kind)
			}
			if got := testing.AllocsPerRun(100, func() { tc.w.HandleKey(unboundKey) }); got > limit.handleKey {
				t.Errorf("HandleKey of a key it ignores allocates %.0f times, want at most %.0f", got, limit.handleKey)
			}
			if got := testing.AllocsPerRun(100, func() { tc.w.ShortHelp() }); got > limit.shortHelp {
				t.Errorf("ShortHelp allocates %.0f times, want at most %.0f", got, limit.shortHelp)
			}
		})
	}
}

// TestModalHelpLeavesItsKeysAlone proves the Modal's help entry that joins
// Left and Right copies their keys instead of appending into Left's: a key
// map's slices are shared by every copy of it, the default one by every
// Modal.
func TestModalHelpLeavesItsKeysAlone(t *testing.T) {
	km := widgets.DefaultModalKeyMap()
	left := make([]string, 1, 4)
	left[0] = "left"
	spare := left[:cap(left)]
	spare[1], spare[2], spare[3] = "x", "x", "x"
	km.Left.SetKeys(left...)
	help := widgets.Modal{ID: "m", Visible: true, Keys: &km}.ShortHelp()
	if got := help[0].Keys(); !reflect.DeepEqual(got, []string{"left", "right", "l"}) {
		t.Errorf("the move entry binds %q, want left, right and l", got)
	}
	if !reflect.DeepEqual(spare, []string{"left", "x", "x", "x"}) {
		t.Errorf("ShortHelp wrote into the Left binding's keys: %q", spare)
	}
}

// keyedWidgets is one focused widget of every kind that has a key map,
// each with its default keys, as an app's view holds them.
func keyedWidgets() []struct {
	kind string
	w    helpKeyer
} {
	items := []widgets.MenuItem{{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "open", Label: "Open"}}}, {ID: "edit", Label: "Edit"}}
	nodes := []widgets.TreeNode{{ID: "a", Label: "a", Children: []widgets.TreeNode{{ID: "a1", Label: "a1"}}}, {ID: "b", Label: "b"}}
	return []struct {
		kind string
		w    helpKeyer
	}{
		{"button", widgets.Button{ID: "b", Label: "+1", OnClick: 1}},
		{"checkbox", widgets.Checkbox{ID: "c", Label: "on"}},
		{"menu", widgets.Menu{ID: "m", Items: items, Cursor: "file"}},
		{"modal", widgets.Modal{ID: "d", Visible: true, Title: "Delete?"}},
		{"password_field", widgets.PasswordField{ID: "p", Value: "secret"}},
		{"scrubber", widgets.Scrubber{ID: "s", Max: 100, Position: 50}},
		{"select_list", widgets.SelectList{ID: "l", Options: []string{"a", "b", "c"}}},
		{"table", widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: [][]string{{"a"}, {"b"}}}},
		{"tabs", widgets.Tabs{ID: "tb", Tabs: []string{"one", "two"}}},
		{"text_area", widgets.TextArea{ID: "a", Value: "one\ntwo"}},
		{"text_input", widgets.TextInput{ID: "i", Value: "hello"}},
		{"tree", widgets.Tree{ID: "r", Nodes: nodes, Selected: "a"}},
		{"viewport", widgets.Viewport{ID: "v", Lines: []string{"1", "2", "3"}, Height: 2}},
	}
}

// unboundKey is a key no widget binds, so HandleKey asks every binding of
// its key map before it answers nil.
var unboundKey = tea.Key{Code: tea.KeyF12}

// TestChangingAHelpBindingLeavesTheDefaultKeys proves the bindings a
// widget hands out are copies: changing one (as a help line that greys
// out or renames a key might) changes no other widget's default keys.
func TestChangingAHelpBindingLeavesTheDefaultKeys(t *testing.T) {
	for _, tc := range keyedWidgets() {
		t.Run(tc.kind, func(t *testing.T) {
			before := slices.Clone(tc.w.ShortHelp())
			for i := range before {
				changed := tc.w.ShortHelp()
				changed[i].SetKeys("f12")
				changed[i].SetHelp("f12", "changed")
				changed[i].SetEnabled(false)
			}
			if after := tc.w.ShortHelp(); !reflect.DeepEqual(after, before) {
				t.Errorf("help after changing its bindings = %v, want %v", after, before)
			}
			if got := tc.w.HandleKey(unboundKey); got != nil {
				t.Errorf("f12 answers %#v after a help binding was changed to it", got)
			}
		})
	}
}
