package web_test

import (
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// keyLoop is run in the page: it presses keys (alternately) n times, each
// time waiting until the patch that answers it is applied, and returns each
// round trip in milliseconds as the page measures it: from the keydown to
// the changed DOM.
const keyLoop = `(async (keys, n) => {
  const took = [];
  for (let i = 0; i < n; i++) {
    const before = document.body.dataset.version;
    const t0 = performance.now();
    document.dispatchEvent(new KeyboardEvent("keydown", {key: keys[i % keys.length], bubbles: true, cancelable: true}));
    await new Promise(resolve => {
      new MutationObserver((_, o) => { if (document.body.dataset.version !== before) { o.disconnect(); resolve(); } })
        .observe(document.body, {attributes: true, attributeFilter: ["data-version"]});
    });
    took.push(performance.now() - t0);
  }
  return took;
})`

// BenchmarkBrowserKeystrokeRoundTrip measures a key's round trip in
// Chromium on loopback, as the person sees it: keydown in the page, the
// event over the WebSocket, Update, the patch back, the DOM changed. It
// reports the median and the 99th percentile (goal: p50 within a 16 ms
// frame).
func BenchmarkBrowserKeystrokeRoundTrip(b *testing.B) {
	cases := []struct {
		name  string
		model func() tea.Model
		keys  string // a JavaScript array of KeyboardEvent keys
	}{
		{"catalog/down-up", func() tea.Model { return playground.NewBrowser() }, `["ArrowDown", "ArrowUp"]`},
		{"search/type-delete", searchBrowser, `["r", "Backspace"]`},
	}
	ctx := browser(b)
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			s := serve(b, web.Options{App: tea.App{Name: "bench", New: tc.model}, NoAgents: true})
			open(b, ctx, s.URL)
			browsertest.Poll[bool](b, ctx, `document.querySelector(".w.focused") !== null`)
			b.ResetTimer()
			ms, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](keyLoop+"("+tc.keys+", "+itoa(b.N)+")", chromedp.EvalAwaitPromise))
			b.StopTimer()
			if err != nil {
				b.Fatal(err)
			}
			if len(ms) != b.N {
				b.Fatalf("%d round trips measured, want %d", len(ms), b.N)
			}
			took := make([]time.Duration, len(ms))
			for i, m := range ms {
				took[i] = time.Duration(m * float64(time.Millisecond))
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds()), "p50-µs")
			b.ReportMetric(float64(took[min(len(took)*99/100, len(took)-1)].Microseconds()), "p99-µs")
		})
	}
}
