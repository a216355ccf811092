package web_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// patient is how long a test waits for anything: generous, since the
// machine is small and shared (a browser step waits as long). Waits poll;
// nothing sleeps.
const patient = browsertest.Patience

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

// browser starts a headless Chromium for the test and returns the context
// of its first tab: colours and font hinting fixed, so that screenshots
// and contrast checks read the same on every machine, and no background
// work to slow the page.
func browser(t testing.TB) context.Context {
	t.Helper()
	return browsertest.Open(t, 1100, 800,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("font-render-hinting", "none"),
	)
}

// open loads url in the tab and waits for the session's first page;
// it returns the session id the page shows.
func open(t testing.TB, ctx context.Context, url string) string {
	t.Helper()
	browsertest.Do(t, ctx, chromedp.Navigate(url))
	return browsertest.Poll[string](t, ctx, `document.body.dataset.session || ""`)
}

// jsID is a JavaScript expression for the element whose DOM id is id.
func jsID(id string) string { return fmt.Sprintf(`document.getElementById(%q)`, id) }

// press types keys into the page: characters, or chromedp/kb names.
func press(t testing.TB, ctx context.Context, keys string) {
	t.Helper()
	browsertest.Do(t, ctx, chromedp.KeyEvent(keys))
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
