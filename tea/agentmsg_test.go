package tea_test

import (
	"context"
	"testing"

	"github.com/facetui/facet/tea"
)

// counted counts incs.
type counted struct{ n int }

type inc struct{}

func (c counted) Init() tea.Cmd { return nil }
func (c counted) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(inc); ok {
		c.n++
	}
	return c, nil
}
func (c counted) View() tea.Node { return tea.Column{} }

// TestASnapshotNamesTheAgentWhoseMessageMadeIt: an AgentMsg is applied as
// its message, and the snapshot it makes, and only that one, names the
// agent; a key an agent pressed names it too.
func TestASnapshotNamesTheAgentWhoseMessageMadeIt(t *testing.T) {
	ctx := context.Background()
	rt, err := tea.Start(ctx, counted{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	for _, tc := range []struct {
		name string
		msg  tea.Msg
		by   string
		n    int
	}{
		{"an agent's message", tea.AgentMsg{Agent: "mcp:claude", Msg: inc{}}, "mcp:claude", 1},
		{"the person's message after it", inc{}, "", 2},
		{"a key an agent pressed", tea.KeyInputMsg{Key: tea.Named(tea.KeyTab), Agent: "mcp:claude"}, "mcp:claude", 2},
		{"a key the person pressed", tea.KeyInputMsg{Key: tea.Named(tea.KeyTab)}, "", 2},
	} {
		tr, err := rt.Dispatch(ctx, tc.msg)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tr.After.By != tc.by || tr.After.Model.(counted).n != tc.n {
			t.Fatalf("%s: By %q, count %d; want %q, %d", tc.name, tr.After.By, tr.After.Model.(counted).n, tc.by, tc.n)
		}
	}
}
