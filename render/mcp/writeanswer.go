package mcp

import (
	"fmt"
	"strings"

	"github.com/facetui/facet/tea"
)

// A write answers what it made visible, so the agent need not read again:
// the changed widgets' outline lines (a sort's table with its first rows,
// a Bubble with the lines it draws now) or, when widgets came or went (a
// tab switch, a dialog that opened), the new view's outline. A write to a
// masked field says so, since its change never shows.

// Bounds of what a write's answer shows.
const (
	// answerRows is how many of a changed table's first rows it shows.
	answerRows = 5
	// answerValueLines is how many lines of a changed widget's
	// multi-line value (a Bubble's drawing) it shows.
	answerValueLines = 12
)

// writeShows is the text a write's answer shows of after: the outline
// lines of the widgets changed lists (with their detail, see
// widgetDetail) and of texts that were not in before; or, when a widget
// appeared or left, the whole outline. Only the lines it shows are
// written: the rest of the outline is walked to count it, not to describe
// it, so a write in a view of a thousand widgets costs little more than
// the write.
func writeShows(before, after tea.Snapshot, changed []string) string {
	return writeShowsLooked(before, after, changed, nil)
}

// writeShowsLooked is writeShows with the changed widgets' descriptions
// taken from looked, how after looked to the comparison that found them
// changed, where it has them (see drawing.describe; looked may be nil).
func writeShowsLooked(before, after tea.Snapshot, changed []string, looked *drawing) string {
	if len(changed) == 0 {
		return ""
	}
	want := make(map[string]bool, len(changed))
	for _, id := range changed {
		want[id] = true
	}
	// One walk of before finds its texts and which changed widgets it
	// showed; the walk of after that writes the lines finds which it
	// shows. A changed widget shown in one and not the other (it appeared
	// or left) makes the answer the whole outline instead.
	had := map[string]bool{}
	shownBefore := make(map[string]bool, len(want))
	if before.View != nil {
		tea.Walk(before.View, func(n tea.Node, _ int) bool {
			if w, ok := n.(tea.Widget); ok {
				if id := w.WidgetID(); want[id] && !shownBefore[id] && widgetShown(w) {
					shownBefore[id] = true
				}
				return false
			}
			if key := textKey(n); key != "" {
				had[key] = true
			}
			return true
		})
	}
	shownAfter := make(map[string]bool, len(want))
	var b strings.Builder
	shown := map[string]bool{}
	i := 0 // the index of the next line in after's outline
	// line is a visited line's text and, for a widget, its detail.
	visit := func(key string, line func() (text, detail string)) {
		defer func() { i++ }()
		if i >= outlineLines || shown[key] {
			return
		}
		widget := want[key]
		if !widget && (had[key] || !isTextKey(key)) {
			return
		}
		shown[key] = true
		text, detail := line()
		b.WriteString(text)
		b.WriteByte('\n')
		if widget {
			b.WriteString(detail)
		}
	}
	if after.View != nil {
		tea.Walk(after.View, func(n tea.Node, _ int) bool {
			if w, ok := n.(tea.Widget); ok {
				if widgetShown(w) {
					id := w.WidgetID()
					if want[id] {
						shownAfter[id] = true
					}
					visit(id, func() (string, string) {
						// Described once for its line and its detail.
						dw := looked.describe(w)
						l, _ := dw.line(after.Focus)
						return l, dw.detail()
					})
				}
				return false
			}
			if key := textKey(n); key != "" {
				visit(key, func() (string, string) {
					_, text := textLine(n)
					return text, ""
				})
			}
			return true
		})
	}
	for id := range want {
		if shownBefore[id] != shownAfter[id] {
			return wholeShows(outline(after.View, after.Focus), want, after)
		}
	}
	if i > outlineLines {
		fmt.Fprintf(&b, "(%d more lines)\n", i-outlineLines)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// wholeShows is after's whole outline, lines, as a write that made
// widgets come or go answers it: "Now:" and every line (to outlineLines),
// with the detail of the widgets want names.
func wholeShows(lines []outlineLine, want map[string]bool, after tea.Snapshot) string {
	var b strings.Builder
	b.WriteString("Now:\n")
	shown := map[string]bool{}
	for i, l := range lines {
		if i == outlineLines {
			fmt.Fprintf(&b, "(%d more lines)\n", len(lines)-i)
			break
		}
		if shown[l.key] {
			continue
		}
		shown[l.key] = true
		b.WriteString(l.text)
		b.WriteByte('\n')
		if w, ok := tea.FindWidget(after.View, l.key); ok && want[l.key] {
			b.WriteString(widgetDetail(w))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// isTextKey reports whether an outline line's key is a text's or a box
// title's, not a widget's (widget ids have no colon).
func isTextKey(key string) bool { return strings.Contains(key, ":") }

// widgetDetail is what a changed widget's line does not say and an agent
// came for, indented under it: a table's first rows under their header,
// the lines of a multi-line value. A masked widget has none.
func widgetDetail(w tea.Widget) string { return describeWidget(w).detail() }

// detail is widgetDetail of the described widget.
func (dw describedWidget) detail() string {
	if tea.IsMasked(dw.w) || !dw.described {
		return ""
	}
	aw, desc := dw.a, dw.desc
	var rows []tea.Part
	var total int
	if r, ok := aw.(tea.RowsDescriber); ok {
		// A table gives its first rows without a part for every row.
		rows, total = r.DescribeRows(answerRows)
	} else {
		if p, ok := aw.(tea.PartsDescriber); ok {
			desc.Parts = p.DescribeParts()
		}
		rows, total = firstRows(desc.Parts)
	}
	var b strings.Builder
	b.WriteString(rowsText(desc.Headers, rows, total))
	if lines := strings.Split(strings.TrimRight(desc.Value, "\n"), "\n"); len(lines) > 1 {
		for i, l := range lines {
			if i == answerValueLines {
				fmt.Fprintf(&b, "  (%d more lines)\n", len(lines)-i)
				break
			}
			b.WriteString("  " + strings.TrimRight(l, " ") + "\n")
		}
	}
	return b.String()
}

// firstRows are the first answerRows of parts that have cells (a
// table's rows), and how many have.
func firstRows(parts []tea.Part) (rows []tea.Part, total int) {
	for i := range parts {
		if len(parts[i].Cells) == 0 {
			continue
		}
		if total < answerRows {
			rows = append(rows, parts[i])
		}
		total++
	}
	return rows, total
}

// rowsText is a table's first rows under their header, tab separated and
// indented, with how many there are (total); "" for a widget without
// rows.
func rowsText(headers, rows []tea.Part, total int) string {
	if total == 0 {
		return ""
	}
	var b strings.Builder
	if len(headers) > 0 {
		b.WriteString("  ")
		for i, h := range headers {
			if i > 0 {
				b.WriteByte('\t')
			}
			if h.ID != "" {
				b.WriteString(h.ID)
			} else {
				b.WriteString(h.Label)
			}
		}
		b.WriteByte('\n')
	}
	for _, r := range rows {
		b.WriteString("  ")
		for j, c := range r.Cells {
			if j > 0 {
				b.WriteByte('\t')
			}
			writeCell(&b, c)
		}
		b.WriteByte('\n')
	}
	if total > len(rows) {
		fmt.Fprintf(&b, "  (first %d of %d rows)\n", len(rows), total)
	}
	return b.String()
}
