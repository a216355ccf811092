package widgets_test

import (
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// BenchmarkTextRender draws the counter's two texts (a bold count and a
// muted hint) as every SSH frame of the counter demo does.
func BenchmarkTextRender(b *testing.B) {
	for _, tc := range []struct {
		name string
		text widgets.Text
	}{
		{"count", widgets.Text{ID: "count", Content: "Count: 12345", Bold: true}},
		{"hint", widgets.Text{ID: "hint", Content: "tab: next button · enter/space: press", Muted: true}},
		{"three_lines", widgets.Text{ID: "t", Content: "first line\r\nsecond\tline\nthird"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ctx := tea.RenderContext{Width: 76, Height: 20}
			b.ReportAllocs()
			for b.Loop() {
				if out := tc.text.Render(ctx); out == "" {
					b.Fatal("empty render")
				}
			}
		})
	}
}
