package toolname

// Keys of a derived tool's _meta that locate it in its session: a client
// reads a tool's widget and action here, never back out of its name or
// title (a client-safe name cannot be split where an action has "_" in it,
// and a title is for people). The session is the one whose ToolName (or
// SafeName) of the two is the tool's name; it is left out because every
// tool of a session's list would repeat it.
const (
	MetaWidget = "facet/widget"
	MetaAction = "facet/action"
)
