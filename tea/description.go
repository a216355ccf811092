package tea

// Describer is implemented by widgets that describe themselves to
// renderers (see Description).
type Describer interface {
	Describe() Description
}

// Description is how a widget describes itself to every renderer, in one
// structure: what it is (Role), what it is called (Label), its value, its
// states, its parts and what activating it or each of its parts does. The
// terminal draws a widget with Render; the browser builds the element that
// means the same from its description alone; MCP derives tools from the
// widget's actions (ToolProvider) and shows Label, Role and State in its
// outlines. A widget of an app's own is drawn in the browser as well as a
// built-in one with the same role and description.
//
// A masked widget's description carries nothing of its value: no Value,
// nothing of it in State, Parts or anywhere else, except Length and
// Caret, which only the person's own renderer reads (it draws that many
// bullets); every other renderer describes the widget's Redacted form.
type Description struct {
	// Label is the widget's name: what a person or an agent calls it (a
	// button's text, a field's label, a dialog's title, a text's content).
	Label string `json:"label,omitempty"`
	// Role says what the widget is, in ARIA's words where it has one:
	// "button", "checkbox", "textbox", "listbox", "table", "tree",
	// "tablist", "slider", "spinbutton", "dialog", "menu", "log", "text",
	// "chart", "progressbar", "status", ... A renderer that knows no
	// element for a role draws the widget as its terminal drawing does.
	Role string `json:"role,omitempty"`
	// State is what an agent reads of the widget in MCP's outlines,
	// JSON-encodable: the fields below that matter to it and what is the
	// widget kind's own (a table's row count, a viewport's top line). A
	// masked widget puts nothing of its value in it (not its length).
	State map[string]any `json:"state,omitempty"`

	// Value is the widget's value as text: a field's text, a slider's
	// position as a person reads it. Never a masked widget's.
	Value string `json:"value,omitempty"`
	// Detail is text that says more than the label: a dialog's body.
	Detail string `json:"detail,omitempty"`
	// Placeholder is what shows while there is no value (a field's hint)
	// or nothing to show (a list's text when it has no options).
	Placeholder string `json:"placeholder,omitempty"`
	// States are the widget's states.
	States States `json:"states,omitzero"`
	// Caret is where a text's cursor is, in characters from the start of
	// its value (for a masked widget, of its hidden value, which only the
	// person's own renderer reads).
	Caret int `json:"-"`
	// Length is the number of characters of a masked widget's value, which
	// its person's own renderer shows as that many bullets; 0 otherwise.
	Length int `json:"-"`
	// Range is the range of a slider, a scrubber, a progress bar or a
	// scrolled view, and where in it the widget is; nil when it has none.
	Range *Range `json:"range,omitempty"`
	// Columns and Lines are how much the widget shows at once: a field's
	// width in columns, the lines of a list, a table, a text area or a
	// tree. 0 says nothing.
	Columns int `json:"columns,omitempty"`
	Lines   int `json:"lines,omitempty"`
	// Action is what activating the widget as a whole does (a click on a
	// button or a checkbox): one of its actions (ToolProvider), with its
	// arguments. The zero Act is none: a disabled widget has none.
	Action Act `json:"action,omitzero"`
	// Headers are a table's column headers, in display order.
	Headers []Part `json:"headers,omitempty"`
	// Parts are what a person or an agent picks or acts on one by one, in
	// view order: a listbox's options, a table's rows, a tree's visible
	// nodes, a tablist's tabs, a menu's items, a dialog's choices, a
	// chart's bars, a log's visible lines, a slider's buttons. A widget
	// of many parts gives them apart (see PartsDescriber).
	Parts []Part `json:"parts,omitempty"`
}

// PartsDescriber is implemented by widgets of many parts (a table's
// thousands of rows) that give them apart from Describe, so that what
// describes every widget on every change and reads no parts (MCP's
// outlines and write answers) never builds them. Renderers that draw
// parts read a description with Describe, which joins the two.
type PartsDescriber interface {
	// DescribeParts returns the widget's parts, as Description.Parts.
	DescribeParts() []Part
}

// RowsDescriber is implemented by a PartsDescriber whose parts are a
// table's rows (parts with Cells), so that what shows only a table's
// first rows (MCP's answer to a write that changed it) does not build a
// part for every row.
type RowsDescriber interface {
	// DescribeRows returns the first n of its parts that have cells, as
	// DescribeParts returns them, and how many of its parts have cells.
	DescribeRows(n int) (rows []Part, total int)
}

