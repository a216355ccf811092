package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/tea"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

// TestFacetStartHoldsClientsToMaxSessions: facet_start refuses past the
// cap, naming it and the sessions to stop; sessions the embedder starts
// neither count nor are refused.
func TestFacetStartHoldsClientsToMaxSessions(t *testing.T) {
	cases := []struct {
		name     string
		max, cap int
	}{
		{"0 is the default", 0, DefaultMaxSessions},
		{"an explicit cap", 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newTestServer(t, Options{MaxSessions: c.max, MaxSessionsPerClient: c.cap})
			tc := connect(t, srv)
			if _, err := srv.StartSession(context.Background(), "embedded", "counter", &counter{}); err != nil {
				t.Fatal(err)
			}
			for i := range c.cap {
				mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": fmt.Sprintf("s%d", i)}))
			}
			mustErr(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "over"}),
				fmt.Sprintf("limit of %d running sessions", c.cap), "facet_stop one of yours", "s0, s1")
			if _, running := srv.Sessions().Get("over"); running {
				t.Fatal("a refused start left its session running")
			}
			if _, err := srv.StartSession(context.Background(), "embedded2", "counter", &counter{}); err != nil {
				t.Fatalf("the embedder's own start was refused at the cap: %v", err)
			}
			mustOK(t, tc.call("facet_stop", map[string]any{"id": "s0"}))
			mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "over"}))
		})
	}
}

// TestConcurrentFacetStartsStopAtTheCap: starts that race for the last
// places cannot pass the cap together.
func TestConcurrentFacetStartsStopAtTheCap(t *testing.T) {
	const max, tries = 3, 12
	srv := newTestServer(t, Options{MaxSessions: max})
	tc := connect(t, srv)
	var wg sync.WaitGroup
	results := make([]*sdk.CallToolResult, tries)
	errs := make([]error, tries)
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := sdk.CallToolRequest{}
			req.Params.Name = "facet_start"
			req.Params.Arguments = map[string]any{"app": "counter", "id": fmt.Sprintf("c%d", i)}
			results[i], errs[i] = tc.c.CallTool(context.Background(), req)
		}()
	}
	wg.Wait()
	started := 0
	for i, res := range results {
		if errs[i] != nil {
			t.Fatalf("start %d: protocol error %v", i, errs[i])
		}
		if !res.IsError {
			started++
		} else if !strings.Contains(text(res), fmt.Sprint(max)) {
			t.Fatalf("start %d refused for another reason: %s", i, text(res))
		}
	}
	if started != max || len(srv.Sessions().List()) != max {
		t.Fatalf("%d starts succeeded and %d sessions run, want %d", started, len(srv.Sessions().List()), max)
	}
}

// TestOneClientsStartsUnderWayCountAgainstItsCap: 12 facet_start on one
// connection at once, with a per-client cap of 2 (and room for all 12 in
// the server's cap), start exactly 2. The app's New is a barrier: the two
// admitted starts stay under way until the other 10 are refused, so a gate
// that counted only running sessions would let a third one in (its New is
// entered) instead of refusing it.
func TestOneClientsStartsUnderWayCountAgainstItsCap(t *testing.T) {
	const perClient, tries = 2, 12
	entered := make(chan struct{}, tries)
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	apps := append(testApps(), App{Name: "gated", New: func() tea.Model {
		entered <- struct{}{}
		<-release
		return &counter{}
	}})
	srv := newTestServer(t, Options{Apps: apps, MaxSessions: 2 * tries, MaxSessionsPerClient: perClient})
	tc := connect(t, srv)
	type result struct {
		res *sdk.CallToolResult
		err error
	}
	results := make(chan result, tries)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer open()
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := sdk.CallToolRequest{}
			req.Params.Name = "facet_start"
			req.Params.Arguments = map[string]any{"app": "gated", "id": fmt.Sprintf("g%d", i)}
			res, err := tc.c.CallTool(context.Background(), req)
			results <- result{res, err}
		}()
	}
	// Only a failing gate reaches this deadline: it is not what the test
	// waits for.
	deadline := time.After(30 * time.Second)
	in, refused, started := 0, 0, 0
	for refused+started < tries {
		select {
		case <-entered:
			if in++; in > perClient {
				t.Fatalf("%d starts are under way at once on one connection with a cap of %d", in, perClient)
			}
		case r := <-results:
			switch {
			case r.err != nil:
				t.Fatalf("protocol error %v", r.err)
			case r.res.IsError:
				if !strings.Contains(text(r.res), "taken by your starts under way") {
					t.Fatalf("a start refused for another reason: %s", text(r.res))
				}
				refused++
			default:
				started++
			}
			if refused == tries-perClient {
				open()
			}
		case <-deadline:
			t.Fatalf("after 30s: %d starts entered, %d refused, %d started", in, refused, started)
		}
	}
	if started != perClient || len(srv.Sessions().List()) != perClient {
		t.Fatalf("%d starts succeeded and %d sessions run, want %d", started, len(srv.Sessions().List()), perClient)
	}
}

func TestANegativeMaxSessionsIsAConfigError(t *testing.T) {
	_, err := New(Options{Apps: testApps(), MaxSessions: -1})
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Option != "MaxSessions" || !strings.Contains(err.Error(), "-1") {
		t.Fatalf("New(MaxSessions: -1) = %v, want a ConfigError naming MaxSessions", err)
	}
}

// TestOneClientCannotTakeEveryPlace: past MaxSessionsPerClient a client's
// facet_start is refused, naming its own sessions and no other's, while
// another client still starts sessions under the server's cap, which
// holds too.
func TestOneClientCannotTakeEveryPlace(t *testing.T) {
	cases := []struct {
		name           string
		perClient, cap int // as given; the cap a client meets
	}{
		{"0 is the default", 0, DefaultMaxSessionsPerClient},
		{"an explicit cap", 2, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newTestServer(t, Options{MaxSessions: c.cap + 1, MaxSessionsPerClient: c.perClient})
			a, b := connect(t, srv), connect(t, srv)
			for i := range c.cap {
				mustOK(t, a.call("facet_start", map[string]any{"app": "counter", "id": fmt.Sprintf("a%d", i)}))
			}
			got := a.call("facet_start", map[string]any{"app": "counter", "id": "over"})
			mustErr(t, got, fmt.Sprintf("your client connection's limit of %d running sessions", c.cap), "facet_stop one of yours first: a0, a1")
			if _, running := srv.Sessions().Get("over"); running {
				t.Fatal("a refused start left its session running")
			}
			mustOK(t, b.call("facet_start", map[string]any{"app": "counter", "id": "b0"}))
			got = b.call("facet_start", map[string]any{"app": "counter", "id": "bover"})
			mustErr(t, got, fmt.Sprintf("server's limit of %d running sessions", c.cap+1), "facet_stop one of yours first: b0")
			if strings.Contains(text(got), "a0") {
				t.Fatalf("client B's refusal names client A's sessions: %s", text(got))
			}
			mustOK(t, a.call("facet_stop", map[string]any{"id": "a0"}))
			mustOK(t, a.call("facet_start", map[string]any{"app": "counter", "id": "again"}))
		})
	}
}

func TestANegativeMaxSessionsPerClientIsAConfigError(t *testing.T) {
	_, err := New(Options{Apps: testApps(), MaxSessionsPerClient: -1})
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Option != "MaxSessionsPerClient" || !strings.Contains(err.Error(), "-1") {
		t.Fatalf("New(MaxSessionsPerClient: -1) = %v, want a ConfigError naming MaxSessionsPerClient", err)
	}
}
