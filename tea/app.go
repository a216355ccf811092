package tea

import (
	"errors"
	"fmt"
)

// App is an app a renderer can start: a name for programs (session
// listings, facet_start, command lines), a title and a one-line
// description for people, and the constructor of its model. Every
// renderer takes its apps as App values, and a catalog is a []App.
type App struct {
	// Name is the app's short name: 1 to 32 of [A-Za-z0-9_-], as widget
	// and session ids are.
	Name string
	// Title names the app for people (a page's heading, a window title);
	// Name stands in when it is empty.
	Title string
	// Description says in one line what the app does.
	Description string
	// New returns a fresh model each time it is called: one per session.
	New func() Model
	// Restricted apps (an evaluator, process internals) are left out of
	// what agents may start by default; an operator can still name them.
	Restricted bool
}

// ErrInvalidApp is the error every AppError matches with errors.Is.
var ErrInvalidApp = errors.New("invalid app")

// AppError is an App that breaks a rule: which field, and the rule.
type AppError struct {
	// App is the app's Name as given (possibly empty or invalid).
	App string
	// Field is the field that breaks the rule: "Name" or "New".
	Field string
	// Rule says what the field must be.
	Rule string
}

func (e *AppError) Error() string {
	return fmt.Sprintf("app %q: %s %s", e.App, e.Field, e.Rule)
}

// Is makes errors.Is(err, ErrInvalidApp) true.
func (e *AppError) Is(target error) bool { return target == ErrInvalidApp }

// Validate reports, as an *AppError, the first field of a that breaks its
// rule: a Name that is not 1 to 32 of [A-Za-z0-9_-], or a nil New.
func (a App) Validate() error {
	if !ValidID(a.Name) {
		return &AppError{App: a.Name, Field: "Name", Rule: "must be 1 to 32 of [A-Za-z0-9_-]"}
	}
	if a.New == nil {
		return &AppError{App: a.Name, Field: "New", Rule: "is required: it makes each session's model"}
	}
	return nil
}

// DisplayTitle is the app's Title, or its Name when it has none.
func (a App) DisplayTitle() string {
	if a.Title != "" {
		return a.Title
	}
	return a.Name
}
