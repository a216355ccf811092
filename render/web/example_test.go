package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"

	"github.com/coder/websocket"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// ExampleServer_Serve serves the playground's catalog to browsers
// on a loopback port. Each tab is a session in the shared registry, where
// other renderers (MCP over --http) find it; a page's WebSocket gets the
// whole page first, then patches.
func ExampleServer_Serve() {
	sessions := tea.NewSessions()
	defer sessions.StopAll()
	srv, err := web.New(web.Options{
		App:      tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser().OnPage() }},
		Sessions: sessions,
	})
	if err != nil {
		panic(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0") // loopback: no allowed hosts needed
	if err != nil {
		panic(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { _ = srv.Serve(ctx, ln) }()

	// What the page's ws.js does: open the tab, read the first patch.
	conn, _, err := websocket.Dial(ctx, "ws://"+ln.Addr().String()+"/ws", nil)
	if err != nil {
		panic(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)
	_, data, err := conn.Read(ctx)
	if err != nil {
		panic(err)
	}
	var first web.Patch
	if err := json.Unmarshal(data, &first); err != nil {
		panic(err)
	}
	fmt.Println(first.Session, first.Ops[0].ID, strings.Contains(first.Ops[0].HTML, `role="listbox"`))
	_, running := sessions.Get("web1")
	fmt.Println("web1 running:", running)
	// Output:
	// web1 facet true
	// web1 running: true
}
