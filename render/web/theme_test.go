package web

import (
	"regexp"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestContrastIsWCAGs(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want float64
	}{
		{"#000000", "#ffffff", 21},
		{"#ffffff", "#ffffff", 1},
		{"#7d56f4", "#16161e", 3.86}, // the default accent on the page, as axe-core measures it
		{"#767676", "#ffffff", 4.54},
	} {
		a, _ := parseHex(c.a)
		b, _ := parseHex(c.b)
		if got := contrast(a, b); got < c.want-0.01 || got > c.want+0.01 {
			t.Errorf("contrast(%s, %s) = %.2f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

func TestReadableKeepsGoodColoursAndMendsFaintOnes(t *testing.T) {
	if got := readable("#dddddd", "#16161e"); got != "#dddddd" {
		t.Errorf("a readable colour changed: %s", got)
	}
	for _, c := range []struct{ fg, bg string }{
		{"#7d56f4", "#16161e"}, {"#333333", "#16161e"}, {"#aaaaaa", "#ffffff"}, {"#ffff00", "#ffffff"},
	} {
		got := readable(c.fg, c.bg)
		f, _ := parseHex(got)
		b, _ := parseHex(c.bg)
		if contrast(f, b) < 4.5 {
			t.Errorf("readable(%s, %s) = %s, still %.2f:1", c.fg, c.bg, got, contrast(f, b))
		}
	}
}

// TestEveryTextColourOfThePageIsReadable: in every theme the playground
// offers, dark and light, each text colour of the page reaches 4.5:1
// against the page and the text fields, and each colour drawn on a
// background of its own against that.
func TestEveryTextColourOfThePageIsReadable(t *testing.T) {
	decl := regexp.MustCompile(`--facet-([a-z-]+)-(fg|bg): (#[0-9a-f]{6});`)
	themes := map[string]*widgets.Theme{"dark": widgets.ThemeFor(true), "light": widgets.ThemeFor(false)}
	odd := widgets.ThemeFor(true)
	odd.Muted = lipgloss.NewStyle().Foreground(lipgloss.Color("#3a3a3a"))
	odd.Accent = lipgloss.NewStyle().Foreground(lipgloss.Color("#202080"))
	themes["faint"] = odd
	for name, th := range themes {
		s := darkSurface
		if name == "light" {
			s = lightSurface
		}
		fg, bg := map[string]string{}, map[string]string{}
		for _, m := range decl.FindAllStringSubmatch(themeVars(th, s), -1) {
			if m[2] == "fg" {
				fg[m[1]] = m[3]
			} else {
				bg[m[1]] = m[3]
			}
		}
		for style, f := range fg {
			if style == "disabled" || strings.HasPrefix(style, "border") {
				continue
			}
			grounds := []string{s.bg, s.fld}
			if b, ok := bg[style]; ok {
				grounds = []string{b}
			}
			for _, g := range grounds {
				fc, _ := parseHex(f)
				gc, _ := parseHex(g)
				if r := contrast(fc, gc); r < 4.5 {
					t.Errorf("%s theme: --facet-%s-fg %s on %s is %.2f:1, under 4.5:1", name, style, f, g, r)
				}
			}
		}
	}
}

func TestThemeCSSFollowsTheBrowsersColourScheme(t *testing.T) {
	css := themesCSS(widgets.ThemeFor(true), widgets.ThemeFor(false))
	i := strings.Index(css, "@media (prefers-color-scheme: light)")
	if i < 0 {
		t.Fatalf("no light scheme:\n%s", css)
	}
	if !strings.Contains(css[i:], "color-scheme: light;") || !strings.Contains(css[i:], "--facet-page-bg: #ffffff;") {
		t.Fatalf("the light scheme lacks the light page:\n%s", css[i:])
	}
	if strings.Contains(ThemeCSS(nil), "prefers-color-scheme") {
		t.Fatal("ThemeCSS, one theme, has a light scheme")
	}
}

// TestAPageThemeDressesEveryWidgetWithoutAThemeOfItsOwn: the page's CSS
// carries the server's theme, which every widget's classes read; a widget
// with a theme of its own carries that theme's properties on its element,
// so it and its parts keep it.
func TestAPageThemeDressesEveryWidgetWithoutAThemeOfItsOwn(t *testing.T) {
	page := widgets.DefaultTheme()
	page.Button = lipgloss.NewStyle().Foreground(lipgloss.Color("#ffffff")).Background(lipgloss.Color("#aa0000"))
	own := widgets.DefaultTheme()
	own.Button = lipgloss.NewStyle().Foreground(lipgloss.Color("#ffffff")).Background(lipgloss.Color("#006600"))
	own.Header = lipgloss.NewStyle().Foreground(lipgloss.Color("#e2ca76"))
	if css := themesCSS(page, nil); !strings.Contains(css, "--facet-button-bg: #aa0000;") {
		t.Fatalf("the page's CSS lacks its theme's button colour:\n%s", css)
	}
	tests := []struct {
		name      string
		w         tea.Widget
		want, not []string
	}{
		{"a button without a theme wears the page's",
			widgets.Button{ID: "plain", Label: "Plain"},
			[]string{`<button id="w:plain" class="w button" data-w="plain" tabindex="-1" type="button"`},
			[]string{"style="}},
		{"a button with its own theme keeps it",
			widgets.Button{ID: "mine", Label: "Mine", Theme: own},
			[]string{`data-w="mine" tabindex="-1" style="`, "--facet-button-bg: #006600", "--facet-header-fg: #e2ca76"},
			[]string{"#aa0000"}},
		{"a table with its own theme and a height has one style with both",
			widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "k", Title: "K"}}, Rows: [][]string{{"a"}}, Height: 3, Theme: own},
			[]string{`--facet-border-focus-bg: transparent; max-height:4lh"`},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html := paint(tea.Snapshot{View: tt.w}, chrome{session: "t1"}).HTML()
			for _, want := range tt.want {
				if !strings.Contains(html, want) {
					t.Errorf("the page lacks\n  %s\nit is:\n%s", want, html)
				}
			}
			for _, not := range tt.not {
				if strings.Contains(html, not) {
					t.Errorf("the page has %s; it is:\n%s", not, html)
				}
			}
			if twice := regexp.MustCompile(`<[^>]* style="[^"]*"[^>]* style=`).FindString(html); twice != "" {
				t.Errorf("an element has two style attributes: %s", twice)
			}
		})
	}
}
