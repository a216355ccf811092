package planted_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/agent/explorer"
	"github.com/facetui/facet/agent/mcphost/mcphosttest"
	"github.com/facetui/facet/examples/planted"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
)

// TestTheExplorerFindsThePlantedBug runs the explorer on the app with its
// PLANTED BUG (split past the table panics; see planted.go), and checks
// that it finds it, shrinks it to the four calls that matter, and writes
// a Go test that fails against the app and passes against the fixed one.
func TestTheExplorerFindsThePlantedBug(t *testing.T) {
	srv, _ := mcphosttest.Serve(t, mcp.Options{Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()},
		Apps: []mcp.App{{Name: "planted", New: func() tea.Model { return planted.New() }}}}, agent.Options{Kinds: map[string]agent.Factory{
		explorer.Kind: explorer.New(explorer.Options{Package: "gen_test", Test: func(string) (string, []string) {
			return "planted.New()", []string{"github.com/facetui/facet/examples/planted"}
		}}),
	}})
	s := mcptest.Start(t, planted.New(), mcptest.WithServer(srv), mcptest.WithID("bug"), mcptest.WithApp("planted"),
		mcptest.WithWaitTimeout(2*time.Minute))
	s.SpawnAgent(explorer.Kind, "x1", map[string]any{"goal": "seed=1", "budget": map[string]any{"steps": 300}})
	st := s.WaitAgent("x1")
	detail, _ := st["detail"].(map[string]any)
	faults, _ := detail["faults"].([]any)
	if len(faults) == 0 {
		t.Fatalf("the explorer found no fault: %v", st)
	}
	f, _ := faults[0].(map[string]any)
	shrunk, _ := f["shrunk"].([]any)
	if f["kind"] != "panic" || f["tool"] != "bug_split_click" || f["reproduced"] != true || len(shrunk) != 4 {
		t.Fatalf("first fault = %v, want a panic of bug_split_click shrunk to 4 calls (inc x3, split)", f)
	}
	code := s.Call("agent", map[string]any{"action": "ask", "id": "x1", "question": "test"}).Text
	for _, want := range []string{`s.Call("inc.click", nil)`, `s.Call("split.click", nil)`, "mcptest.Start(t, planted.New())"} {
		if !strings.Contains(code, want) {
			t.Fatalf("the test the explorer wrote lacks %s:\n%s", want, code)
		}
	}

	t.Logf("the explorer wrote:\n%s", code)
	out, err := runGenerated(t, code)
	if err == nil || !strings.Contains(out, "panicked") {
		t.Fatalf("the generated test passed against the buggy app (err %v):\n%s\n%s", err, code, out)
	}
	fixed := strings.ReplaceAll(code, "planted.New()", "planted.Fixed()")
	if out, err := runGenerated(t, fixed); err != nil {
		t.Fatalf("the generated test fails against the fixed app: %v\n%s\n%s", err, fixed, out)
	}
}

// runGenerated writes code as a test file in a directory under testdata
// (so go test ./... never sees it) and runs go test on it.
func runGenerated(t *testing.T, code string) (string, error) {
	t.Helper()
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Remove("testdata") }) // only if empty
	dir, err := os.MkdirTemp("testdata", "gen")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	if err := os.WriteFile(filepath.Join(dir, "gen_test.go"), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "./"+filepath.ToSlash(dir))
	b, err := cmd.CombinedOutput()
	return string(b), err
}
