package derive

import (
	"fmt"
	"slices"
	"testing"

	"github.com/facetui/facet/render/mcp/toolname"
	"pgregory.net/rapid"
)

func infos(names ...string) []ToolInfo {
	out := make([]ToolInfo, len(names))
	for i, n := range names {
		out[i] = ToolInfo{Name: n}
	}
	return out
}

func lensNames(ts []ToolInfo) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

func TestFocusLensOrdersFocusHoverDiscoverGlobal(t *testing.T) {
	tools := infos("facet_list", "demo.search.type_into", "demo.search.clear", "demo.results.sort",
		"demo.submit.click", "demo.discover_tools", "demo2.search.type_into", "demo.search2.clear", "facet_start")
	cases := []struct {
		name string
		opts LensOptions
		want []string
	}{
		{"focused", LensOptions{SessionID: "demo", FocusedID: "search"},
			[]string{"demo.search.clear", "demo.search.type_into", "demo.discover_tools", "facet_list", "facet_start"}},
		{"hover", LensOptions{Mode: LensHover, SessionID: "demo", FocusedID: "search", HoverID: "results"},
			[]string{"demo.search.clear", "demo.search.type_into", "demo.results.sort", "demo.discover_tools", "facet_list", "facet_start"}},
		{"hover ignored in focused mode", LensOptions{SessionID: "demo", HoverID: "results"},
			[]string{"demo.discover_tools", "facet_list", "facet_start"}},
		{"capped", LensOptions{SessionID: "demo", FocusedID: "search", MaxTools: 2},
			[]string{"demo.search.clear", "demo.search.type_into"}},
		{"all", LensOptions{Mode: LensAll, SessionID: "demo", FocusedID: "submit"},
			[]string{"demo.submit.click", "demo.discover_tools", "facet_list", "facet_start", "demo.results.sort", "demo.search.clear", "demo.search.type_into", "demo.search2.clear"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := lensNames(FocusLens(tools, c.opts)); !slices.Equal(got, c.want) {
				t.Fatalf("got %v\nwant %v", got, c.want)
			}
		})
	}
}

func TestFocusLensNeverLeaksAnotherSessionOrExceedsTheCap(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 60).Draw(t, "n")
		var tools []ToolInfo
		for i := 0; i < n; i++ {
			s := rapid.SampledFrom([]string{"a", "b", "ab", ""}).Draw(t, "session")
			w := rapid.SampledFrom([]string{"x", "y", "z"}).Draw(t, "widget")
			name := fmt.Sprintf("global_%d", i)
			if s != "" {
				name = fmt.Sprintf("%s.%s.act%d", s, w, i)
			}
			tools = append(tools, ToolInfo{Name: name})
		}
		opts := LensOptions{
			Mode:      rapid.SampledFrom([]string{LensAll, LensFocused, LensHover}).Draw(t, "mode"),
			SessionID: "a", FocusedID: "x", HoverID: "y",
			MaxTools: rapid.IntRange(0, 20).Draw(t, "max"),
		}
		got := FocusLens(tools, opts)
		limit := opts.MaxTools
		if limit == 0 {
			limit = DefaultMaxTools
		}
		if len(got) > limit {
			t.Fatalf("%d tools > cap %d", len(got), limit)
		}
		for _, tl := range got {
			if s := toolname.SessionOf(tl.Name); s != "" && s != "a" {
				t.Fatalf("leaked %s", tl.Name)
			}
		}
		slices.Reverse(tools)
		if again := FocusLens(tools, opts); !slices.Equal(lensNames(again), lensNames(got)) {
			t.Fatalf("order depends on input order: %v vs %v", lensNames(again), lensNames(got))
		}
	})
}
