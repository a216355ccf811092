package playground

import (
	"fmt"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// logLines is how many lines the log demo generates.
const logLines = 500

// logOverhead is how many lines of the log demo are not the viewport.
const logOverhead = 2

// LogDemo scrolls through a service's log. Widget: Viewport "log" over 500
// generated lines (the same lines every time).
type LogDemo struct {
	log widgets.ViewportState
}

// NewLog returns the log viewer at the top of the log.
func NewLog() LogDemo {
	return LogDemo{log: widgets.ViewportState{ID: "log", Lines: GenerateLog(logLines), Height: 40 - chromeLines - helpLines - logOverhead}}
}

// Top returns the first visible line's index.
func (l LogDemo) Top() int { return l.log.Top }

// GenerateLog returns n log lines of an imaginary web service. The lines
// depend only on n: a small linear congruential generator picks them.
func GenerateLog(n int) []string {
	type event struct {
		level, component, format string
	}
	// Each format takes the same three arguments by index: %[1]s a six
	// character code (a link, cache key or client), %[2]d a count (pages,
	// links, attempts, seconds, a session number) and %[3]d a duration in
	// milliseconds, so every number lands where a number belongs.
	events := []event{
		{"INFO ", "http", "GET /api/links/%[1]s 200 %[3]dms"},
		{"INFO ", "http", "POST /api/links 201 %[3]dms (code=%[1]s)"},
		{"INFO ", "http", "GET /%[1]s 302 %[3]dms"},
		{"DEBUG", "cache", "hit key=link:%[1]s age=%[2]ds"},
		{"DEBUG", "cache", "miss key=link:%[1]s, loading (%[3]dms)"},
		{"INFO ", "db", "checkpoint: %[2]d pages in %[3]dms"},
		{"WARN ", "db", "slow query on links (code=%[1]s) took %[3]d00ms"},
		{"INFO ", "worker", "expired %[2]d links in %[3]dms"},
		{"WARN ", "http", "GET /%[1]s 404 %[3]dms: no such link"},
		{"ERROR", "auth", "token for client %[1]s rejected after %[2]d attempts"},
		{"INFO ", "auth", "client %[1]s signed in (session %[2]d)"},
	}
	// weights of each event, in order: mostly requests and cache traffic.
	weights := []int{20, 8, 20, 14, 6, 3, 3, 2, 4, 1, 3}
	total := 0
	for _, w := range weights {
		total += w
	}
	const alphabet = "abcdefghijkmnpqrstuvwxyz23456789"
	state := uint32(20260314)
	next := func() int {
		state = state*1664525 + 1013904223
		return int(state >> 8)
	}
	at := time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC)
	lines := make([]string, n)
	for i := range lines {
		at = at.Add(time.Duration(200+next()%2800) * time.Millisecond)
		pick := next() % total
		e := 0
		for pick >= weights[e] {
			pick -= weights[e]
			e++
		}
		code := make([]byte, 6)
		for j := range code {
			code[j] = alphabet[next()%len(alphabet)]
		}
		count, ms := 2+next()%40, 1+next()%90
		msg := fmt.Sprintf(events[e].format, string(code), count, ms)
		lines[i] = fmt.Sprintf("%s %s %-6s %s", at.Format("15:04:05.000"), events[e].level, events[e].component, msg)
	}
	return lines
}

// Init implements tea.Model.
func (l LogDemo) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (l LogDemo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if l.log.Update(msg) {
		return l, nil
	}
	if m, ok := msg.(tea.WindowSizeMsg); ok {
		l.log.Height = max(m.Height-helpLines-logOverhead, 3)
		l.log.Top = min(l.log.Top, max(len(l.log.Lines)-l.log.Height, 0))
	}
	return l, nil
}

// View implements tea.Model.
func (l LogDemo) View() tea.Node {
	h := l.log.Height
	last := min(l.log.Top+h, len(l.log.Lines))
	return padRight(tea.Column{Items: []tea.Node{
		tea.Text{Content: fmt.Sprintf("shortlink.log — lines %d–%d of %d", l.log.Top+1, last, len(l.log.Lines)), Bold: true},
		l.log.View(widgets.Viewport{}),
		tea.Text{Content: "↑/↓ pgup/pgdn home/end or the mouse wheel: scroll", Muted: true},
	}})
}
