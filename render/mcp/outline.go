package mcp

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/facetui/facet/tea"
)

// An outline is a view as an agent reads it when it does not need the
// drawing: one line per widget (its role, id, name, value, state and, for
// a widget of a few parts, the parts) and one per text, in view order,
// from each widget's description (tea.Describer), the renderer contract.
// A masked widget is outlined as its redacted form; a hidden dialog, empty
// text and spacers are left out.

// outlineLine is one line of an outline and what it is about: a widget's
// id, or for a text or a box's title the line itself.
type outlineLine struct {
	key  string
	text string
}

// Bounds of an outline's lines.
const (
	// outlineTextRunes is the most runes of a text, a label or a value a
	// line shows.
	outlineTextRunes = 80
	// outlineParts is the most parts a widget's line lists, and
	// outlinePartRunes the most runes of each.
	outlineParts     = 8
	outlinePartRunes = 24
	// outlineLines is the most lines an outline answers; past it the last
	// line says how many were left out.
	outlineLines = 60
)

// outline is view's outline, focus being the focused widget's id.
func outline(view tea.Node, focus string) []outlineLine {
	var out []outlineLine
	if view == nil {
		return out
	}
	tea.Walk(view, func(n tea.Node, _ int) bool {
		if w, ok := n.(tea.Widget); ok {
			if l, shown := widgetLine(w, focus); shown {
				out = append(out, outlineLine{key: w.WidgetID(), text: l})
			}
			return false
		}
		if key, text := textLine(n); key != "" {
			out = append(out, outlineLine{key: key, text: text})
		}
		return true
	})
	return out
}

// textKey is textLine's key alone, without making the line: a write's
// answer asks it of every text of the view before and after, and writes
// the lines of few.
func textKey(n tea.Node) string {
	switch x := n.(type) {
	case tea.Text:
		if s := clip(x.Content); s != "" {
			return "text:" + s
		}
	case tea.Box:
		if s := clip(x.Title); s != "" {
			return "group:" + s
		}
	}
	return ""
}

// textLine is the key and outline line of a text or a titled box, and ""
// for any other node (or an empty one).
func textLine(n tea.Node) (key, line string) {
	switch x := n.(type) {
	case tea.Text:
		if s := clip(x.Content); s != "" {
			return "text:" + s, "text " + quote(s)
		}
	case tea.Box:
		if s := clip(x.Title); s != "" {
			return "group:" + s, "group " + quote(s)
		}
	}
	return "", ""
}

// widgetShown reports whether w has a line in an outline: every widget
// but one that describes itself hidden (a closed dialog).
// A widget that says so without describing itself (tea.ShownDescriber) is
// not described: writeShows asks this of every widget on every write.
func widgetShown(w tea.Widget) bool {
	a := agentWidget(w)
	if s, ok := a.(tea.ShownDescriber); ok {
		return safeShown(s)
	}
	d, ok := a.(tea.Describer)
	return !ok || !safeDescribe(d).States.Hidden
}

// safeShown is s.DescribeShown(), or true when it panics, as a Describe
// that panics describes nothing hidden.
func safeShown(s tea.ShownDescriber) (shown bool) {
	defer func() {
		if recover() != nil {
			shown = true
		}
	}()
	return s.DescribeShown()
}

// widgetLine is w's outline line, and false for a widget that is in the
// view but not shown (a closed dialog).
func widgetLine(w tea.Widget, focus string) (string, bool) {
	return describeWidget(w).line(focus)
}

// describedWidget is a widget as an agent sees it (agentWidget),
// described once for what is written of it: its outline line and, in a
// write's answer, its detail.
type describedWidget struct {
	w         tea.Widget // the widget in the view
	a         tea.Widget // w as an agent sees it
	described bool       // a is a tea.Describer, and desc its description
	desc      tea.Description
}

func describeWidget(w tea.Widget) describedWidget {
	dw := describedWidget{w: w, a: agentWidget(w)}
	if d, ok := dw.a.(tea.Describer); ok {
		dw.described, dw.desc = true, safeDescribe(d)
	}
	return dw
}

// line is the widget's outline line, and false when it is in the view but
// not shown.
func (dw describedWidget) line(focus string) (string, bool) {
	w, desc := dw.w, dw.desc
	id := w.WidgetID()
	if !dw.described {
		line := w.WidgetKind() + " " + id
		if id == focus && id != "" {
			line += " (focused)"
		}
		return line, true
	}
	if desc.States.Hidden {
		return "", false
	}
	if tea.IsMasked(w) {
		desc.State = scrubState(desc.State)
		desc.Value = ""
	}
	role := desc.Role
	if role == "" {
		role = w.WidgetKind()
	}
	var b strings.Builder
	b.WriteString(role)
	b.WriteString(" ")
	b.WriteString(id)
	if s := clip(desc.Label); s != "" {
		b.WriteString(" " + quote(s))
	}
	if s := clip(desc.Value); s != "" {
		b.WriteString(" = " + quote(s))
	}
	if s := clip(desc.Detail); s != "" && s != clip(desc.Label) {
		b.WriteString(": " + s)
	}
	if st := stateText(desc, id == focus && id != ""); st != "" {
		b.WriteString(" (" + st + ")")
	}
	if ps := partsText(desc.Parts); ps != "" {
		b.WriteString(": " + ps)
	}
	return b.String(), true
}

