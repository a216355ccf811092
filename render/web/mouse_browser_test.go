package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// demo returns a constructor for the catalog browser with demo name open.
func demo(name string) func() tea.Model {
	return func() tea.Model {
		b, err := playground.NewBrowserAt(name)
		if err != nil {
			panic(err)
		}
		return b
	}
}

func TestBrowserClicksReachTreesAndTabs(t *testing.T) {
	ctx := browser(t)

	files := serve(t, web.Options{App: tea.App{Name: "playground", New: demo("files")}})
	open(t, ctx, files.URL)
	// The arrow expands a folder; a click on a file selects it and the
	// preview follows.
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`[id="w:files:n:docs"] .twisty`)))
	browsertest.Poll[bool](t, ctx, jsID("w:files:n:docs")+`.getAttribute("aria-expanded") === "true"`)
	child := browsertest.Poll[string](t, ctx, `(li => li && li.id)(document.querySelector('[id^="w:files:n:docs/"]'))`)
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID(child)))
	browsertest.Poll[bool](t, ctx, jsID(child)+`.getAttribute("aria-selected") === "true" && `+jsID("w:files")+`.classList.contains("focused")`)
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`[id="w:files:n:docs"] .twisty`)))
	browsertest.Poll[bool](t, ctx, jsID("w:files:n:docs")+`.getAttribute("aria-expanded") === "false"`)

	tabs := serve(t, web.Options{App: tea.App{Name: "playground", New: demo("tabs")}})
	open(t, ctx, tabs.URL)
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:sections:t2")))
	browsertest.Poll[bool](t, ctx, jsID("w:sections:t2")+`.getAttribute("aria-selected") === "true" && `+jsID("w:sections:t0")+`.getAttribute("aria-selected") === "false"`)
}

func TestBrowserEnterPressesAFocusedButtonOnce(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground", New: demo("counter")}})
	ctx := browser(t)
	open(t, ctx, s.URL)
	// +1 has the session's focus, and the browser's.
	browsertest.Poll[bool](t, ctx, `document.activeElement === `+jsID("w:inc"))
	press(t, ctx, "\r")
	browsertest.Poll[bool](t, ctx, jsID("w:count")+`.textContent === "Count: 1"`)
	// Tab goes after anything Enter caused, in order: once focus has
	// moved, the count is final.
	press(t, ctx, "\t")
	browsertest.Poll[bool](t, ctx, jsID("w:dec")+`.classList.contains("focused")`)
	if got := browsertest.Eval[string](t, ctx, jsID("w:count")+`.textContent`); got != "Count: 1" {
		t.Fatalf("one Enter on the focused button: %q, want Count: 1 (the browser pressed it too)", got)
	}
}
