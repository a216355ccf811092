package web_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

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
	s := serve(t, web.Options{AllowedOrigins: []string{"https://portal.example"}})
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

func TestOneSourceHoldsAtMostItsShareOfTheTabs(t *testing.T) {
	s := serve(t, web.Options{MaxTabs: 4, MaxTabsPerSource: 2})
	tabAs(t, s.URL, "127.0.0.1")
	tabAs(t, s.URL, "127.0.0.1")
	_, resp, err := dialAs(t, s.URL, "127.0.0.1", "")
	if err == nil {
		t.Fatal("127.0.0.1 opened a third tab past its share of 2")
	}
	if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a third tab from 127.0.0.1: %v (%v), want 503", err, resp)
	}
	// Another source still gets in, up to its own share.
	tabAs(t, s.URL, "127.0.0.2")
	tabAs(t, s.URL, "127.0.0.2")
	if n := len(s.Sessions.List()); n != 4 {
		t.Fatalf("%d sessions running, want 4", n)
	}
}

func TestANewcomerClosesTheIdlestTabOfTheBiggestHolder(t *testing.T) {
	s := serve(t, web.Options{MaxTabs: 3, MaxTabsPerSource: 2})
	busy := tabAs(t, s.URL, "127.0.0.1")
	idlest := tabAs(t, s.URL, "127.0.0.1")
	busy.key("down") // the older tab is now the more recently active
	other := tabAs(t, s.URL, "127.0.0.2")

	// Every tab is taken, and 127.0.0.1 holds the most: a third source
	// gets in by closing 127.0.0.1's idlest tab.
	tabAs(t, s.URL, "127.0.0.3")
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	for {
		_, data, err := idlest.conn.Read(ctx)
		if err == nil {
			continue // a patch pushed before the close
		}
		if websocket.CloseStatus(err) != websocket.StatusTryAgainLater || !strings.Contains(err.Error(), "make room") {
			t.Fatalf("the idlest tab ended with %v (last message %q), want a close that says it made room", err, data)
		}
		break
	}
	for _, c := range []*client{busy, other} {
		if p := c.key("down"); p.T != "patch" {
			t.Fatalf("a tab that was not the idlest stopped answering: %+v", p)
		}
	}
	// The holder of one tab is not closed to make room for a source that
	// would then hold as many: the server is full.
	_, resp, err := dialAs(t, s.URL, "127.0.0.4", "")
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("a fourth source when each holds one tab: %v (%v), want 503", err, resp)
	}
}

// beating answers the server's heartbeat on c's connection, as the page
// does, until the connection closes. It counts the beats it answered on
// beats and passes every other message on to others.
func beating(c *client) (beats <-chan int, others <-chan web.Patch) {
	b, o := make(chan int, 1024), make(chan web.Patch, 64)
	go func() {
		defer close(o)
		for n := 1; ; {
			_, data, err := c.conn.Read(context.Background())
			if err != nil {
				return
			}
			var p web.Patch
			if json.Unmarshal(data, &p) != nil {
				return
			}
			if p.T != "beat" {
				o <- p
				continue
			}
			if c.conn.Write(context.Background(), websocket.MessageText, data) != nil {
				return
			}
			b <- n
			n++
		}
	}()
	return b, o
}

func TestIdleTabsAreClosedAndTabsThatAnswerTheHeartbeatStay(t *testing.T) {
	const idle = 600 * time.Millisecond
	s := serve(t, web.Options{IdleTimeout: idle})
	live := dial(t, s.URL)
	beats, others := beating(live)
	opened := time.Now()
	silent := dial(t, s.URL)

	// The silent tab reads the beats but never answers: it is closed once
	// it has sent nothing for the timeout, and its session stops.
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	for {
		_, data, err := silent.conn.Read(ctx)
		if err == nil {
			if !strings.Contains(string(data), `"beat"`) {
				t.Fatalf("the silent tab was sent %s, want only beats", data)
			}
			continue
		}
		if websocket.CloseStatus(err) != websocket.StatusPolicyViolation || !strings.Contains(err.Error(), "sent nothing") {
			t.Fatalf("the silent tab ended with %v, want a close that says it was idle", err)
		}
		break
	}
	if d := time.Since(opened); d < idle {
		t.Fatalf("the silent tab was closed %v after it opened, before the %v timeout", d, idle)
	}
	until(t, "the silent tab's session stops", func() error {
		if _, ok := s.Sessions.Get(silent.session); ok {
			return errNotYet
		}
		return nil
	})

	// The live tab answered every beat and nothing else for more than
	// twice the timeout (beats come every third of it), and still works.
	deadline := time.After(patient)
	for n := 0; n < 7; {
		select {
		case n = <-beats:
		case <-deadline:
			t.Fatal("the live tab was sent fewer than 7 beats")
		}
	}
	live.send(web.Event{T: "key", Key: "down"})
	select {
	case p, ok := <-others:
		if !ok || p.T != "patch" {
			t.Fatalf("the live tab after the beats: %+v (open: %v), want a patch", p, ok)
		}
	case <-deadline:
		t.Fatal("the live tab did not answer a key after the beats")
	}
	if _, ok := s.Sessions.Get(live.session); !ok {
		t.Fatalf("the live tab's session %s stopped", live.session)
	}
}
