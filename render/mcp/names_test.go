package mcp

import (
	"bytes"
	"context"
	"log/slog"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// syncBuffer is a log sink tests can read while the server writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var nameRule = regexp.MustCompile(toolname.NameRule)

func TestDefaultNamesAreOnesEveryClientAccepts(t *testing.T) {
	synctest.Test(t, defaultNamesAreOnesEveryClientAccepts)
}

// defaultNamesAreOnesEveryClientAccepts is TestDefaultNamesAreOnesEveryClientAccepts, in a synctest bubble: settle is synctest.Wait.
func defaultNamesAreOnesEveryClientAccepts(t *testing.T) {
	var logs syncBuffer
	long := strings.Repeat("w", 32)
	srv, err := New(Options{Apps: testApps(), Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Sessions().StopAll(); srv.Close() })
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	view := tea.Column{Items: []tea.Node{
		probe{id: long, kind: "k", actions: []tea.Action{{Name: "get_visible_range"}}},
		probe{id: strings.Repeat("w", 31) + "v", kind: "k", actions: []tea.Action{{Name: "get_visible_range"}}},
	}}
	if _, err := srv.StartSession(context.Background(), "Long-Session_id", "static", static{view: view}); err != nil {
		t.Fatal(err)
	}
	tc.settle()
	names := tc.tools()
	for _, n := range names {
		if !nameRule.MatchString(n) {
			t.Errorf("advertised name %q breaks %s", n, toolname.NameRule)
		}
	}
	for _, want := range []string{"facet_start", "demo_inc_click", "demo_discover_tools", "long_session_id_discover_tools"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s is not listed: %v", want, names)
		}
	}
	dotted := toolname.ToolName("Long-Session_id", long, "get_visible_range")
	cut := toolname.SafeName(dotted)
	other := toolname.SafeName(toolname.ToolName("Long-Session_id", strings.Repeat("w", 31)+"v", "get_visible_range"))
	if len(cut) != toolname.MaxNameLen || cut == other || !strings.HasPrefix(cut, "long_session_id_www") {
		t.Fatalf("long names advertised as %q and %q: want distinct readable cuts of %d characters", cut, other, toolname.MaxNameLen)
	}
	if !slices.Contains(names, cut) || !slices.Contains(names, other) {
		t.Fatalf("the cut names are not listed: %v", names)
	}
	if n := strings.Count(logs.String(), "advertised="+cut); n != 1 {
		t.Errorf("the long name was warned about %d times, want once:\n%s", n, logs.String())
	}
	// A call by either spelling works, and answers in the advertised one.
	mustOK(t, tc.call(cut, nil))
	mustOK(t, tc.call(dotted, nil))
	if res := mustOK(t, tc.call("demo.inc.click", nil)); !strings.Contains(text(res), "Applied demo_inc_click.") {
		t.Errorf("a call by the dotted name answered %q", text(res))
	}
	mustOK(t, tc.call("demo_inc_click", nil))
	// Errors and descriptions speak the default spelling.
	mustErr(t, tc.call("demo_nothing_click", nil), "demo_discover_tools")
	if d := tc.tool("facet_act").Description; !strings.Contains(d, "session_widget_action") {
		t.Errorf("facet_act's description: %q", d)
	}
}

func TestDottedNamesKeepTheSeedsSpelling(t *testing.T) {
	srv := newTestServer(t, Options{ToolNames: NamesDotted})
	tc := connect(t, srv)
	mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
	names := tc.tools()
	if !slices.Contains(names, "demo.inc.click") || slices.Contains(names, "demo_inc_click") {
		t.Fatalf("dotted style lists %v", names)
	}
	mustOK(t, tc.call("demo_inc_click", nil))
}

func TestAllowListsTakeEitherSpelling(t *testing.T) {
	for _, allowed := range []string{"demo_*", "demo.*", "demo_inc_click", "demo.inc.click"} {
		srv := newTestServer(t, Options{ToolNames: NamesSafe, Auth: AuthOptions{AllowedTools: []string{"facet_start", allowed}}})
		tc := connect(t, srv)
		mustOK(t, tc.call("facet_start", map[string]any{"app": "counter", "id": "demo"}))
		mustOK(t, tc.call("demo_inc_click", nil))
	}
}
