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
// # Coming from Bubble Tea
//
// This package is named after Bubble Tea's (charm.land/bubbletea/v2) and
// keeps its shape, so a Bubble Tea reader knows most of it already:
//
//   - Model is Init() Cmd, Update(Msg) (Model, Cmd) and View(), and Update
//     returns the next model and a command, as there.
//   - Msg is any value; Cmd is func() Msg, run off the update goroutine;
//     Batch, Sequence, Tick, Quit and WindowSizeMsg mean what they mean
//     there.
//
// What differs:
//
//   - View returns a Node tree (Column, Row, Box, Text and widgets), not a
//     string: the terminal draws it with Lip Gloss, the browser builds
//     elements from it and MCP derives tools from its widgets. Styling lives
//     in the widgets (a widgets.Theme), not in the View.
//   - Widgets are controlled: their state lives in the app's model and
//     every change arrives at Update as a typed message
//     (widgets.TextChanged, widgets.TableSorted, ...) whether a person typed
//     or an agent called a tool. Focus belongs to the Runtime: Tab and
//     Shift+Tab move it, the focused widget turns keys into its messages,
//     and only a key nobody used reaches Update, as a KeyMsg (a Key, not
//     bubbletea's KeyPressMsg; String spells it the same way, "ctrl+c").
//     Mouse input goes to widgets, not to Update.
//   - There is no Program. Start runs a model in a Runtime, which any
//     number of renderers (render/terminal, render/ssh, render/web,
//     render/mcp) attach to at once; Sessions names running runtimes.
//     How a terminal is driven (input, output, size, theme) is
//     render/terminal's options, which take Bubble Tea's ProgramOptions
//     too; Bubble Tea's commands that act on the Program itself (Println,
//     Printf, ExecProcess) have no counterpart. ExampleStart shows a whole
//     app.
//   - Messages are applied one at a time and each model is published to
//     renderers on other goroutines, so Update must not change what an
//     earlier model shares (see Model).
//
// Bringing Bubble Tea code (package bubble and widgets.Bubble):
//
//   - A Bubbles component (spinner, progress, textinput, ...) or any Bubble
//     Tea model goes inside a Facet tree as a widgets.Bubble, its messages
//     and commands routed by widgets.UpdateBubble and widgets.BubbleCmd
//     (see the widgets.Bubble example and examples/bubbles).
//   - A whole, unmodified Bubble Tea program runs as a Facet app with
//     bubble.Program(m), so agents drive it by keys and screenshots
//     (examples/btprogram).
//   - A Facet app shows inside an existing Bubble Tea program with
//     bubble.New(ctx, rt), a Bubble Tea model that draws and drives the
//     runtime while it is also served elsewhere.
//   - Keys, messages and commands convert with package bubble/convert.
//
// tea never imports a renderer or lipgloss; widgets (package widgets) draw
// themselves, and renderers lay containers out.
package tea
