package tea

// Projection is a named view of an app's model that renderers can expose
// as state (the MCP renderer serves each as a resource). Value is called on
// the model the projection came from and must return a JSON-encodable
// value; it must not return secrets the app would not show an agent.
type Projection struct {
	// URI is the app's own name for the projection, such as
	// "search://state/results". The MCP renderer serves it as
	// facet://session/<id>/model/<Name> and keeps URI as an alias when no
	// other session claims it.
	URI string
	// Name is 1-32 characters of [A-Za-z0-9_-].
	Name        string
	Description string
	Value       func() any
}

// Projector is implemented by models that declare projections.
type Projector interface {
	Projections() []Projection
}
