package web

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/facetui/facet/tea"
)

// enterKey is the key a click on a part already selected presses: a click
// on the row a list or a table already selects opens it, as Enter does.
var enterKey = tea.Key{Code: tea.KeyEnter}

// clickCount is which click of a run of quick clicks an event is (the
// browser's MouseEvent.detail): 1 for a single click, 2 for the second
// click of a double click. A page that sends no count sends single
// clicks.
func clickCount(n int) int { return max(n, 1) }

// onSelected reports whether c lands on a part of the widget that is
// selected already (the row a table selects, a list's selected option):
// such a click does what Enter does.
func onSelected(w tea.Widget, c Click) bool {
	d, ok := describe(w)
	if !ok {
		return false
	}
	return selectedIn(d.Parts, clickAct(c))
}

// opensOnEnter are the roles of the parts that a click opens once
// selected, as Enter opens the selected one: a list's options, a table's
// rows, a tree's nodes. (A tab or a menu item does what it does at the
// first click.)
var opensOnEnter = map[string]bool{"option": true, "row": true, "treeitem": true}

// selectedIn reports whether a selected part among parts (or their own
// parts) of a role in opensOnEnter stands for x.
func selectedIn(parts []tea.Part, x tea.Act) bool {
	for _, p := range parts {
		if p.States.Selected && opensOnEnter[p.Role] && sameAct(p.Action, x) {
			return true
		}
		if selectedIn(p.Parts, x) {
			return true
		}
	}
	return false
}

// sameAct reports whether two Acts name the same action with the same
// arguments, whatever their order and however their numbers are typed (a
// part's index is an int, a click's a JSON number).
func sameAct(a, b tea.Act) bool {
	if a.IsZero() || a.Name != b.Name || len(a.Args) != len(b.Args) {
		return false
	}
	return slices.Equal(argsJSON(a), argsJSON(b))
}

// argsJSON is x's arguments as JSON, in name order.
func argsJSON(x tea.Act) []string {
	m := make(map[string]string, len(x.Args))
	for _, arg := range x.Args {
		js, err := json.Marshal(arg.Value)
		if err != nil {
			js = []byte("?")
		}
		m[arg.Name] = string(js)
	}
	out := make([]string, 0, 2*len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, k, m[k])
	}
	return out
}
