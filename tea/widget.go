package tea

// Widget is an interactive or identifiable leaf (or container) of the
// component tree. Widgets are descriptions: the app builds them in View from
// its model, and every change they cause arrives at Update as a message.
type Widget interface {
	Node
	// WidgetID is the widget's id: 1-32 characters of [A-Za-z0-9_-]. Tools,
	// focus and resources refer to widgets by it.
	WidgetID() string
	// WidgetKind names the widget's kind in snake case ("button",
	// "text_input", "table", ...). A tool acts only on its own kind.
	WidgetKind() string
	// Render draws the widget into at most ctx.Width columns.
	Render(ctx RenderContext) string
}

// RenderContext tells a widget how to draw itself.
type RenderContext struct {
	// Width is the number of columns available; the widget must not exceed it.
	Width int
	// Height is the number of lines available, or 0 when unbounded.
	Height int
	// Focused reports whether the widget has keyboard focus.
	Focused bool
	// Hovered reports whether the mouse is over the widget.
	Hovered bool
	// Light reports that the screen's background is light, as the
	// terminal answered when asked; the zero value is a dark background.
	// A widget with no theme of its own draws in colours that read on it.
	Light bool
	// Theme is the renderer's theme for widgets that have none of their
	// own (the terminal's WithTheme), or nil when the renderer has none:
	// such widgets then draw in their default for the background (Light).
	// Facet's widgets read a *widgets.Theme from it. It must be a pointer
	// or another comparable value: a renderer keys drawings by the context.
	Theme any
}

// Focusable is implemented by widgets that can take keyboard focus.
type Focusable interface {
	// CanFocus reports whether the widget accepts focus now (a disabled
	// widget does not).
	CanFocus() bool
}

// FocusTrap is implemented by widgets that hold focus while they are in
// view, as a dialog does: when one appears it takes focus (the first such
// widget in view order), Tab and Shift+Tab cycle only among trapping
// widgets and the focusable widgets inside them, and focus moves nowhere
// else; when the last one leaves, focus returns to the widget that had it
// before, if that widget is still there.
type FocusTrap interface {
	// TrapsFocus reports whether the widget traps focus now (a hidden
	// dialog does not).
	TrapsFocus() bool
}

// TabTaker is implemented by widgets that take Tab and Shift+Tab as keys
// while focused (an embedded Bubble Tea program that uses them) instead of
// letting them move focus. Focus then leaves such a widget only by the
// mouse, an agent's focus call or the app.
type TabTaker interface {
	// TakesTab reports whether the widget takes Tab now.
	TakesTab() bool
}

// TakesTab reports whether w takes Tab now.
func TakesTab(w Widget) bool {
	t, ok := w.(TabTaker)
	return ok && t.TakesTab()
}

// KeyHandler is implemented by widgets that turn keys into messages while
// focused. HandleKey returns nil for keys it does not use; those go to the
// app's Update as a KeyMsg.
type KeyHandler interface {
	HandleKey(Key) Msg
}

// MouseHandler is implemented by widgets that react to the mouse. X and Y in
// the event are relative to the widget's top-left cell.
type MouseHandler interface {
	HandleMouse(Mouse) Msg
}

// Excludable is implemented by widgets that can be kept out of tool
// derivation (internal scaffolding an agent should not see as an action).
type Excludable interface {
	// Excluded reports whether the widget derives no tools.
	Excluded() bool
}

// Masked is implemented by widgets whose value is a secret (a password).
// Nothing of a masked widget's value (not its length, not where its cursor
// is, not whether it is empty) reaches a renderer's client that is not the
// person at the session: such a renderer draws and describes the widget's
// Redacted form (see Redactor), and the widget offers no read of its value.
type Masked interface {
	// IsMasked reports whether the widget's value is secret.
	IsMasked() bool
}

// Redactor is implemented by masked widgets. Redacted returns the widget as
// it is drawn and described to someone who must learn nothing of its
// value: the same id, kind, label, size and state, with a stand-in for the
// value that is the same whatever the value is.
type Redactor interface {
	Redacted() Widget
}

// IsMasked reports whether w is a masked widget.
func IsMasked(w Widget) bool {
	m, ok := w.(Masked)
	return ok && m.IsMasked()
}

// CanFocus reports whether w takes focus now.
func CanFocus(w Widget) bool {
	f, ok := w.(Focusable)
	return ok && f.CanFocus()
}

// TrapsFocus reports whether w traps focus now.
func TrapsFocus(w Widget) bool {
	t, ok := w.(FocusTrap)
	return ok && t.TrapsFocus()
}
