package web_test

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/facetui/facet/render/web"
)

// dialAs opens a tab's WebSocket on the server at url from the loopback
// address source (127.0.0.1, 127.0.0.2, ...: Linux routes all of 127/8
// to loopback, so each is a distinct remote address to the server),
// sending origin as the Origin header when it is not empty.
func dialAs(t testing.TB, url, source, origin string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(source)}}
	opts := &websocket.DialOptions{
		HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}},
		HTTPHeader: http.Header{},
	}
	if origin != "" {
		opts.HTTPHeader.Set("Origin", origin)
	}
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"ws", opts)
	if err == nil {
		conn.SetReadLimit(16 << 20)
		t.Cleanup(func() { conn.CloseNow() })
	}
	return conn, resp, err
}

// tabAs opens a tab from source and reads its first page.
func tabAs(t testing.TB, url, source string) *client {
	t.Helper()
	conn, _, err := dialAs(t, url, source, "")
	if err != nil {
		t.Fatalf("a tab from %s: %v", source, err)
	}
	c := &client{t: t, conn: conn}
	if p := c.next(); p.T != "patch" || len(p.Ops) != 1 || p.Ops[0].ID != web.RootID {
		t.Fatalf("first message from %s: %+v, want the whole page", source, p)
	}
	return c
}

func TestTabSocketAcceptsOnlyThePagesOwnOriginAndAllowedOnes(t *testing.T) {
	s := serve(t, web.Options{App: "playground", AllowedOrigins: []string{"https://portal.example"}})
	host := strings.TrimSuffix(strings.TrimPrefix(s.URL, "http://"), "/")
	_, port, _ := net.SplitHostPort(host)
	other := "1"
	if port == other {
		other = "2"
	}
	tests := []struct {
		name, origin string
		want         int // 0: the socket opens
	}{
		{"the page's own origin", "http://" + host, 0},
		{"the page's own origin behind a TLS proxy", "https://" + host, 0},
		{"an allowed origin", "https://portal.example", 0},
		{"no Origin (not a browser page)", "", 0},
		{"another port on loopback", "http://127.0.0.1:" + other, http.StatusForbidden},
		{"localhost, another port", "http://localhost:" + other, http.StatusForbidden},
		{"the page's host under another name", "http://localhost:" + port, http.StatusForbidden},
		{"the page's host on another scheme", "ws://" + host, http.StatusForbidden},
		{"an opaque origin", "null", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, resp, err := dialAs(t, s.URL, "127.0.0.1", tt.origin)
			if tt.want == 0 {
				if err != nil {
					t.Fatalf("Origin %q: %v, want the socket open", tt.origin, err)
				}
				conn.Close(websocket.StatusNormalClosure, "")
				return
			}
			if err == nil {
				t.Fatalf("Origin %q opened a tab", tt.origin)
			}
			if resp == nil || resp.StatusCode != tt.want {
				t.Fatalf("Origin %q: %v (%v), want status %d", tt.origin, err, resp, tt.want)
			}
		})
	}
}
