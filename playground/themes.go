package playground

import (
	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/widgets"
)

// tabThemes returns the choices of the Settings tab's theme list.
func tabThemes() []string {
	return []string{"System", "Light", "Dark", "Solarized", "High contrast"}
}

// themeNamed returns the theme called name; dark says whether the terminal
// has a dark background, which "System" follows.
func themeNamed(name string, dark bool) *widgets.Theme {
	switch name {
	case "Light":
		return widgets.ThemeFor(false)
	case "Dark":
		return widgets.ThemeFor(true)
	case "Solarized":
		return solarizedTheme(dark)
	case "High contrast":
		return highContrastTheme(dark)
	}
	return widgets.ThemeFor(dark)
}

// solarizedTheme is Ethan Schoonover's Solarized palette: blue accents,
// base01/base1 for muted text.
func solarizedTheme(dark bool) *widgets.Theme {
	pick := lipgloss.LightDark(dark)
	blue, cyan, red := lipgloss.Color("#268BD2"), lipgloss.Color("#2AA198"), lipgloss.Color("#DC322F")
	muted := pick(lipgloss.Color("#93A1A1"), lipgloss.Color("#586E75"))
	base := pick(lipgloss.Color("#FDF6E3"), lipgloss.Color("#002B36"))
	t := widgets.ThemeFor(dark)
	t.Muted = lipgloss.NewStyle().Foreground(muted)
	t.Accent = lipgloss.NewStyle().Foreground(blue).Bold(true)
	t.Selected = lipgloss.NewStyle().Foreground(base).Background(blue).Bold(true)
	t.Error = lipgloss.NewStyle().Foreground(red)
	t.ButtonFocus = lipgloss.NewStyle().Foreground(base).Background(cyan).Bold(true)
	t.Border = lipgloss.NewStyle().Foreground(muted)
	t.BorderFocus = lipgloss.NewStyle().Foreground(blue)
	return t
}

// highContrastTheme draws in the terminal's foreground against its
// background, with reverse video for what is selected or focused.
func highContrastTheme(dark bool) *widgets.Theme {
	pick := lipgloss.LightDark(dark)
	fg := pick(lipgloss.Color("#000000"), lipgloss.Color("#FFFFFF"))
	yellow := pick(lipgloss.Color("#5F00AF"), lipgloss.Color("#FFFF00"))
	t := widgets.ThemeFor(dark)
	t.Normal = lipgloss.NewStyle().Foreground(fg)
	t.Muted = lipgloss.NewStyle().Foreground(fg)
	t.Accent = lipgloss.NewStyle().Foreground(yellow).Bold(true).Underline(true)
	t.Selected = lipgloss.NewStyle().Reverse(true).Bold(true)
	t.SelectedDim = lipgloss.NewStyle().Reverse(true)
	t.ButtonFocus = lipgloss.NewStyle().Reverse(true).Bold(true)
	t.Border = lipgloss.NewStyle().Foreground(fg)
	t.BorderFocus = lipgloss.NewStyle().Foreground(yellow)
	return t
}
