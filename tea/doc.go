// Package tea is Facet's core: the Model/Update/View contract, messages and
// commands, the component tree that a View returns, keys, focus, the Runtime
// that owns one model in one goroutine, and the named Sessions that renderers
// attach to.
//
// The shape follows Bubble Tea, with one difference that makes everything
// else possible: View returns a tree of Nodes, not a string. The terminal
// renderer draws that tree, the MCP renderer derives typed tools from the
// widgets in it, and both send the same messages to the same Update.
//
// A Runtime is driven with messages, as a Bubble Tea Program is: Dispatch
// applies one and answers once the new snapshot is published, Send queues
// one. Renderers' input (KeyInputMsg, MouseInputMsg, FocusMsg, HoverMsg, ...)
// and agents' presence (AttachAgentMsg, ...) are messages the runtime takes
// itself. Each snapshot is published to renderers on other goroutines, so a
// model must never change what an earlier model shares (see Model and
// package tea/runtimetest).
//
// An app tells whoever is at a session something with Notify (or a
// NotifyMsg): the runtime keeps it pending in the snapshot until its TTL
// passes or the app dismisses it, the terminal shows the newest on its bottom
// line and the MCP renderer lists them in the session's context resource.
//
// tea never imports a renderer or lipgloss; widgets (package widgets) draw
// themselves, and renderers lay containers out.
package tea
