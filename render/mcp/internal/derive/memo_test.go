package derive

import (
	"reflect"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// memoView draws a view of widgets that change a little between renders:
// buttons and checkboxes (comparable) that come, go, change or move,
// probes whose actions are a slice (never comparable), ids shown twice or
// breaking the rule, and excluded widgets.
func memoView(t *rapid.T, label string) tea.Node {
	n := rapid.IntRange(0, 8).Draw(t, label+" widgets")
	items := make([]tea.Node, 0, n)
	for i := range n {
		id := rapid.SampledFrom([]string{"a", "b", "c", "d", "bad id", ""}).Draw(t, label+" id "+strconv.Itoa(i))
		switch rapid.IntRange(0, 4).Draw(t, label+" kind "+strconv.Itoa(i)) {
		case 0:
			items = append(items, widgets.Button{ID: id, Label: "go", OnClick: incMsg{}, Disabled: rapid.Bool().Draw(t, label+" disabled")})
		case 1:
			items = append(items, widgets.Checkbox{ID: id, Label: "x", Checked: rapid.Bool().Draw(t, label+" checked"), Exclude: rapid.Bool().Draw(t, label+" exclude")})
		case 2:
			actions := []tea.Action{{Name: rapid.SampledFrom([]string{"poke", "poke", "Bad Name", "peek"}).Draw(t, label+" action")}}
			items = append(items, probe{id: id, kind: "probe", actions: actions})
		case 3:
			items = append(items, widgets.Button{ID: id, Label: "same", OnClick: incMsg{}})
		case 4:
			items = append(items, widgets.Tabs{ID: id, Tabs: []string{"one", "two"}, Active: rapid.IntRange(0, 1).Draw(t, label+" tab")})
		}
	}
	return tea.Column{Items: items}
}

// TestMemoDerivesWhatToolsDerives renders a session's views one after
// another through one memo and checks each derivation against Tools of
// the same view: same tools, same order, same warnings.
func TestMemoDerivesWhatToolsDerives(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := newDeriveMemo(nil)
		for r := range rapid.IntRange(1, 6).Draw(t, "renders") {
			view := memoView(t, "render "+strconv.Itoa(r))
			want, wantWarns := Tools("s", view)
			got, gotWarns := m.tools("s", view)
			if len(got) != len(want) || (len(got) > 0 && !reflect.DeepEqual(got, want)) {
				t.Fatalf("render %d: memo derived\n%+v\nTools derived\n%+v", r, got, want)
			}
			if len(gotWarns) != len(wantWarns) || (len(gotWarns) > 0 && !reflect.DeepEqual(gotWarns, wantWarns)) {
				t.Fatalf("render %d: memo warned %v, Tools warned %v", r, gotWarns, wantWarns)
			}
		}
	})
}

// TestMemoAsksOnlyChangedWidgetsForActions checks that an unchanged
// comparable widget is not asked for its actions again, and that one that
// changed is.
func TestMemoAsksOnlyChangedWidgetsForActions(t *testing.T) {
	n := 0
	view := func(label string) tea.Node {
		return tea.Column{Items: []tea.Node{countedButton{Button: widgets.Button{ID: "b", Label: label, OnClick: incMsg{}}, n: &n}}}
	}
	m := newDeriveMemo(nil)
	m.tools("s", view("one"))
	m.tools("s", view("one"))
	if n != 1 {
		t.Fatalf("an unchanged widget was asked for its actions %d times, want once", n)
	}
	m.tools("s", view("two"))
	if n != 2 {
		t.Fatalf("a changed widget was asked for its actions %d times in all, want twice", n)
	}
}

// countedButton is a Button that counts how often it is asked for its
// actions; it compares equal when its Button does.
type countedButton struct {
	widgets.Button
	n *int
}

func (c countedButton) Actions() []tea.Action { *c.n++; return c.Button.Actions() }

// TestAnIdleSessionHoldsNoScratch: once a sync is over, the synchronizer
// holds none of its render's scratch (the maps and slices a derivation
// works in): they go back to the registry's pool for the next render of
// any session, and the memory holds only what the next render reuses.
func TestAnIdleSessionHoldsNoScratch(t *testing.T) {
	reg := NewRegistry(nil)
	a := NewToolSynchronizer("a", reg, nil)
	b := NewToolSynchronizer("b", reg, nil)
	view := wideView(3)
	for v := range uint64(3) {
		if err := a.Sync(tea.Snapshot{View: view, Version: v + 1}); err != nil {
			t.Fatal(err)
		}
		if err := b.Sync(tea.Snapshot{View: view, Version: v + 1}); err != nil {
			t.Fatal(err)
		}
	}
	for _, sy := range []*ToolSynchronizer{a, b} {
		if sy.memo.cur != nil {
			t.Fatalf("session %s holds its last render's scratch", sy.session)
		}
		if len(sy.memo.byID) != 3 {
			t.Fatalf("session %s remembers %d widgets, want 3", sy.session, len(sy.memo.byID))
		}
	}
	if got := len(reg.Tools("a")); got != 3 {
		t.Fatalf("session a has %d tools, want its 3 clicks", got)
	}
}

// TestAWidgetOfferingWhatItOfferedKeepsItsTools: a widget that changed,
// or cannot be compared (a table, for its rows), is asked for its actions
// again; when they are the ones it offered (equal, if built anew), its
// tools are the ones derived then, not named and checked again, and carry
// the specs its registered tools were built from (which the registry path
// then compares without a walk).
func TestAWidgetOfferingWhatItOfferedKeepsItsTools(t *testing.T) {
	view := func(desc string) tea.Node {
		acts := []tea.Action{{Name: "poke", Description: desc, InputSchema: map[string]any{"type": "object"}}}
		return tea.Column{Items: []tea.Node{probe{id: "w", kind: "k", actions: acts}}} // a slice: not comparable
	}
	schemaOf := func(ds []Derived, _ []Warning) uintptr {
		t.Helper()
		if len(ds) != 1 || ds[0].Name != "s.w.poke" {
			t.Fatalf("derived %+v, want s.w.poke", ds)
		}
		return reflect.ValueOf(ds[0].Action.InputSchema).Pointer()
	}
	m := newDeriveMemo(nil)
	first := schemaOf(m.tools("s", view("Poke.")))
	m.done()
	if again := schemaOf(m.tools("s", view("Poke."))); again != first {
		t.Fatal("a widget offering the actions it offered was derived anew")
	}
	m.done()
	got, _ := m.tools("s", view("Poke harder."))
	if schemaOf(got, nil) == first || got[0].Action.Description != "Poke harder." {
		t.Fatalf("a changed action derived %+v, want its new spec", got)
	}
}
