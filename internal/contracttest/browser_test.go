package contracttest_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// patient is how long a browser step waits: the machine is small and
// shared.
const patient = 60 * time.Second

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

	ctx := browser(t)
	do(t, ctx, chromedp.Navigate("http://"+l.Addr().String()+"/"))
	id := poll[string](t, ctx, `document.body.dataset.session || ""`)
	sess, ok := sessions.Get(id)
	if !ok {
		t.Fatalf("no session %q", id)
	}
	value := func(want int) {
		t.Helper()
		poll[bool](t, ctx, fmt.Sprintf(`document.getElementById("w:count:value").textContent === "%d" && document.getElementById("app").innerText.includes("The count is %d.")`, want, want))
		if n := countOf(sess.Snapshot()); n != want {
			t.Fatalf("the page shows %d, the session's model counts %d", want, n)
		}
	}

	// What the page drew, from the description: a spinbutton named by the
	// label, and its parts as buttons that name their actions.
	value(0)
	if got := eval[string](t, ctx, `document.getElementById("w:count:value").getAttribute("role") + " " +
		document.getElementById("w:count:value").getAttribute("aria-label") + " " +
		document.getElementById("w:count:up").dataset.act + " " + document.getElementById("w:count:down").disabled`); got != "spinbutton Count increment true" {
		t.Fatalf("the stepper's element: %q, want a spinbutton named Count, its up button incrementing, its down button disabled at 0", got)
	}

	do(t, ctx, chromedp.Click(byID("w:count:up")))
	value(1)
	do(t, ctx, chromedp.Click(byID("w:count:up")))
	value(2)
	// The stepper has focus: its keys are pressed in the page.
	poll[bool](t, ctx, `document.getElementById("w:count").classList.contains("focused")`)
	do(t, ctx, chromedp.KeyEvent("+"))
	value(3)
	do(t, ctx, chromedp.KeyEvent("-"))
	value(2)
	do(t, ctx, chromedp.Click(byID("w:count:down")))
	value(1)
	// The app's own button is a <button> whose click is its reset.
	if got := eval[string](t, ctx, `document.getElementById("w:reset").tagName + " " + document.getElementById("w:reset").dataset.act`); got != "BUTTON reset" {
		t.Fatalf("the app's own button is %q, want a BUTTON whose click resets", got)
	}
	do(t, ctx, chromedp.Click(byID("w:reset")))
	value(0)
}

// browser starts a headless Chromium for the test, or skips the test
// when there is none (.ci/run installs Debian's chromium).
func browser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium on PATH: install it (apt-get install chromium) to run the browser test")
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1000, 700))
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// do runs steps with the test's patience.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, patient)
	defer cancel()
	if err := chromedp.Do(tctx, steps...); err != nil {
		t.Fatalf("browser: %v\npage:\n%s", err, pageText(ctx))
	}
}

// poll waits until the JavaScript expression is truthy and returns it.
func poll[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	guarded := "(() => { try { return (" + expr + "); } catch (e) { return false; } })()"
	deadline := time.Now().Add(patient)
	for {
		v, err := chromedp.Run(ctx, chromedp.Poll[T](guarded, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return v
		}
		if errors.Is(err, chromedp.ErrPollingTimeout) || time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("waiting for %s: %v\npage:\n%s", expr, err, pageText(ctx))
		}
		time.Sleep(20 * time.Millisecond) // the page is loading: ask again
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// pageText is what the page shows, for failure messages.
func pageText(ctx context.Context) string {
	tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(tctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return s
}

// byID selects the element whose DOM id is id (which holds colons).
func byID(id string) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`[id=%q]`, id)) }
