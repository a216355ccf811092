package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// The goals of issue 23, measured through the built binary over stdio as
// a client runs it, counting the answer text a model reads.
const (
	// startTextBudget is the most answer text facet_start of any demo
	// may take.
	startTextBudget = 2048
	// searchTextBudget is the most answer text "search python, sort by
	// stars ascending, give the top row" may take, facet_start included.
	searchTextBudget = 3072
)

// TestBuiltPlaygroundMeetsItsAnswerGoals: over stdio, the base tools/list
// takes at most 4 KB; "search python, sort by stars ascending, give the
// top row" takes at most 4 calls (facet_start included) and 3 KB of
// answer text; "read the last tab" takes one call after facet_start; and
// facet_start of every demo answers at most 2 KB of text. The numbers are
// logged.
func TestBuiltPlaygroundMeetsItsAnswerGoals(t *testing.T) {
	var report []string
	_, base := stdioPlayground(t).request("tools/list", map[string]any{})
	w := stdioPlayground(t, "--startable="+everyApp())
	report = append(report, fmt.Sprintf("base tools/list %d B", base))
	if base > baseListBudget {
		t.Errorf("the base tools/list is %d B, over %d B", base, baseListBudget)
	}

	steps := []struct {
		tool string
		args map[string]any
	}{
		{"facet_start", map[string]any{"app": "search", "session": "s"}},
		{"s_search_type_into", map[string]any{"text": "python"}},
		{"s_submit_click", nil},
		{"s_results_sort", map[string]any{"column": "stars", "direction": "asc"}},
	}
	text := 0
	var last string
	for _, s := range steps {
		last = w.mustCall(s.tool, s.args).text()
		text += len(last)
	}
	// The top row, sorted by stars ascending, of the repositories that
	// match "python": read from the session's own rows.
	rows := w.mustCall("s_results_get_rows", map[string]any{"limit": 1.0}).text()
	top := strings.Fields(strings.Split(rows, "\n")[3])[0]
	if !strings.Contains(last, top) {
		t.Errorf("the sort's answer does not give the top row %s:\n%s", top, last)
	}
	report = append(report, fmt.Sprintf("search python, sort ascending, top row (%s): %d calls, %d B of answer text", top, len(steps), text))
	if text > searchTextBudget {
		t.Errorf("the search task took %d B of answer text, over %d B", text, searchTextBudget)
	}

	w.mustCall("facet_start", map[string]any{"app": "tabs", "session": "t"})
	about := w.mustCall("t_sections_select_tab", map[string]any{"index": 2.0}).text()
	if !strings.Contains(about, "Facet playground") || !strings.Contains(about, "MIT licensed") {
		t.Errorf("selecting the last tab does not answer its content:\n%s", about)
	}
	report = append(report, fmt.Sprintf("read the last tab: 1 call after facet_start, %d B", len(about)))

	starts := map[string]int{}
	for i, app := range mcpApps() {
		id := fmt.Sprintf("g%d", i)
		starts[app.Name] = len(w.mustCall("facet_start", map[string]any{"app": app.Name, "session": id}).text())
		w.mustCall("facet_stop", map[string]any{"session": id})
	}
	var sizes []string
	for _, name := range slices.Sorted(maps.Keys(starts)) {
		sizes = append(sizes, fmt.Sprintf("%s %d B", name, starts[name]))
		if starts[name] > startTextBudget {
			t.Errorf("facet_start of %s answers %d B of text, over %d B", name, starts[name], startTextBudget)
		}
	}
	report = append(report, "facet_start text: "+strings.Join(sizes, ", "))
	t.Log(strings.Join(report, "; "))
}
