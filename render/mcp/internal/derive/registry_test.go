package derive

import (
	"fmt"
	"slices"
	"testing"

	"github.com/facetui/facet/tea"
)

func toolNames(ts []*Tool) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return out
}

// TestASessionsToolsFollowEveryChange: Tools(session) answers from the
// registry's index by session, which every change keeps: a session's own
// tools in name order, a tool replaced once, none of another session's
// (whose id it prefixes), none left once unregistered or its owner
// removed.
func TestASessionsToolsFollowEveryChange(t *testing.T) {
	r := NewRegistry(nil)
	add := func(owner string, names ...string) {
		t.Helper()
		var ts []*Tool
		for _, n := range names {
			ts = append(ts, &Tool{Name: n})
		}
		if err := r.Register(owner, ts); err != nil {
			t.Fatal(err)
		}
	}
	add("facet", "facet_start")
	add("a", "s1.b.click", "s1.a.click", "s1.discover_tools")
	add("b", "s10.a.click")
	add("a", "s1.a.click") // replaced, not added twice
	if got, want := toolNames(r.Tools("s1")), []string{"s1.a.click", "s1.b.click", "s1.discover_tools"}; !slices.Equal(got, want) {
		t.Fatalf("Tools(s1) = %v, want %v", got, want)
	}
	if got := len(r.Tools("")); got != 5 {
		t.Fatalf("Tools(\"\") holds %d tools, want 5", got)
	}
	r.Unregister("a", []string{"s1.b.click", "s10.a.click"}) // s10's is b's: kept
	if got, want := toolNames(r.Tools("s1")), []string{"s1.a.click", "s1.discover_tools"}; !slices.Equal(got, want) {
		t.Fatalf("after Unregister, Tools(s1) = %v, want %v", got, want)
	}
	r.RemoveOwner("a")
	if got := r.Tools("s1"); len(got) != 0 {
		t.Fatalf("after RemoveOwner, Tools(s1) = %v, want none", toolNames(got))
	}
	if got, want := toolNames(r.Tools("s10")), []string{"s10.a.click"}; !slices.Equal(got, want) {
		t.Fatalf("Tools(s10) = %v, want %v", got, want)
	}
}

// BenchmarkSessionToolsAmong10000 is one session's tools among ten
// thousand sessions' (what facet_start answers with): it was a walk over
// every session's tools, which made starting ten thousand quadratic.
func BenchmarkSessionToolsAmong10000(b *testing.B) {
	r := NewRegistry(nil)
	view := wideView(4)
	for i := range 10000 {
		sy := NewToolSynchronizer(fmt.Sprintf("s%d", i), r, nil)
		if err := sy.Start(tea.Snapshot{View: view, Version: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if len(r.Tools("s5000")) != 5 {
			b.Fatal("want 5 tools")
		}
	}
}
