package mcp

import (
	"slices"
	"sort"
	"strings"

	"github.com/facetui/facet/tea"
)

// An unknown tool or widget name is answered with the nearest names that
// exist (a typo costs one call, not a search) and the widget ids there
// are.

// maxSuggestions is how many nearest names a refusal offers.
const maxSuggestions = 3

// nearest lists the candidates within a small edit distance of name
// (at most a third of its length, and at least 2), nearest first, at most
// maxSuggestions of them.
func nearest(name string, candidates []string) []string {
	type scored struct {
		name string
		d    int
	}
	limit := max(2, len(name)/3)
	var hits []scored
	for _, c := range candidates {
		if c == name {
			continue
		}
		if d := editDistance(name, c); d <= limit {
			hits = append(hits, scored{c, d})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		return hits[i].d < hits[j].d || hits[i].d == hits[j].d && hits[i].name < hits[j].name
	})
	out := make([]string, 0, maxSuggestions)
	for i := 0; i < len(hits) && i < maxSuggestions; i++ {
		if !slices.Contains(out, hits[i].name) {
			out = append(out, hits[i].name)
		}
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in bytes
// (names are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// widgetIDs are the ids of the widgets in view and of those hidden panes
// hold, sorted, each once.
func widgetIDs(view tea.Node) []string {
	var ids []string
	for _, w := range tea.Widgets(view) {
		ids = append(ids, w.WidgetID())
	}
	for id := range hiddenPanes(view) {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// nearestWidget is the widget id of ids nearest to the widget part of a
// tool name's rest (what follows the session): rest is cut at each "_" or
// "." and the part before compared, so "them_select" finds "theme".
func nearestWidget(rest string, ids []string) []string {
	best := map[string]int{}
	for i := range len(rest) {
		if rest[i] != '_' && rest[i] != '.' {
			continue
		}
		part := rest[:i]
		for _, id := range nearest(part, ids) {
			if d := editDistance(part, id); best[id] == 0 || d+1 < best[id] {
				best[id] = d + 1
			}
		}
	}
	out := make([]string, 0, len(best))
	for id := range best {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		return best[out[i]] < best[out[j]] || best[out[i]] == best[out[j]] && out[i] < out[j]
	})
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	return out
}

// suggest is the sentence a refusal of an unknown name ends with: the
// nearest names (each as it should be shown), if any, and the widget ids
// there are.
func suggest(near []string, ids []string) string {
	var b strings.Builder
	if len(near) > 0 {
		b.WriteString("; did you mean " + strings.Join(near, " or ") + "?")
	}
	if len(ids) > 0 {
		b.WriteString(" Widgets: " + strings.Join(ids, ", ") + ".")
	}
	return b.String()
}

// quoteAll is names in backquotes.
func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = "`" + n + "`"
	}
	return out
}