// States are the states of a widget or of one of its parts. Each is false
// unless the widget (or part) is in it.
type States struct {
	// Focused: the widget has the keyboard focus, which is the runtime's:
	// a widget leaves it unset and a renderer sets it. For a part: it is
	// the one the widget's keys act on now (a menu's cursor).
	Focused bool `json:"focused,omitempty"`
	// Disabled: it takes no input and offers no writes.
	Disabled bool `json:"disabled,omitempty"`
	// Selected: the selected option, row, tab or node.
	Selected bool `json:"selected,omitempty"`
	// Checked: a checkbox that is checked.
	Checked bool `json:"checked,omitempty"`
	// Expandable: it has parts of its own that it shows or hides (a tree
	// node with children, a menu item with a submenu); Expanded: it shows
	// them now.
	Expandable bool `json:"expandable,omitempty"`
	Expanded   bool `json:"expanded,omitempty"`
	// Pressed: a button that stays pressed (a player's that plays).
	Pressed bool `json:"pressed,omitempty"`
	// Hidden: it is in the view but not shown (a closed dialog).
	Hidden bool `json:"hidden,omitempty"`
	// Modal: it holds the keyboard and the mouse while shown (a dialog).
	Modal bool `json:"modal,omitempty"`
	// Multiline: a text that takes line breaks.
	Multiline bool `json:"multiline,omitempty"`
	// Masked: its value is a secret (see Masked).
	Masked bool `json:"masked,omitempty"`
	// Default: the choice Enter takes.
	Default bool `json:"default,omitempty"`
	// Destructive: a choice that destroys something.
	Destructive bool `json:"destructive,omitempty"`
	// Busy: it is working (a spinner that spins).
	Busy bool `json:"busy,omitempty"`
	// Strong and Muted: text that stands out (drawn bold), text that
	// matters less (drawn dimmed).
	Strong bool `json:"strong,omitempty"`
	Muted  bool `json:"muted,omitempty"`
}

// Range is where a widget is in a range: Now between Min and Max.
// NowText and MaxText say Now and Max as a person reads them ("1:05"),
// when plain numbers do not.
type Range struct {
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Now     float64 `json:"now"`
	NowText string  `json:"now_text,omitempty"`
	MaxText string  `json:"max_text,omitempty"`
}

// Part is one part of a widget (see Description.Parts).
type Part struct {
	// Role says what the part is: "option", "row", "columnheader",
	// "treeitem", "tab", "menuitem", "button", "line", "bar", ...
	Role string `json:"role,omitempty"`
	// ID names the part among its widget's parts, where it has a name of
	// its own (a tree node's id, a menu item's, a column's key, a
	// dialog's choice); renderers name a part without one by its index.
	ID string `json:"id,omitempty"`
	// Label is the part's name or text.
	Label string `json:"label,omitempty"`
	// Value is the part's value as text, or for a button a symbol shown
	// in place of its label.
	Value string `json:"value,omitempty"`
	// States are the part's states.
	States States `json:"states,omitzero"`
	// Action is what activating the part does (a click on it).
	Action Act `json:"action,omitzero"`
	// Toggle is what expanding or collapsing an expandable part does (a
	// click on a tree node's arrow).
	Toggle Act `json:"toggle,omitzero"`
	// Level is a tree node's depth, 1 at the top; 0 for other parts.
	Level int `json:"level,omitempty"`
	// Sort is how a column header's column sorts the rows: "ascending",
	// "descending", or "" when it does not.
	Sort string `json:"sort,omitempty"`
	// Numeric: a column of numbers (drawn aligned right).
	Numeric bool `json:"numeric,omitempty"`
	// Cells are a row's cells, in the order of the table's Headers.
	Cells []string `json:"cells,omitempty"`
	// Range is a bar's value (Now, the chart scaling bars to the largest),
	// nil for other parts.
	Range *Range `json:"range,omitempty"`
	// Parts are the part's own parts, as far as it shows them (an open
	// menu item's submenu).
	Parts []Part `json:"parts,omitempty"`
	// Holds are the ids of the widgets the part shows when its Action is
	// taken, for a container that hides what its other parts hold (a
	// tab's pane): so an agent learns where a widget is before it is
	// shown. Empty when the container does not say.
	Holds []string `json:"holds,omitempty"`
}

// Act is what activating a widget or a part does: the name of one of the
// widget's actions (see ToolProvider) and its arguments, in order. A
// renderer that is clicked sends it as an agent's tool call is sent:
// Invoke with ArgMap, then the message to Update; unless the widget is a
// PartClicker that decides what the click means. The zero Act does
// nothing.
type Act struct {
	Name string `json:"name,omitempty"`
	Args []Arg  `json:"args,omitempty"`
}

// Arg is one argument of an Act: its name and a JSON-encodable value. A
// nil Value in a widget's own Act (a slider's) stands for the point of
// the widget's Range that the click picks: the renderer puts it there.
type Arg struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// IsZero reports whether the Act does nothing.
func (a Act) IsZero() bool { return a.Name == "" }

// ArgMap returns the Act's arguments as Invoke takes them (nil when it
// has none).
func (a Act) ArgMap() map[string]any {
	if len(a.Args) == 0 {
		return nil
	}
	m := make(map[string]any, len(a.Args))
	for _, x := range a.Args {
		m[x.Name] = x.Value
	}
	return m
}

// Arg returns the value of the argument name, or nil.
func (a Act) Arg(name string) any {
	for _, x := range a.Args {
		if x.Name == name {
			return x.Value
		}
	}
	return nil
}

// PartClicker is implemented by widgets for which a click on a part means
// more than the action it names, as a click in the terminal does: a click
// on the option a list already selects chooses it; a click on an open
// submenu closes it.
type PartClicker interface {
	// ClickPart returns the message a click on a part that stands for act
	// sends, or ok false when the click is act's action, invoked as a tool
	// call is. err says why the click sends nothing.
	ClickPart(act Act) (msg Msg, ok bool, err error)
}

// Describe returns w's whole description, its parts included (see
// PartsDescriber), or the zero Description and false when w does not
// describe itself.
func Describe(w Widget) (Description, bool) {
	d, ok := w.(Describer)
	if !ok {
		return Description{}, false
	}
	desc := d.Describe()
	if p, ok := w.(PartsDescriber); ok {
		desc.Parts = p.DescribeParts()
	}
	return desc, true
}
