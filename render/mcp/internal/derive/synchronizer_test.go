package derive

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// gateSink holds up the first removal until released.
type gateSink struct {
	entered, release chan struct{}
	once             sync.Once
}

func (g *gateSink) AddTools([]*Tool) {}
func (g *gateSink) RemoveTools([]string) {
	g.once.Do(func() {
		close(g.entered)
		<-g.release
	})
}

func TestASecondStopWaitsUntilTheToolsAreGone(t *testing.T) {
	// The session's follower and its watcher both stop the synchronizer;
	// the one that comes second must not return while the tools are
	// still registered (a harness Stop then saw them listed).
	sink := &gateSink{entered: make(chan struct{}), release: make(chan struct{})}
	reg := NewRegistry(sink)
	sy := NewToolSynchronizer("s", reg, nil)
	view := probe{id: "w", kind: "k", actions: []tea.Action{{Name: "poke"}}}
	if err := sy.Start(tea.Snapshot{View: view, Version: 1}); err != nil {
		t.Fatal(err)
	}
	go sy.Stop()
	<-sink.entered
	second := make(chan struct{})
	go func() { sy.Stop(); close(second) }()
	select {
	case <-second:
		t.Fatal("the second Stop returned while the first was still removing the tools")
	case <-time.After(50 * time.Millisecond):
	}
	close(sink.release)
	<-second
	if n := len(reg.Tools("s")); n != 0 {
		t.Fatalf("%d tools left after Stop", n)
	}
}

func TestOneRenderCannotRegisterTwoToolsUnderOneClientName(t *testing.T) {
	reg := NewRegistry(nil)
	sy := NewToolSynchronizer("s", reg, nil)
	view := tea.Column{Items: []tea.Node{
		probe{id: "x_y", kind: "k", actions: []tea.Action{{Name: "poke"}}},
		probe{id: "x-y", kind: "k", actions: []tea.Action{{Name: "poke"}}},
	}}
	err := sy.Start(tea.Snapshot{View: view, Version: 1})
	var nc *NameCollisionError
	if !errors.As(err, &nc) || len(nc.Names) != 1 || nc.Names[0] != "s.x-y.poke" {
		t.Fatalf("err = %v, want a *NameCollisionError naming s.x-y.poke", err)
	}
	if _, ok := reg.Lookup("s.x_y.poke"); !ok {
		t.Fatal("the first tool was not registered")
	}
	if got, ok := reg.Resolve(toolname.ClientName("s.x_y.poke")); !ok || got.Name != "s.x_y.poke" {
		t.Fatalf("the client name resolves to %v", got)
	}
}
