package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/internal/balancertest"
)

// staleBound is how soon, after a node dies, its sessions must answer
// stale on every other node (issue 26).
const staleBound = 10 * time.Second

// killOutcome is what killing a node of the cluster showed.
type killOutcome struct {
	victim string
	// stale is, for each surviving node, how soon after the kill a call to
	// the victim's session there answered the stale-session error.
	stale []staleAt
	// exact counts the surviving nodes' sessions still driven exactly
	// through every surviving node, of survivors.
	exact, survivors int
	errs             []error
}

// staleAt is how soon a node answered a dead node's session stale.
type staleAt struct {
	node  string
	after time.Duration // 0: never, within the wait
	calls int           // calls made until then, the stale one included
}

// problem is what is wrong with s, if anything: the node never answered
// stale within wait (last is its last answer), or not within staleBound.
func (s staleAt) problem(wait time.Duration, last error) error {
	switch {
	case s.after == 0:
		return fmt.Errorf("node %s did not answer the killed node's session stale in %s; its last answer: %v", s.node, wait, last)
	case s.after > staleBound:
		return fmt.Errorf("node %s answered the killed node's session stale after %s, over the %s bound", s.node, s.after, staleBound)
	}
	return nil
}

func (k killOutcome) ok() bool { return len(k.errs) == 0 }

// isStale reports whether err is the answer for a session whose node is
// gone: a tool error saying it is not running, naming facet_list.
func isStale(err error) bool {
	return errors.Is(err, errToolError) && strings.Contains(err.Error(), "is not running") && strings.Contains(err.Error(), "facet_list")
}

// textOf is a result's text blocks, joined.
func textOf(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(sdk.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// killOne starts a counter session on every node of c (one principal, a
// stateless client straight to each node), clicks each once through
// every node, then kills the last node (SIGKILL; the first runs the NATS
// server) and measures, on each surviving node, how soon a call to the
// dead node's session answers stale; then it checks that the surviving
// nodes' sessions are driven exactly through every surviving node. wait
// bounds each step.
func killOne(ctx context.Context, c *balancertest.Cluster, token string, wait time.Duration) (killOutcome, error) {
	n := len(c.Nodes)
	victim := n - 1
	out := killOutcome{victim: c.Nodes[victim].Name, survivors: n - 1}
	agents := make([]*agent, n)
	ids := make([]string, n)
	defer func() {
		for _, a := range agents {
			if a != nil {
				a.close()
			}
		}
	}()
	for i, u := range c.URLs {
		a, got, err := dialMCP(ctx, u+"/mcp", bearer(token), sdk.ProtocolVersion20260728)
		if err != nil {
			return out, fmt.Errorf("kill: node %s: %w", c.Nodes[i].Name, err)
		}
		agents[i] = a
		if got != sdk.ProtocolVersion20260728 {
			return out, fmt.Errorf("kill: node %s chose protocol %s, want %s", c.Nodes[i].Name, got, sdk.ProtocolVersion20260728)
		}
		ids[i] = "kill" + c.Nodes[i].Name
		if _, err := a.call(ctx, "facet_start", map[string]any{"app": "counter", "id": ids[i]}); err != nil {
			return out, fmt.Errorf("kill: %w", err)
		}
	}
	// Every node lists every session before the kill.
	for i, a := range agents {
		deadline := time.Now().Add(wait)
		for {
			res, err := a.call(ctx, "facet_list", nil)
			if err != nil {
				return out, fmt.Errorf("kill: %w", err)
			}
			listed := textOf(res)
			if !slicesContainAll(listed, ids) {
				if time.Now().After(deadline) {
					return out, fmt.Errorf("kill: node %s's facet_list did not show every node's session in %s:\n%s", c.Nodes[i].Name, wait, listed)
				}
				select {
				case <-ctx.Done():
					return out, ctx.Err()
				case <-time.After(10 * time.Millisecond):
				}
				continue
			}
			break
		}
	}
	click := func(a *agent, id string) error {
		_, err := a.call(ctx, "facet_act", map[string]any{"session": id, "widget": "inc", "action": "click"})
		return err
	}
	for _, a := range agents {
		for _, id := range ids {
			if err := click(a, id); err != nil {
				return out, fmt.Errorf("kill: before the kill: %w", err)
			}
		}
	}

	if err := c.Nodes[victim].Kill(); err != nil {
		return out, err
	}
	killed := time.Now()
	out.stale = make([]staleAt, victim)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, a := range agents[:victim] {
		wg.Go(func() {
			s := staleAt{node: c.Nodes[i].Name}
			var last error
			for time.Since(killed) < wait {
				last = click(a, ids[victim])
				s.calls++
				if isStale(last) {
					s.after = time.Since(killed)
					break
				}
			}
			mu.Lock()
			defer mu.Unlock()
			out.stale[i] = s
			if err := s.problem(wait, last); err != nil {
				out.errs = append(out.errs, err)
			}
		})
	}
	wg.Wait()

	// The surviving sessions, clicked once more through every surviving
	// node, show every click.
	want := fmt.Sprintf("Count: %d", n+victim)
	for _, id := range ids[:victim] {
		good := true
		for _, a := range agents[:victim] {
			if err := click(a, id); err != nil {
				out.errs = append(out.errs, fmt.Errorf("after the kill: %w", err))
				good = false
			}
		}
		for i, a := range agents[:victim] {
			res, err := a.call(ctx, "facet_screenshot", map[string]any{"id": id})
			if err != nil {
				out.errs = append(out.errs, fmt.Errorf("after the kill: %w", err))
				good = false
				continue
			}
			if screen := textOf(res); !strings.Contains(screen, want) {
				out.errs = append(out.errs, fmt.Errorf("after the kill, session %s through node %s shows, want %s:\n%s", id, c.Nodes[i].Name, want, screen))
				good = false
			}
		}
		if good {
			out.exact++
		}
	}
	return out, nil
}

// slicesContainAll reports whether s contains every one of subs.
func slicesContainAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

// writeKill writes what killing a node showed.
func writeKill(w io.Writer, k killOutcome) {
	fmt.Fprintf(w, "Killed node %s (SIGKILL). Its session answered the stale-session error naming facet_list", k.victim)
	var worst time.Duration
	every := true
	for i, s := range k.stale {
		sep := ","
		if i == 0 {
			sep = ""
		}
		if s.after == 0 {
			fmt.Fprintf(w, "%s on %s: not within the wait (%d calls)", sep, s.node, s.calls)
			every = false
			continue
		}
		worst = max(worst, s.after)
		fmt.Fprintf(w, "%s on %s after %s (call %d)", sep, s.node, s.after.Round(100*time.Microsecond), s.calls)
	}
	toStale := "not reached"
	if every {
		toStale = worst.Round(100 * time.Microsecond).String()
	}
	fmt.Fprintf(w, "; time to stale on every surviving node: %s. The surviving nodes' sessions driven exactly through every surviving node: %d of %d.\n",
		toStale, k.exact, k.survivors)
}
