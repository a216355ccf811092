package tea

import (
	"fmt"
	"slices"
)

// The messages in this file are input a renderer hands the runtime to route
// as a terminal would. The runtime takes them; Update never sees them (a key
// nobody used reaches it as a KeyMsg). Send them with Dispatch.

// KeyInputMsg is a key pressed at a renderer. Tab and Shift+Tab move focus
// (only among the widgets of a FocusTrap while one is in view), any other
// key goes to the focused widget's HandleKey, and a key nobody used reaches
// Update as a KeyMsg.
type KeyInputMsg struct {
	Key Key
	// Agent names the agent that pressed the key ("" for the person at the
	// terminal). It is passed on in the KeyMsg, so an app can keep what only
	// its human may do (quitting a shared session, say) to keys from the
	// human.
	Agent string
}

// MouseInputMsg is a mouse event on the widget ID (coordinates relative to
// it). A press focuses a focusable widget first. A widget that is not in the
// view gets an error wrapping ErrNotInView, and one behind a FocusTrap in
// view (see BlockedByTrap) an error wrapping ErrBehindTrap: a dialog holds
// the mouse as it holds the keyboard.
type MouseInputMsg struct {
	ID    string
	Mouse Mouse
}

// FocusMsg moves focus to the widget ID, which must be focusable in the view
// and, while a FocusTrap is in view, inside it (else the error wraps
// ErrNotFocusable).
type FocusMsg struct{ ID string }

// FocusNextMsg moves focus forward in view order, as Tab does.
type FocusNextMsg struct{}

// FocusPrevMsg moves focus backward in view order, as Shift+Tab does.
type FocusPrevMsg struct{}

// HoverMsg records which widget the mouse is over ("" for none). The widget
// already recorded publishes no new snapshot.
type HoverMsg struct{ ID string }

// handleKey routes a key on the owner goroutine.
func (r *Runtime) handleKey(cur *Snapshot, m KeyInputMsg) error {
	focused, hasFocus := FindWidget(cur.View, cur.Focus)
	if m.Key.Code == KeyTab && !m.Key.Ctrl && !m.Key.Alt && !(hasFocus && TakesTab(focused)) {
		r.publish(cur.withFocus(r.cycle(cur.Focus, m.Key.Shift)))
		return nil
	}
	out := Msg(KeyMsg{Key: m.Key, Agent: m.Agent})
	if hasFocus {
		if kh, ok := focused.(KeyHandler); ok {
			got, err := safeWidget(func() Msg { return kh.HandleKey(m.Key) })
			if err != nil {
				return err
			}
			if got != nil {
				out = got
			}
		}
	}
	// A widget's message is routed like any other: a NotifyMsg or a Batch
	// from a key press is the runtime's, as from a Dispatch.
	return r.handle(out)
}

// handleMouse delivers a mouse event on the owner goroutine.
func (r *Runtime) handleMouse(cur *Snapshot, m MouseInputMsg) error {
	w, ok := FindWidget(cur.View, m.ID)
	if !ok {
		return fmt.Errorf("widget %q is %w", m.ID, ErrNotInView)
	}
	if trap, blocked := BlockedByTrap(cur.View, m.ID); blocked {
		return fmt.Errorf("widget %q is %w: %s %q holds focus until it is answered", m.ID, ErrBehindTrap, trap.WidgetKind(), trap.WidgetID())
	}
	if m.Mouse.Action == MousePress && CanFocus(w) && cur.Focus != m.ID && r.focus.allows(m.ID) {
		r.publish(cur.withFocus(m.ID))
	}
	mh, ok := w.(MouseHandler)
	if !ok {
		return nil
	}
	got, err := safeWidget(func() Msg { return mh.HandleMouse(m.Mouse) })
	if err != nil || got == nil {
		return err
	}
	return r.handle(got)
}

// handleFocus moves focus to id on the owner goroutine.
func (r *Runtime) handleFocus(cur *Snapshot, id string) error {
	if !slices.Contains(r.focus.order, id) {
		return fmt.Errorf("widget %q cannot take focus: it is %w", id, ErrNotFocusable)
	}
	if !r.focus.allows(id) {
		return fmt.Errorf("widget %q cannot take focus: a dialog holds focus, so it is %w", id, ErrNotFocusable)
	}
	r.publish(cur.withFocus(id))
	return nil
}

// handleHover records the hovered widget on the owner goroutine.
func (r *Runtime) handleHover(cur *Snapshot, id string) {
	if cur.Hover == id {
		return // nothing changed: no snapshot to draw
	}
	s := *cur
	s.Hover = id
	r.publish(&s)
}

// cycle returns the id Tab (or Shift+Tab, when back) moves focus to from
// current: among the trapped widgets while a trap is in view. While a trap
// with nothing focusable is in view, focus stays.
func (r *Runtime) cycle(current string, back bool) string {
	order := r.focus.cycleOrder()
	if len(order) == 0 && r.focus.trapping() {
		return current
	}
	return cycle(order, current, back)
}

// withFocus returns a copy of s with focus on id.
func (s *Snapshot) withFocus(id string) *Snapshot {
	c := *s
	c.Focus = id
	return &c
}
