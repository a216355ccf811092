package web_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
)

func TestAnOpenPageAnswersTheHeartbeatAndStaysOpen(t *testing.T) {
	const idle = time.Second
	s := serve(t, web.Options{IdleTimeout: idle})
	ctx := browser(t)
	// Count the beats the page answers, as the browser sends them.
	var answered atomic.Int64
	if err := chromedp.Listen(ctx, func(ev any) {
		if f, ok := ev.(*network.EventWebSocketFrameSent); ok && f.Response != nil && string(f.Response.PayloadData) == `{"t":"beat"}` {
			answered.Add(1)
		}
	}); err != nil {
		t.Fatal(err)
	}
	id := open(t, ctx, s.URL)
	// Beats come every third of the timeout: seven answered span more
	// than twice it, with no other message from the page.
	until(t, "the page answers seven beats", func() error {
		if answered.Load() < 7 {
			return errNotYet
		}
		return nil
	})
	if _, ok := s.Sessions.Get(id); !ok {
		t.Fatalf("the page's session %s stopped while the page was open:\n%s", id, browsertest.PageText(ctx))
	}
	press(t, ctx, kb.ArrowDown)
	browsertest.Poll[bool](t, ctx, jsID("w:catalog:o1")+`.getAttribute("aria-selected") === "true"`)
	if banner := browsertest.Eval[bool](t, ctx, `document.getElementById("banner").hidden`); !banner {
		t.Fatalf("the page shows a banner:\n%s", browsertest.PageText(ctx))
	}
}
