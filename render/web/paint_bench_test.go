package web

import (
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
)

// BenchmarkPaint draws each demo's first view as the page's elements, as
// every snapshot a tab sends is drawn: the server's share of a frame.
func BenchmarkPaint(b *testing.B) {
	for _, name := range []string{"gallery", "search", "files", "menu"} {
		m, err := playground.NewBrowserAt(name)
		if err != nil {
			b.Fatal(err)
		}
		// The demo as a window of 100 x 36 shows it.
		model, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 36})
		s := tea.Snapshot{View: model.View()}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = paint(s, chrome{session: "web1"}).HTML()
			}
		})
	}
}
