package cluster

import (
	"sort"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/facetui/facet/cluster/clustertest"
)

// BenchmarkCall measures a tool call (a button click through a real tea
// session) made on the node that owns the session and one forwarded from
// another node over NATS on loopback, in plain text or over TLS with the
// secret. p50-ns is the median call.
func BenchmarkCall(b *testing.B) {
	for _, tc := range []struct {
		name      string
		forwarded bool
		secure    bool
	}{{"local", false, false}, {"forwarded", true, false}, {"forwarded-tls", true, true}} {
		b.Run(tc.name, func(b *testing.B) {
			var a, other *member
			if tc.secure {
				files := clustertest.NewTLSFiles(b)
				a = mustJoin(b, Options{Name: "a", Listen: "127.0.0.1:0", Secret: testSecret, TLSCert: files.Cert, TLSKey: files.Key})
				other = mustJoin(b, Options{Name: "b", URL: a.ClientURL(), Secret: testSecret, TLSCA: files.CA})
			} else {
				a = joinB(b, "a", "")
				other = joinB(b, "b", a.ClientURL())
			}
			if _, err := a.Start(b.Context(), a.reg, Entry{ID: "bench", App: "counter"}, clustertest.Counter{}); err != nil {
				b.Fatal(err)
			}
			caller := a
			if tc.forwarded {
				caller = other
				deadline := time.Now().Add(5 * time.Second)
				for {
					if _, ok := other.Lookup("bench"); ok {
						break
					}
					if time.Now().After(deadline) {
						b.Fatal("b never saw the session")
					}
					time.Sleep(10 * time.Millisecond)
				}
			}
			req := Request{Session: "bench", Kind: KindCall, Name: "inc.click"}
			took := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				if _, err := caller.Do(b.Context(), req); err != nil {
					b.Fatal(err)
				}
				took = append(took, time.Since(start))
			}
			b.StopTimer()
			sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
			b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
			b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
		})
	}
}

// BenchmarkNATSEcho is the floor under a forwarded call: a bare NATS
// request/reply between two connections through the embedded server on
// loopback, with the same reply size order.
func BenchmarkNATSEcho(b *testing.B) {
	a := joinB(b, "a", "")
	other := joinB(b, "b", a.ClientURL())
	sub, err := a.nc.Subscribe("bench.echo", func(m *nats.Msg) { _ = m.Respond(m.Data) })
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := a.nc.Flush(); err != nil {
		b.Fatal(err)
	}
	payload := []byte(`{"session":"bench","kind":"call","name":"inc.click"}`)
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		if _, err := other.nc.Request("bench.echo", payload, time.Second); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "p50-ns")
}
