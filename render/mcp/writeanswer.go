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

// writeShows is the text a write's answer shows of after, whose outline
// is lines: the lines of the widgets changed lists (with their detail, see
// widgetDetail) and of texts that were not in before; or, when a widget
// appeared or left, the whole outline.
func writeShows(before, after tea.Snapshot, lines []outlineLine, changed []string) string {
	if len(changed) == 0 {
		return ""
	}
	was := map[string]bool{}
	for _, l := range outline(before.View, before.Focus) {
		was[l.key] = true
	}
	now := map[string]bool{}
	for _, l := range lines {
		now[l.key] = true
	}
	want := make(map[string]bool, len(changed))
	whole := false
	for _, id := range changed {
		want[id] = true
		whole = whole || was[id] != now[id]
	}
	var b strings.Builder
	if whole {
		b.WriteString("Now:\n")
	}
	shown := map[string]bool{}
	for i, l := range lines {
		if i == outlineLines {
			fmt.Fprintf(&b, "(%d more lines)\n", len(lines)-i)
			break
		}
		widget := want[l.key]
		if shown[l.key] || !(whole || widget || !was[l.key] && isTextKey(l.key)) {
			continue
		}
		shown[l.key] = true
		b.WriteString(l.text)
		b.WriteByte('\n')
		if w, ok := tea.FindWidget(after.View, l.key); ok && widget {
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
func widgetDetail(w tea.Widget) string {
	if tea.IsMasked(w) {
		return ""
	}
	desc, ok := tea.Describe(agentWidget(w))
	if !ok {
		return ""
	}
	var b strings.Builder
	if rows := rowsText(desc); rows != "" {
		b.WriteString(rows)
	}
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

// rowsText is a table's first answerRows rows under their header, tab
// separated and indented, with how many there are; "" for a widget
// without rows.
func rowsText(desc tea.Description) string {
	var rows []tea.Part
	for _, p := range desc.Parts {
		if len(p.Cells) > 0 {
			rows = append(rows, p)
		}
	}
	if len(rows) == 0 {
		return ""
	}
	var b strings.Builder
	if len(desc.Headers) > 0 {
		head := make([]string, len(desc.Headers))
		for i, h := range desc.Headers {
			head[i] = h.ID
			if head[i] == "" {
				head[i] = h.Label
			}
		}
		b.WriteString("  " + strings.Join(head, "\t") + "\n")
	}
	for i, r := range rows {
		if i == answerRows {
			break
		}
		cells := make([]string, len(r.Cells))
		for j, c := range r.Cells {
			cells[j] = cellBreaks.Replace(c)
		}
		b.WriteString("  " + strings.Join(cells, "\t") + "\n")
	}
	if len(rows) > answerRows {
		fmt.Fprintf(&b, "  (first %d of %d rows)\n", answerRows, len(rows))
	}
	return b.String()
}
