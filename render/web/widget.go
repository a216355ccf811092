package web

import (
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

// widget draws one widget as the HTML element that means the same thing,
// built from its description (tea.Describer) alone: one element per role,
// so an app's own widget is drawn as a built-in one with the same role and
// description is. A widget that does not describe itself, or whose role
// has no element here, is drawn as its terminal drawing, as text.
//
// Every widget's root element carries its DOM id, data-w (the widget id,
// where clicks go) and tabindex -1 (focus follows the runtime's, never the
// browser's own Tab order). Clickable parts carry data-act: the Act a
// click stands for (see act).
func (p *page) widget(w tea.Widget) *element {
	id := w.WidgetID()
	dom := p.widgetID(id)
	focused := p.snap.Focus == id && id != ""
	e := drawing{id: id, dom: dom, focused: focused, style: ownThemeStyle(w)}
	if d, ok := describe(w); ok {
		e.d = d
		e.d.States.Focused = focused
		if el := e.element(); el != nil {
			return el
		}
	}
	// A widget with no element here (a Sparkline, an app's own of another
	// role): its terminal drawing, as text, which a click activates when
	// its description says what that does.
	return tag("pre", dom, append(e.base("drawn", strings.ReplaceAll(w.WidgetKind(), "_", "-")), a("role", "img"),
		a("aria-label", w.WidgetKind()+" "+id), act(e.d.Action))...).withText(drawn(w, focused))
}

// describe is w's description, or false when it has none (or panics
// giving it).
func describe(w tea.Widget) (d tea.Description, ok bool) {
	defer func() {
		if recover() != nil {
			d, ok = tea.Description{}, false
		}
	}()
	return tea.Describe(w)
}

// drawing is one widget being drawn: its id, its DOM id, whether it has
// focus, and its description.
type drawing struct {
	id, dom string
	focused bool
	d       tea.Description
	// style dresses a widget with a theme of its own in it (ownThemeStyle).
	style string
}

// element is the widget's element for its role, or nil when the role has
// none (or the description lacks what the role's element shows).
func (e drawing) element() *element {
	switch e.d.Role {
	case "button":
		return e.button()
	case "checkbox":
		return e.checkbox()
	case "textbox":
		if e.d.States.Multiline && !e.d.States.Masked {
			return e.textArea()
		}
		return e.field()
	case "listbox":
		return e.list()
	case "table", "grid":
		return e.table()
	case "tree":
		return e.tree()
	case "tablist":
		return e.tabs()
	case "viewport", "log":
		return e.log()
	case "scrubber", "slider":
		return e.slider()
	case "spinbutton":
		return e.spin()
	case "dialog", "alertdialog":
		return e.dialog()
	case "menu", "menubar":
		return e.menu()
	case "text":
		return tag("p", e.dom, append(e.base("text", when(e.d.States.Strong, "bold"), when(e.d.States.Muted, "muted")), a("role", "status"))...).withText(e.d.Label)
	case "chart":
		if len(e.d.Parts) > 0 {
			return e.bars()
		}
	}
	return nil
}

// base is the widget's root attributes: its class (w, kind, focused and
// extra), data-w, tabindex and, for a widget with a theme of its own, its
// style.
func (e drawing) base(kind string, extra ...string) []attr {
	attrs := []attr{a("class", classes(append([]string{"w", kind, when(e.focused, "focused")}, extra...)...)),
		a("data-w", e.id), a("tabindex", "-1")}
	if e.style != "" {
		attrs = append(attrs, a("style", e.style))
	}
	return attrs
}

// partID is the DOM id of part i: the widget's DOM id, ":", and prefix
// with the part's own id, or its index when it has none.
func (e drawing) partID(prefix string, i int, part tea.Part) string {
	if part.ID != "" {
		return e.dom + ":" + prefix + part.ID
	}
	return e.dom + ":" + prefix + strconv.Itoa(i)
}

// button draws a button.
func (e drawing) button() *element {
	return tag("button", e.dom, append(e.base("button"), a("type", "button"), flag("disabled", e.d.States.Disabled), act(e.d.Action))...).withText(e.d.Label)
}

// checkbox draws a checkbox as a labelled check box.
func (e drawing) checkbox() *element {
	d := e.d
	box := tag("input", e.dom+":box", a("type", "checkbox"), flag("checked", d.States.Checked), flag("disabled", d.States.Disabled), a("tabindex", "-1"))
	return tag("label", e.dom, append(e.base("checkbox", when(d.States.Disabled, "disabled")), act(d.Action))...).with(
		box, tag("span", e.dom+":label", a("class", "label")).withText(d.Label))
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

// maxHeight is the style that shows lines lines at once, or none for 0.
func maxHeight(lines int) attr {
	if lines <= 0 {
		return attr{}
	}
	return a("style", fmt.Sprintf("max-height:%dlh", lines))
}

// act is the data-act of a clickable part: the Act a click stands for,
// its name and then its arguments as a JSON object, after a space (the
// page splits them off). An argument without a value (a slider's) is the
// point the click picks: the page fills it in.
func act(x tea.Act) attr {
	if x.IsZero() {
		return attr{}
	}
	var b strings.Builder
	b.WriteString(x.Name)
	n := 0
	for _, arg := range x.Args {
		if arg.Value == nil {
			continue
		}
		b.WriteString(when(n == 0, " {"))
		b.WriteString(when(n > 0, ","))
		n++
		writeKey(&b, arg.Name)
		if i, ok := arg.Value.(int); ok {
			b.WriteString(strconv.Itoa(i))
			continue
		}
		js, err := json.Marshal(arg.Value)
		if err != nil {
			return attr{} // a value JSON cannot encode: no click can send it
		}
		b.Write(js)
	}
	b.WriteString(when(n > 0, "}"))
	return a("data-act", b.String())
}

// writeKey writes name as a JSON object's key and its colon: quoted as
// it is when it is a plain name (index, node_id), as JSON escapes it
// otherwise.
func writeKey(b *strings.Builder, name string) {
	plain := true
	for i := 0; i < len(name) && plain; i++ {
		c := name[i]
		plain = c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	if plain {
		b.WriteByte('"')
		b.WriteString(name)
		b.WriteString(`":`)
		return
	}
	key, _ := json.Marshal(name)
	b.Write(key)
	b.WriteString(":")
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

// field draws a one-line textbox as a labelled <input>, which a click
// focuses. A masked field is an <input type="password"> that carries only
// its length: the value never leaves the server, and the page draws that
// many bullets.
func (e drawing) field() *element {
	d := e.d
	input := []attr{a("class", "input"), a("tabindex", "-1"), a("autocomplete", "off"), a("spellcheck", "false"),
		flag("disabled", d.States.Disabled)}
	caret := strconv.Itoa(max(d.Caret, 0))
	if d.States.Masked {
		input = append(input, a("type", "password"), a("data-len", strconv.Itoa(d.Length)), a("data-caret", caret))
	} else {
		input = append(input, a("type", "text"), a("value", d.Value), a("data-caret", caret))
	}
	if d.Placeholder != "" {
		input = append(input, a("placeholder", d.Placeholder))
	}
	if d.Columns > 0 {
		input = append(input, a("style", fmt.Sprintf("width:%dch", d.Columns+1)))
	}
	label := tag("label", e.dom, append(e.base("field", when(d.States.Disabled, "disabled")), focusAct(!d.States.Disabled))...)
	if d.Label != "" {
		label.with(tag("span", e.dom+":label", a("class", "label")).withText(d.Label))
	}
	return label.with(tag("input", e.dom+":input", input...))
}

// focusAct is the data-act of a field, which a click only focuses.
func focusAct(on bool) attr { return act(tea.Act{Name: when(on, "focus")}) }

// textArea draws a multiline textbox as a labelled <textarea> of Lines
// rows.
func (e drawing) textArea() *element {
	d := e.d
	rows := attr{}
	if d.Lines > 0 {
		rows = a("rows", strconv.Itoa(d.Lines))
	}
	area := tag("textarea", e.dom+":input", a("class", "input"), rows, a("tabindex", "-1"),
		a("spellcheck", "false"), flag("disabled", d.States.Disabled), a("placeholder", d.Placeholder),
		a("data-caret", strconv.Itoa(max(d.Caret, 0)))).withText(d.Value)
	label := tag("label", e.dom, append(e.base("field", "area", when(d.States.Disabled, "disabled")), focusAct(!d.States.Disabled))...)
	if d.Label != "" {
		label.with(tag("span", e.dom+":label", a("class", "label")).withText(d.Label))
	}
	return label.with(area)
}

// list draws a listbox as a labelled list of its options.
func (e drawing) list() *element {
	d := e.d
	el := tag("div", e.dom, e.base("list", when(d.States.Disabled, "disabled"))...)
	if d.Label != "" {
		el.with(tag("span", e.dom+":label", a("class", "label")).withText(d.Label))
	}
	// The options scroll: the box takes keyboard focus (tabindex 0) so
	// that a keyboard reaches all of them, and is named by the label.
	box := tag("div", e.dom+":box", a("class", "options"), a("role", "listbox"), a("aria-label", or(d.Label, e.id)), a("tabindex", "0"),
		a("aria-disabled", strconv.FormatBool(d.States.Disabled)), maxHeight(d.Lines))
	if len(d.Parts) == 0 {
		box.with(tag("div", e.dom+":empty", a("class", "empty muted")).withText(or(d.Placeholder, "(no options)")))
	}
	for i, o := range d.Parts {
		sel := o.States.Selected
		box.with(tag("div", e.partID("o", i, tea.Part{}), a("role", "option"), a("aria-selected", strconv.FormatBool(sel)),
			a("class", classes("option", when(sel, "selected"))), act(o.Action)).withText(o.Label))
	}
	return el.with(box)
}

// table draws a table as a <table>: each header a button that does what
// its Act says (sorts by its column), each row selectable.
func (e drawing) table() *element {
	d := e.d
	// The rows scroll: the table's box is a named region that takes
	// keyboard focus, so that a keyboard reaches every row.
	height := attr{}
	if d.Lines > 0 {
		height = maxHeight(d.Lines + 1)
	}
	el := tag("div", e.dom, append(scrollRegion(e.base("table", when(d.States.Disabled, "disabled")), "table "+e.id), height)...)
	head := tag("tr", e.dom+":head")
	for i, c := range d.Headers {
		sort, arrow := "none", ""
		switch c.Sort {
		case "ascending":
			sort, arrow = "ascending", " ▲"
		case "descending":
			sort, arrow = "descending", " ▼"
		}
		th := tag("th", e.partID("h:", i, c), a("scope", "col"), a("aria-sort", sort), a("class", when(c.Numeric, "num")))
		th.with(tag("button", "", a("type", "button"), a("class", "sort"), a("tabindex", "-1"), act(c.Action)).withText(c.Label + arrow))
		head.with(th)
	}
	body := tag("tbody", e.dom+":body")
	for i, r := range d.Parts {
		sel := r.States.Selected
		tr := tag("tr", e.partID("r", i, tea.Part{}), a("aria-selected", strconv.FormatBool(sel)),
			a("class", when(sel, "selected")), act(r.Action))
		// The cells are the row's inner HTML, not elements of their own:
		// a row changes whole, and a table of thousands paints fast.
		var cells strings.Builder
		for j, c := range d.Headers {
			cell := ""
			if j < len(r.Cells) {
				cell = r.Cells[j]
			}
			cells.WriteString(when(c.Numeric, `<td class="num">`))
			cells.WriteString(when(!c.Numeric, `<td>`))
			cells.WriteString(html.EscapeString(cell))
			cells.WriteString(`</td>`)
		}
		tr.inner = cells.String()
		body.with(tr)
	}
	return el.with(tag("table", e.dom+":table", a("aria-label", e.id)).with(tag("thead", e.dom+":thead").with(head), body))
}

// tree draws a tree as an ARIA tree of its visible nodes: a click on a
// node does its Act (selects it), a click on its arrow its Toggle (expands
// or collapses it).
func (e drawing) tree() *element {
	d := e.d
	ul := tag("ul", e.dom+":tree", a("role", "tree"), a("aria-label", e.id), a("tabindex", "0"), maxHeight(d.Lines))
	for i, n := range d.Parts {
		sel := n.States.Selected
		attrs := []attr{a("role", "treeitem"), a("aria-level", strconv.Itoa(max(n.Level, 1))),
			a("aria-selected", strconv.FormatBool(sel)), a("class", classes("node", when(sel, "selected"))),
			a("style", fmt.Sprintf("padding-left:%dch", 2*max(n.Level-1, 0))), act(n.Action)}
		twisty := tag("span", "", a("class", "twisty leaf"), a("aria-hidden", "true")).withText(" ")
		if n.States.Expandable {
			attrs = append(attrs, a("aria-expanded", strconv.FormatBool(n.States.Expanded)))
			arrow := "▸"
			if n.States.Expanded {
				arrow = "▾"
			}
			twisty = tag("span", "", a("class", "twisty"), a("aria-hidden", "true"), act(n.Toggle)).withText(arrow)
		}
		li := tag("li", e.partID("n:", i, n), attrs...).with(twisty)
		ul.with(li.with(tag("span", "", a("class", "node-label")).withText(n.Label)))
	}
	return tag("div", e.dom, e.base("tree")...).with(ul)
}

// tabs draws a tablist as a row of tabs.
func (e drawing) tabs() *element {
	el := tag("div", e.dom, append(e.base("tabs"), a("role", "tablist"))...)
	for i, t := range e.d.Parts {
		sel := t.States.Selected
		el.with(tag("button", e.partID("t", i, tea.Part{}), a("type", "button"), a("role", "tab"),
			a("aria-selected", strconv.FormatBool(sel)), a("class", classes("tab", when(sel, "active"))),
			a("tabindex", "-1"), act(t.Action)).withText(t.Label))
	}
	return el
}

// log draws the lines a scrolled view shows (its parts), its Range where
// it is scrolled to; the wheel scrolls it as in the terminal.
func (e drawing) log() *element {
	d := e.d
	top, total := 0, len(d.Parts)
	if d.Range != nil {
		top, total = int(d.Range.Now), int(d.Range.Max)
	}
	el := tag("div", e.dom, append(e.base("viewport"), a("data-wheel", "1"), a("role", "log"),
		a("aria-label", fmt.Sprintf("lines %d-%d of %d", top+1, top+len(d.Parts), total)))...)
	for i, l := range d.Parts {
		el.with(tag("div", e.partID("l", i, tea.Part{}), a("class", "line")).withText(l.Label))
	}
	return el
}

// slider draws a slider (a scrubber: a player's) as its buttons, its
// position as text, a bar a click moves to (its Act, with the position
// clicked), and its end as text.
func (e drawing) slider() *element {
	d := e.d
	if d.Range == nil {
		return nil
	}
	kind, button := "slider", "step"
	if d.Role == "scrubber" {
		kind, button = "scrubber", "play"
	}
	lo, hi, now := d.Range.Min, max(d.Range.Max, d.Range.Min), d.Range.Now
	now = min(max(now, lo), hi)
	el := tag("div", e.dom, e.base(kind, when(d.States.Disabled, "disabled"))...)
	if d.Label != "" {
		el.with(tag("span", e.dom+":label", a("class", "label")).withText(d.Label))
	}
	for i, b := range d.Parts {
		el.with(tag("button", e.partID("", i, b), a("type", "button"), a("class", button), a("aria-label", b.Label), a("tabindex", "-1"),
			flag("disabled", b.States.Disabled), act(b.Action)).withText(or(b.Value, b.Label)))
	}
	if d.Range.NowText != "" {
		el.with(tag("span", e.dom+":at", a("class", "time")).withText(d.Range.NowText))
	}
	pct := 0.0
	if hi > lo {
		pct = 100 * (now - lo) / (hi - lo)
	}
	valueText := attr{}
	if d.Range.NowText != "" && d.Range.MaxText != "" {
		valueText = a("aria-valuetext", d.Range.NowText+" of "+d.Range.MaxText)
	}
	bar := tag("div", e.dom+":bar", a("class", "bar"), a("role", "slider"), a("aria-label", or(d.Label, e.id)), a("aria-valuemin", number(lo)),
		a("aria-valuemax", number(hi)), a("aria-valuenow", number(now)), valueText,
		a("aria-disabled", strconv.FormatBool(d.States.Disabled)), a("data-min", number(lo)), a("data-max", number(hi)),
		act(d.Action), pickedArg(d.Action))
	bar.with(tag("div", "", a("class", "fill"), a("style", fmt.Sprintf("width:%.2f%%", pct))))
	el.with(bar)
	if d.Range.MaxText != "" {
		el.with(tag("span", e.dom+":end", a("class", "time")).withText(d.Range.MaxText))
	}
	return el
}

// pickedArg is the data-arg of a slider's bar: the name of its Act's
// argument the page fills with the position clicked, when that is not
// "position" (the page's default).
func pickedArg(x tea.Act) attr {
	for _, arg := range x.Args {
		if arg.Value == nil && arg.Name != "position" {
			return a("data-arg", arg.Name)
		}
	}
	return attr{}
}

// number is x as the page's attributes write numbers: 5, 0.25.
func number(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// spin draws a spin button: its label, its value (the element a screen
// reader knows as a spinbutton) and its parts as buttons (step down,
// step up).
func (e drawing) spin() *element {
	d := e.d
	el := tag("div", e.dom, e.base("spin", when(d.States.Disabled, "disabled"))...)
	if d.Label != "" {
		el.with(tag("span", e.dom+":label", a("class", "label")).withText(d.Label))
	}
	value := []attr{a("class", "value"), a("role", "spinbutton"), a("aria-label", or(d.Label, e.id)),
		a("aria-disabled", strconv.FormatBool(d.States.Disabled))}
	if r := d.Range; r != nil {
		value = append(value, a("aria-valuemin", number(r.Min)), a("aria-valuemax", number(r.Max)), a("aria-valuenow", number(r.Now)))
	}
	if d.Value != "" {
		value = append(value, a("aria-valuetext", d.Value))
	}
	el.with(tag("span", e.dom+":value", value...).withText(d.Value))
	for i, b := range d.Parts {
		el.with(tag("button", e.partID("", i, b), a("type", "button"), a("class", "step"), a("aria-label", b.Label), a("tabindex", "-1"),
			flag("disabled", b.States.Disabled || b.Action.IsZero()), act(b.Action)).withText(or(b.Value, b.Label)))
	}
	return el
}

// dialog draws a shown dialog over the page, its parts as its choices,
// the default one (Enter's) marked; a hidden one as an empty, hidden
// element.
func (e drawing) dialog() *element {
	d := e.d
	if d.States.Hidden {
		return tag("div", e.dom, append(e.base("modal"), flag("hidden", true))...)
	}
	dialog := tag("div", e.dom+":dialog", a("class", "dialog"), a("role", "alertdialog"), a("aria-modal", "true"),
		a("aria-labelledby", e.dom+":title"), a("aria-describedby", e.dom+":body"))
	dialog.with(tag("h2", e.dom+":title", a("class", "dialog-title")).withText(d.Label),
		tag("p", e.dom+":body", a("class", "dialog-body")).withText(d.Detail))
	choices := tag("div", e.dom+":choices", a("class", "choices"))
	for i, c := range d.Parts {
		choices.with(tag("button", e.partID("", i, c), a("type", "button"), a("tabindex", "-1"),
			a("class", classes("choice", when(c.States.Destructive, "destructive"), when(c.States.Default, "highlighted"))),
			flag("disabled", c.States.Disabled), act(c.Action)).withText(c.Label))
	}
	return tag("div", e.dom, e.base("modal", "open")...).with(dialog.with(choices))
}

// menu draws a menu as a menubar whose expanded items show their parts as
// menus under them; a click on an item does its Act.
func (e drawing) menu() *element {
	var level func(items []tea.Part, depth int, role string) *element
	level = func(items []tea.Part, depth int, role string) *element {
		box := tag("ul", fmt.Sprintf("%s:m%d", e.dom, depth), a("class", classes("menu-level", when(depth > 0, "submenu"))), a("role", role))
		for i, it := range items {
			s := it.States
			attrs := []attr{a("role", "menuitem"), a("class", classes("item", when(s.Focused, "cursor"), when(s.Expanded, "open"), when(s.Disabled, "disabled"))),
				a("aria-disabled", strconv.FormatBool(s.Disabled))}
			if s.Expandable {
				attrs = append(attrs, a("aria-haspopup", "menu"), a("aria-expanded", strconv.FormatBool(s.Expanded)))
			}
			li := tag("li", e.partID("i:", i, it), append(attrs, act(it.Action))...).with(tag("span", "", a("class", "item-label")).withText(it.Label))
			if s.Expanded && len(it.Parts) > 0 {
				li.with(level(it.Parts, depth+1, "menu"))
			}
			box.with(li)
		}
		return box
	}
	return tag("nav", e.dom, e.base("menu")...).with(level(e.d.Parts, 0, "menubar"))
}

// bars draws a chart's bars (its parts, each's Range.Now its value),
// scaled to the largest.
func (e drawing) bars() *element {
	top := 0.0
	for _, b := range e.d.Parts {
		if b.Range != nil {
			top = max(top, b.Range.Now)
		}
	}
	el := tag("figure", e.dom, e.base("bars")...)
	for i, b := range e.d.Parts {
		pct := 0.0
		if top > 0 && b.Range != nil {
			pct = 100 * max(b.Range.Now, 0) / top
		}
		el.with(tag("div", e.partID("b", i, tea.Part{}), a("class", "bar-row")).with(
			tag("span", "", a("class", "bar-label")).withText(b.Label),
			tag("span", "", a("class", "bar-track")).with(tag("span", "", a("class", "bar-fill"), a("style", fmt.Sprintf("width:%.2f%%", pct)))),
			tag("span", "", a("class", "bar-value")).withText(b.Value)))
	}
	return el
}
