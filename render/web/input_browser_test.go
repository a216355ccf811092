package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// searchValue is the search field's value as the session holds it.
func searchValue(sess *tea.Session) string {
	w, _ := tea.FindWidget(sess.Snapshot().View, "search")
	f, _ := w.(widgets.TextInput)
	return f.Value
}

// TestBrowserTakesTextTheBrowserSets sets the search field's text the ways
// a browser does without key presses, and searches: each is the change
// the field's own type_into makes, and the search finds the rows for it,
// not all of them.
func TestBrowserTakesTextTheBrowserSets(t *testing.T) {
	field := jsID("w:search:input")
	tests := []struct {
		name string
		want string
		set  func(t *testing.T, ctx context.Context)
	}{
		{"a fill: the value set and an input event", "python", func(t *testing.T, ctx context.Context) {
			browsertest.Eval[bool](t, ctx, `(el => { el.focus(); el.value = "python"; return el.dispatchEvent(new Event("input", {bubbles: true})); })(`+field+`)`)
		}},
		{"Playwright's fill: all selected, then the text inserted", "rust", func(t *testing.T, ctx context.Context) {
			browsertest.Eval[bool](t, ctx, `(el => { el.focus(); el.value = "zz"; el.select(); return true; })(`+field+`)`)
			if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: "rust"}); err != nil {
				t.Fatal(err)
			}
		}},
		{"a paste", "terminal", func(t *testing.T, ctx context.Context) {
			browsertest.Eval[bool](t, ctx, `(el => { el.focus(); const dt = new DataTransfer(); dt.setData("text/plain", "terminal"); return el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true})); })(`+field+`)`)
		}},
		{"an IME's composition", "go", func(t *testing.T, ctx context.Context) {
			browsertest.Eval[bool](t, ctx, `(el => { el.focus(); return true; })(`+field+`)`)
			for _, partial := range []string{"g", "go"} {
				if _, err := chromedp.Call(ctx, input.ImeSetComposition, input.ImeSetCompositionParams{Text: partial, SelectionStart: int64(len(partial)), SelectionEnd: int64(len(partial))}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: "go"}); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := serve(t, web.Options{App: tea.App{Name: "playground"}})
			ctx := browser(t)
			sess := session(t, s, open(t, ctx, s.URL))
			press(t, ctx, kb.Enter) // opens the search demo
			total := browsertest.Poll[int](t, ctx, jsID("w:search")+` && `+jsID("w:search")+`.classList.contains("focused") && `+rowCount)
			// Focus elsewhere first: setting text focuses its field.
			press(t, ctx, kb.Tab)
			browsertest.Poll[bool](t, ctx, jsID("w:submit")+`.classList.contains("focused")`)

			tt.set(t, ctx)
			until(t, "the session holds the text", func() error {
				if got := searchValue(sess); got != tt.want {
					return fmt.Errorf("%w: the search field holds %q, want %q", errNotYet, got, tt.want)
				}
				return nil
			})
			browsertest.Poll[bool](t, ctx, jsID("w:search")+`.classList.contains("focused") && `+field+`.value === `+fmt.Sprintf("%q", tt.want))
			press(t, ctx, kb.Enter)
			browsertest.Poll[bool](t, ctx, jsID("w:status")+`.textContent.includes(`+fmt.Sprintf("%q", tt.want)+`)`)
			if n := browsertest.Poll[int](t, ctx, rowCount); n == 0 || n >= total {
				t.Fatalf("after setting %q: %d rows of %d\n%s", tt.want, n, total, strings.TrimSpace(browsertest.PageText(ctx)))
			}
		})
	}
}