// stateText is a description's state as "key value" pairs and flags: the
// scalar members of State (and lists of scalars) that say something (not
// false, "" or nil, nor what the label, value or detail already say), then
// the States that are set.
func stateText(desc tea.Description, focused bool) string {
	keys := make([]string, 0, len(desc.State))
	for k := range desc.State {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	// Written as they are found, into one builder: the line is written
	// for every changed widget of every write.
	var b strings.Builder
	b.Grow(24 * (len(keys) + 1))
	n := 0
	part := func() {
		if n > 0 {
			b.WriteString(", ")
		}
		n++
	}
	for _, k := range keys {
		switch x := desc.State[k].(type) {
		case bool:
			if x {
				part()
				b.WriteString(k)
			}
		case string:
			if x != "" && x != desc.Label && x != desc.Value && x != desc.Detail {
				part()
				b.WriteString(k)
				b.WriteString(` "`)
				b.WriteString(clip(x))
				b.WriteByte('"')
			}
		case []string:
			if len(x) > 0 {
				part()
				b.WriteString(k)
				b.WriteByte(' ')
				b.WriteString(clip(strings.Join(x, ",")))
			}
		case int:
			part()
			b.WriteString(k)
			b.WriteByte(' ')
			var digits [20]byte
			b.Write(strconv.AppendInt(digits[:0], int64(x), 10))
		case int64, uint64, float64:
			part()
			fmt.Fprintf(&b, "%s %v", k, x)
		}
	}
	for _, f := range stateFlags(desc.States, focused) {
		// A flag the state said already (as a true member of its name)
		// is not said twice.
		if said, _ := desc.State[f.name].(bool); f.on && !said {
			part()
			b.WriteString(f.name)
		}
	}
	return b.String()
}

// stateFlag is one of the States an outline line names when set.
type stateFlag struct {
	on   bool
	name string
}

// stateFlags are the flags stateText names, in its order.
func stateFlags(st tea.States, focused bool) [9]stateFlag {
	return [9]stateFlag{
		{focused, "focused"}, {st.Disabled, "disabled"}, {st.Checked, "checked"},
		{st.Selected, "selected"}, {st.Expanded, "expanded"}, {st.Pressed, "pressed"},
		{st.Modal, "modal"}, {st.Masked, "masked"}, {st.Busy, "busy"},
	}
}

// partsText lists a widget's parts by label, the selected one marked with
// a star, at most outlineParts of them; a table's rows (parts with cells)
// are not listed (see rowsText).
func partsText(parts []tea.Part) string {
	var names []string
	for i, p := range parts {
		if len(p.Cells) > 0 {
			return ""
		}
		if i == outlineParts {
			names = append(names, fmt.Sprintf("… %d more", len(parts)-i))
			break
		}
		name := clip(p.Label)
		if utf8.RuneCountInString(name) > outlinePartRunes {
			name = string([]rune(name)[:outlinePartRunes-1]) + "…"
		}
		if name == "" {
			name = p.ID
		}
		if p.States.Selected || p.States.Checked {
			name += "*"
		}
		name += holdsText(p)
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// outlineText is an outline as the lines an answer shows, at most
// outlineLines of them.
func outlineText(lines []outlineLine) string {
	var b strings.Builder
	for i, l := range lines {
		if i == outlineLines {
			fmt.Fprintf(&b, "(%d more lines)\n", len(lines)-i)
			break
		}
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// clip is s on one line (line breaks as " / "), at most outlineTextRunes
// runes of it, an ellipsis ending what was cut.
func clip(s string) string {
	s = strings.TrimSpace(s)
	if strings.ContainsAny(s, "\r\n\t") {
		s = strings.Join(strings.Fields(strings.NewReplacer("\r\n", " / ", "\n", " / ").Replace(s)), " ")
	}
	if utf8.RuneCountInString(s) <= outlineTextRunes {
		return s
	}
	// The first outlineTextRunes-1 runes, cut where the next one starts.
	n := 0
	for i := range s {
		if n == outlineTextRunes-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// quote is s in double quotes; s has no line breaks (see clip).
func quote(s string) string { return `"` + s + `"` }

// withActions is lines with each widget's actions (by widget id) in
// brackets at the end of its line, and the actions of widgets that have
// no line.
func withActions(lines []outlineLine, actions map[string][]string) (out []outlineLine, unplaced []string) {
	placed := map[string]bool{}
	out = make([]outlineLine, len(lines))
	for i, l := range lines {
		out[i] = l
		if as := actions[l.key]; len(as) > 0 && !placed[l.key] {
			placed[l.key] = true
			out[i].text += " [" + strings.Join(as, ", ") + "]"
		}
	}
	for _, id := range slices.Sorted(maps.Keys(actions)) {
		if !placed[id] {
			unplaced = append(unplaced, id)
		}
	}
	return out, unplaced
}
