package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/facetui/facet/render/web"
)

// client is a tab without a browser: the page's WebSocket, spoken from Go.
// It records every message the server pushed.
type client struct {
	t       testing.TB
	conn    *websocket.Conn
	session string
	raw     []string // every message received, as sent
}

// dial opens a tab on the server at url and reads its first patch.
func dial(t testing.TB, url string) *client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(url, "http")+"ws", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(16 << 20)
	c := &client{t: t, conn: conn}
	t.Cleanup(c.close)
	p := c.next()
	if p.T != "patch" || len(p.Ops) != 1 || p.Ops[0].ID != web.RootID {
		t.Fatalf("first message: %+v, want the whole page", p)
	}
	c.session = p.Session
	return c
}

// send sends one event.
func (c *client) send(ev web.Event) {
	c.t.Helper()
	data, err := json.Marshal(ev)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, data); err != nil {
		c.t.Fatalf("send %+v: %v", ev, err)
	}
}

// next reads the next message.
func (c *client) next() web.Patch {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	_, data, err := c.conn.Read(ctx)
	if err != nil {
		c.t.Fatalf("read: %v", err)
	}
	c.raw = append(c.raw, string(data))
	var p web.Patch
	if err := json.Unmarshal(data, &p); err != nil {
		c.t.Fatalf("decode %s: %v", data, err)
	}
	return p
}

// until reads messages until one satisfies ok, and returns it.
func (c *client) until(what string, ok func(web.Patch) bool) web.Patch {
	c.t.Helper()
	deadline := time.Now().Add(patient)
	for time.Now().Before(deadline) {
		if p := c.next(); ok(p) {
			return p
		}
	}
	c.t.Fatalf("no message %s", what)
	return web.Patch{}
}

// key sends a key and waits for the patch that answers it.
func (c *client) key(k string) web.Patch {
	c.t.Helper()
	c.send(web.Event{T: "key", Key: k})
	return c.next()
}

func (c *client) close() { _ = c.conn.Close(websocket.StatusNormalClosure, "") }

// changed reports whether any op of p holds s.
func changed(p web.Patch, s string) bool {
	for _, op := range p.Ops {
		if strings.Contains(op.HTML, s) {
			return true
		}
	}
	return false
}
