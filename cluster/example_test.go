package cluster_test

import (
	"context"
	"fmt"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/tea"
)

type hello struct{}

func (hello) Init() tea.Cmd                       { return nil }
func (hello) Update(tea.Msg) (tea.Model, tea.Cmd) { return hello{}, nil }
func (hello) View() tea.Node                      { return tea.Label("hello") }

// Two nodes: the first runs the embedded NATS server, the second joins it.
// A session started on the first is in the directory, so its id is
// refused on the second, naming the first.
func Example() {
	ctx := context.Background()
	first, err := cluster.Join(ctx, cluster.Options{Listen: "127.0.0.1:0", Name: "first"})
	if err != nil {
		panic(err)
	}
	defer first.Close()
	second, err := cluster.Join(ctx, cluster.Options{URL: first.ClientURL(), Name: "second"})
	if err != nil {
		panic(err)
	}
	defer second.Close()

	sessions := tea.NewSessions()
	defer sessions.StopAll()
	if _, err := first.Start(ctx, sessions, cluster.Entry{ID: "demo", App: "hello"}, hello{}); err != nil {
		panic(err)
	}
	_, err = second.Start(ctx, tea.NewSessions(), cluster.Entry{ID: "demo", App: "hello"}, hello{})
	fmt.Println(err)
	// Output:
	// session id "demo" is taken on node "first": session ids are unique across the cluster, so pick another (facet_list shows the ones in use)
}
