package contracttest_test

import (
	"context"
	"fmt"
	"net"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// TestBrowserClicksAndKeysDriveAnAppsOwnWidget opens the app in headless
// Chromium. The page draws the Stepper from its description alone (a
// spinbutton, its buttons from its parts) and the app's own Reset as a
// <button>; clicks on them and keys pressed in the page reach Update as
// the terminal's keys and an agent's tools do.
func TestBrowserClicksAndKeysDriveAnAppsOwnWidget(t *testing.T) {
	sessions := tea.NewSessions()
	srv, err := web.New(web.Options{App: tea.App{Name: "counter", New: func() tea.Model { return counter{} }}, Sessions: sessions, NoAgents: true})
	if err != nil {
		t.Fatal(err)
	}
	var lc net.ListenConfig
	l, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(serveCtx, l) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
		sessions.StopAll()
	})

	ctx := browsertest.Open(t, 1000, 700)
	browsertest.Do(t, ctx, chromedp.Navigate("http://"+l.Addr().String()+"/"))
	id := browsertest.Poll[string](t, ctx, `document.body.dataset.session || ""`)
	sess, ok := sessions.Get(id)
	if !ok {
		t.Fatalf("no session %q", id)
	}
	value := func(want int) {
		t.Helper()
		browsertest.Poll[bool](t, ctx, fmt.Sprintf(`document.getElementById("w:count:value").textContent === "%d" && document.getElementById("app").innerText.includes("The count is %d.")`, want, want))
		if n := countOf(sess.Snapshot()); n != want {
			t.Fatalf("the page shows %d, the session's model counts %d", want, n)
		}
	}

	// What the page drew, from the description: a spinbutton named by the
	// label, and its parts as buttons that name their actions.
	value(0)
	if got := browsertest.Eval[string](t, ctx, `document.getElementById("w:count:value").getAttribute("role") + " " +
		document.getElementById("w:count:value").getAttribute("aria-label") + " " +
		document.getElementById("w:count:up").dataset.act + " " + document.getElementById("w:count:down").disabled`); got != "spinbutton Count increment true" {
		t.Fatalf("the stepper's element: %q, want a spinbutton named Count, its up button incrementing, its down button disabled at 0", got)
	}

	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:count:up")))
	value(1)
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:count:up")))
	value(2)
	// The stepper has focus: its keys are pressed in the page.
	browsertest.Poll[bool](t, ctx, `document.getElementById("w:count").classList.contains("focused")`)
	browsertest.Do(t, ctx, chromedp.KeyEvent("+"))
	value(3)
	browsertest.Do(t, ctx, chromedp.KeyEvent("-"))
	value(2)
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:count:down")))
	value(1)
	// The app's own button is a <button> whose click is its reset.
	if got := browsertest.Eval[string](t, ctx, `document.getElementById("w:reset").tagName + " " + document.getElementById("w:reset").dataset.act`); got != "BUTTON reset" {
		t.Fatalf("the app's own button is %q, want a BUTTON whose click resets", got)
	}
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:reset")))
	value(0)
}
