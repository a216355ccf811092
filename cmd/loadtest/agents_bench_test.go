package main

import (
	"context"
	"net"
	"testing"
)

// BenchmarkSearchTask runs the agents mode's search task (type_into,
// click, get_rows of 100: three calls) by one agent against the MCP
// server over loopback HTTP, both in this process: its allocations per
// op are the client's and the server's together, and the client's are
// the same from one server version to the next.
func BenchmarkSearchTask(b *testing.B) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- serveMCP(ctx, l) }()
	defer func() {
		cancel()
		<-served
	}()
	want, err := expectedMatches()
	if err != nil {
		b.Fatal(err)
	}
	a, err := dialAgent(ctx, l.Addr().String(), "search", "bench")
	if err != nil {
		b.Fatal(err)
	}
	defer a.close()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		q := searchQueries[i%len(searchQueries)]
		i++
		if _, exact, err := a.searchOnce(ctx, q, want[q]); err != nil || !exact {
			b.Fatalf("search %q: exact %v, %v", q, exact, err)
		}
	}
}
