package tea

import "slices"

// focusScan is what the runtime keeps of a view for focus: the focusable
// ids in view order, and the widgets that trap focus with the focusable ids
// each holds (itself and its descendants).
type focusScan struct {
	order []string
	traps []trap
	// trapped is every focusable id inside a trap, in view order: where
	// Tab cycles while a trap is in view.
	trapped []string
}

// trap is one widget in view that traps focus.
type trap struct {
	id    string
	focus []string
}

// trapping reports whether a widget in the view traps focus.
func (f focusScan) trapping() bool { return len(f.traps) > 0 }

// cycleOrder is where Tab and Shift+Tab move: among the trapped widgets
// while a trap is in view, else among every focusable widget.
func (f focusScan) cycleOrder() []string {
	if f.trapping() {
		return f.trapped
	}
	return f.order
}

// allows reports whether focus may move to id: a focusable widget in view,
// inside a trap while one is in view.
func (f focusScan) allows(id string) bool {
	return slices.Contains(f.cycleOrder(), id)
}

// hasTrap reports whether the trap id is in the scan.
func (f focusScan) hasTrap(id string) bool {
	for _, t := range f.traps {
		if t.id == id {
			return true
		}
	}
	return false
}

// scan walks a view once for where focus can go (see focusScan).
func scan(view Node) focusScan {
	var f focusScan
	seen := map[string]bool{}
	inTrap := map[string]bool{}
	var open []int // indexes in f.traps of the traps enclosing the node
	var visit func(n Node)
	visit = func(n Node) {
		if n == nil {
			return
		}
		opened := false
		if w, ok := n.(Widget); ok {
			id := w.WidgetID()
			if TrapsFocus(w) {
				f.traps = append(f.traps, trap{id: id})
				open = append(open, len(f.traps)-1)
				opened = true
			}
			if CanFocus(w) {
				if !seen[id] {
					seen[id] = true
					f.order = append(f.order, id)
				}
				for _, i := range open {
					if !slices.Contains(f.traps[i].focus, id) {
						f.traps[i].focus = append(f.traps[i].focus, id)
					}
				}
				if len(open) > 0 && !inTrap[id] {
					inTrap[id] = true
					f.trapped = append(f.trapped, id)
				}
			}
		}
		for _, c := range n.Children() {
			visit(c)
		}
		if opened {
			open = open[:len(open)-1]
		}
	}
	visit(view)
	return f
}

// refocus returns where focus goes when the view changes from prev to next
// with focus on current, and what to restore when the last trap leaves:
// before is the focus kept from before the first trap appeared.
//
//   - A trap that appears takes focus (its first focusable widget; the
//     first such trap in view order), remembering the focus before it when
//     no trap was there already.
//   - While traps stay, focus stays inside them.
//   - When the last trap leaves, focus returns to the remembered widget if
//     it is still focusable, else moves as nextFocus says.
func refocus(current, before string, prev, next focusScan) (focus, keep string) {
	if !next.trapping() {
		if prev.trapping() {
			if before != "" && slices.Contains(next.order, before) {
				return before, ""
			}
		}
		return nextFocus(current, prev.order, next.order), ""
	}
	if !prev.trapping() {
		before = current
	}
	for _, t := range next.traps {
		if !prev.hasTrap(t.id) && len(t.focus) > 0 {
			return t.focus[0], before
		}
	}
	if len(next.trapped) == 0 {
		return current, before
	}
	return nextFocus(current, prev.trapped, next.trapped), before
}

// nextFocus keeps current when it is still focusable; otherwise it moves to
// the widget that now stands where the old one stood in the previous order
// (or the last one), so focus never jumps back to the top for no reason.
func nextFocus(current string, before, after []string) string {
	if len(after) == 0 {
		return ""
	}
	if current == "" {
		return after[0]
	}
	for _, id := range after {
		if id == current {
			return current
		}
	}
	pos := 0
	for i, id := range before {
		if id == current {
			pos = i
			break
		}
	}
	// Prefer the nearest survivor that followed the old widget.
	alive := map[string]bool{}
	for _, id := range after {
		alive[id] = true
	}
	for i := pos + 1; i < len(before); i++ {
		if alive[before[i]] {
			return before[i]
		}
	}
	for i := pos - 1; i >= 0; i-- {
		if alive[before[i]] {
			return before[i]
		}
	}
	if pos < len(after) {
		return after[pos]
	}
	return after[len(after)-1]
}

// cycle returns the id after (or before, when back) current in ids.
func cycle(ids []string, current string, back bool) string {
	if len(ids) == 0 {
		return ""
	}
	idx := -1
	for i, id := range ids {
		if id == current {
			idx = i
			break
		}
	}
	if idx < 0 {
		if back {
			return ids[len(ids)-1]
		}
		return ids[0]
	}
	if back {
		return ids[(idx-1+len(ids))%len(ids)]
	}
	return ids[(idx+1)%len(ids)]
}
