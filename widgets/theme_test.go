package widgets_test

import (
	"fmt"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// themed builds one widget in a state that draws in the theme's colours,
// with theme as its own Theme (nil: none of its own).
type themed func(theme *widgets.Theme) tea.Widget

func themedWidgets() map[string]themed {
	return map[string]themed{
		"bar_chart": func(th *widgets.Theme) tea.Widget {
			return widgets.BarChart{ID: "c", Bars: []widgets.Bar{{Label: "a", Value: 3}, {Label: "b", Value: 1}}, Theme: th}
		},
		"button":   func(th *widgets.Theme) tea.Widget { return widgets.Button{ID: "b", Label: "Go", Theme: th} },
		"checkbox": func(th *widgets.Theme) tea.Widget { return widgets.Checkbox{ID: "c", Label: "On", Theme: th} },
		"menu": func(th *widgets.Theme) tea.Widget {
			return widgets.Menu{ID: "m", Items: []widgets.MenuItem{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}}, Cursor: "a", Theme: th}
		},
		"modal": func(th *widgets.Theme) tea.Widget {
			return widgets.Modal{ID: "m", Title: "Sure?", Body: "Really.", Visible: true, Theme: th}
		},
		"progress": func(th *widgets.Theme) tea.Widget {
			return widgets.Progress{ID: "p", Label: "Copy", Value: 0.5, Theme: th}
		},
		"scrubber": func(th *widgets.Theme) tea.Widget { return widgets.Scrubber{ID: "s", Position: 3, Max: 10, Theme: th} },
		"sparkline": func(th *widgets.Theme) tea.Widget {
			return widgets.Sparkline{ID: "s", Label: "cpu", Values: []float64{1, 3, 2}, Theme: th}
		},
		"select_list": func(th *widgets.Theme) tea.Widget {
			return widgets.SelectList{ID: "l", Options: []string{"a", "b"}, Selected: 1, Theme: th}
		},
		"spinner": func(th *widgets.Theme) tea.Widget {
			return widgets.Spinner{ID: "s", Label: "Working", Spinning: true, Theme: th}
		},
		"table": func(th *widgets.Theme) tea.Widget {
			return widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "name", Title: "Name"}}, Rows: [][]string{{"a"}, {"b"}}, Theme: th}
		},
		"tabs": func(th *widgets.Theme) tea.Widget {
			return widgets.Tabs{ID: "t", Tabs: []string{"One", "Two"}, Theme: th}
		},
		"text": func(th *widgets.Theme) tea.Widget {
			return widgets.Text{ID: "x", Content: "note", Muted: true, Theme: th}
		},
		"text_area": func(th *widgets.Theme) tea.Widget { return widgets.TextArea{ID: "a", Placeholder: "Say", Theme: th} },
		"text_input": func(th *widgets.Theme) tea.Widget {
			return widgets.TextInput{ID: "i", Label: "Name", Placeholder: "you", Theme: th}
		},
		"tree": func(th *widgets.Theme) tea.Widget {
			return widgets.Tree{ID: "t", Nodes: []widgets.TreeNode{{ID: "a", Label: "A"}, {ID: "b", Label: "B"}}, Selected: "a", Theme: th}
		},
		"viewport": func(th *widgets.Theme) tea.Widget {
			return widgets.Viewport{ID: "v", Lines: []string{"1", "2", "3", "4"}, Height: 2, Theme: th}
		},
	}
}

func TestWidgetsWithoutAThemeFollowTheBackground(t *testing.T) {
	light, dark := widgets.ThemeFor(false), widgets.DefaultTheme()
	for name, build := range themedWidgets() {
		t.Run(name, func(t *testing.T) {
			onLight := tea.RenderContext{Width: 30, Height: 8, Focused: true, Light: true}
			onDark := onLight
			onDark.Light = false
			gotLight, gotDark := build(nil).Render(onLight), build(nil).Render(onDark)
			if want := build(light).Render(onLight); gotLight != want {
				t.Errorf("on a light background it draws\n%q\nwant the light theme's\n%q", gotLight, want)
			}
			if want := build(dark).Render(onDark); gotDark != want {
				t.Errorf("on a dark background it draws\n%q\nwant the default theme's\n%q", gotDark, want)
			}
			if gotLight == gotDark {
				t.Errorf("it draws the same on light and dark backgrounds: %q", gotLight)
			}
		})
	}
}

func TestAWidgetsOwnThemeWinsOverTheBackground(t *testing.T) {
	own := widgets.DefaultTheme()
	for name, build := range themedWidgets() {
		t.Run(name, func(t *testing.T) {
			ctx := tea.RenderContext{Width: 30, Height: 8, Focused: true}
			want := build(own).Render(ctx)
			ctx.Light = true
			if got := build(own).Render(ctx); got != want {
				t.Errorf("with its own theme it draws\n%q\non a light background, want\n%q", got, want)
			}
		})
	}
}

// plumTheme is a theme in colours no default theme uses.
func plumTheme() *widgets.Theme {
	plum, sand := lipgloss.Color("#8E4585"), lipgloss.Color("#E2CA76")
	return &widgets.Theme{
		Normal:      lipgloss.NewStyle().Foreground(sand),
		Muted:       lipgloss.NewStyle().Foreground(lipgloss.Color("#A0826D")),
		Accent:      lipgloss.NewStyle().Foreground(plum).Bold(true),
		Selected:    lipgloss.NewStyle().Foreground(sand).Background(plum),
		SelectedDim: lipgloss.NewStyle().Foreground(plum),
		Disabled:    lipgloss.NewStyle().Foreground(lipgloss.Color("#4B3B47")),
		Header:      lipgloss.NewStyle().Foreground(plum).Underline(true),
		Error:       lipgloss.NewStyle().Foreground(lipgloss.Color("#C0392B")),
		Button:      lipgloss.NewStyle().Foreground(plum).Background(sand),
		ButtonFocus: lipgloss.NewStyle().Foreground(sand).Background(plum),
		Border:      lipgloss.NewStyle().Foreground(sand),
		BorderFocus: lipgloss.NewStyle().Foreground(plum),
	}
}

func TestWidgetsWithoutAThemeWearTheRenderersTheme(t *testing.T) {
	plum := plumTheme()
	for name, build := range themedWidgets() {
		for _, light := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s light=%v", name, light), func(t *testing.T) {
				plain := tea.RenderContext{Width: 30, Height: 8, Focused: true, Light: light}
				themed := plain
				themed.Theme = plum
				got := build(nil).Render(themed)
				if want := build(plum).Render(plain); got != want {
					t.Errorf("under the renderer's theme it draws\n%q\nwant that theme's\n%q", got, want)
				}
				if def := build(nil).Render(plain); got == def {
					t.Errorf("it draws the same under the renderer's theme as without it: %q", got)
				}
			})
		}
	}
}

func TestAWidgetsOwnThemeWinsOverTheRenderers(t *testing.T) {
	own := widgets.ThemeFor(false)
	for name, build := range themedWidgets() {
		t.Run(name, func(t *testing.T) {
			ctx := tea.RenderContext{Width: 30, Height: 8, Focused: true}
			want := build(own).Render(ctx)
			ctx.Theme = plumTheme()
			if got := build(own).Render(ctx); got != want {
				t.Errorf("with its own theme it draws\n%q\nunder the renderer's theme, want\n%q", got, want)
			}
		})
	}
}
