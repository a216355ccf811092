package widgets

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"pgregory.net/rapid"

	"github.com/facetui/facet/tea"
)

// perGrapheme rewrites styled text so that every grapheme carries the SGR
// sequences in force where it stands, followed by a reset: two strings that
// normalise alike show the same characters with the same attributes.
func perGrapheme(s string) string {
	var b strings.Builder
	active := ""
	var state byte
	for len(s) > 0 {
		seq, w, n, newState := ansi.DecodeSequence(s, state, nil)
		if n == 0 {
			break
		}
		state = newState
		s = s[n:]
		switch {
		case w == 0 && (seq == "\x1b[m" || seq == "\x1b[0m"):
			active = ""
		case w == 0 && strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m"):
			active += seq
		case active == "":
			b.WriteString(seq)
		default:
			b.WriteString(active + seq + "\x1b[m")
		}
	}
	return b.String()
}

func TestRenderRunsMatchesRenderCellForCell(t *testing.T) {
	purple := lipgloss.Color("#7D56F4")
	styles := map[string]lipgloss.Style{
		"header":               DefaultTheme().Header,
		"focused header":       DefaultTheme().Header.Inherit(DefaultTheme().Accent),
		"disabled header":      DefaultTheme().Disabled.Bold(true),
		"strikethrough":        lipgloss.NewStyle().Strikethrough(true).Background(purple),
		"underline no spaces":  lipgloss.NewStyle().Underline(true).UnderlineSpaces(false).Foreground(purple),
		"plain":                lipgloss.NewStyle(),
		"padded falls back":    lipgloss.NewStyle().Underline(true).Padding(0, 1),
		"transform falls back": lipgloss.NewStyle().Underline(true).Transform(strings.ToUpper),
	}
	for name, style := range styles {
		t.Run(name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				text := rapid.StringOfN(rapid.SampledFrom([]rune{' ', ' ', 'a', 'Z', '▲', '…', '世', '\u00a0', '\u3000', 'e', '\u0301', '\u200b'}), 0, 30, -1).Draw(t, "text")
				want := Fit(style.Render(text), 40)
				if style.GetHorizontalFrameSize() == 0 && style.GetTransform() == nil {
					want = style.Render(text)
				}
				got := renderRuns(style, text, 40)
				if perGrapheme(got) != perGrapheme(want) {
					t.Fatalf("text %q:\n got %q\nwant %q", text, got, want)
				}
			})
		})
	}
}

func TestTableHeaderIsStyledPerRunNotPerCharacter(t *testing.T) {
	tb := Table{ID: "repos", Height: 1,
		Columns: []TableColumn{{Key: "name", Title: "Name"}, {Key: "stars", Title: "Stars", Width: 8, Align: AlignRight},
			{Key: "language", Title: "Language", Width: 10}},
		SortColumn: "stars", SortDirection: SortDesc}
	for _, focused := range []bool{false, true} {
		header, _, _ := strings.Cut(tb.Render(tea.RenderContext{Width: 80, Height: 2, Focused: focused}), "\n")
		// Runs: margin, Name, gap, Stars ▼ (two words), gap, Language, fill.
		if n := strings.Count(header, "\x1b["); n > 2*9 {
			t.Errorf("focused=%v: header has %d escape sequences for 9 runs of text: %q", focused, n, header)
		}
		if got, want := ansi.Strip(header), Pad(string(tb.appendHeader(nil, tb.layout(80))), 80); got != want {
			t.Errorf("focused=%v: header %q, want %q", focused, got, want)
		}
	}
}
