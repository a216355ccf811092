package mcp_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp"
	"github.com/facetui/facet/render/mcp/mcpclient"
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
// Here a Go caller starts the session itself and lists its tools as an
// in-process client sees them.
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
	c, err := mcpclient.Connect(context.Background(), srv, "example")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer c.Close()
	list, err := c.ListTools(context.Background(), sdk.ListToolsRequest{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	var names []string
	for _, t := range list.Tools {
		if strings.HasPrefix(t.Name, "demo_") {
			names = append(names, t.Name)
		}
	}
	slices.Sort(names)
	fmt.Println(strings.Join(names, "\n"))
	// Output:
	// demo_count_get_lines
	// demo_discover_tools
	// demo_inc_click
}
