package web_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// patient is how long a browser test waits for anything: generous, since
// the machine is small and shared. Waits poll; nothing sleeps.
const patient = 60 * time.Second

// served is a web server on loopback for one test.
type served struct {
	URL      string
	Sessions *tea.Sessions
}

// serve starts a web server for new models on a loopback port until the
// test ends.
func serve(t testing.TB, opts web.Options) served {
	t.Helper()
	if opts.Sessions == nil {
		opts.Sessions = tea.NewSessions()
	}
	if opts.App.Name == "" {
		opts.App.Name = "playground"
	}
	if opts.App.New == nil {
		opts.App.New = func() tea.Model { return playground.NewBrowser().OnPage() }
	}
	srv, err := web.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
		opts.Sessions.StopAll()
	})
	return served{URL: "http://" + ln.Addr().String() + "/", Sessions: opts.Sessions}
}

// chromium returns the path of the browser, or skips the test when none is
// installed (.ci/run installs Debian's chromium).
func chromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH: install it (apt-get install chromium) to run the browser tests")
	return ""
}

// browser starts a headless Chromium for the test and returns the context
// of its first tab.
func browser(t testing.TB) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 800),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	// The first Run starts the browser, with no deadline of its own.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// open loads url in the tab and waits for the session's first page;
// it returns the session id the page shows.
func open(t testing.TB, ctx context.Context, url string) string {
	t.Helper()
	do(t, ctx, chromedp.Navigate(url))
	return poll[string](t, ctx, `document.body.dataset.session || ""`)
}

// do runs actions with the test's patience.
func do(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, patient)
	defer cancel()
	if err := chromedp.Do(tctx, steps...); err != nil {
		t.Fatalf("browser: %v\npage:\n%s", err, pageText(ctx))
	}
}

// poll waits until the JavaScript expression is truthy and returns its
// value. An expression that throws (an element not there yet) is falsy,
// and a page that is still loading (its context not there yet) is waited
// for.
func poll[T any](t testing.TB, ctx context.Context, expr string) T {
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
		// The page navigated or is loading: ask again.
		time.Sleep(20 * time.Millisecond)
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
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

// byID selects the element whose DOM id is id (ids hold colons, which a
// CSS #id would need escaped).
func byID(id string) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`[id=%q]`, id)) }

// jsID is a JavaScript expression for the element whose DOM id is id.
func jsID(id string) string { return fmt.Sprintf(`document.getElementById(%q)`, id) }

// press types keys into the page: characters, or chromedp/kb names.
func press(t testing.TB, ctx context.Context, keys string) {
	t.Helper()
	do(t, ctx, chromedp.KeyEvent(keys))
}

// session waits for the session id to be running and returns it.
func session(t testing.TB, s served, id string) *tea.Session {
	t.Helper()
	deadline := time.Now().Add(patient)
	for {
		if sess, ok := s.Sessions.Get(id); ok {
			return sess
		}
		if time.Now().After(deadline) {
			t.Fatalf("no session %q", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// until polls cond on the Go side (an agent's view) until it holds.
func until(t testing.TB, what string, cond func() error) {
	t.Helper()
	deadline := time.Now().Add(patient)
	for {
		err := cond()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %v", what, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// errNotYet says a condition does not hold yet.
var errNotYet = errors.New("not yet")
