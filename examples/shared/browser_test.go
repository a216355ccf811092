package main

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// patient is how long a browser step waits: the machine may be small and
// shared.
const patient = 60 * time.Second

// openBrowser starts a headless Chromium for the test, or skips the test
// when there is none.
func openBrowser(t *testing.T) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("no chromium on PATH: install it (apt-get install chromium) to run the browser part")
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
