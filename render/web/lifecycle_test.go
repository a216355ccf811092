package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

func TestTabIsToldWhenItsSessionEnds(t *testing.T) {
	// The terminal's catalog, which q quits (on a page it does not).
	s := serve(t, web.Options{App: tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser() }}})
	c := dial(t, s.URL)
	// q quits the catalog: the session ends and the page is told, then
	// the socket closes.
	c.send(web.Event{T: "key", Key: "q"})
	p := c.until("the end", func(p web.Patch) bool { return p.T == "ended" })
	if p.Session != c.session || !strings.Contains(p.Text, "Reload the page") {
		t.Fatalf("ended message: %+v", p)
	}
	until(t, "the session is gone", func() error {
		if _, ok := s.Sessions.Get(c.session); ok {
			return errNotYet
		}
		return nil
	})
}

func TestServerRefusesTabsPastItsCap(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground"}, MaxTabs: 1})
	dial(t, s.URL)
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	_, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http")+"ws", nil)
	if err == nil {
		t.Fatal("a second tab was admitted past MaxTabs 1")
	}
	if resp == nil || resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("second tab: %v (%v), want 503", err, resp)
	}
	if n := len(s.Sessions.List()); n != 1 {
		t.Fatalf("%d sessions running, want 1", n)
	}
}

func TestUpdatesArePushedAsTheyHappen(t *testing.T) {
	// The runtime monitor refreshes itself every second: its page changes
	// with no event from the page at all.
	s := serve(t, web.Options{App: tea.App{Name: "playground", New: func() tea.Model {
		b, err := playground.NewBrowserAt("runtime")
		if err != nil {
			panic(err)
		}
		return b
	}}})
	c := dial(t, s.URL)
	for i := 0; i < 2; i++ {
		p := c.until("a pushed change", func(p web.Patch) bool { return p.T == "patch" && len(p.Ops) > 0 })
		for _, op := range p.Ops {
			if op.ID == web.RootID {
				t.Fatalf("a refresh resent the whole page: %+v", p.Ops)
			}
		}
	}
}

func TestMalformedEventsAreRefusedOnThePage(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground"}})
	c := dial(t, s.URL)
	ctx, cancel := context.WithTimeout(context.Background(), patient)
	defer cancel()
	if err := c.conn.Write(ctx, websocket.MessageText, []byte("{not json")); err != nil {
		t.Fatal(err)
	}
	c.until("the refusal", func(p web.Patch) bool { return changed(p, "an event the page sent is not JSON") })
	// The tab goes on.
	if p := c.key("down"); !changed(p, `aria-selected="true"`) {
		t.Fatalf("the tab stopped answering after a malformed event: %+v", p)
	}
}
