package playground

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/widgets"
)

func TestGenerateLogIsDeterministic(t *testing.T) {
	a, b := GenerateLog(500), GenerateLog(500)
	if len(a) != 500 || !slices.Equal(a, b) {
		t.Fatalf("two runs differ or are not 500 lines (%d)", len(a))
	}
	levels := map[string]int{}
	for _, l := range a {
		levels[strings.Fields(l)[1]]++
	}
	for _, lv := range []string{"INFO", "DEBUG", "WARN", "ERROR"} {
		if levels[lv] == 0 {
			t.Errorf("no %s line in 500: %v", lv, levels)
		}
	}
}

func TestGeneratedLogLinesPutNumbersWhereNumbersBelong(t *testing.T) {
	const code = `[a-km-z2-9]{6}`
	shapes := []*regexp.Regexp{
		regexp.MustCompile(`^GET /api/links/` + code + ` 200 \d+ms$`),
		regexp.MustCompile(`^POST /api/links 201 \d+ms \(code=` + code + `\)$`),
		regexp.MustCompile(`^GET /` + code + ` 302 \d+ms$`),
		regexp.MustCompile(`^hit key=link:` + code + ` age=\d+s$`),
		regexp.MustCompile(`^miss key=link:` + code + `, loading \(\d+ms\)$`),
		regexp.MustCompile(`^checkpoint: \d+ pages in \d+ms$`),
		regexp.MustCompile(`^slow query on links \(code=` + code + `\) took \d+ms$`),
		regexp.MustCompile(`^expired \d+ links in \d+ms$`),
		regexp.MustCompile(`^GET /` + code + ` 404 \d+ms: no such link$`),
		regexp.MustCompile(`^token for client ` + code + ` rejected after \d+ attempts$`),
		regexp.MustCompile(`^client ` + code + ` signed in \(session \d+\)$`),
	}
	seen := make([]bool, len(shapes))
	for _, line := range GenerateLog(500) {
		// "09:00:01.234 INFO  http   message": the message starts at 26.
		msg := line[26:]
		matched := false
		for i, re := range shapes {
			if re.MatchString(msg) {
				matched, seen[i] = true, true
			}
		}
		if !matched {
			t.Errorf("line reads oddly: %q", line)
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Errorf("no line of the shape %s in 500", shapes[i])
		}
	}
}

func TestLogScrollsWithKeysAndClampsAtTheEnd(t *testing.T) {
	rt := start(t, NewLog())
	vp := widget[widgets.Viewport](t, rt, "log")
	if len(vp.Lines) != 500 || vp.Top != 0 {
		t.Fatalf("viewport has %d lines at top %d", len(vp.Lines), vp.Top)
	}
	press(t, rt, "down", "down", "pgdown")
	if got, want := modelOf[LogDemo](t, rt).Top(), 2+vp.Height; got != want {
		t.Fatalf("top = %d, want %d", got, want)
	}
	press(t, rt, "end")
	if got, want := modelOf[LogDemo](t, rt).Top(), 500-vp.Height; got != want {
		t.Fatalf("top after end = %d, want %d", got, want)
	}
	dispatch(t, rt, widgets.ViewportScrolled{ID: "log", Top: 10_000})
	if got := modelOf[LogDemo](t, rt).Top(); got != 500-vp.Height {
		t.Fatalf("scroll past the end left top at %d", got)
	}
}

func TestLogFillsTheHeightItIsGiven(t *testing.T) {
	rt := start(t, NewLog())
	dispatch(t, rt, widgets.ViewportScrolled{ID: "log", Top: 490}) // the last page
	dispatch(t, rt, teaSize(118, 60))
	vp := widget[widgets.Viewport](t, rt, "log")
	if vp.Height != 60-helpLines-logOverhead || vp.Top != 500-vp.Height {
		t.Fatalf("height %d top %d after growing: want %d and the last page full", vp.Height, vp.Top, 60-helpLines-logOverhead)
	}
}
