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
	return LogDemo{log: widgets.ViewportState{ID: "log", Lines: GenerateLog(logLines), Height: 40 - chromeLines - logOverhead}}
}

// Top returns the first visible line's index.
func (l LogDemo) Top() int { return l.log.Top }

// GenerateLog returns n log lines of an imaginary web service. The lines
// depend only on n: a small linear congruential generator picks them.
func GenerateLog(n int) []string {
	type event struct {
		level, component, format string
	}
	events := []event{
		{"INFO ", "http", "GET /api/links/%s 200 %dms"},
		{"INFO ", "http", "POST /api/links 201 %dms (code=%s)"},
		{"INFO ", "http", "GET /%s 302 %dms"},
		{"DEBUG", "cache", "hit key=link:%s age=%ds"},
		{"DEBUG", "cache", "miss key=link:%s, loading (%dms)"},
		{"INFO ", "db", "checkpoint: %s pages in %dms"},
		{"WARN ", "db", "slow query on links (code=%s) took %dms"},
		{"INFO ", "worker", "expired %s links in %dms"},
		{"WARN ", "http", "GET /%s 404 %dms: no such link"},
		{"ERROR", "auth", "token for client %s rejected after %d attempts"},
		{"INFO ", "auth", "client %s signed in (session %d)"},
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
		var msg string
		if e == 1 { // the one format with the number first
			msg = fmt.Sprintf(events[e].format, 2+next()%40, code)
		} else {
			msg = fmt.Sprintf(events[e].format, code, 1+next()%90)
		}
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
		l.log.Height = max(m.Height-logOverhead, 3)
		l.log.Top = min(l.log.Top, max(len(l.log.Lines)-l.log.Height, 0))
	}
	return l, nil
}

// View implements tea.Model.
func (l LogDemo) View() tea.Node {
	h := l.log.Height
	last := min(l.log.Top+h, len(l.log.Lines))
	return tea.Column{Items: []tea.Node{
		tea.Text{Content: fmt.Sprintf("shortlink.log — lines %d–%d of %d", l.log.Top+1, last, len(l.log.Lines)), Bold: true},
		l.log.View(l.log.ID),
		tea.Text{Content: "↑/↓ pgup/pgdn home/end or the mouse wheel: scroll", Faint: true},
	}}
}
