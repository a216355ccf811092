package web

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// widget draws one widget as the HTML element that means the same thing.
// Every widget's root element carries its DOM id, data-w (the widget id,
// where clicks go) and tabindex -1 (focus follows the runtime's, never the
// browser's own Tab order). Clickable parts carry data-act (the action a
// click stands for) and data-args (its arguments as JSON).
func (p *page) widget(w tea.Widget) *element {
	id := w.WidgetID()
	dom := p.widgetID(id)
	focused := p.snap.Focus == id && id != ""
	base := func(kind string, extra ...string) []attr {
		return []attr{a("class", classes(append([]string{"w", kind, when(focused, "focused")}, extra...)...)),
			a("data-w", id), a("tabindex", "-1")}
	}
	switch w := w.(type) {
	case widgets.Button:
		return tag("button", dom, append(base("button"), a("type", "button"), flag("disabled", w.Disabled), act(!w.Disabled, "click"))...).withText(w.Label)
	case widgets.Checkbox:
		box := tag("input", dom+":box", a("type", "checkbox"), flag("checked", w.Checked), flag("disabled", w.Disabled), a("tabindex", "-1"))
		return tag("label", dom, append(base("checkbox", when(w.Disabled, "disabled")), act(!w.Disabled, "toggle"))...).with(
			box, tag("span", dom+":label", a("class", "label")).withText(w.Label))
	case widgets.TextInput:
		return p.field(dom, base, fieldSpec{label: w.Label, value: w.Value, placeholder: w.Placeholder, masked: w.Mask != 0,
			disabled: w.Disabled, cursorFromEnd: w.CursorFromEnd, width: w.Width})
	case widgets.PasswordField:
		return p.field(dom, base, fieldSpec{label: w.Label, value: w.Value, masked: true,
			disabled: w.Disabled, cursorFromEnd: w.CursorFromEnd, width: w.Width})
	case widgets.TextArea:
		return p.textArea(dom, base, w)
	case widgets.SelectList:
		return p.list(dom, base, w)
	case widgets.Table:
		return p.table(dom, base, w)
	case widgets.Tree:
		return p.tree(dom, base, w)
	case widgets.Tabs:
		e := tag("div", dom, append(base("tabs"), a("role", "tablist"))...)
		for i, t := range w.Tabs {
			e.with(tag("button", fmt.Sprintf("%s:t%d", dom, i), a("type", "button"), a("role", "tab"),
				a("aria-selected", strconv.FormatBool(i == w.Active)), a("class", classes("tab", when(i == w.Active, "active"))),
				a("tabindex", "-1"), act(true, "select_tab", "index", i)).withText(t))
		}
		return e
	case widgets.Viewport:
		return p.viewport(dom, base, w)
	case widgets.Scrubber:
		return p.scrubber(dom, base, w)
	case widgets.Modal:
		return p.modal(dom, base, w)
	case widgets.Menu:
		return p.menu(dom, base, w)
	case widgets.Text:
		return tag("p", dom, append(base("text", when(w.Bold, "bold"), when(w.Muted, "muted")), a("role", "status"))...).withText(w.Content)
	case widgets.BarChart:
		return p.bars(dom, base, w)
	}
	// A widget this renderer has no element for (a Sparkline, an app's
	// own): its terminal drawing, as text.
	return tag("pre", dom, append(base("drawn", strings.ReplaceAll(w.WidgetKind(), "_", "-")), a("role", "img"), a("aria-label", w.WidgetKind()+" "+id))...).withText(drawn(w, focused))
}

// scrollRegion turns a widget's root attributes (base's) into those of a
// region that scrolls: focusable from the keyboard (tabindex 0, instead of
// base's -1) and named by label.
func scrollRegion(attrs []attr, label string) []attr {
	out := make([]attr, 0, len(attrs)+2)
	for _, at := range attrs {
		if at.name != "tabindex" {
			out = append(out, at)
		}
	}
	return append(out, a("tabindex", "0"), a("role", "region"), a("aria-label", label))
}

