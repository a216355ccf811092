package main

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// TestEveryDemoFitsTheScreenSizesItIsDesignedFor opens the catalog and
// every demo in the browser at 100x30 and 120x40, as a terminal would, and
// checks that every widget of the first view is on screen with room to draw.
func TestEveryDemoFitsTheScreenSizesItIsDesignedFor(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {120, 40}} {
		for _, name := range append([]string{"catalog"}, playground.Names()...) {
			t.Run(fmt.Sprintf("%s/%dx%d", name, size[0], size[1]), func(t *testing.T) {
				b := playground.NewBrowser()
				if name != "catalog" {
					var err error
					if b, err = playground.NewBrowserAt(name); err != nil {
						t.Fatal(err)
					}
				}
				rt, err := tea.Start(context.Background(), b, tea.WithSize(size[0], size[1]))
				if err != nil {
					t.Fatal(err)
				}
				defer rt.Stop()
				if err := rt.Dispatch(context.Background(), struct{}{}); err != nil {
					t.Fatal(err)
				}
				snap := rt.Snapshot()
				frame := terminal.Layout(snap.View, size[0], size[1], snap.Focus, "")
				if os.Getenv("PLAYGROUND_SHOW") != "" {
					t.Logf("\n%s", frame.Plain())
				}
				for _, w := range tea.Widgets(snap.View) {
					if w.Render(tea.RenderContext{Width: size[0]}) == "" {
						continue // draws nothing now, like a hidden modal
					}
					r, ok := frame.Rect(w.WidgetID())
					if !ok || r.Width <= 0 || r.Height <= 0 {
						t.Errorf("widget %q (%s) is not on the %dx%d screen:\n%s", w.WidgetID(), w.WidgetKind(), size[0], size[1], frame.Plain())
					}
				}
			})
		}
	}
}
