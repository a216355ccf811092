package terminal

import (
	"image/color"
	"strings"
	"testing"

	bt "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestTheChromeFollowsTheTerminalsBackground(t *testing.T) {
	// The border of the box is drawn in the theme's muted colour: #6C6C6C
	// on a light background, #8A8A8A on a dark one.
	const lightBorder, darkBorder = "38;2;108;108;108", "38;2;138;138;138"
	tests := []struct {
		name       string
		background color.Color
		themed     bool
		wantBorder string
		wantDark   bool
	}{
		{"light terminal", color.White, false, lightBorder, false},
		{"dark terminal", color.Black, false, darkBorder, true},
		{"light terminal, WithTheme", color.White, true, darkBorder, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, events := newAdapter(t, boxed{}, "")
			a.themed = tt.themed
			m, _ := a.Update(bt.BackgroundColorMsg{Color: tt.background})
			got := (*m.(*adapter)).frame.Styled()
			if !strings.Contains(got, tt.wantBorder) {
				t.Fatalf("the box border is not in %s: %q", tt.wantBorder, got)
			}
			// The app is told, so it can style its own widgets to match.
			var told *tea.BackgroundMsg
			for _, ev := range queued(events) {
				if ev.background != nil {
					told = ev.background
				}
			}
			if told == nil || told.Dark != tt.wantDark {
				t.Fatalf("the app was told %+v, want Dark %v", told, tt.wantDark)
			}
		})
	}
}

// buttoned is an app of one focusable button with no theme of its own.
type buttoned struct{}

func (buttoned) Init() tea.Cmd                         { return nil }
func (b buttoned) Update(tea.Msg) (tea.Model, tea.Cmd) { return b, nil }
func (buttoned) View() tea.Node                        { return widgets.Button{ID: "go", Label: "Go"} }

func TestWidgetsWithoutAThemeFollowTheTerminalsBackground(t *testing.T) {
	// The focused button's background is the theme's accent: #5A3FD1 on a
	// light terminal, #7D56F4 on a dark one; with WithTheme, that theme's
	// (#123456 here) on either.
	const lightAccent, darkAccent, themeAccent = "48;2;90;63;209", "48;2;125;86;244", "48;2;18;52;86"
	theme := widgets.DefaultTheme()
	theme.ButtonFocus = lipgloss.NewStyle().Background(lipgloss.Color("#123456"))
	tests := []struct {
		name       string
		background color.Color
		themed     bool
		want, not  string
	}{
		{"light terminal", color.White, false, lightAccent, darkAccent},
		{"dark terminal", color.Black, false, darkAccent, lightAccent},
		{"light terminal, WithTheme", color.White, true, themeAccent, lightAccent},
		{"dark terminal, WithTheme", color.Black, true, themeAccent, darkAccent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := newAdapter(t, buttoned{}, "go")
			if tt.themed {
				a.theme, a.themed = theme, true
			}
			// Drawn once before the terminal answers, as Run does: the
			// memo must not hand back the drawing from the other background.
			a.sh.memo = newMemo()
			for _, bg := range []color.Color{color.Black, color.White, tt.background} {
				m, _ := a.Update(bt.BackgroundColorMsg{Color: bg})
				a = (*m.(*adapter))
			}
			got := a.frame.Styled()
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
				t.Fatalf("the focused button is not drawn in %s (and not %s): %q", tt.want, tt.not, got)
			}
		})
	}
}

func TestThemeForPicksColoursThatReadOnTheBackground(t *testing.T) {
	light, dark := widgets.ThemeFor(false), widgets.ThemeFor(true)
	if light.Accent.Render("x") == dark.Accent.Render("x") || light.Muted.Render("x") == dark.Muted.Render("x") {
		t.Fatal("ThemeFor gives the same accent or muted colour on light and dark backgrounds")
	}
	if dark.Accent.Render("x") != widgets.DefaultTheme().Accent.Render("x") {
		t.Fatal("ThemeFor(true) is not DefaultTheme's look")
	}
}

func TestInitAsksTheTerminalForItsBackground(t *testing.T) {
	a, _ := newAdapter(t, boxed{}, "")
	cmd := a.Init()
	if cmd == nil {
		t.Fatal("Init asks nothing")
	}
	// RequestBackgroundColor's message is unexported; its command is
	// bt.RequestBackgroundColor itself.
	if got, want := cmd(), bt.RequestBackgroundColor(); got != want {
		t.Fatalf("Init's command sends %T, want the background colour request %T", got, want)
	}
}
