package web

import (
	"fmt"

	"github.com/facetui/facet/tea"
)

// inputMsg resolves text the browser set in the field of widget id itself
// (an input event: autofill, a password manager, a drop, an IME's
// composition, a mobile keyboard, automation's fill) against the view as
// it is now: the message the widget's own type_into sends for that text,
// invoked as an agent's tool call is, so the field ends up holding what
// the browser showed, or says why it cannot.
func inputMsg(view tea.Node, id, text string) (tea.Msg, error) {
	w, ok := tea.FindWidget(view, id)
	if !ok {
		return nil, fmt.Errorf("text set in %q: the widget is %w", id, ErrNotInView)
	}
	if trap, blocked := tea.BlockedByTrap(view, id); blocked {
		return nil, fmt.Errorf("text set in %s %q: %w (%q): answer it first", w.WidgetKind(), id, ErrBehindDialog, trap.WidgetID())
	}
	tp, ok := w.(tea.ToolProvider)
	if !ok {
		return nil, fmt.Errorf("text set in %s %q: it takes no text", w.WidgetKind(), id)
	}
	res, err := tp.Invoke("type_into", map[string]any{"text": text})
	if err != nil {
		return nil, fmt.Errorf("text set in %s %q: %w", w.WidgetKind(), id, err)
	}
	if !res.IsWrite() {
		return nil, fmt.Errorf("text set in %s %q: its type_into reads, it does not write", w.WidgetKind(), id)
	}
	return res.Msg(), nil
}

// find returns the element of e's tree whose DOM id is id, and whether
// it or one of the elements above it is among replaced (DOM ids).
func (e *element) find(id string, replaced map[string]bool) (found *element, covered bool) {
	if e.id != "" && replaced[e.id] {
		covered = true
	}
	if e.id == id {
		return e, covered
	}
	for _, k := range e.kids {
		if f, c := k.find(id, replaced); f != nil {
			return f, covered || c
		}
	}
	return nil, false
}

// redraw adds to ops the element of page whose DOM id is dom, unless ops
// already replace it or an element holding it: a field the browser edited
// itself shows the session's value again, even where the session refused
// the edit or kept the value it had.
func redraw(page *element, ops []Op, dom string) []Op {
	replaced := make(map[string]bool, len(ops))
	for _, op := range ops {
		replaced[op.ID] = true
	}
	el, covered := page.find(dom, replaced)
	if el == nil || covered {
		return ops
	}
	return append(ops, Op{ID: dom, HTML: el.HTML()})
}
