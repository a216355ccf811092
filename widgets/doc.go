// Package widgets holds Facet's widgets. Each is a controlled description
// built in an app's View from its model: it draws itself with lipgloss
// (Render), turns keys and clicks into typed messages (HandleKey,
// HandleMouse), and offers typed actions to agents (Actions, Invoke). A
// human's keystroke and an agent's tool call become the same message in the
// app's Update.
//
// State helpers (TextInputState, TableState, TreeState, ...) apply the
// common messages in one line, so an app that needs no special behaviour
// writes none.
//
// Every state a widget draws also shows in plain text, without colour or
// style, because an agent reads the screen as text: the selected item of a
// SelectList or Tree (and a Menu's current item) is marked "› ", the active tab stands between
// ‹ and ›, a placeholder stands between ‹ and › inside its field, a
// disabled Button is drawn "( Label )" instead of "[ Label ]", and a
// Checkbox shows "[x]" or "[ ]".
//
// One file per widget, each in the same order: the struct and its doc, the
// messages it sends, Render, keys, tools.
package widgets
