package mcp

import (
	"strings"
	"testing"
	"unicode/utf8"

	"pgregory.net/rapid"
)

// TestClipKeepsTheFirstRunes: a text longer than an outline line keeps its
// first outlineTextRunes-1 runes and an ellipsis, cut between runes
// whatever their byte lengths; a shorter one is kept whole.
func TestClipKeepsTheFirstRunes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.StringOfN(rapid.SampledFrom([]rune{'a', ' ', 'é', '世', '🙂', '—', 'Z'}), 0, 2*outlineTextRunes, -1).Draw(t, "s")
		got := clip(s)
		trimmed := strings.TrimSpace(s)
		want := trimmed
		if r := []rune(trimmed); len(r) > outlineTextRunes {
			want = string(r[:outlineTextRunes-1]) + "…"
		}
		if got != want || !utf8.ValidString(got) {
			t.Fatalf("clip(%q) = %q, want %q", s, got, want)
		}
	})
}
