package widgets_test

import (
	"reflect"
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
	rows := [][]string{{"a"}, {"b"}}
	nodes := []widgets.TreeNode{{ID: "a"}, {ID: "b"}}
	tests := []struct {
		name          string
		custom, plain helpKeyer
		key, replaced string
		want          tea.Msg
		helpIncludes  string
	}{
		{"button", widgets.Button{ID: "b", OnClick: "go", Keys: &button}, widgets.Button{ID: "b", OnClick: "go"}, "x", "enter", "go", "x"},
		{"table", widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: rows, Keys: &table}, widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "k"}}, Rows: rows},
			"n", "down", widgets.RowSelected{ID: "t", Index: 1}, "n"},
		{"tree", widgets.Tree{ID: "r", Nodes: nodes, Selected: "a", Keys: &tree}, widgets.Tree{ID: "r", Nodes: nodes, Selected: "a"},
			"n", "down", widgets.NodeSelected{ID: "r", NodeID: "b"}, "n"},
		{"select list", widgets.SelectList{ID: "s", Options: []string{"a", "b"}, Keys: &list}, widgets.SelectList{ID: "s", Options: []string{"a", "b"}},
			"n", "down", widgets.SelectionChanged{ID: "s", Index: 1, Label: "b"}, "n"},
		{"text input", widgets.TextInput{ID: "i", Value: "v", Keys: &input}, widgets.TextInput{ID: "i", Value: "v"},
			"ctrl+s", "enter", widgets.Submitted{ID: "i", Value: "v"}, "ctrl+s"},
		{"modal", widgets.Modal{ID: "m", Visible: true, Keys: &modal}, widgets.Modal{ID: "m", Visible: true},
			"x", "right", widgets.ModalHighlighted{ID: "m", Choice: widgets.ModalDismiss}, "←/x"},
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
