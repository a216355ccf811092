package ssh_test

import (
	"fmt"
	"image/color"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/widgets"
)

// Options.Theme reaches every connection's widgets that have no theme of
// their own, as the cells of the client's screen show; without it they
// keep the default look.
func TestThemeStylesTheWidgetsOfEveryConnection(t *testing.T) {
	const focusBg, bg = "#c0ffee", "#0badad"
	theme := widgets.DefaultTheme()
	theme.Button = lipgloss.NewStyle().Background(lipgloss.Color(bg))
	theme.ButtonFocus = lipgloss.NewStyle().Background(lipgloss.Color(focusBg))
	cases := []struct {
		name  string
		theme *widgets.Theme
		want  string
	}{
		{"with a theme", theme, "Decrement=" + focusBg + " Increment=" + bg},
		{"without one", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := serve(t, ssh.Options{App: counter, Theme: c.theme})
			cl := connect(t, srv.addr, clientConfig("ada"), "xterm-256color", 80, 24, "COLORTERM", "truecolor")
			cl.waitFor("Decrement", "Increment")
			got := cellBackgrounds(cl, "Decrement", "Increment")
			if c.want != "" && got != c.want {
				t.Fatalf("backgrounds %q, want %q; screen:\n%s", got, c.want, cl.screen())
			}
			if c.want == "" && (strings.Contains(got, focusBg) || strings.Contains(got, bg)) {
				t.Fatalf("backgrounds %q use the theme that was not given", got)
			}
		})
	}
}

// cellBackgrounds names the background of the first letter of each label
// on the client's screen, as "label=#rrggbb".
func cellBackgrounds(c *client, labels ...string) string {
	lines := strings.Split(ansi.Strip(c.emu.Render()), "\n")
	var out []string
	for _, label := range labels {
		got := "absent"
		for y, line := range lines {
			if x := strings.Index(line, label); x >= 0 {
				got = hexColor(c.emu.CellAt(x, y).Style.Bg)
				break
			}
		}
		out = append(out, label+"="+got)
	}
	return strings.Join(out, " ")
}

// hexColor spells c as #rrggbb, or "none".
func hexColor(c color.Color) string {
	if c == nil {
		return "none"
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
