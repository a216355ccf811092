package bubble_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/bubble"
	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

type step struct{}

// counter is a Facet app: a count and a button.
type counter struct{ n int }

func (c counter) Init() tea.Cmd { return nil }
func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(step); ok {
		c.n++
	}
	return c, nil
}
func (c counter) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.Text{ID: "count", Content: fmt.Sprintf("Count: %d", c.n)},
		widgets.Button{ID: "inc", Label: "+1", OnClick: step{}},
	}}
}

// renderedView draws a view as text.
func renderedView(n tea.Node) string { return terminal.Draw(n, 40, 8, "") }

// TestModelEmbedsAFacetAppServedOverMCP runs a real Bubble Tea program
// whose model is a bubble.Model of a session that an MCP client drives at
// the same time: the person's Enter and the agent's click land on one
// count, and the program's screen shows both.
func TestModelEmbedsAFacetAppServedOverMCP(t *testing.T) {
	s := mcptest.Start(t, counter{}, mcptest.WithID("embedded"))
	sess, ok := s.Server().Sessions().Get("embedded")
	if !ok {
		t.Fatal("no session embedded")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	m := bubble.New(ctx, sess.Runtime)
	defer m.Close()

	term := termtest.NewTerminal(t, 50, 10)
	p := bt.NewProgram(m, bt.WithContext(ctx), bt.WithInput(term), bt.WithOutput(term), bt.WithWindowSize(50, 10))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()

	term.WaitFor(t, "Count: 0")
	term.Type(t, "\r") // Enter on the focused +1
	term.WaitFor(t, "Count: 1")
	s.Click("inc") // an agent, over MCP
	term.WaitFor(t, "Count: 2")
	s.AssertScreenContains("Count: 2")

	term.Type(t, "\x03") // Ctrl+C
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("program: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Ctrl+C did not end the program")
	}
	if sess.Runtime.Snapshot().Model.(counter).n != 2 {
		t.Error("the session lost its count")
	}
}

func TestModelQuitsWhenTheAppStops(t *testing.T) {
	rt, err := tea.Start(context.Background(), counter{})
	if err != nil {
		t.Fatal(err)
	}
	m := bubble.New(context.Background(), rt)
	defer m.Close()
	var out bytes.Buffer
	running := make(chan struct{})
	p := bt.NewProgram(firstUpdate{Model: m, seen: running, once: new(sync.Once)}, bt.WithInput(&bytes.Buffer{}), bt.WithOutput(&out), bt.WithWindowSize(40, 8))
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	select {
	case <-running: // the program is running: its first message reached Update
	case <-time.After(5 * time.Second):
		t.Fatal("the program never ran")
	}
	rt.Stop()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the program kept running after its Facet app stopped")
	}
}

// firstUpdate is a Bubble Tea model that closes seen when its first
// message reaches Update.
type firstUpdate struct {
	bt.Model
	seen chan struct{}
	once *sync.Once
}

func (f firstUpdate) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	f.once.Do(func() { close(f.seen) })
	next, cmd := f.Model.Update(msg)
	f.Model = next
	return f, cmd
}
