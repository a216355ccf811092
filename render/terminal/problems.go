package terminal

import (
	"fmt"

	"github.com/facetui/facet/tea"
)

// treeWarnings are the mistakes in an app's views (tea.TreeProblems) a
// terminal has shown: each distinct one is shown once, the first time a
// view has it, however many views have it after.
type treeWarnings struct{ shown map[string]bool }

// fresh returns view's problems this terminal has not shown yet, and
// counts them as shown.
func (w *treeWarnings) fresh(view tea.Node) []string {
	var out []string
	for _, p := range tea.TreeProblems(view) {
		if w.shown[p] {
			continue
		}
		if w.shown == nil {
			w.shown = map[string]bool{}
		}
		w.shown[p] = true
		out = append(out, p)
	}
	return out
}

// warningStatus is the first of the pending tree warnings as the status
// line shows it: "! tree: duplicate id \"x\" (2 widgets); the second is
// unreachable", with how many more wait ("(+1)"); "" when none waits.
func warningStatus(pending []string) string {
	switch len(pending) {
	case 0:
		return ""
	case 1:
		return tea.LevelWarning.Symbol() + " " + pending[0]
	}
	return fmt.Sprintf("%s %s (+%d)", tea.LevelWarning.Symbol(), pending[0], len(pending)-1)
}
