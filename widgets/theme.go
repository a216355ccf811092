package widgets

import (
	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
)

// Theme holds every style the widgets draw with, so an app restyles all of
// them at once by setting one Theme on its widgets. A widget whose Theme is
// nil draws in its renderer's theme (tea.RenderContext.Theme: the
// terminal's WithTheme) or, when the renderer has none, in ThemeFor the
// background its renderer reports (tea.RenderContext.Light): DefaultTheme
// unless the background is light.
type Theme struct {
	Normal      lipgloss.Style // ordinary text
	Muted       lipgloss.Style // placeholders, hints, unfocused chrome
	Accent      lipgloss.Style // focused chrome, active tab, selection marker
	Selected    lipgloss.Style // selected row or item
	SelectedDim lipgloss.Style // selected row or item while unfocused
	Disabled    lipgloss.Style // anything disabled
	Header      lipgloss.Style // table headers, titles
	Error       lipgloss.Style // validation messages
	Button      lipgloss.Style // a button at rest
	ButtonFocus lipgloss.Style // a focused button
	Border      lipgloss.Style // unfocused borders
	BorderFocus lipgloss.Style // focused borders
}

// DefaultTheme returns Facet's default theme.
func DefaultTheme() *Theme {
	accent := lipgloss.Color("#7D56F4")
	muted := lipgloss.Color("#8A8A8A")
	return &Theme{
		Normal:      lipgloss.NewStyle(),
		Muted:       lipgloss.NewStyle().Foreground(muted),
		Accent:      lipgloss.NewStyle().Foreground(accent).Bold(true),
		Selected:    lipgloss.NewStyle().Foreground(lipgloss.Color("#FFFFFF")).Background(accent).Bold(true),
		SelectedDim: lipgloss.NewStyle().Reverse(true),
		Disabled:    lipgloss.NewStyle().Foreground(lipgloss.Color("#5C5C5C")).Strikethrough(false),
		Header:      lipgloss.NewStyle().Bold(true).Underline(true),
		Error:       lipgloss.NewStyle().Foreground(lipgloss.Color("#FF5F87")),
		Button:      lipgloss.NewStyle().Foreground(lipgloss.Color("#DDDDDD")).Background(lipgloss.Color("#3C3C3C")),
		ButtonFocus: lipgloss.NewStyle().Foreground(lipgloss.Color("#FFFFFF")).Background(accent).Bold(true),
		Border:      lipgloss.NewStyle().Foreground(muted),
		BorderFocus: lipgloss.NewStyle().Foreground(accent),
	}
}

// ThemeFor returns DefaultTheme's look in colours chosen for a dark
// terminal background (dark true: DefaultTheme itself) or a light one,
// with Lip Gloss's LightDark. A renderer that learns the background (see
// tea.BackgroundMsg) passes it here.
func ThemeFor(dark bool) *Theme {
	pick := lipgloss.LightDark(dark)
	accent := pick(lipgloss.Color("#5A3FD1"), lipgloss.Color("#7D56F4"))
	muted := pick(lipgloss.Color("#6C6C6C"), lipgloss.Color("#8A8A8A"))
	t := DefaultTheme()
	t.Muted = lipgloss.NewStyle().Foreground(muted)
	t.Accent = lipgloss.NewStyle().Foreground(accent).Bold(true)
	t.Selected = lipgloss.NewStyle().Foreground(lipgloss.Color("#FFFFFF")).Background(accent).Bold(true)
	t.Disabled = lipgloss.NewStyle().Foreground(pick(lipgloss.Color("#A8A8A8"), lipgloss.Color("#5C5C5C")))
	t.Error = lipgloss.NewStyle().Foreground(pick(lipgloss.Color("#D7005F"), lipgloss.Color("#FF5F87")))
	t.Button = lipgloss.NewStyle().Foreground(pick(lipgloss.Color("#1C1C1C"), lipgloss.Color("#DDDDDD"))).
		Background(pick(lipgloss.Color("#DADADA"), lipgloss.Color("#3C3C3C")))
	t.ButtonFocus = lipgloss.NewStyle().Foreground(lipgloss.Color("#FFFFFF")).Background(accent).Bold(true)
	t.Border = lipgloss.NewStyle().Foreground(muted)
	t.BorderFocus = lipgloss.NewStyle().Foreground(accent)
	return t
}

// defaultTheme and lightTheme are read-only after package initialisation.
var (
	defaultTheme = DefaultTheme()
	lightTheme   = ThemeFor(false)
)

// themeIn returns t, the widget's own theme, or when it is nil the
// renderer's (ctx.Theme), or when that is nil too the theme for the
// background ctx is drawn on: ThemeFor(false) on a light one, DefaultTheme
// on a dark one.
func themeIn(t *Theme, ctx tea.RenderContext) *Theme {
	if t != nil {
		return t
	}
	if r, ok := ctx.Theme.(*Theme); ok && r != nil {
		return r
	}
	if ctx.Light {
		return lightTheme
	}
	return defaultTheme
}
