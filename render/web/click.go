package web

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/facetui/facet/tea"
)

// Click is a click on a part of a widget: the widget's id and the action
// the part stands for, with its arguments (the page's data-act). "focus"
// only focuses the widget (a click on a text field).
type Click struct {
	ID     string
	Action string
	Args   map[string]any
}

// ErrBehindDialog is wrapped by the error a click on a widget behind an
// open dialog gets: a dialog holds the mouse as it holds the keyboard.
var ErrBehindDialog = errors.New("a dialog is open")

// ErrNotInView is wrapped by the error a click on a widget that has left
// the view gets.
var ErrNotInView = errors.New("not in view")

// clickMsg resolves c against the view as it is now: the message the click
// sends, or nil for a click that only focuses. A click is the Act the
// clicked part's description names: the widget's own meaning of it when
// it is a tea.PartClicker that has one (a click on the option a list
// already selects chooses it, as a second click does in the terminal),
// otherwise the widget's action, invoked as an agent's tool call is, so
// it sends the same message.
func clickMsg(view tea.Node, c Click) (tea.Msg, error) {
	w, ok := tea.FindWidget(view, c.ID)
	if !ok {
		return nil, fmt.Errorf("click on %q: the widget is %w", c.ID, ErrNotInView)
	}
	if trap, blocked := tea.BlockedByTrap(view, c.ID); blocked {
		return nil, fmt.Errorf("click on %s %q: %w (%q): answer it first", w.WidgetKind(), c.ID, ErrBehindDialog, trap.WidgetID())
	}
	if c.Action == "focus" {
		return nil, nil
	}
	if pc, ok := w.(tea.PartClicker); ok {
		msg, handled, err := pc.ClickPart(clickAct(c))
		if err != nil {
			return nil, fmt.Errorf("click on %s %q: %w", w.WidgetKind(), c.ID, err)
		}
		if handled {
			return msg, nil
		}
	}
	tp, ok := w.(tea.ToolProvider)
	if !ok {
		return nil, fmt.Errorf("click on %s %q: it takes no clicks", w.WidgetKind(), c.ID)
	}
	res, err := tp.Invoke(c.Action, c.Args)
	if err != nil {
		return nil, fmt.Errorf("click on %s %q: %w", w.WidgetKind(), c.ID, err)
	}
	if !res.IsWrite() {
		return nil, fmt.Errorf("click on %s %q: %q reads, it does not act", w.WidgetKind(), c.ID, c.Action)
	}
	return res.Msg(), nil
}

// clickAct is the Act a click sends, its arguments in name order.
func clickAct(c Click) tea.Act {
	x := tea.Act{Name: c.Action}
	for _, k := range slices.Sorted(maps.Keys(c.Args)) {
		x.Args = append(x.Args, tea.Arg{Name: k, Value: c.Args[k]})
	}
	return x
}

// clicksItself reports whether w decides what the click c means itself (a
// tea.PartClicker that has a meaning for it).
func clicksItself(w tea.Widget, c Click) bool {
	pc, ok := w.(tea.PartClicker)
	if !ok {
		return false
	}
	_, handled, err := pc.ClickPart(clickAct(c))
	return handled || err != nil
}