// act is the data-act and data-args of a clickable part: the action a
// click stands for and its arguments as name, value pairs.
func act(on bool, action string, args ...any) attr {
	if !on {
		return attr{}
	}
	// The arguments ride in the same attribute, after a space: the page
	// splits them off.
	if len(args) == 0 {
		return a("data-act", action)
	}
	var b strings.Builder
	b.WriteString(action + " {")
	for i := 0; i+1 < len(args); i += 2 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"` + args[i].(string) + `":`)
		if n, ok := args[i+1].(int); ok {
			b.WriteString(strconv.Itoa(n))
			continue
		}
		js, _ := json.Marshal(args[i+1]) // strings and string slices: always encodable
		b.Write(js)
	}
	b.WriteString("}")
	return a("data-act", b.String())
}

// drawn is the widget's terminal drawing without styles, or a word that
// says it failed to draw.
func drawn(w tea.Widget, focused bool) (out string) {
	defer func() {
		if recover() != nil {
			out = "(this widget failed to draw)"
		}
	}()
	return ansi.Strip(w.Render(tea.RenderContext{Width: 60, Focused: focused}))
}

// fieldSpec is what a one-line text field shows.
type fieldSpec struct {
	label, value, placeholder string
	masked, disabled          bool
	cursorFromEnd, width      int
}

// field draws a text field as a labelled <input>. A masked field is an
// <input type="password"> that carries only its length: the value never
// leaves the server, and the page draws that many bullets.
func (p *page) field(dom string, base func(string, ...string) []attr, f fieldSpec) *element {
	input := []attr{a("class", "input"), a("tabindex", "-1"), a("autocomplete", "off"), a("spellcheck", "false"),
		flag("disabled", f.disabled)}
	runes := len([]rune(f.value))
	caret := strconv.Itoa(max(runes-max(f.cursorFromEnd, 0), 0))
	if f.masked {
		input = append(input, a("type", "password"), a("data-len", strconv.Itoa(runes)), a("data-caret", caret))
	} else {
		input = append(input, a("type", "text"), a("value", f.value), a("data-caret", caret))
	}
	if f.placeholder != "" {
		input = append(input, a("placeholder", f.placeholder))
	}
	if f.width > 0 {
		input = append(input, a("style", fmt.Sprintf("width:%dch", f.width+1)))
	}
	e := tag("label", dom, append(base("field", when(f.disabled, "disabled")), act(!f.disabled, "focus"))...)
	if f.label != "" {
		e.with(tag("span", dom+":label", a("class", "label")).withText(f.label))
	}
	return e.with(tag("input", dom+":input", input...))
}

// textArea draws a TextArea as a labelled <textarea>.
func (p *page) textArea(dom string, base func(string, ...string) []attr, w widgets.TextArea) *element {
	rows := w.Height
	if rows <= 0 {
		rows = widgets.DefaultTextAreaHeight
	}
	runes := len([]rune(w.Value))
	caret := strconv.Itoa(max(runes-max(w.CursorFromEnd, 0), 0))
	area := tag("textarea", dom+":input", a("class", "input"), a("rows", strconv.Itoa(rows)), a("tabindex", "-1"),
		a("spellcheck", "false"), flag("disabled", w.Disabled), a("placeholder", w.Placeholder), a("data-caret", caret)).withText(w.Value)
	e := tag("label", dom, append(base("field", "area", when(w.Disabled, "disabled")), act(!w.Disabled, "focus"))...)
	if w.Label != "" {
		e.with(tag("span", dom+":label", a("class", "label")).withText(w.Label))
	}
	return e.with(area)
}

// list draws a SelectList as a labelled listbox of options.
func (p *page) list(dom string, base func(string, ...string) []attr, w widgets.SelectList) *element {
	e := tag("div", dom, base("list", when(w.Disabled, "disabled"))...)
	if w.Label != "" {
		e.with(tag("span", dom+":label", a("class", "label")).withText(w.Label))
	}
	height := w.Height
	if height <= 0 {
		height = widgets.DefaultListHeight
	}
	// The options scroll: the box takes keyboard focus (tabindex 0) so
	// that a keyboard reaches all of them, and is named by the label.
	box := tag("div", dom+":box", a("class", "options"), a("role", "listbox"), a("aria-label", or(w.Label, w.ID)), a("tabindex", "0"),
		a("aria-disabled", strconv.FormatBool(w.Disabled)), a("style", fmt.Sprintf("max-height:%dlh", height)))
	if len(w.Options) == 0 {
		empty := w.Empty
		if empty == "" {
			empty = "(no options)"
		}
		box.with(tag("div", dom+":empty", a("class", "empty muted")).withText(empty))
	}
	for i, o := range w.Options {
		sel := i == w.Selected
		box.with(tag("div", fmt.Sprintf("%s:o%d", dom, i), a("role", "option"), a("aria-selected", strconv.FormatBool(sel)),
			a("class", classes("option", when(sel, "selected"))), act(!w.Disabled, "select", "index", i)).withText(o))
	}
	return e.with(box)
}

// table draws a Table as a <table>: each header a button that sorts by its
// column (the other way when it already sorts ascending, as a click on the
// terminal's header does), each row selectable.
func (p *page) table(dom string, base func(string, ...string) []attr, w widgets.Table) *element {
	height := w.Height
	if height <= 0 {
		height = 10
	}
	// The rows scroll: the table's box is a named region that takes
	// keyboard focus, so that a keyboard reaches every row.
	e := tag("div", dom, append(scrollRegion(base("table", when(w.Disabled, "disabled")), "table "+w.ID), a("style", fmt.Sprintf("max-height:%dlh", height+1)))...)
	head := tag("tr", dom+":head")
	for _, c := range w.Columns {
		sort, arrow := "none", ""
		next := widgets.SortAsc
		if c.Key == w.SortColumn {
			switch w.SortDirection {
			case widgets.SortDesc:
				sort, arrow = "descending", " ▼"
			default:
				sort, arrow, next = "ascending", " ▲", widgets.SortDesc
			}
		}
		th := tag("th", dom+":h:"+c.Key, a("scope", "col"), a("aria-sort", sort), a("class", when(c.Align == widgets.AlignRight, "num")))
		th.with(tag("button", "", a("type", "button"), a("class", "sort"), a("tabindex", "-1"),
			act(!w.Disabled, "sort", "column", c.Key, "direction", next)).withText(c.Title + arrow))
		head.with(th)
	}
	body := tag("tbody", dom+":body")
	for i, r := range w.Rows {
		sel := i == w.Selected
		tr := tag("tr", fmt.Sprintf("%s:r%d", dom, i), a("aria-selected", strconv.FormatBool(sel)),
			a("class", when(sel, "selected")), act(!w.Disabled, "select_row", "index", i))
		// The cells are the row's inner HTML, not elements of their own:
		// a row changes whole, and a table of thousands paints fast.
		var cells strings.Builder
		for j, c := range w.Columns {
			cell := ""
			if j < len(r) {
				cell = r[j]
			}
			cells.WriteString(when(c.Align == widgets.AlignRight, `<td class="num">`))
			cells.WriteString(when(c.Align != widgets.AlignRight, `<td>`))
			cells.WriteString(html.EscapeString(cell))
			cells.WriteString(`</td>`)
		}
		tr.inner = cells.String()
		body.with(tr)
	}
	return e.with(tag("table", dom+":table", a("aria-label", w.ID)).with(tag("thead", dom+":thead").with(head), body))
}

// tree draws a Tree as an ARIA tree of its visible nodes: a click on a
// node selects it, a click on its arrow expands or collapses it.
func (p *page) tree(dom string, base func(string, ...string) []attr, w widgets.Tree) *element {
	height := w.Height
	if height <= 0 {
		height = widgets.DefaultListHeight
	}
	ul := tag("ul", dom+":tree", a("role", "tree"), a("aria-label", w.ID), a("tabindex", "0"), a("style", fmt.Sprintf("max-height:%dlh", height)))
	var walk func(nodes []widgets.TreeNode, depth int)
	walk = func(nodes []widgets.TreeNode, depth int) {
		for _, n := range nodes {
			sel := n.ID == w.Selected
			open := w.Expanded[n.ID]
			attrs := []attr{a("role", "treeitem"), a("aria-level", strconv.Itoa(depth+1)),
				a("aria-selected", strconv.FormatBool(sel)), a("class", classes("node", when(sel, "selected"))),
				a("style", fmt.Sprintf("padding-left:%dch", 2*depth)), act(true, "select_node", "node_id", n.ID)}
			twisty := tag("span", "", a("class", "twisty leaf"), a("aria-hidden", "true")).withText(" ")
			if len(n.Children) > 0 {
				attrs = append(attrs, a("aria-expanded", strconv.FormatBool(open)))
				arrow, verb := "▸", "expand"
				if open {
					arrow, verb = "▾", "collapse"
				}
				twisty = tag("span", "", a("class", "twisty"), a("aria-hidden", "true"), act(true, verb, "node_id", n.ID)).withText(arrow)
			}
			li := tag("li", dom+":n:"+n.ID, attrs...).with(twisty)
			li.with(tag("span", "", a("class", "node-label")).withText(n.Label))
			ul.with(li)
			if len(n.Children) > 0 && open {
				walk(n.Children, depth+1)
			}
		}
	}
	walk(w.Nodes, 0)
	return tag("div", dom, base("tree")...).with(ul)
}

// viewport draws the lines a Viewport shows; the wheel scrolls it as in
// the terminal.
func (p *page) viewport(dom string, base func(string, ...string) []attr, w widgets.Viewport) *element {
	height := w.Height
	if height <= 0 {
		height = len(w.Lines)
	}
	top := min(max(w.Top, 0), max(len(w.Lines)-height, 0))
	end := min(top+height, len(w.Lines))
	e := tag("div", dom, append(base("viewport"), a("data-wheel", "1"), a("role", "log"),
		a("aria-label", fmt.Sprintf("lines %d-%d of %d", top+1, end, len(w.Lines))))...)
	for i := top; i < end; i++ {
		e.with(tag("div", fmt.Sprintf("%s:l%d", dom, i-top), a("class", "line")).withText(w.Lines[i]))
	}
	return e
}

// scrubber draws a Scrubber as a play/pause button and a slider a click
// seeks on.
func (p *page) scrubber(dom string, base func(string, ...string) []attr, w widgets.Scrubber) *element {
	hi := max(w.Max, w.Min)
	pos := min(max(w.Position, w.Min), hi)
	e := tag("div", dom, base("scrubber", when(w.Disabled, "disabled"))...)
	if w.Label != "" {
		e.with(tag("span", dom+":label", a("class", "label")).withText(w.Label))
	}
	verb, icon := "play", "▶"
	if w.Playing {
		verb, icon = "pause", "⏸"
	}
	e.with(tag("button", dom+":play", a("type", "button"), a("class", "play"), a("aria-label", verb), a("tabindex", "-1"),
		flag("disabled", w.Disabled), act(!w.Disabled, verb)).withText(icon))
	e.with(tag("span", dom+":at", a("class", "time")).withText(widgets.Clock(pos)))
	pct := 0.0
	if hi > w.Min {
		pct = 100 * float64(pos-w.Min) / float64(hi-w.Min)
	}
	slider := tag("div", dom+":bar", a("class", "bar"), a("role", "slider"), a("aria-label", or(w.Label, w.ID)), a("aria-valuemin", strconv.Itoa(w.Min)),
		a("aria-valuemax", strconv.Itoa(hi)), a("aria-valuenow", strconv.Itoa(pos)), a("aria-valuetext", widgets.Clock(pos)+" of "+widgets.Clock(hi)),
		a("aria-disabled", strconv.FormatBool(w.Disabled)), a("data-min", strconv.Itoa(w.Min)), a("data-max", strconv.Itoa(hi)),
		act(!w.Disabled, "seek"))
	slider.with(tag("div", "", a("class", "fill"), a("style", fmt.Sprintf("width:%.2f%%", pct))))
	e.with(slider, tag("span", dom+":end", a("class", "time")).withText(widgets.Clock(hi)))
	return e
}

// modal draws a visible Modal as a dialog over the page with its two
// choices as buttons, the highlighted one (Enter's) marked; a hidden one
// as an empty, hidden element.
func (p *page) modal(dom string, base func(string, ...string) []attr, w widgets.Modal) *element {
	if !w.Visible {
		return tag("div", dom, append(base("modal"), flag("hidden", true))...)
	}
	confirm, dismiss := w.ConfirmLabel, w.DismissLabel
	if confirm == "" {
		confirm = "OK"
	}
	if dismiss == "" {
		dismiss = "Cancel"
	}
	hl := w.Highlighted
	if hl != widgets.ModalConfirm && hl != widgets.ModalDismiss {
		hl = widgets.ModalConfirm
		if w.Destructive {
			hl = widgets.ModalDismiss
		}
	}
	dialog := tag("div", dom+":dialog", a("class", "dialog"), a("role", "alertdialog"), a("aria-modal", "true"),
		a("aria-labelledby", dom+":title"), a("aria-describedby", dom+":body"))
	dialog.with(tag("h2", dom+":title", a("class", "dialog-title")).withText(w.Title),
		tag("p", dom+":body", a("class", "dialog-body")).withText(w.Body))
	choices := tag("div", dom+":choices", a("class", "choices"))
	choices.with(
		tag("button", dom+":confirm", a("type", "button"), a("tabindex", "-1"),
			a("class", classes("choice", when(w.Destructive, "destructive"), when(hl == widgets.ModalConfirm, "highlighted"))),
			act(true, "confirm")).withText(confirm),
		tag("button", dom+":dismiss", a("type", "button"), a("tabindex", "-1"),
			a("class", classes("choice", when(hl == widgets.ModalDismiss, "highlighted"))),
			act(true, "dismiss")).withText(dismiss))
	return tag("div", dom, base("modal", "open")...).with(dialog.with(choices))
}

// menu draws a Menu as a menubar whose open submenus are menus under their
// item; a click on an item with children opens or closes it, a click on
// any other enabled item chooses it.
func (p *page) menu(dom string, base func(string, ...string) []attr, w widgets.Menu) *element {
	var level func(items []widgets.MenuItem, depth int, role string) *element
	level = func(items []widgets.MenuItem, depth int, role string) *element {
		path := w.Open[:min(depth, len(w.Open))]
		box := tag("ul", fmt.Sprintf("%s:m%d", dom, depth), a("class", classes("menu-level", when(depth > 0, "submenu"))), a("role", role))
		for _, it := range items {
			open := depth < len(w.Open) && w.Open[depth] == it.ID
			attrs := []attr{a("role", "menuitem"), a("class", classes("item", when(it.ID == w.Cursor, "cursor"), when(open, "open"), when(it.Disabled, "disabled"))),
				a("aria-disabled", strconv.FormatBool(it.Disabled))}
			if len(it.Children) > 0 {
				next := append(append([]string{}, path...), it.ID)
				if open {
					next = append([]string{}, path...)
				}
				attrs = append(attrs, a("aria-haspopup", "menu"), a("aria-expanded", strconv.FormatBool(open)), act(!it.Disabled, "open", "path", next))
			} else {
				attrs = append(attrs, act(!it.Disabled, "select", "item_id", it.ID))
			}
			li := tag("li", dom+":i:"+it.ID, attrs...).with(tag("span", "", a("class", "item-label")).withText(it.Label))
			if open && len(it.Children) > 0 {
				li.with(level(it.Children, depth+1, "menu"))
			}
			box.with(li)
		}
		return box
	}
	return tag("nav", dom, base("menu")...).with(level(w.Items, 0, "menubar"))
}

// bars draws a BarChart as labelled bars scaled to the largest value.
func (p *page) bars(dom string, base func(string, ...string) []attr, w widgets.BarChart) *element {
	top := 0.0
	for _, b := range w.Bars {
		top = max(top, b.Value)
	}
	e := tag("figure", dom, base("bars")...)
	for i, b := range w.Bars {
		pct := 0.0
		if top > 0 {
			pct = 100 * max(b.Value, 0) / top
		}
		e.with(tag("div", fmt.Sprintf("%s:b%d", dom, i), a("class", "bar-row")).with(
			tag("span", "", a("class", "bar-label")).withText(b.Label),
			tag("span", "", a("class", "bar-track")).with(tag("span", "", a("class", "bar-fill"), a("style", fmt.Sprintf("width:%.2f%%", pct)))),
			tag("span", "", a("class", "bar-value")).withText(strconv.FormatFloat(b.Value, 'g', 4, 64))))
	}
	return e
}
