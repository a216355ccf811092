package main

import (
	"context"
	"fmt"
	"os"
	"strings"
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
				if _, err := rt.Dispatch(context.Background(), struct{}{}); err != nil {
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

// TestEveryDemoRunDirectlyLeavesTheHelpLineFree runs each demo on its own
// (no browser chrome) at 100x30 and 120x40, as a renderer would after a
// WindowSizeMsg, and checks that its whole view fits above the bottom line
// the renderer keeps for the focused widget's key help: the last line of
// the view (search's status, the log's hint) must be on screen.
func TestEveryDemoRunDirectlyLeavesTheHelpLineFree(t *testing.T) {
	for _, size := range [][2]int{{100, 30}, {120, 40}} {
		for _, app := range playground.Catalog() {
			t.Run(fmt.Sprintf("%s/%dx%d", app.Name, size[0], size[1]), func(t *testing.T) {
				rt, err := tea.Start(context.Background(), app.New(), tea.WithSize(size[0], size[1]))
				if err != nil {
					t.Fatal(err)
				}
				defer rt.Stop()
				if _, err := rt.Dispatch(context.Background(), tea.WindowSizeMsg{Width: size[0], Height: size[1]}); err != nil {
					t.Fatal(err)
				}
				snap := rt.Snapshot()
				// Drawn with room to spare, the view's last line shows how
				// many lines it needs.
				tall := strings.Split(terminal.Layout(snap.View, size[0], 1000, "", "").Plain(), "\n")
				need := 0
				for i, line := range tall {
					if strings.TrimSpace(line) != "" {
						need = i + 1
					}
				}
				frame := terminal.Layout(snap.View, size[0], size[1], snap.Focus, "")
				if need > size[1]-1 {
					t.Errorf("the view needs %d lines; only %d fit above the help line:\n%s", need, size[1]-1, frame.Plain())
				}
				for _, w := range tea.Widgets(snap.View) {
					if w.Render(tea.RenderContext{Width: size[0]}) == "" {
						continue
					}
					if r, ok := frame.Rect(w.WidgetID()); !ok || r.Width <= 0 || r.Height <= 0 {
						t.Errorf("widget %q is not on the %dx%d screen:\n%s", w.WidgetID(), size[0], size[1], frame.Plain())
					}
				}
				if last := tall[max(need-1, 0)]; !strings.Contains(frame.Plain(), strings.TrimSpace(last)) {
					t.Errorf("the view's last line %q is clipped:\n%s", strings.TrimSpace(last), frame.Plain())
				}
			})
		}
	}
}
