package mcp_test

import (
	"context"
	"fmt"
	"os"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

type pressed struct{}

type app struct{ n int }

func (a app) Init() tea.Cmd { return nil }

func (a app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(pressed); ok {
		a.n++
	}
	return a, nil
}

func (a app) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.Text{ID: "count", Content: fmt.Sprint(a.n)},
		widgets.Button{ID: "inc", Label: "+1", OnClick: pressed{}},
	}}
}

// ExampleNew serves an app to MCP clients. Over stdio (srv.ServeStdio) an
// agent calls facet_start {"app": "counter"} and then counter_inc_click.
// Here a Go caller starts the session itself; the registry holds its
// tools under their registered (dotted) names.
func ExampleNew() {
	srv, err := mcp.New(mcp.Options{
		Apps: []mcp.App{{Name: "counter", New: func() tea.Model { return app{} }}},
		// Development: allow every tool. Name the tools, or pass an
		// Authorizer, before serving anyone but yourself.
		Auth: mcp.AuthOptions{Authorizer: mcp.AllowAll()},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer srv.Close()
	if _, err := srv.StartSession(context.Background(), "demo", "counter", app{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer srv.Sessions().StopAll()
	for _, t := range srv.Registry().Tools("demo") {
		fmt.Println(t.Name)
	}
	// Output:
	// demo.count.get_lines
	// demo.discover_tools
	// demo.inc.click
}
