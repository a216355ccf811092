package web

import (
	"fmt"
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/widgets"
)

// ThemeCSS turns a Lip Gloss theme into the page's CSS: one custom property
// per colour (--facet-accent-fg, --facet-selected-bg, ...) and one class per
// style (.t-accent, .t-selected, ...), so the page wears the colours the
// terminal does.
func ThemeCSS(t *widgets.Theme) string {
	if t == nil {
		t = widgets.DefaultTheme()
	}
	styles := []struct {
		name  string
		style lipgloss.Style
	}{
		{"normal", t.Normal}, {"muted", t.Muted}, {"accent", t.Accent}, {"selected", t.Selected},
		{"selected-dim", t.SelectedDim}, {"disabled", t.Disabled}, {"header", t.Header}, {"error", t.Error},
		{"button", t.Button}, {"button-focus", t.ButtonFocus}, {"border", t.Border}, {"border-focus", t.BorderFocus},
	}
	var vars, rules strings.Builder
	vars.WriteString(":root {\n")
	for _, s := range styles {
		fg, bg := cssColor(s.style.GetForeground()), cssColor(s.style.GetBackground())
		if s.style.GetReverse() {
			fg, bg = or(bg, "var(--facet-page-bg)"), or(fg, "var(--facet-page-fg)")
		}
		fmt.Fprintf(&vars, "  --facet-%s-fg: %s;\n  --facet-%s-bg: %s;\n", s.name, or(fg, "inherit"), s.name, or(bg, "transparent"))
		fmt.Fprintf(&rules, ".t-%s { color: var(--facet-%s-fg); background: var(--facet-%s-bg);%s }\n", s.name, s.name, s.name, textCSS(s.style))
	}
	vars.WriteString("}\n")
	return vars.String() + rules.String()
}

// textCSS is the weight and decoration a style draws text with.
func textCSS(s lipgloss.Style) string {
	var b strings.Builder
	if s.GetBold() {
		b.WriteString(" font-weight: bold;")
	}
	if s.GetItalic() {
		b.WriteString(" font-style: italic;")
	}
	if s.GetFaint() {
		b.WriteString(" opacity: 0.7;")
	}
	var deco []string
	if s.GetUnderline() {
		deco = append(deco, "underline")
	}
	if s.GetStrikethrough() {
		deco = append(deco, "line-through")
	}
	if len(deco) > 0 {
		b.WriteString(" text-decoration: " + strings.Join(deco, " ") + ";")
	}
	return b.String()
}

// cssColor spells c as #rrggbb, or "" for no colour.
func cssColor(c color.Color) string {
	if c == nil {
		return ""
	}
	if _, none := c.(lipgloss.NoColor); none {
		return ""
	}
	r, g, b, alpha := c.RGBA()
	if alpha == 0 {
		return ""
	}
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}

func or(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}
