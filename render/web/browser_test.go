package web_test

import (
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
)

func TestBrowserShowsTheCatalog(t *testing.T) {
	s := serve(t, web.Options{})
	ctx := browser(t)
	id := open(t, ctx, s.URL)
	if id != "web1" {
		t.Fatalf("first tab's session = %q, want web1", id)
	}
	browsertest.Poll[bool](t, ctx, jsID("w:catalog")+` !== null`)
	if dir := os.Getenv("FACET_SCREENSHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(dir+"/catalog.png", png, 0o644)
	}
}
