package mcptest

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

// fatal reports a failed step and stops the test.
func (s *Session) fatal(widget, format string, args ...any) {
	s.t.Helper()
	s.t.Fatalf("%s", s.report(widget, fmt.Sprintf(format, args...)))
}

// errorf reports an assertion that does not hold; the test goes on.
func (s *Session) errorf(widget, format string, args ...any) {
	s.t.Helper()
	s.t.Errorf("%s", s.report(widget, fmt.Sprintf(format, args...)))
}

// report is the text of a failure: what failed, then the widget as it is
// now, the session's tools as the client lists them and the screen.
func (s *Session) report(widget, headline string) string {
	var b strings.Builder
	b.WriteString(headline)
	snap := s.sess.Snapshot()
	if widget != "" {
		b.WriteString("\n\n")
		switch c, err := s.component(widget); {
		case err == nil:
			b.WriteString("widget as it is now: ")
			b.WriteString(c.String())
		case errors.Is(err, errNotInView):
			fmt.Fprintf(&b, "widget `%s` is not in the session's current view; widgets in view: %s", widget, widgetList(snap.View))
		default:
			fmt.Fprintf(&b, "widget `%s` cannot be read through the client: %v", widget, err)
		}
	}
	b.WriteString("\n\n")
	b.WriteString(s.toolsReport())
	b.WriteString("\n\n")
	if _, running := s.srv.Sessions().Get(s.id); !running {
		fmt.Fprintf(&b, "session `%s` is not running; its last screen:\n", s.id)
	} else {
		fmt.Fprintf(&b, "screen (%dx%d):\n", screenWidth(snap), screenHeight(snap))
	}
	b.WriteString(indent(trimScreen(mcp.Screenshot(snap)), "  │"))
	switch path, err := s.writeReport(b.String()); {
	case err != nil:
		fmt.Fprintf(&b, "\n\nno HTML report: %v", err)
	default:
		fmt.Fprintf(&b, "\n\nHTML report (the calls, the screen before and after, the recording): %s", path)
	}
	return b.String()
}

// toolsReport lists the session's tools as the client lists them.
func (s *Session) toolsReport() string {
	listed, err := s.listTools()
	if err != nil {
		return fmt.Sprintf("tools of session `%s`: %v", s.id, err)
	}
	var mine []string
	statics := 0
	for _, n := range listed {
		switch {
		case s.ownsTool(n):
			mine = append(mine, n)
		case strings.HasPrefix(n, "facet_"):
			statics++
		}
	}
	sort.Strings(mine)
	var b strings.Builder
	fmt.Fprintf(&b, "tools of session `%s` (%d, and %d facet_* tools):", s.id, len(mine), statics)
	for _, n := range mine {
		b.WriteString("\n  " + n)
	}
	return b.String()
}

func widgetList(view tea.Node) string {
	var ids []string
	for _, w := range tea.Widgets(view) {
		ids = append(ids, fmt.Sprintf("%s (%s)", w.WidgetID(), w.WidgetKind()))
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// quoteFor quotes text typed into the widget id for a report only when
// the widget is in view and not masked; otherwise it says only the length:
// a password stays out of test logs, also when its field is not on the
// screen yet (so nothing tells whether it is masked).
func (s *Session) quoteFor(id, text string) string {
	w, ok := tea.FindWidget(s.sess.Snapshot().View, id)
	switch {
	case ok && tea.IsMasked(w):
		return fmt.Sprintf("<%d masked characters>", utf8.RuneCountInString(text))
	case !ok:
		return fmt.Sprintf("<%d characters, not shown: widget %q is not in view, so it may be masked>", utf8.RuneCountInString(text), id)
	}
	return fmt.Sprintf("%q", text)
}

func screenWidth(snap tea.Snapshot) int {
	if snap.Size.Width > 0 {
		return snap.Size.Width
	}
	return mcp.DefaultWidth
}

func screenHeight(snap tea.Snapshot) int {
	if snap.Size.Height > 0 {
		return snap.Size.Height
	}
	return mcp.DefaultHeight
}

// trimScreen drops trailing spaces and trailing blank lines, and shortens a
// run of more than two blank lines to a note of how many there are.
func trimScreen(screen string) string {
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	out := make([]string, 0, len(lines))
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lines[j] == "" {
			j++
		}
		if n := j - i; n > 2 {
			out = append(out, fmt.Sprintf("(%d blank lines)", n))
			i = j
			continue
		}
		out = append(out, lines[i])
		i++
	}
	return strings.Join(out, "\n")
}

func indent(text, prefix string) string {
	if text == "" {
		return prefix
	}
	return prefix + strings.ReplaceAll(text, "\n", "\n"+prefix)
}

func oneLine(s string) string {
	return truncate(strings.Join(strings.Fields(s), " "), 200)
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
