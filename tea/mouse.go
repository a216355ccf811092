package tea

// MouseAction is what the mouse did.
type MouseAction int

// Mouse actions.
const (
	MousePress MouseAction = iota
	MouseRelease
	MouseMotion
	MouseWheelUp
	MouseWheelDown
)

// MouseButton is the button involved in a press or release.
type MouseButton int

// Mouse buttons.
const (
	MouseNone MouseButton = iota
	MouseLeft
	MouseMiddle
	MouseRight
)

// Mouse is one mouse event. X and Y are cells, relative to the widget that
// receives it (HandleMouse) or to the screen (elsewhere).
type Mouse struct {
	X, Y   int
	Action MouseAction
	Button MouseButton
	// Width and Height are the size of the area the receiving widget was
	// rendered into, when the renderer knows it (0 when it does not). Widgets
	// whose layout depends on their width (a table's flexible columns, a
	// scrubber's bar) use them to map X to what was drawn there.
	Width, Height int
}
