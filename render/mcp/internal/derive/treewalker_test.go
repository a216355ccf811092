package derive

import (
	"bytes"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func names(ds []Derived) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Name
	}
	return out
}

func TestDeriveSkipsBadIdsNamesAndExcludedWidgets(t *testing.T) {
	ok := []tea.Action{{Name: "poke"}}
	view := tea.Column{Items: []tea.Node{
		probe{id: "good", kind: "k", actions: ok},
		probe{id: "has.dot", kind: "k", actions: ok},
		probe{id: strings.Repeat("x", 33), kind: "k", actions: ok},
		probe{id: "ctl\n", kind: "k", actions: ok},
		probe{id: "hidden", kind: "k", actions: ok, exclude: true},
		probe{id: "names", kind: "k", actions: []tea.Action{{Name: "Poke"}, {Name: "_x"}, {Name: "a" + strings.Repeat("b", 32)}, {Name: "fine_1"}}},
		widgets.Button{ID: "b", Label: "B", OnClick: 1, Exclude: true},
	}}
	ds, warns := Tools("s", view)
	if got := names(ds); !slices.Equal(got, []string{"s.good.poke", "s.names.fine_1"}) {
		t.Fatalf("derived %v", got)
	}
	if len(warns) != 6 {
		t.Fatalf("warnings = %d, want one per bad id (3) and bad action name (3): %v", len(warns), warns)
	}
	if ds, warns := Tools("t.v2", view); ds != nil || len(warns) != 1 {
		t.Fatalf("an invalid session id derived %v", ds)
	}
}

func TestSynchronizerWithInvalidIDRegistersNothing(t *testing.T) {
	var logs bytes.Buffer
	reg := NewRegistry(nil)
	sy := NewToolSynchronizer("bad id", reg, slog.New(slog.NewTextHandler(&logs, nil)))
	view := probe{id: "w", kind: "k", actions: []tea.Action{{Name: "poke"}}}
	if err := sy.Start(tea.Snapshot{View: view, Version: 1}); err != nil {
		t.Fatal(err)
	}
	if n := len(reg.Tools("")); n != 0 {
		t.Fatalf("registered %d tools", n)
	}
	if !strings.Contains(logs.String(), "bad id") {
		t.Fatalf("no warning names the id: %q", logs.String())
	}
}

func TestLongNamesWarnOncePerName(t *testing.T) {
	var logs bytes.Buffer
	reg := NewRegistry(nil)
	sy := NewToolSynchronizer("session", reg, slog.New(slog.NewTextHandler(&logs, nil)))
	long := strings.Repeat("w", 32)
	view := probe{id: long, kind: "k", actions: []tea.Action{{Name: "get_visible_range"}}}
	for v := uint64(1); v <= 3; v++ {
		if err := sy.Sync(tea.Snapshot{View: view, Version: v}); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(logs.String(), "longer than clients show"); n != 1 {
		t.Fatalf("long-name warnings = %d, want 1:\n%s", n, logs.String())
	}
}

func TestDerivedAnnotationsKeepOnlyTrueSensitiveAndDestructive(t *testing.T) {
	d := Derived{Name: "s.w.a", Widget: "w", Kind: "k", Action: tea.Action{
		Name: "a", Description: "ok\u202e\u200b",
		InputSchema: map[string]any{"type": "object", "title\u200d": "x\U000E0041"},
		Annotations: map[string]any{"sensitive": false, "destructiveHint": true, "readOnlyHint": true, "title": "Hi"},
	}}
	tl, err := build("s", d)
	if err != nil {
		t.Fatal(err)
	}
	if tl.Sensitive || !tl.Destructive || tl.Description != "ok" || tl.InputSchema["title"] != "x" {
		t.Fatalf("built %+v", tl)
	}
}

// genView builds a random flat view of probes with unique ids.
func genWidgets(t *rapid.T, label string) []tea.Node {
	n := rapid.IntRange(0, 6).Draw(t, label+"_n")
	var out []tea.Node
	for i := 0; i < n; i++ {
		acts := rapid.SliceOfDistinct(rapid.SampledFrom([]string{"click", "toggle", "get_value", "sort"}), func(s string) string { return s }).Draw(t, label+"_acts")
		var as []tea.Action
		for _, a := range acts {
			as = append(as, tea.Action{Name: a, Description: a})
		}
		out = append(out, probe{id: label + "_" + string(rune('a'+i)), kind: "k", actions: as})
	}
	return out
}

// TestDerivationCommutesWithComposition is the functor law: the tools of a
// column of A and B are exactly A's plus B's; wrapping changes nothing;
// removing a widget removes exactly its tools; reordering keeps the set.
func TestDerivationCommutesWithComposition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a := genWidgets(t, "a")
		b := genWidgets(t, "b")
		derive := func(n tea.Node) []string {
			ds, _ := Tools("s", n)
			got := names(ds)
			slices.Sort(got)
			return got
		}
		da, db := derive(tea.Column{Items: a}), derive(tea.Row{Items: b})
		want := slices.Sorted(slices.Values(append(slices.Clone(da), db...)))
		composed := tea.Column{Items: []tea.Node{tea.Box{Title: "A", Child: tea.Column{Items: a}}, tea.Row{Items: b}}}
		if got := derive(composed); !slices.Equal(got, want) {
			t.Fatalf("derive(A+B) = %v, want %v", got, want)
		}
		all := append(slices.Clone(a), b...)
		reversed := slices.Clone(all)
		slices.Reverse(reversed)
		if got := derive(tea.Column{Items: reversed}); !slices.Equal(got, want) {
			t.Fatalf("reordering changed the set: %v vs %v", got, want)
		}
		if len(all) > 0 {
			i := rapid.IntRange(0, len(all)-1).Draw(t, "remove")
			removed := all[i].(probe)
			rest := slices.Delete(slices.Clone(all), i, i+1)
			var expect []string
			for _, n := range want {
				if !strings.HasPrefix(n, "s."+removed.id+".") {
					expect = append(expect, n)
				}
			}
			if got := derive(tea.Column{Items: rest}); !slices.Equal(got, expect) {
				t.Fatalf("removing %s: %v, want %v", removed.id, got, expect)
			}
		}
	})
}

func TestClientName(t *testing.T) {
	cases := map[string]string{
		"demo.x_y.click": "demo_x_y_click",
		"demo.x-y.click": "demo_x_y_click",
		"Demo..A--b":     "demo_a_b",
		"__":             "tool",
		"":               "tool",
		"é.ok":           "ok",
		"a__b":           "a_b",
	}
	for in, want := range cases {
		if got := toolname.ClientName(in); got != want {
			t.Errorf("ClientName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDuplicateIDsWarnOnce(t *testing.T) {
	act := []tea.Action{{Name: "poke"}}
	view := tea.Column{Items: []tea.Node{probe{id: "w", kind: "k", actions: act}, probe{id: "w", kind: "k", actions: act}, probe{id: "w", kind: "other"}}}
	ds, warns := Tools("s", view)
	if len(ds) != 1 || len(warns) != 1 || !strings.Contains(warns[0].Reason, "more than one widget") {
		t.Fatalf("derived %v, warnings %v", names(ds), warns)
	}
}
