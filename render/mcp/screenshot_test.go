package mcp

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
)

// screenOf is the screen a facet_screenshot or facet_send_key answered:
// its first text.
func screenOf(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if len(res.Content) == 0 {
		t.Fatal("the answer has no content")
	}
	tc, ok := res.Content[0].(sdk.TextContent)
	if !ok {
		t.Fatalf("the answer starts with %T, not text", res.Content[0])
	}
	return tc.Text
}

// TestScreenshotsMatchAFreshDrawing takes a session's screenshots through
// the server, which keeps a drawer per session, while the screen changes
// and while it does not, and after the id is reused by a session of
// another app: each must be the screen drawn afresh.
func TestScreenshotsMatchAFreshDrawing(t *testing.T) {
	srv := newTestServer(t, Options{Apps: []App{
		{Name: "counter", Title: "Counter", New: func() tea.Model { return &counter{} }},
		{Name: "other", Title: "Other", New: func() tea.Model { return &counter{Count: 41} }},
	}})
	tc := connect(t, srv)
	fresh := func(id string) string {
		sess, ok := srv.Sessions().Get(id)
		if !ok {
			t.Fatalf("session %s is not running", id)
		}
		return Screenshot(agentScreen(sess, true))
	}
	steps := []struct {
		name string
		tool string
		args map[string]any
	}{
		{"started", "facet_start", map[string]any{"app": "counter", "id": "demo"}},
		{"first screenshot", "facet_screenshot", map[string]any{"id": "demo"}},
		{"unchanged", "facet_screenshot", map[string]any{"id": "demo"}},
		{"pressed", "facet_send_key", map[string]any{"id": "demo", "key": "enter", "wait_ms": 0.0}},
		{"after the press", "facet_screenshot", map[string]any{"id": "demo"}},
		{"focus moved", "facet_send_key", map[string]any{"id": "demo", "key": "tab", "wait_ms": 0.0}},
		{"after the move", "facet_screenshot", map[string]any{"id": "demo"}},
		{"another session", "facet_start", map[string]any{"app": "counter", "id": "again"}},
		{"its first screenshot", "facet_screenshot", map[string]any{"id": "again"}},
		{"stopped", "facet_stop", map[string]any{"id": "again"}},
		// The same steps, so the same versions: only the app differs.
		{"the id reused by another app", "facet_start", map[string]any{"app": "other", "id": "again"}},
		{"the reused id's first screenshot", "facet_screenshot", map[string]any{"id": "again"}},
		{"the reused id's second screenshot", "facet_screenshot", map[string]any{"id": "again"}},
	}
	for _, s := range steps {
		res := mustOK(t, tc.call(s.tool, s.args))
		if s.tool == "facet_stop" {
			srv.shots.mu.Lock()
			_, kept := srv.shots.bySession[s.args["id"].(string)]
			srv.shots.mu.Unlock()
			if kept {
				t.Fatalf("%s: the stopped session's drawer is still kept", s.name)
			}
		}
		if s.tool != "facet_screenshot" && s.tool != "facet_send_key" {
			continue
		}
		if got, want := screenOf(t, res), fresh(s.args["id"].(string)); got != want {
			t.Fatalf("%s: the screenshot was\n%s\nafresh it is\n%s", s.name, got, want)
		}
	}
}

// TestScreenshotsKeepOneDrawerPerRuntime checks which drawer a session's
// screenshots get: the same one for the same session, a new one for a
// session that reuses a stopped session's id, none kept once forgotten,
// and none for a session that has stopped.
func TestScreenshotsKeepOneDrawerPerRuntime(t *testing.T) {
	var shots screenshots
	a, b := startCounter(t, "demo"), startCounter(t, "demo")
	first := shots.of(a)
	if shots.of(a) != first {
		t.Fatal("a session's second screenshot got a new drawer")
	}
	if shots.of(b) == first {
		t.Fatal("a newer session with the same id got the older session's drawer")
	}
	shots.forget("demo")
	if n := len(shots.bySession); n != 0 {
		t.Fatalf("%d drawers kept after the session was forgotten, want 0", n)
	}
	b.Stop()
	if d := shots.of(b); d != nil || len(shots.bySession) != 0 {
		t.Fatalf("a stopped session got a drawer (%v) and %d are kept, want none", d, len(shots.bySession))
	}
}

// TestScreenshotsOfOneSessionAtOnce takes one session's screenshots from
// several goroutines while its screen changes (run with -race): each is
// the screen drawn afresh.
func TestScreenshotsOfOneSessionAtOnce(t *testing.T) {
	ctx := context.Background()
	rt, err := tea.Start(ctx, &counter{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	sess := &tea.Session{Runtime: rt, ID: "demo", App: "counter"}
	var shots screenshots
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := range 4 {
		wg.Go(func() {
			for range 20 {
				if g == 0 {
					if _, err := rt.Dispatch(ctx, incMsg{}); err != nil {
						errs <- err.Error()
						return
					}
				}
				snap := agentScreen(sess, true)
				if got, want := screenshotWith(shots.of(sess), snap), Screenshot(snap); got != want {
					errs <- fmt.Sprintf("goroutine %d, version %d: the screenshot was\n%s\nafresh it is\n%s", g, snap.Version, got, want)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

// TestScreenshotsKeepAtMostTheirLimitOfDrawers: past its limit the
// least recently used session's drawer goes, and that session's next
// screenshot gets a new one.
func TestScreenshotsKeepAtMostTheirLimitOfDrawers(t *testing.T) {
	shots := screenshots{max: 2}
	a, b, c := startCounter(t, "a"), startCounter(t, "b"), startCounter(t, "c")
	da := shots.of(a)
	shots.of(b)
	if shots.of(a) != da {
		t.Fatal("a's second screenshot got a new drawer")
	}
	shots.of(c) // b is the least recently used now
	if n := len(shots.bySession); n != 2 {
		t.Fatalf("%d drawers kept, want the limit of 2", n)
	}
	if _, kept := shots.bySession["b"]; kept {
		t.Fatal("b's drawer was kept, though a and c were used after it")
	}
	if shots.of(a) != da {
		t.Fatal("a's drawer went, though it was used after b's")
	}
	if shots.of(b) == nil || len(shots.bySession) != 2 {
		t.Fatalf("b's next screenshot: %d drawers kept, want 2", len(shots.bySession))
	}
}

// startCounter starts a counter as session id, stopped when the test ends.
func startCounter(t *testing.T, id string) *tea.Session {
	t.Helper()
	rt, err := tea.Start(context.Background(), &counter{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	return &tea.Session{Runtime: rt, ID: id, App: "counter"}
}

// TestTrimRightDropsEachLinesTrailingSpaces: any screen, line breaks and
// blank lines at either end included, is its lines split, each without its
// trailing spaces, joined again.
func TestTrimRightDropsEachLinesTrailingSpaces(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		screen := rapid.StringOfN(rapid.SampledFrom([]rune{' ', 'a', '\n', '▸', '\t'}), 0, 60, -1).Draw(t, "screen")
		lines := strings.Split(screen, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimRight(l, " ")
		}
		if got, want := trimRight(screen), strings.Join(lines, "\n"); got != want {
			t.Fatalf("screen %q: %q, want %q", screen, got, want)
		}
	})
}
