package web_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/facetui/facet/internal/browsertest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

var update = flag.Bool("update", false, "rewrite the DOM snapshots in testdata/dom")

// goldenSize is the size every snapshot is taken at, whatever the fonts
// of the machine make of the browser's window.
var goldenSize = tea.WindowSizeMsg{Width: 100, Height: 36}

// digits are what the runtime monitor's figures are made of: they change
// from run to run.
var digits = regexp.MustCompile(`[0-9][0-9.,]*`)

// TestDOMSnapshotOfEachDemo opens the catalog and every demo in Chromium
// and compares what the page shows with testdata/dom/<demo>.html
// (go test -run DOMSnapshot -update rewrites them). With FACET_SCREENSHOTS
// set to a directory, it also saves a PNG of each.
func TestDOMSnapshotOfEachDemo(t *testing.T) {
	ctx := browser(t)
	names := append([]string{"catalog"}, playground.Names()...)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			newModel := func() tea.Model { return playground.NewBrowser().OnPage() }
			if name != "catalog" {
				newModel = func() tea.Model {
					b, err := playground.NewBrowserAt(name)
					if err != nil {
						panic(err)
					}
					return b.OnPage()
				}
			}
			s := serve(t, web.Options{App: tea.App{Name: "playground", New: newModel}, NoAgents: true})
			id := open(t, ctx, s.URL)
			sess := session(t, s, id)
			// The page reports its own size first; then every snapshot is
			// taken at one size.
			until(t, "the page's size", func() error {
				if sess.Snapshot().Size.Width == 0 {
					return errNotYet
				}
				return nil
			})
			if _, err := sess.Dispatch(context.Background(), goldenSize); err != nil {
				t.Fatal(err)
			}
			v := sess.Snapshot().Version
			browsertest.Poll[bool](t, ctx, `Number(document.body.dataset.version) >= `+strconv.FormatUint(v, 10))
			got := browsertest.Eval[string](t, ctx, jsID("app")+`.outerHTML`)
			if name == "runtime" {
				got = digits.ReplaceAllString(got, "#")
			}
			got = strings.ReplaceAll(got, "><", ">\n<") + "\n"
			path := filepath.Join("testdata", "dom", name+".html")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -run DOMSnapshot -update writes it)", err)
			}
			if got != string(want) {
				t.Errorf("the %s page differs from %s (go test -run DOMSnapshot -update rewrites it):\n%s", name, path, firstDifference(string(want), got))
			}
			if dir := os.Getenv("FACET_SCREENSHOTS"); dir != "" {
				png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// firstDifference shows the first line where two snapshots differ.
func firstDifference(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n  want " + wl + "\n  got  " + gl
		}
	}
	return "(no line differs)"
}
