package web

import (
	"fmt"
	"image/color"
	"math"
	"reflect"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// surface is the page's own colours for one colour scheme: the background,
// the text, and the background of text fields.
type surface struct {
	scheme      string // the CSS color-scheme
	bg, fg, fld string
}

var (
	darkSurface  = surface{scheme: "dark", bg: "#16161e", fg: "#dddddd", fld: "#22222c"}
	lightSurface = surface{scheme: "light", bg: "#ffffff", fg: "#1c1c1c", fld: "#f4f4f6"}
)

// minContrast is the contrast ratio every text colour of the page reaches
// against the backgrounds it is drawn on: WCAG 2's 4.5:1 for normal text
// (level AA), with a little room for rounding.
const minContrast = 4.6

// ThemeCSS turns a Lip Gloss theme into the page's CSS for a dark page:
// one custom property per colour (--facet-accent-fg, --facet-selected-bg,
// ...) and one class per style (.t-accent, .t-selected, ...), so the page
// wears the colours the terminal does. A text colour that would be hard
// to read on the page (under 4.5:1 against its background, as WCAG 2 AA
// asks) is made lighter until it is not.
func ThemeCSS(t *widgets.Theme) string {
	return themesCSS(t, nil)
}

// themesCSS is the page's CSS in the theme dark (widgets.DefaultTheme()
// when nil) on a dark page and, when light is not nil, in light on a light
// page for browsers that prefer a light colour scheme.
func themesCSS(dark, light *widgets.Theme) string {
	if dark == nil {
		dark = widgets.DefaultTheme()
	}
	var b strings.Builder
	b.WriteString(":root {\n" + themeVars(dark, darkSurface) + "}\n")
	if light != nil {
		b.WriteString("@media (prefers-color-scheme: light) {\n  :root {\n" + indent(themeVars(light, lightSurface)) + "  }\n}\n")
	}
	for _, s := range themeStyles(dark) {
		fmt.Fprintf(&b, ".t-%s { color: var(--facet-%s-fg); background: var(--facet-%s-bg);%s }\n", s.name, s.name, s.name, textCSS(s.style))
	}
	return b.String()
}

// namedStyle is one style of a theme and the name of its CSS properties.
type namedStyle struct {
	name  string
	style lipgloss.Style
}

func themeStyles(t *widgets.Theme) []namedStyle {
	return []namedStyle{
		{"normal", t.Normal}, {"muted", t.Muted}, {"accent", t.Accent}, {"selected", t.Selected},
		{"selected-dim", t.SelectedDim}, {"disabled", t.Disabled}, {"header", t.Header}, {"error", t.Error},
		{"button", t.Button}, {"button-focus", t.ButtonFocus}, {"border", t.Border}, {"border-focus", t.BorderFocus},
	}
}

// themeVars are the custom properties of t on the surface s.
func themeVars(t *widgets.Theme, s surface) string {
	var b strings.Builder
	fmt.Fprintf(&b, "  color-scheme: %s;\n  --facet-page-bg: %s;\n  --facet-page-fg: %s;\n  --facet-field-bg: %s;\n", s.scheme, s.bg, s.fg, s.fld)
	for _, d := range styleVars(t, s) {
		b.WriteString("  " + d + ";\n")
	}
	return b.String()
}

// styleVars are the declarations of the custom properties of t's styles
// ("--facet-accent-fg: #7d56f4", ...) on the surface s.
func styleVars(t *widgets.Theme, s surface) []string {
	out := make([]string, 0, 24)
	for _, st := range themeStyles(t) {
		fg, bg := cssColor(st.style.GetForeground()), cssColor(st.style.GetBackground())
		switch {
		case st.style.GetReverse():
			fg, bg = or(bg, "var(--facet-page-bg)"), or(fg, "var(--facet-page-fg)")
		case st.name == "disabled", st.name == "border", st.name == "border-focus":
			// Disabled controls are exempt from the contrast minimum, and
			// borders are not text.
		case fg != "" && bg != "":
			fg = readable(fg, bg)
		case fg != "":
			// Text on the page, and on the text fields.
			fg = readable(readable(fg, s.bg), s.fld)
		}
		out = append(out, "--facet-"+st.name+"-fg: "+or(fg, "inherit"), "--facet-"+st.name+"-bg: "+or(bg, "transparent"))
	}
	return out
}

// themeField is the type of the Theme field of Facet's widgets.
var themeField = reflect.TypeFor[*widgets.Theme]()

// ownTheme is w's own theme: its field Theme of type *widgets.Theme, which
// every Facet widget has and an app's widget may have, or nil when it has
// none (or it is nil) and the widget wears the page's theme.
func ownTheme(w tea.Widget) *widgets.Theme {
	v := reflect.ValueOf(w)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil
	}
	f := v.FieldByName("Theme")
	if !f.IsValid() || f.Type() != themeField || !f.CanInterface() {
		return nil
	}
	t, _ := f.Interface().(*widgets.Theme)
	return t
}

// ownThemeStyle is the inline style of the element of a widget with a
// theme of its own: that theme's custom properties, which the page's
// classes read, set on the element so that it and its parts wear its
// theme and not the page's. "" for a widget with none.
func ownThemeStyle(w tea.Widget) string {
	t := ownTheme(w)
	if t == nil {
		return ""
	}
	return strings.Join(styleVars(t, darkSurface), "; ")
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n  ") + "\n"
}

// readable returns fg (#rrggbb) or, when its contrast with bg is under
// minContrast, fg mixed with white (on a dark bg) or black (on a light
// one) just enough to reach it.
func readable(fg, bg string) string {
	f, okf := parseHex(fg)
	g, okg := parseHex(bg)
	if !okf || !okg || contrast(f, g) >= minContrast {
		return fg
	}
	toward := [3]float64{255, 255, 255}
	if luminance(g) > 0.18 {
		toward = [3]float64{}
	}
	for step := 1; step <= 100; step++ {
		k := float64(step) / 100
		var m [3]float64
		for i := range m {
			m[i] = math.Round(f[i] + (toward[i]-f[i])*k)
		}
		if contrast(m, g) >= minContrast {
			return fmt.Sprintf("#%02x%02x%02x", int(m[0]), int(m[1]), int(m[2]))
		}
	}
	return fmt.Sprintf("#%02x%02x%02x", int(toward[0]), int(toward[1]), int(toward[2]))
}

// parseHex reads #rrggbb.
func parseHex(s string) ([3]float64, bool) {
	var r, g, b int
	if len(s) != 7 || s[0] != '#' {
		return [3]float64{}, false
	}
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return [3]float64{}, false
	}
	return [3]float64{float64(r), float64(g), float64(b)}, true
}

// luminance is WCAG 2's relative luminance of an sRGB colour.
func luminance(c [3]float64) float64 {
	var l [3]float64
	for i, v := range c {
		v /= 255
		if v <= 0.04045 {
			l[i] = v / 12.92
		} else {
			l[i] = math.Pow((v+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*l[0] + 0.7152*l[1] + 0.0722*l[2]
}

// contrast is WCAG 2's contrast ratio of two colours, 1 to 21.
func contrast(a, b [3]float64) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
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
