// Package toolname is how Facet names the tools it derives from a
// session's widgets: ToolName and SplitToolName for the seed's dotted
// <session>.<widget>.<action>, SafeName for the client-safe spelling every
// major client accepts (NameRule), ClientName for the renaming clients
// apply, and the _meta keys (MetaWidget, MetaAction) a tool carries its
// widget and action in, so a client never parses them out of a name.
package toolname
