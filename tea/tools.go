package tea

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ToolProvider is implemented by widgets that offer actions to agents. The
// MCP renderer derives one tool per action of every provider in a session's
// view, named <session>.<widget>.<action>.
type ToolProvider interface {
	// Actions lists what the widget offers now. A disabled widget offers no
	// writes; a hidden one offers nothing. Descriptions and schemas must be
	// static per widget kind and action: never app text or widget ids.
	Actions() []Action
	// Invoke performs an action with JSON-decoded arguments. A write returns
	// Write(msg) for the app's Update; a read returns Read(value) answered
	// from the widget as it is in the view. Bad arguments return an
	// *ArgumentError that states the valid range or values.
	Invoke(action string, args map[string]any) (Result, error)
}

// Action is one thing a widget offers: a name, a description, a JSON Schema
// for its arguments and annotations. Annotations carry "sensitive" and
// "destructiveHint"; every write is sensitive.
type Action struct {
	Name        string
	Description string
	InputSchema map[string]any
	Annotations map[string]any
	// OutputSchema is the JSON Schema of a read's value (an object), for
	// renderers that declare what their answers hold; nil says nothing.
	// Static per widget kind and action, as the other fields.
	OutputSchema map[string]any
}

// Sensitive reports whether the action is annotated sensitive or destructive.
func (a Action) Sensitive() bool {
	return a.Annotations["sensitive"] == true || a.Annotations["destructiveHint"] == true
}

// Result is what Invoke returns: a message to dispatch (a write) or a
// JSON-encodable value (a read).
type Result struct {
	msg   Msg
	value any
	write bool
}

// Write returns a Result that dispatches msg to the app's Update.
func Write(msg Msg) Result { return Result{msg: msg, write: true} }

// Read returns a Result that answers value to the caller.
func Read(value any) Result { return Result{value: value} }

// IsWrite reports whether the result is a write.
func (r Result) IsWrite() bool { return r.write }

// Msg returns a write's message.
func (r Result) Msg() Msg { return r.msg }

// Value returns a read's value.
func (r Result) Value() any { return r.value }

// ErrInvalidArgument is matched (errors.Is) by every *ArgumentError.
var ErrInvalidArgument = errors.New("invalid argument")

// ErrUnknownAction is returned by Invoke for an action the widget does not
// offer now.
var ErrUnknownAction = errors.New("unknown action")

// ArgumentError says which argument of which action was wrong and what the
// rule is ("index 7 is out of range: valid 0-4").
type ArgumentError struct {
	Action string
	Arg    string
	Rule   string
}

func (e *ArgumentError) Error() string {
	if e.Arg == "" {
		return fmt.Sprintf("%s: %s", e.Action, e.Rule)
	}
	return fmt.Sprintf("%s: argument %q: %s", e.Action, e.Arg, e.Rule)
}

// Is makes errors.Is(err, ErrInvalidArgument) true.
func (e *ArgumentError) Is(target error) bool { return target == ErrInvalidArgument }

// UnknownActionError names an action a widget does not offer and lists the
// ones it does.
func UnknownActionError(kind, action string, offered []Action) error {
	names := make([]string, len(offered))
	for i, a := range offered {
		names[i] = a.Name
	}
	return fmt.Errorf("%w %q for %s (offers: %s)", ErrUnknownAction, action, kind, strings.Join(names, ", "))
}

// RowPage is implemented by a read's value that is a page of a table's
// rows (a table's get_rows), so a renderer can answer it from its rows in
// one pass instead of encoding and decoding its JSON. Its JSON (MarshalJSON)
// is {"columns": [...], "offset": n, "rows": [{column: cell, ...}, ...],
// "total": n}, each row's members in the columns' order.
type RowPage interface {
	json.Marshaler
	// PageHeader returns the column keys in display order, the page's
	// offset among all the rows, the number of all the rows and the
	// number of rows on the page (-1 when its JSON's rows are null).
	PageHeader() (columns []string, offset, total, rows int)
	// PageRow returns row i's column keys and cells, in display order.
	PageRow(i int) (keys, cells []string)
	// PageNumber reports whether cell c of row i is a JSON number in the
	// page's JSON, not a string.
	PageNumber(i, c int) bool
}
