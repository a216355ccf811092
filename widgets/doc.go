// Package widgets holds Facet's widgets. Each is a controlled description
// built in an app's View from its model: it draws itself with lipgloss
// (Render), turns keys and clicks into typed messages (HandleKey,
// HandleMouse), and offers typed actions to agents (Actions, Invoke). A
// human's keystroke and an agent's tool call become the same message in the
// app's Update.
//
// Every message a widget sends is an event named by one rule, so that an
// app's Update reads alike for every widget:
//
//   - Its name is the sending widget's name, then what happened as a past
//     participle, with the part it happened to in between when the widget
//     has parts: CheckboxToggled, TableRowSelected, TableSorted,
//     TreeNodeSelected, ScrubberPlaybackChanged, ViewportScrolled. The text
//     fields (TextInput, PasswordField, TextArea) share theirs, named
//     Text: TextChanged, TextCursorMoved, TextSubmitted.
//   - Selected means the widget's selection moved: the option, row, node or
//     tab it marks (its Selected or Active), which its state applies.
//     Chosen means an item was picked to act on (Enter on a SelectList's
//     option, a Menu's leaf), which is left to the app. Moved means a
//     cursor that is not a selection moved (a text cursor, a Menu's
//     cursor). Changed means a value changed.
//   - Its first field is ID, the id of the widget that sent it, and a field
//     means the same in every event: Index is a position in the widget's
//     list (an option, a row, a tab), Label that item's text, Value the
//     widget's new value, NodeID and ItemID the id of a TreeNode and of a
//     MenuItem.
//
// The names events had before this rule remain as deprecated aliases for
// one release (SelectionChanged, Chosen, RowSelected, ...).
//
// State helpers (TextInputState, TableState, TreeState, ...) hold what a
// widget needs in an app's model and apply the common messages in one line,
// so an app that needs no special behaviour writes none. Each lives in its
// widget's file, and all share one contract:
//
//   - ID is the id of the widget the state drives. Update applies only
//     messages whose ID equals it and reports whether it used msg, so two
//     tables in one app never apply each other's messages; a state whose
//     ID is empty applies nothing.
//   - View(w) returns w, the widget as the app configures it (label,
//     placeholder, width, theme, ...), with its ID and the fields the
//     state holds filled in from the state:
//     s.Email.View(widgets.TextInput{Label: "Email"}).
//   - Messages that ask the app to act rather than to change the widget
//     (TextSubmitted, SelectListChosen, MenuChosen, ModalConfirmed) are left to the
//     app: Update reports false for them.
//   - Update never changes a slice or map in place that an earlier view
//     may still hold (renderers read the last published view while Update
//     runs): sorting builds a new Rows slice, expanding a node a new
//     Expanded map.
//   - Every state encodes to JSON with snake_case keys ({"id", "value",
//     "cursor_from_end"}), as the items it holds (MenuItem, TableColumn,
//     TreeNode) and a BarChart's Bar do, so a model that embeds one reads
//     in facet_get_model like the rest of an app's model.
//
// Every state a widget draws also shows in plain text, without colour or
// style, because an agent reads the screen as text: the selected item of a
// SelectList or Tree (and a Menu's current item) is marked "› ", the active tab stands between
// ‹ and ›, a placeholder stands between ‹ and › inside its field, a
// disabled Button is drawn "( Label )" instead of "[ Label ]", a
// Checkbox shows "[x]" or "[ ]", a Progress bar its percentage and a
// stopped Spinner its label alone.
//
// One file per widget, each in the same order: the struct and its doc, the
// messages it sends, Render, keys, tools, then its state helper. Its
// Example is in its _example_test.go file.
package widgets
