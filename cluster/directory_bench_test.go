package cluster

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
)

// BenchmarkDirectoryList measures what facet_list and every context tree
// pay to list the cluster (Sessions and Nodes) from this node's view of a
// directory of 1,000 sessions on 3 nodes, and what a forwarded call pays
// to find its session (Lookup).
func BenchmarkDirectoryList(b *testing.B) {
	n := &Node{opts: Options{TTL: time.Hour}, cache: map[string]cached{}}
	now := time.Now()
	for i := range 3 {
		v, _ := json.Marshal(NodeInfo{Name: fmt.Sprintf("n%d", i), Joined: now})
		n.remember(nodeKey+fmt.Sprintf("n%d", i), v, now)
	}
	for i := range 1000 {
		e := Entry{ID: fmt.Sprintf("s%d", i), Node: fmt.Sprintf("n%d", i%3), App: "counter", Owner: "host", Started: now}
		v, _ := json.Marshal(e)
		n.remember(sessionKey+e.ID, v, now)
	}
	b.Run("list", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if len(n.Sessions()) != 1000 || len(n.Nodes()) != 3 {
				b.Fatal("wrong directory")
			}
		}
	})
	b.Run("lookup", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, ok := n.Lookup("s500"); !ok {
				b.Fatal("no s500")
			}
		}
	})
}
