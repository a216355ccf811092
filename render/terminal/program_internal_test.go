package terminal

import (
	"context"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// newAdapter starts m and returns an adapter drawing it on a 20x5 screen,
// with the events it queues.
func newAdapter(t *testing.T, m tea.Model, focus string) (adapter, <-chan event) {
	t.Helper()
	rt, err := tea.Start(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Stop)
	if focus != "" {
		if err := rt.Focus(context.Background(), focus); err != nil {
			t.Fatal(err)
		}
	}
	sh := &shared{events: make(chan event, 256)}
	a := adapter{rt: rt, sh: sh, snap: rt.Snapshot(), width: 20, height: 5, theme: defaultTheme}
	a.relayout()
	return a, sh.events
}

func TestWithThemeStylesTheChrome(t *testing.T) {
	theme := widgets.DefaultTheme()
	theme.Border = lipgloss.NewStyle().Foreground(lipgloss.Color("#123456"))
	theme.Error = lipgloss.NewStyle().Foreground(lipgloss.Color("#ABCDEF"))
	var o options
	WithTheme(theme)(&o)
	if o.theme != theme {
		t.Fatal("WithTheme did not keep the theme")
	}
	a, _ := newAdapter(t, boxed{}, "")
	a.theme = theme
	a.relayout()
	if got := a.frame.Styled(); !strings.Contains(got, "38;2;18;52;86") {
		t.Fatalf("the box border is not in the theme's colour: %q", got)
	}
	m, _ := a.Update(errorMsg{err: context.Canceled})
	if got := m.(adapter).View().Content; !strings.Contains(got, "38;2;171;205;239") {
		t.Fatalf("the error line is not in the theme's colour: %q", got)
	}
}

// boxed is an app that draws a box.
type boxed struct{}

func (boxed) Init() tea.Cmd                         { return nil }
func (b boxed) Update(tea.Msg) (tea.Model, tea.Cmd) { return b, nil }
func (boxed) View() tea.Node                        { return tea.Box{Title: "t", Child: tea.Label("x")} }
