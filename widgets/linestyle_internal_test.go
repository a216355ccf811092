package widgets

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"pgregory.net/rapid"
)

// TestLineStyleRendersAsLipgloss: a line styled by a lineStyle is byte for
// byte what renderLine (lipgloss's Render, cut to the width) makes of it,
// for the theme's styles, styles that must fall back, and lines with the
// characters that make lipgloss do more than wrap a line.
func TestLineStyleRendersAsLipgloss(t *testing.T) {
	purple := lipgloss.Color("#7D56F4")
	th := DefaultTheme()
	styles := map[string]lipgloss.Style{
		"normal":               th.Normal,
		"muted":                th.Muted,
		"selected":             th.Selected,
		"selected dim":         th.SelectedDim,
		"disabled":             th.Disabled,
		"header":               th.Header,
		"reverse":              lipgloss.NewStyle().Reverse(true).Foreground(purple),
		"background":           lipgloss.NewStyle().Background(purple).Bold(true).Italic(true),
		"strikethrough":        lipgloss.NewStyle().Strikethrough(true),
		"underline no spaces":  lipgloss.NewStyle().Underline(true).UnderlineSpaces(false),
		"padded falls back":    lipgloss.NewStyle().Foreground(purple).Padding(0, 1),
		"width falls back":     lipgloss.NewStyle().Foreground(purple).Width(12),
		"max width falls back": lipgloss.NewStyle().Foreground(purple).MaxWidth(5),
		"transform falls back": lipgloss.NewStyle().Transform(strings.ToUpper),
		"link falls back":      lipgloss.NewStyle().Hyperlink("https://example.com"),
		"border falls back":    lipgloss.NewStyle().Border(lipgloss.NormalBorder(), false, true),
	}
	for name, style := range styles {
		t.Run(name, func(t *testing.T) {
			l := newLineStyle(style)
			rapid.Check(t, func(t *rapid.T) {
				text := rapid.StringOfN(rapid.SampledFrom([]rune{' ', 'a', 'Z', '▸', '世', '\u00a0', 'e', '\u0301', '\t', '\r', '\n', '\x1b', '[', 'm', '1'}), 0, 30, -1).Draw(t, "text")
				width := rapid.IntRange(1, 40).Draw(t, "width")
				var b strings.Builder
				l.write(&b, []byte(text), width)
				if got, want := b.String(), renderLine(style, text, width); got != want {
					t.Fatalf("text %q width %d:\n got %q\nwant %q", text, width, got, want)
				}
			})
		})
	}
}

// TestLineStyleLearnsPlainStylesOnly: the theme's row styles are learnt
// (the fast path is taken), a style that styles spaces apart is not.
func TestLineStyleLearnsPlainStylesOnly(t *testing.T) {
	th := DefaultTheme()
	for name, c := range map[string]struct {
		style lipgloss.Style
		plain bool
	}{
		"normal":    {th.Normal, true},
		"selected":  {th.Selected, true},
		"disabled":  {th.Disabled, true},
		"underline": {lipgloss.NewStyle().Underline(true), false},
		"padded":    {th.Selected.Padding(0, 1), false},
	} {
		if got := newLineStyle(c.style).plain; got != c.plain {
			t.Errorf("%s: plain %v, want %v", name, got, c.plain)
		}
	}
}
