package mcpnode

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/cluster/clustertest"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
)

var _ mcp.Cluster = (*Node)(nil)

func TestAnMCPServerInAClusterRefusesAnIDAnotherNodeRuns(t *testing.T) {
	a, b, _ := threeNodes(t)
	srvA, err := mcp.New(mcp.Options{Sessions: a.reg, Cluster: a.mn})
	if err != nil {
		t.Fatal(err)
	}
	defer srvA.Close()
	srvB, err := mcp.New(mcp.Options{Sessions: b.reg, Cluster: b.mn})
	if err != nil {
		t.Fatal(err)
	}
	defer srvB.Close()

	if _, err := srvA.StartSession(t.Context(), "shared", "counter", clustertest.Counter{}); err != nil {
		t.Fatalf("start on a: %v", err)
	}
	seen(t, b, "shared")
	if e, _ := b.Lookup("shared"); e.Node != "a" || e.App != "counter" {
		t.Fatalf("b's directory has %+v, want session shared of counter on a", e)
	}
	_, err = srvB.StartSession(t.Context(), "shared", "counter", clustertest.Counter{})
	if !errors.Is(err, tea.ErrSessionExists) || !strings.Contains(err.Error(), `node "a"`) {
		t.Fatalf("start of a's id on b: %v; want a refusal naming node a", err)
	}
	if _, ok := b.reg.Get("shared"); ok {
		t.Fatal("b started the app under a refused id")
	}

	// A session that stops leaves the directory; its id is free again.
	if err := a.reg.Stop("shared"); err != nil {
		t.Fatal(err)
	}
	eventually(t, 5*time.Second, "b can start the id once a stopped it", func() bool {
		_, err := srvB.StartSession(t.Context(), "shared", "counter", clustertest.Counter{})
		return err == nil
	})
}

// broken is an app whose first view panics, so it never starts.
type broken struct{ clustertest.Counter }

func (broken) View() tea.Node { panic("no view") }

func TestAStartThatFailsGivesItsIDBack(t *testing.T) {
	a, b, _ := threeNodes(t)
	srvB, err := mcp.New(mcp.Options{Sessions: b.reg, Cluster: b.mn})
	if err != nil {
		t.Fatal(err)
	}
	defer srvB.Close()
	if _, err := srvB.StartSession(t.Context(), "fragile", "broken", broken{}); err == nil {
		t.Fatal("an app whose first view panics started")
	}
	eventually(t, 5*time.Second, "the failed start's id leaves the directory", func() bool {
		_, ok := b.Owner("fragile")
		return !ok
	})
	if err := a.Reserve(t.Context(), "fragile", "counter", "host", false); err != nil {
		t.Fatalf("a cannot take the id the failed start had: %v", err)
	}
}
