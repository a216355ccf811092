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

// The embedded server listens beyond loopback only with the cluster's
// secret and TLS; a node that joins it presents the secret and trusts the
// server's certificate through TLSCA.
func ExampleOptions_Check() {
	fmt.Println(cluster.Options{Name: "first", Listen: "0.0.0.0:4222"}.Check())
	fmt.Println(cluster.Options{
		Name: "first", Listen: "0.0.0.0:4222",
		Secret:  "5f0c1e7a9b2d4c6e8f10a2b4c6d8e0f1",
		TLSCert: "node1.pem", TLSKey: "node1-key.pem",
	}.Check())
	fmt.Println(cluster.Options{
		Name: "second", URL: "tls://node1.example.com:4222",
		Secret: "5f0c1e7a9b2d4c6e8f10a2b4c6d8e0f1", TLSCA: "node1.pem",
	}.Check())
	// Output:
	// cluster: listen address "0.0.0.0:4222" is beyond loopback, where the embedded NATS server listens only with authentication and TLS (Secret, TLSCert and TLSKey): Secret, TLSCert, TLSKey not set
	// <nil>
	// <nil>
}
