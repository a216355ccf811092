package tea

// Msg is any message delivered to a Model's Update: a key, a widget's typed
// message (widgets.TextChanged, widgets.TableSorted, ...), a Cmd's result or an
// app's own type.
type Msg = any

// Model is a Facet app. It is shaped like a Bubble Tea model, except that
// View returns a component tree rather than a string.
//
// Update must return a non-nil Model of the same dynamic type it was called
// on; the Runtime rejects anything else and keeps the last good model.
//
// Update must not change anything an earlier model shares: the Runtime
// publishes each model in a Snapshot that renderers read on other
// goroutines while the next Update runs. Assigning a field of the value
// receiver is fine; writing into a slice, map or pointee the model was
// given (m.Counts[0]++, m.Seen[k] = true, or any field of a pointer
// receiver) changes the published snapshot too, a data race. Copy first
// (slices.Clone, maps.Clone, a new struct), then change the copy.
// runtimetest.Check catches a model that does not.
type Model interface {
	// Init returns the first command to run, or nil.
	Init() Cmd
	// Update applies one message and returns the next model and an
	// optional command.
	Update(Msg) (Model, Cmd)
	// View describes the screen for the current model.
	View() Node
}

// WindowSizeMsg reports the size of the surface a renderer draws on. The
// Runtime sends it before the first key when a renderer knows its size.
type WindowSizeMsg struct {
	Width, Height int
}

// QuitMsg asks the Runtime to stop. Return Quit as a command to send it.
type QuitMsg struct{}

// Quit is a command that stops the Runtime that runs it.
func Quit() Msg { return QuitMsg{} }
