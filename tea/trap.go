package tea

// BlockedByTrap reports whether a widget that traps focus (an open modal
// dialog) stands between the person and the widget id: a trap is in view
// and id is not the trap or inside one. It returns the first trap in view
// order. Input for a blocked widget is refused alike from a person (a mouse
// press behind a dialog) and from an agent (a tool call behind it), so
// neither can act on what the dialog is about behind its back.
func BlockedByTrap(view Node, id string) (trap Widget, blocked bool) {
	var first Widget
	inside := false
	var visit func(n Node, inTrap bool)
	visit = func(n Node, inTrap bool) {
		if n == nil || inside {
			return
		}
		if w, ok := n.(Widget); ok {
			if TrapsFocus(w) {
				if first == nil {
					first = w
				}
				inTrap = true
			}
			if inTrap && w.WidgetID() == id {
				inside = true
				return
			}
		}
		for _, c := range n.Children() {
			visit(c, inTrap)
		}
	}
	visit(view, false)
	if first == nil || inside {
		return nil, false
	}
	return first, true
}
