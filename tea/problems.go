package tea

import (
	"fmt"
	"slices"
)

// TreeProblems lists the mistakes in view that no call refuses but that
// leave a person looking at a blank screen or at a widget that does
// nothing:
//
//   - a nil view: the screen is blank;
//   - an id that several widgets share: keys, clicks and tools reach the
//     first in view order, the others are unreachable;
//   - an id that breaks IDRule: agents cannot reach the widget;
//   - a focusable widget without an id: it never takes focus.
//
// Each problem is one line starting "tree: ", the same line for the same
// mistake, each line once, so that a renderer can show each problem once.
func TreeProblems(view Node) []string {
	if view == nil {
		return []string{"tree: View returned nil: the screen is blank"}
	}
	var out []string
	add := func(line string) {
		if !slices.Contains(out, line) {
			out = append(out, line)
		}
	}
	ids := map[string]int{} // widgets per id
	dup := false
	Walk(view, func(n Node, _ int) bool {
		w, ok := n.(Widget)
		if !ok {
			return true
		}
		id := w.WidgetID()
		switch {
		case id == "":
			if CanFocus(w) {
				add(fmt.Sprintf("tree: a focusable %s has no id: it never takes focus", w.WidgetKind()))
			}
			return true
		case !ValidID(id):
			add(fmt.Sprintf("tree: widget id %q breaks the id rule (%s): agents cannot reach it", id, IDRule))
		}
		if ids[id]++; ids[id] == 2 {
			dup = true
		}
		return true
	})
	if !dup {
		// Most views: no list of the ids is built, on every frame.
		return out
	}
	// The duplicates, in view order.
	Walk(view, func(n Node, _ int) bool {
		w, ok := n.(Widget)
		if !ok || w.WidgetID() == "" {
			return true
		}
		id := w.WidgetID()
		switch n := ids[id]; {
		case n == 2:
			add(fmt.Sprintf("tree: duplicate id %q (2 widgets); the second is unreachable", id))
		case n > 2:
			add(fmt.Sprintf("tree: duplicate id %q (%d widgets); all but the first are unreachable", id, n))
		}
		return true
	})
	return out
}
