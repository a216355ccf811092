package tea

// focusables lists the ids of the widgets in view order that can take focus.
func focusables(view Node) []string {
	ids, _ := scan(view, nil)
	return ids
}

// scan walks a view once for what the runtime keeps per render: the
// focusable ids in view order, and the secrets masked widgets hold, by
// widget id. A masked widget that has left the view keeps its last value
// in secrets, since the model usually still holds it.
func scan(view Node, secrets map[string]string) ([]string, map[string]string) {
	var ids []string
	seen := map[string]bool{}
	Walk(view, func(n Node, _ int) bool {
		w, ok := n.(Widget)
		if !ok {
			return true
		}
		if CanFocus(w) && !seen[w.WidgetID()] {
			seen[w.WidgetID()] = true
			ids = append(ids, w.WidgetID())
		}
		if h, ok := w.(SecretHolder); ok && IsMasked(w) {
			if v := h.MaskedValue(); v != "" && secrets[w.WidgetID()] != v {
				next := make(map[string]string, len(secrets)+1)
				for k, x := range secrets {
					next[k] = x
				}
				next[w.WidgetID()] = v
				secrets = next
			}
		}
		return true
	})
	return ids, secrets
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
