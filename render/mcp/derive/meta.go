package derive

// Keys of a derived tool's _meta that locate its widget: a client reads a
// tool's session, widget and action here, never back out of its name or
// title (a client-safe name cannot be split where an action has "_" in it,
// and a title is for people).
const (
	MetaSession = "facetui.dev/session"
	MetaWidget  = "facetui.dev/widget"
	MetaKind    = "facetui.dev/kind"
	MetaAction  = "facetui.dev/action"
)
