package playground

import (
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
	dispatch(t, rt, widgets.Scrolled{ID: "log", Top: 10_000})
	if got := modelOf[LogDemo](t, rt).Top(); got != 500-vp.Height {
		t.Fatalf("scroll past the end left top at %d", got)
	}
}

func TestLogFillsTheHeightItIsGiven(t *testing.T) {
	rt := start(t, NewLog())
	dispatch(t, rt, widgets.Scrolled{ID: "log", Top: 490}) // the last page
	dispatch(t, rt, teaSize(118, 60))
	vp := widget[widgets.Viewport](t, rt, "log")
	if vp.Height != 60-logOverhead || vp.Top != 500-vp.Height {
		t.Fatalf("height %d top %d after growing: want %d and the last page full", vp.Height, vp.Top, 60-logOverhead)
	}
}
