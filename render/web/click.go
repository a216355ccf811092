package web

import (
	"errors"
	"fmt"
	"slices"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
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
// sends, or nil for a click that only focuses. A click on the option a
// list already selects chooses it, as Enter does (and as a second click
// does in the terminal); a click on a menu item with children opens or
// closes it; any other click is the widget's own action, invoked as an
// agent's tool call is, so it sends the same message.
func clickMsg(view tea.Node, c Click) (tea.Msg, error) {
	w, ok := tea.FindWidget(view, c.ID)
	if !ok {
		return nil, fmt.Errorf("click on %q: the widget is %w", c.ID, ErrNotInView)
	}
	if trap, blocked := tea.BlockedByTrap(view, c.ID); blocked {
		return nil, fmt.Errorf("click on %s %q: %w (%q): answer it first", w.WidgetKind(), c.ID, ErrBehindDialog, trap.WidgetID())
	}
	switch c.Action {
	case "focus":
		return nil, nil
	case "open":
		m, ok := w.(widgets.Menu)
		if !ok {
			return nil, fmt.Errorf("click on %s %q: action \"open\" is a menu's", w.WidgetKind(), c.ID)
		}
		path, err := menuPath(m, c.Args["path"])
		if err != nil {
			return nil, fmt.Errorf("click on menu %q: %w", c.ID, err)
		}
		return widgets.MenuOpened{ID: m.ID, Path: path}, nil
	case "select":
		if l, ok := w.(widgets.SelectList); ok && !l.Disabled {
			if i, ok := c.Args["index"].(float64); ok && int(i) == l.Selected && l.Selected >= 0 && l.Selected < len(l.Options) {
				return widgets.Chosen{ID: l.ID, Index: l.Selected, Label: l.Options[l.Selected]}, nil
			}
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

// menuPath checks a path of item ids to open in m: each must be an
// enabled item with children under the one before it.
func menuPath(m widgets.Menu, raw any) ([]string, error) {
	list, ok := raw.([]any)
	if !ok {
		return nil, errors.New(`argument "path": must be a list of item ids`)
	}
	items := m.Items
	path := make([]string, 0, len(list))
	for _, x := range list {
		id, _ := x.(string)
		i := slices.IndexFunc(items, func(it widgets.MenuItem) bool { return it.ID == id && !it.Disabled && len(it.Children) > 0 })
		if i < 0 {
			return nil, fmt.Errorf("argument \"path\": %q is not an enabled item with children at depth %d", id, len(path))
		}
		path = append(path, id)
		items = items[i].Children
	}
	return path, nil
}
