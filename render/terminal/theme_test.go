package terminal_test

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	bt "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// threeButtons shows a focused button and an unfocused one with no theme
// of their own, and one with its own theme.
type threeButtons struct{ own *widgets.Theme }

func (threeButtons) Init() tea.Cmd                         { return nil }
func (m threeButtons) Update(tea.Msg) (tea.Model, tea.Cmd) { return m, nil }
func (m threeButtons) View() tea.Node {
	return tea.Horizontal(
		widgets.Button{ID: "first", Label: "First"},
		widgets.Button{ID: "second", Label: "Second"},
		widgets.Button{ID: "own", Label: "Own", Theme: m.own},
	)
}

// buttonTheme is a theme whose buttons are drawn on background bg, and
// focused on focusBg.
func buttonTheme(bg, focusBg string) *widgets.Theme {
	t := widgets.DefaultTheme()
	t.Button = lipgloss.NewStyle().Background(lipgloss.Color(bg))
	t.ButtonFocus = lipgloss.NewStyle().Background(lipgloss.Color(focusBg))
	return t
}

// hex spells c as #rrggbb, or "none".
func hex(c color.Color) string {
	if c == nil {
		return "none"
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

// backgrounds names the background of the first letter of each label on
// the emulator's screen, as "label=#rrggbb".
func backgrounds(tm *term, labels ...string) string {
	lines := strings.Split(ansi.Strip(tm.emu.Render()), "\n")
	var out []string
	for _, label := range labels {
		got := "absent"
		for y, line := range lines {
			if x := strings.Index(line, label); x >= 0 {
				got = hex(tm.emu.CellAt(x, y).Style.Bg)
				break
			}
		}
		out = append(out, label+"="+got)
	}
	return strings.Join(out, " ")
}

// WithTheme reaches the widgets that have no theme of their own, as the
// cells of the screen show, in Bubble Tea's renderer and in the line
// renderer SSH uses; a widget with its own theme keeps it.
func TestWithThemeDrawsTheWidgetsWithoutAThemeOfTheirOwn(t *testing.T) {
	renderers := []struct {
		name string
		opts []terminal.Option
	}{
		{"bubble tea's renderer", nil},
		{"line renderer", []terminal.Option{terminal.WithLineOutput()}},
	}
	own := buttonTheme("#00aa00", "#00ff00")
	themes := []struct {
		name  string
		theme *widgets.Theme
		want  string
	}{
		{"WithTheme", buttonTheme("#aa0000", "#123456"), "First=#123456 Second=#aa0000 Own=#00aa00"},
		{"no theme", nil, "First=#7d56f4 Second=#3c3c3c Own=#00aa00"},
	}
	for _, r := range renderers {
		for _, th := range themes {
			t.Run(r.name+", "+th.name, func(t *testing.T) {
				opts := append([]terminal.Option{
					terminal.WithEnviron([]string{"TERM=xterm-256color", "COLORTERM=truecolor"}),
					terminal.WithProgramOptions(bt.WithColorProfile(colorprofile.TrueColor)),
				}, r.opts...)
				if th.theme != nil {
					opts = append(opts, terminal.WithTheme(th.theme))
				}
				tm := runOnTerminal(t, threeButtons{own: own}, opts...)
				termtest.Eventually(t, "the buttons' backgrounds", func() string {
					return backgrounds(tm, "First", "Second", "Own")
				}, th.want, nil)
			})
		}
	}
}
