package main

import (
	"context"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/agent"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcptest"
	"github.com/facetui/facet/tea"
)

func TestSpawnableFlag(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string
		err  string
	}{
		{"default: the kinds the playground ships", []string{"--mcp"}, shippedKinds, ""},
		{"an explicit list", []string{"--mcp", "--spawnable=explorer"}, []string{"explorer"}, ""},
		{"empty: none", []string{"--mcp", "--spawnable="}, []string{}, ""},
		{"an unknown kind", []string{"--mcp", "--spawnable=explorer,oracle"}, nil, `"oracle" is not a known kind`},
		{"without MCP", []string{"--spawnable=explorer"}, nil, "add --mcp or --http"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := parseOptions(c.args)
			if err == nil {
				srv, serr := mcp.New(o.mcp.serverOptions(noEnv, tea.NewSessions(), nil))
				if serr != nil {
					t.Fatal(serr)
				}
				defer srv.Close()
				m, ierr := installAgents(srv, o.agents, nil)
				if ierr == nil {
					defer m.Close()
					if got := m.Spawnable(); !slices.Equal(got, c.want) {
						t.Fatalf("spawnable = %v, want %v", got, c.want)
					}
					if _, ok := mcptest.ListedTools(t, srv)[agent.ToolName]; !ok {
						t.Fatal("the agent tool is not served")
					}
				}
				err = ierr
			}
			if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
				t.Fatalf("err = %v, want %q", err, c.err)
			}
		})
	}
}

// TestTheExplorersTestNamesRealConstructors: the test the explorer writes
// for a demo calls a constructor the playground package has.
func TestTheExplorersTestNamesRealConstructors(t *testing.T) {
	funcs := map[string]bool{}
	dir := filepath.Join("..", "..", "playground")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for name, obj := range f.Scope.Objects {
			if obj.Kind.String() == "func" {
				funcs[name] = true
			}
		}
	}
	for _, a := range playground.Catalog() {
		expr, imports := playgroundTest(a.Name)
		fn := strings.TrimSuffix(strings.TrimPrefix(expr, "playground."), "()")
		if !funcs[fn] || !slices.Equal(imports, []string{"github.com/facetui/facet/playground"}) {
			t.Errorf("%s: the test would call %s (imports %v), which the playground package does not define", a.Name, expr, imports)
		}
	}
	if expr, _ := playgroundTest("nosuch"); expr != "newApp()" {
		t.Errorf("an app outside the catalog gave %s, want newApp()", expr)
	}
}

// newAgentRig is newSharedRig with the playground's agents installed and
// their labels on each person's marker line, as runShared wires them.
func newAgentRig(t *testing.T) *sharedRig { return startRig(t, true) }

func TestTheMarkerLineShowsAnAgentAndTheDetachKeyStopsIt(t *testing.T) {
	rig := newAgentRig(t)
	ada := rig.dial("ada")
	ada.waitFor("count: 0")
	rig.readyTools("ssh1", "ssh1.inc.click")
	rig.mustCall("agent", map[string]any{"action": "spawn", "kind": "explorer", "id": "a1", "session": "ssh1", "budget": map[string]any{"steps": 100000, "seconds": 60}})
	ada.waitFor("● explorer a1: ")
	// The test's own client attached too (its discover_tools call).
	ada.waitFor(" steps (+1 agents) (ctrl+] detach)")

	// The context resource lists the agent working on the session.
	res, err := rig.agent.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: "facet://session/ssh1/context"}})
	if err != nil {
		t.Fatal(err)
	}
	if text := res.Contents[0].(sdk.TextResourceContents).Text; !strings.Contains(text, `"active_agents":[{"id":"a1","kind":"explorer"`) {
		t.Fatalf("the context does not list the agent: %s", text)
	}

	ada.press("\x1d") // ctrl+]
	ada.waitFor("agents detached (ctrl+] allow)")
	rig.eventually("the explorer being refused", func() string {
		res, err := rig.agent.ReadResource(context.Background(), sdk.ReadResourceRequest{Params: sdk.ReadResourceParams{URI: "facet://agent/a1/journal"}})
		if err != nil {
			return err.Error()
		}
		return res.Contents[0].(sdk.TextResourceContents).Text
	}, func(s string) bool { return strings.Contains(s, "has detached agents") })
	// A change the person's screen must show after the refusal is the
	// barrier: the screen is drawn in order, so the frame that shows it
	// would show the agent's marker too, had it come back.
	before := ada.screen()
	sess, _ := rig.sessions.Get("ssh1")
	count := sess.Snapshot().Model.(pairModel).Count
	if _, err := sess.Dispatch(context.Background(), pairInc{}); err != nil {
		t.Fatal(err)
	}
	ada.waitFor(fmt.Sprintf("count: %d", count+1))
	if strings.Contains(ada.screen(), "● explorer") {
		t.Fatalf("the marker still shows the agent after ctrl+]:\nbefore:\n%s\nnow:\n%s", before, ada.screen())
	}
	rig.mustCall("agent", map[string]any{"action": "stop", "id": "a1"})
}
