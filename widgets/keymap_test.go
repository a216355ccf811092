package widgets

import (
	"reflect"
	"testing"

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
	button := DefaultButtonKeyMap()
	button.Press = bind("x")
	table := DefaultTableKeyMap()
	table.Down = bind("n")
	tree := DefaultTreeKeyMap()
	tree.Down = bind("n")
	list := DefaultSelectListKeyMap()
	list.Down = bind("n")
	input := DefaultTextInputKeyMap()
	input.Submit = bind("ctrl+s")
	modal := DefaultModalKeyMap()
	modal.Right = bind("x")
	rows := [][]string{{"a"}, {"b"}}
	nodes := []TreeNode{{ID: "a"}, {ID: "b"}}
	tests := []struct {
		name          string
		custom, plain helpKeyer
		key, replaced string
		want          tea.Msg
		helpIncludes  string
	}{
		{"button", Button{ID: "b", OnClick: "go", Keys: &button}, Button{ID: "b", OnClick: "go"}, "x", "enter", "go", "x"},
		{"table", Table{ID: "t", Columns: []TableColumn{{Key: "k"}}, Rows: rows, Keys: &table}, Table{ID: "t", Columns: []TableColumn{{Key: "k"}}, Rows: rows},
			"n", "down", RowSelected{ID: "t", Index: 1}, "n"},
		{"tree", Tree{ID: "r", Nodes: nodes, Selected: "a", Keys: &tree}, Tree{ID: "r", Nodes: nodes, Selected: "a"},
			"n", "down", NodeSelected{ID: "r", NodeID: "b"}, "n"},
		{"select list", SelectList{ID: "s", Options: []string{"a", "b"}, Keys: &list}, SelectList{ID: "s", Options: []string{"a", "b"}},
			"n", "down", SelectionChanged{ID: "s", Index: 1, Label: "b"}, "n"},
		{"text input", TextInput{ID: "i", Value: "v", Keys: &input}, TextInput{ID: "i", Value: "v"},
			"ctrl+s", "enter", Submitted{ID: "i", Value: "v"}, "ctrl+s"},
		{"modal", Modal{ID: "m", Visible: true, Keys: &modal}, Modal{ID: "m", Visible: true},
			"x", "right", ModalHighlighted{ID: "m", Choice: ModalDismiss}, "←/x"},
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
	a := DefaultTableKeyMap()
	a.Down.SetKeys("n")
	if b := DefaultTableKeyMap(); !reflect.DeepEqual(b.Down.Keys(), []string{"down", "j"}) {
		t.Fatalf("changing one key map changed the default: %v", b.Down.Keys())
	}
}
