package terminal

import (
	"image/color"
	"strings"
	"testing"

	bt "charm.land/bubbletea/v2"

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
			got := m.(adapter).frame.Styled()
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
