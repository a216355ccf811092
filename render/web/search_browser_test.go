package web_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
)

// rowCount is how many rows the results table shows.
const rowCount = `document.querySelectorAll('[id="w:results"] tbody tr').length`

func TestBrowserRunsTheSearchDemoByKeyboard(t *testing.T) {
	s := serve(t, web.Options{})
	ctx := browser(t)
	open(t, ctx, s.URL)
	browsertest.Poll[bool](t, ctx, jsID("w:catalog")+` && `+jsID("w:catalog")+`.classList.contains("focused")`)

	// The catalog list has focus and its first entry is the search demo:
	// Enter opens it, and focus moves to the search field.
	press(t, ctx, kb.Enter)
	total := browsertest.Poll[int](t, ctx, jsID("w:search")+` && `+jsID("w:search")+`.classList.contains("focused") && `+rowCount)

	press(t, ctx, "terminal")
	browsertest.Poll[bool](t, ctx, jsID("w:search:input")+`.value === "terminal"`)
	press(t, ctx, kb.Enter)
	status := browsertest.Poll[string](t, ctx, `(s => s.includes("terminal") && s)(`+jsID("w:status")+`.textContent)`)
	n := browsertest.Poll[int](t, ctx, rowCount)
	if !strings.HasPrefix(status, strconv.Itoa(n)+" ") || n == 0 || n >= total {
		t.Fatalf("after searching for terminal: status %q with %d rows of %d", status, n, total)
	}
	for _, name := range browsertest.Eval[[]string](t, ctx, `[...document.querySelectorAll('[id="w:results"] tbody tr td:first-child')].map(td => td.textContent)`) {
		if name == "" {
			t.Fatalf("a result row has no name")
		}
	}

	// Tab moves focus to the button, then to the table; Down selects the
	// second row, as the table's key map says.
	press(t, ctx, kb.Tab)
	browsertest.Poll[bool](t, ctx, jsID("w:submit")+`.classList.contains("focused")`)
	press(t, ctx, kb.Tab)
	browsertest.Poll[bool](t, ctx, jsID("w:results")+`.classList.contains("focused")`)
	press(t, ctx, kb.ArrowDown)
	browsertest.Poll[bool](t, ctx, jsID("w:results:r1")+`.getAttribute("aria-selected") === "true"`)
	if got := browsertest.Eval[string](t, ctx, jsID("w:results:r0")+`.getAttribute("aria-selected")`); got != "false" {
		t.Fatalf("row 0 aria-selected = %s after Down, want false", got)
	}
	// The help line shows the focused table's keys.
	browsertest.Poll[bool](t, ctx, `document.getElementById("help").textContent.includes("sort")`)
}

func TestBrowserRunsTheSearchDemoByMouse(t *testing.T) {
	s := serve(t, web.Options{})
	ctx := browser(t)
	open(t, ctx, s.URL)

	// The first click on the selected entry opens it, as Enter does.
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:catalog:o0")))
	total := browsertest.Poll[int](t, ctx, jsID("w:results")+` && `+rowCount)

	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:search:input")))
	press(t, ctx, "rust")
	browsertest.Poll[bool](t, ctx, jsID("w:search:input")+`.value === "rust"`)
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:submit")))
	browsertest.Poll[bool](t, ctx, jsID("w:status")+`.textContent.includes("rust")`)
	n := browsertest.Poll[int](t, ctx, rowCount)
	if n == 0 || n >= total {
		t.Fatalf("after searching for rust: %d rows of %d", n, total)
	}

	// A click on the Stars header sorts ascending (the table sorts by
	// stars descending at first), a second click descending again.
	stars := `[...document.querySelectorAll('[id="w:results"] tbody tr td:nth-child(2)')].map(td => Number(td.textContent))`
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`[id="w:results:h:stars"] button`)))
	browsertest.Poll[bool](t, ctx, jsID("w:results:h:stars")+`.getAttribute("aria-sort") === "ascending"`)
	if got := browsertest.Eval[[]float64](t, ctx, stars); !sortedBy(got, func(a, b float64) bool { return a <= b }) {
		t.Fatalf("stars after sorting ascending: %v", got)
	}
	browsertest.Do(t, ctx, chromedp.Click(chromedp.CSS(`[id="w:results:h:stars"] button`)))
	browsertest.Poll[bool](t, ctx, jsID("w:results:h:stars")+`.getAttribute("aria-sort") === "descending"`)
	if got := browsertest.Eval[[]float64](t, ctx, stars); !sortedBy(got, func(a, b float64) bool { return a >= b }) {
		t.Fatalf("stars after sorting descending: %v", got)
	}

	// A click on a row selects it and focuses the table.
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:results:r2")))
	browsertest.Poll[bool](t, ctx, jsID("w:results:r2")+`.getAttribute("aria-selected") === "true" && `+jsID("w:results")+`.classList.contains("focused")`)
}

// sortedBy reports whether every neighbour pair of xs is in order.
func sortedBy(xs []float64, inOrder func(a, b float64) bool) bool {
	for i := 1; i < len(xs); i++ {
		if !inOrder(xs[i-1], xs[i]) {
			return false
		}
	}
	return len(xs) > 1
}
