// Package browsertest drives a headless Chromium from Go tests with
// chromedp: Open starts one for a test (or skips the test when Debian's
// chromium is not installed; .ci/run installs it), and Do, Poll, Eval,
// PageText and ByID are the steps the browser tests of every package
// take, each failing its test with what the page showed.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Patience is how long a browser step waits: the machine is small and
// shared, and a browser's first page is slow.
const Patience = 60 * time.Second

// Path is the chromium on PATH; without one it skips t.
func Path(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium on PATH: install it (apt-get install chromium) to run the browser tests")
	return ""
}

// Open starts a headless Chromium for t, its window width by height,
// with the options extra after Facet's defaults, and returns the context
// of its first tab, on about:blank. It skips t without a chromium; the
// browser ends with the test.
func Open(t testing.TB, width, height int, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := append([]chromedp.ExecAllocatorOption{
		chromedp.ExecPath(Path(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}, extra...)
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

// Do runs steps with Patience.
func Do(t testing.TB, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	tctx, cancel := context.WithTimeout(ctx, Patience)
	defer cancel()
	if err := chromedp.Do(tctx, steps...); err != nil {
		t.Fatalf("browser: %v\npage:\n%s", err, PageText(ctx))
	}
}

// Poll waits until the JavaScript expression is truthy and returns its
// value. An expression that throws (an element not there yet) is falsy,
// and a page that is still loading (its context not there yet) is waited
// for.
func Poll[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	guarded := "(() => { try { return (" + expr + "); } catch (e) { return false; } })()"
	deadline := time.Now().Add(Patience)
	for {
		v, err := chromedp.Run(ctx, chromedp.Poll[T](guarded, chromedp.WithPollingTimeout(time.Until(deadline)), chromedp.WithPollingInterval(20*time.Millisecond)))
		if err == nil {
			return v
		}
		if errors.Is(err, chromedp.ErrPollingTimeout) || time.Now().After(deadline) || ctx.Err() != nil {
			t.Fatalf("waiting for %s: %v\npage:\n%s", expr, err, PageText(ctx))
		}
		// The page navigated or is loading: ask again.
		time.Sleep(20 * time.Millisecond)
	}
}

// Eval evaluates a JavaScript expression.
func Eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// PageText is what the page shows, for failure messages.
func PageText(ctx context.Context) string {
	tctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(tctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	if err != nil {
		return "(unreadable: " + err.Error() + ")"
	}
	return s
}

// ByID selects the element whose DOM id is id (ids hold colons, which a
// CSS #id would need escaped).
func ByID(id string) chromedp.CSS { return chromedp.CSS(fmt.Sprintf(`[id=%q]`, id)) }
