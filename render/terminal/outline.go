package terminal

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
)

// entry is one line of an outline: a widget or a line of text as a
// screen reader speaks it, built from what the widget says of itself
// (tea.Describer): "button Sign in", "textbox Email: ada@example.com",
// "checkbox Remember me, not checked", "Count: 3".
type entry struct {
	// key names the entry from one outline to the next: "#id" for a
	// widget, "@" and its place in the tree for text.
	key string
	// id is the widget's id; "" for text.
	id string
	// role is the widget's role ("button", "dialog"); "" for text.
	role string
	// head is the role and the name ("button Sign in"), or the text.
	head string
	// value is what the widget holds ("ada@example.com"); text is set
	// when it is text the person types, and raw is then that text as it
	// is, spaces and line breaks included.
	value string
	text  bool
	raw   string
	// states follow the value ("disabled", "3 of 12"); extra follows
	// them, after a dash (a dialog's keys).
	states []string
	extra  []string
}

// same reports whether e says what was says, to the space typed.
func (e entry) same(was entry) bool { return e.raw == was.raw && e.line() == was.line() }

// line is the entry as one line of plain text.
func (e entry) line() string {
	var b strings.Builder
	b.WriteString(e.head)
	if e.value != "" {
		b.WriteString(": ")
		b.WriteString(e.value)
	}
	for _, s := range e.states {
		if ends := b.String(); strings.HasSuffix(ends, ".") || strings.HasSuffix(ends, "?") || strings.HasSuffix(ends, "!") {
			b.WriteString(" ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(s)
	}
	for _, x := range e.extra {
		b.WriteString(" — ")
		b.WriteString(x)
	}
	return b.String()
}

// outline is a screen as a screen reader reads it: every widget and every
// line of text in the view, in reading order (view order), one entry
// each. A box's title is a "group"; a hidden dialog, an empty text and
// spacers say nothing. A masked widget is described as its redacted form,
// with nothing of its value.
func outline(view tea.Node) []entry {
	var out []entry
	used := map[string]int{}
	unique := func(k string) string {
		used[k]++
		if n := used[k]; n > 1 {
			return k + "~" + strconv.Itoa(n)
		}
		return k
	}
	var visit func(n tea.Node, path string)
	visit = func(n tea.Node, path string) {
		if n == nil {
			return
		}
		switch x := n.(type) {
		case tea.Widget:
			if e, ok := widgetEntry(x); ok {
				if e.role == "text" {
					for i, l := range strings.Split(e.head, "\n") {
						if l = plain(l); l != "" {
							out = append(out, entry{key: unique("#" + x.WidgetID() + "/" + strconv.Itoa(i)), id: x.WidgetID(), head: l})
						}
					}
				} else {
					e.key = unique("#" + x.WidgetID())
					out = append(out, e)
				}
			}
		case tea.Text:
			for i, l := range strings.Split(x.Content, "\n") {
				if l = plain(l); l != "" {
					out = append(out, entry{key: unique("@" + path + "/" + strconv.Itoa(i)), head: l})
				}
			}
		case tea.Box:
			if t := plain(x.Title); t != "" {
				out = append(out, entry{key: unique("@" + path), role: "group", head: "group " + t})
			}
		}
		for i, c := range n.Children() {
			visit(c, path+"."+strconv.Itoa(i))
		}
	}
	visit(view, "0")
	return out
}

// widgetEntry is w's entry, or false when it says nothing now (a hidden
// dialog). A widget that does not describe itself is its kind and id.
func widgetEntry(w tea.Widget) (entry, bool) {
	if tea.IsMasked(w) {
		if r, ok := w.(tea.Redactor); ok {
			if red := r.Redacted(); red != nil {
				w = red
			}
		}
	}
	e := entry{id: w.WidgetID()}
	d, ok := describe(w)
	if !ok {
		e.role = strings.ReplaceAll(w.WidgetKind(), "_", " ")
		e.head = plain(e.role + " " + e.id)
		return e, true
	}
	st := make(map[string]any, len(d.State))
	for k, v := range d.State {
		st[k] = v
	}
	if tea.IsMasked(w) {
		// Whatever the widget author put there, nothing of a secret
		// value is spoken.
		delete(st, "value")
		delete(st, "text")
		delete(st, "length")
		st["masked"] = true
	}
	if visible, ok := st["visible"].(bool); ok {
		if !visible {
			return entry{}, false
		}
		delete(st, "visible")
	}
	e.role = plain(d.Role)
	if e.role == "" {
		e.role = strings.ReplaceAll(w.WidgetKind(), "_", " ")
	}
	if e.role == "text" {
		// A text widget is its text, as plain text is.
		e.head = strings.TrimSpace(d.Label)
		return e, e.head != ""
	}
	e.head = e.role
	if name := plain(d.Label); name != "" {
		e.head += " " + name
	}
	speakState(&e, st)
	if tea.TrapsFocus(w) {
		if keys := bindingsText(shortBindings(w)); keys != "" {
			e.extra = append(e.extra, keys)
		}
	}
	return e, true
}

// describe is w's description, if it gives one; a widget whose Describe
// panics gives none.
func describe(w tea.Widget) (d tea.Description, ok bool) {
	dr, isDescriber := w.(tea.Describer)
	if !isDescriber {
		return d, false
	}
	defer func() {
		if recover() != nil {
			d, ok = tea.Description{}, false
		}
	}()
	return dr.Describe(), true
}

// shortBindings are w's keys for the help line, if it lists them.
func shortBindings(w tea.Widget) []key.Binding {
	if sh, ok := w.(shortHelper); ok {
		return sh.ShortHelp()
	}
	return nil
}

// speakState turns a description's state into the entry's value and
// states. The keys Facet's widgets use read as words ("3 of 12", "row 2
// selected", "lines 1 to 10 of 500"); any other key reads as its name and
// value, so an app's own widget is read as it describes itself.
func speakState(e *entry, st map[string]any) {
	take := func(k string) (any, bool) {
		v, ok := st[k]
		delete(st, k)
		return v, ok
	}
	// The dialog's body, its choices and the one Enter picks.
	if body, ok := take("body"); ok {
		e.value = plain(fmt.Sprint(body))
	}
	confirm, okc := take("confirm_label")
	dismiss, okd := take("dismiss_label")
	if okc && okd {
		e.states = append(e.states, plain(fmt.Sprint(confirm))+" or "+plain(fmt.Sprint(dismiss)))
	}
	if h, ok := take("highlighted"); ok {
		switch h {
		case "confirm":
			e.states = append(e.states, plain(fmt.Sprint(confirm))+" selected")
		case "dismiss":
			e.states = append(e.states, plain(fmt.Sprint(dismiss))+" selected")
		}
	}
	if m, _ := take("masked"); m == true {
		e.states = append(e.states, "secret")
	}
	percent, hasPercent := take("percent")
	if v, ok := take("value"); ok && !hasPercent {
		if s, isText := v.(string); isText {
			e.text, e.raw = true, s
			e.value = plain(s)
			if s == "" {
				e.states = append(e.states, "empty")
			}
		} else {
			e.value = word(v)
		}
	}
	if hasPercent {
		e.value = word(percent) + "%"
	}
	if label, ok := take("selected_label"); ok {
		i, _ := number(st["selected"])
		n, _ := number(st["options"])
		delete(st, "selected")
		delete(st, "options")
		switch {
		case n == 0:
			e.states = append(e.states, "no options")
		case i < 0 || fmt.Sprint(label) == "":
			e.states = append(e.states, "nothing selected")
		default:
			e.value = plain(fmt.Sprint(label))
			e.states = append(e.states, fmt.Sprintf("%d of %d", int(i)+1, int(n)))
		}
	}
	if rows, ok := take("rows"); ok {
		n, _ := number(rows)
		e.states = append(e.states, count(int(n), "row", "rows"))
		if i, ok := number(st["selected"]); ok && i >= 0 {
			e.states = append(e.states, fmt.Sprintf("row %d selected", int(i)+1))
		}
		delete(st, "selected")
		if col, _ := take("sort_column"); col != nil && fmt.Sprint(col) != "" {
			sorted := "sorted by " + plain(fmt.Sprint(col))
			switch st["sort_direction"] {
			case "asc":
				sorted += " ascending"
			case "desc":
				sorted += " descending"
			}
			e.states = append(e.states, sorted)
		}
		delete(st, "sort_direction")
		delete(st, "columns")
	}
	if tabs, ok := take("tabs"); ok {
		n, _ := number(tabs)
		if i, ok := number(st["active_index"]); ok && n > 0 {
			e.states = append(e.states, fmt.Sprintf("tab %d of %d", int(i)+1, int(n)))
		}
		delete(st, "active_index")
	}
	if pos, ok := take("position"); ok {
		lo, _ := take("min")
		hi, okHi := take("max")
		e.value = word(pos)
		if okHi {
			if l, _ := number(lo); l != 0 {
				e.value += " from " + word(lo)
			}
			e.value += " of " + word(hi)
		}
	}
	if lines, ok := take("lines"); ok {
		n, _ := number(lines)
		top, _ := number(st["top"])
		bottom, _ := number(st["bottom"])
		delete(st, "top")
		delete(st, "bottom")
		if n == 0 {
			e.states = append(e.states, "empty")
		} else {
			e.states = append(e.states, fmt.Sprintf("lines %d to %d of %d", int(top)+1, int(bottom)+1, int(n)))
		}
	}
	if sel, ok := st["selected"].(string); ok {
		// A tree's selected node.
		delete(st, "selected")
		e.value = plain(sel)
	}
	if n, ok := number(st["visible"]); ok {
		delete(st, "visible")
		e.states = append(e.states, fmt.Sprintf("%d shown", int(n)))
	}
	if c, ok := number(st["cursor"]); ok {
		// A menu's highlighted item.
		delete(st, "cursor")
		e.states = append(e.states, fmt.Sprintf("item %d", int(c)+1))
	}
	if c, ok := take("checked"); ok {
		if c == true {
			e.states = append(e.states, "checked")
		} else {
			e.states = append(e.states, "not checked")
		}
	}
	reason, _ := take("disabled_reason")
	if dis, _ := take("disabled"); dis == true {
		if r := plain(fmt.Sprint(reason)); reason != nil && r != "" {
			e.states = append(e.states, "disabled ("+r+")")
		} else {
			e.states = append(e.states, "disabled")
		}
	}
	// What only draws the widget (its cursor, the columns a table's
	// header names, that a field takes several lines) is left unsaid.
	for _, k := range []string{"cursor", "multiline", "columns", "options", "active_index"} {
		delete(st, k)
	}
	keys := make([]string, 0, len(st))
	for k := range st {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		name := strings.ReplaceAll(k, "_", " ")
		switch v := st[k].(type) {
		case nil:
		case bool:
			if v {
				e.states = append(e.states, name)
			}
		default:
			if w := word(v); w != "" {
				e.states = append(e.states, name+" "+w)
			}
		}
	}
}

// word is a state value as words: numbers without noise, lists joined
// with "; ", a map's values in the order of its keys.
func word(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return plain(v)
	case bool:
		if v {
			return "yes"
		}
		return "no"
	case []string:
		return plain(strings.Join(v, "; "))
	case []any:
		parts := make([]string, 0, len(v))
		for _, x := range v {
			if w := word(x); w != "" {
				parts = append(parts, w)
			}
		}
		return strings.Join(parts, "; ")
	case []map[string]any:
		parts := make([]string, 0, len(v))
		for _, x := range v {
			if w := word(x); w != "" {
				parts = append(parts, w)
			}
		}
		return strings.Join(parts, "; ")
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			if w := word(v[k]); w != "" {
				parts = append(parts, w)
			}
		}
		return strings.Join(parts, " ")
	}
	if f, ok := number(v); ok {
		if f == math.Trunc(f) && math.Abs(f) < 1e15 {
			return strconv.FormatInt(int64(f), 10)
		}
		return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64)
	}
	return plain(fmt.Sprint(v))
}

// number is v as a float64, if it is a number.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case int8:
		return float64(n), true
	case int16:
		return float64(n), true
	case int32:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint:
		return float64(n), true
	case uint8:
		return float64(n), true
	case uint16:
		return float64(n), true
	case uint32:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float32:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// count is "1 row", "12 rows".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// bindingsText is keys as words: "enter choose, esc/n dismiss".
func bindingsText(keys []key.Binding) string {
	parts := make([]string, 0, len(keys))
	for _, b := range keys {
		if !b.Enabled() {
			continue
		}
		h := b.Help()
		if h.Key == "" && h.Desc == "" {
			continue
		}
		parts = append(parts, plain(strings.TrimSpace(h.Key+" "+h.Desc)))
	}
	return strings.Join(parts, ", ")
}

// plain is s as one line of plain text for a screen reader: no escape
// sequences or control characters, no box-drawing characters (they only
// draw), and runs of spaces as one.
func plain(s string) string {
	s = ansi.Strip(s)
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r >= 0x2500 && r <= 0x257F, unicode.IsSpace(r), unicode.IsControl(r), r == unicode.ReplacementChar:
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}
