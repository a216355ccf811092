package web_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

func TestBrowserDialogHoldsTheMouseAndTheKeys(t *testing.T) {
	s := serve(t, web.Options{App: tea.App{Name: "playground", New: func() tea.Model {
		b, err := playground.NewBrowserAt("confirm")
		if err != nil {
			panic(err)
		}
		return b
	}}})
	ctx := browser(t)
	open(t, ctx, s.URL)
	first := browsertest.Poll[string](t, ctx, jsID("w:items:o0")+`.textContent`)

	// A click on Delete… opens the dialog, which takes focus.
	browsertest.Do(t, ctx, chromedp.Click(browsertest.ByID("w:delete")))
	browsertest.Poll[bool](t, ctx, jsID("w:confirm")+`.classList.contains("open") && `+jsID("w:confirm")+`.classList.contains("focused")`)
	if role := browsertest.Eval[string](t, ctx, jsID("w:confirm:dialog")+`.getAttribute("role")`); role != "alertdialog" {
		t.Fatalf("the dialog's role is %q, want alertdialog", role)
	}
	// Destructive: Keep is highlighted, as Enter's choice.
	if hl := browsertest.Eval[string](t, ctx, `document.querySelector('[id="w:confirm"] .highlighted').textContent`); hl != "Keep" {
		t.Fatalf("highlighted choice %q, want Keep", hl)
	}
	if dir := os.Getenv("FACET_SCREENSHOTS"); dir != "" {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		_ = os.WriteFile(filepath.Join(dir, "confirm-dialog.png"), png, 0o644)
	}

	// The confirm demo's dialog stands alone (the list is not drawn while
	// it is open), so nothing behind it can be clicked; the table test of
	// events in tab_test.go refuses a click behind a dialog.
	if n := browsertest.Eval[int](t, ctx, `document.querySelectorAll('[id^="w:items"]').length`); n != 0 {
		t.Fatalf("%d elements of the list are on the page behind the dialog", n)
	}

	// Left highlights Delete; Enter deletes the first file and closes the
	// dialog.
	press(t, ctx, "\u0302") // kb.ArrowLeft
	browsertest.Poll[bool](t, ctx, `document.querySelector('[id="w:confirm"] .highlighted').textContent === "Delete"`)
	press(t, ctx, "\r")
	browsertest.Poll[bool](t, ctx, jsID("w:items:o0")+`.textContent !== `+quote(first))
	if !browsertest.Eval[bool](t, ctx, jsID("w:confirm")+`.hidden`) {
		t.Fatalf("the dialog is still there: %s", browsertest.Eval[string](t, ctx, jsID("w:confirm")+`.outerHTML`))
	}
}

func quote(s string) string { return "`" + s + "`" }
