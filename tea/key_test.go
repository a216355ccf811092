package tea_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

func TestParseKey(t *testing.T) {
	tests := []struct {
		in   string
		want tea.Key
		str  string // Bubble Tea's spelling
	}{
		{"tab", tea.Named(tea.KeyTab), "tab"},
		{"enter", tea.Named(tea.KeyEnter), "enter"},
		{"escape", tea.Named(tea.KeyEscape), "esc"},
		{"esc", tea.Named(tea.KeyEscape), "esc"},
		{"backspace", tea.Named(tea.KeyBackspace), "backspace"},
		{"up", tea.Named(tea.KeyUp), "up"},
		{"down", tea.Named(tea.KeyDown), "down"},
		{"left", tea.Named(tea.KeyLeft), "left"},
		{"right", tea.Named(tea.KeyRight), "right"},
		{"home", tea.Named(tea.KeyHome), "home"},
		{"end", tea.Named(tea.KeyEnd), "end"},
		{"page_up", tea.Named(tea.KeyPgUp), "pgup"},
		{"page_down", tea.Named(tea.KeyPgDown), "pgdown"},
		{"pgup", tea.Named(tea.KeyPgUp), "pgup"},
		{"delete", tea.Named(tea.KeyDelete), "delete"},
		{"insert", tea.Named(tea.KeyInsert), "insert"},
		{"space", tea.Key{Code: tea.KeySpace, Rune: ' '}, "space"},
		{" ", tea.Key{Code: tea.KeySpace, Rune: ' '}, "space"},
		{"ENTER", tea.Named(tea.KeyEnter), "enter"},
		{"a", tea.Char('a'), "a"},
		{"A", tea.Char('A'), "A"},
		{"1", tea.Char('1'), "1"},
		{"?", tea.Char('?'), "?"},
		{"é", tea.Char('é'), "é"},
		{"ctrl+c", tea.Key{Rune: 'c', Ctrl: true}, "ctrl+c"},
		{"alt+x", tea.Key{Rune: 'x', Alt: true}, "alt+x"},
		{"shift+tab", tea.Key{Code: tea.KeyTab, Shift: true}, "shift+tab"},
		{"ctrl+shift+up", tea.Key{Code: tea.KeyUp, Ctrl: true, Shift: true}, "ctrl+shift+up"},
		{"shift+ctrl+up", tea.Key{Code: tea.KeyUp, Ctrl: true, Shift: true}, "ctrl+shift+up"},
		{"alt+ctrl+a", tea.Key{Rune: 'a', Ctrl: true, Alt: true}, "ctrl+alt+a"},
		{"+", tea.Char('+'), "+"},
		{"shift+a", tea.Char('A'), "A"},
		{"shift+A", tea.Char('A'), "A"},
		{"shift+é", tea.Char('É'), "É"},
		{"shift+1", tea.Char('1'), "1"},
		{"ctrl+shift+a", tea.Key{Rune: 'a', Ctrl: true, Shift: true}, "ctrl+shift+a"},
		{"alt+shift+a", tea.Key{Rune: 'a', Alt: true, Shift: true}, "alt+shift+a"},
		{"ctrl++", tea.Key{Rune: '+', Ctrl: true}, "ctrl++"},
	}
	for i := 1; i <= 12; i++ {
		name := fmt.Sprintf("f%d", i)
		tests = append(tests, struct {
			in   string
			want tea.Key
			str  string
		}{name, tea.Named(tea.KeyF1 + tea.KeyCode(i-1)), name})
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tea.ParseKey(tt.in)
			if err != nil {
				t.Fatalf("ParseKey(%q): %v", tt.in, err)
			}
			if got != tt.want {
				t.Fatalf("ParseKey(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
			if s := got.String(); s != tt.str {
				t.Fatalf("String() = %q, want %q", s, tt.str)
			}
			if !got.Is("nope", tt.str) {
				t.Fatalf("Is(%q) = false", tt.str)
			}
		})
	}
}

func TestParseKeyAcceptsEveryListedName(t *testing.T) {
	for _, name := range tea.KeyNames() {
		k, err := tea.ParseKey(name)
		if err != nil {
			t.Errorf("ParseKey(%q) (a listed name): %v", name, err)
			continue
		}
		if k.Code == tea.KeyRune {
			t.Errorf("ParseKey(%q) = a character, want a named key", name)
		}
		// A key's own spelling parses back to the same key.
		back, err := tea.ParseKey(k.String())
		if err != nil || back != k {
			t.Errorf("ParseKey(%q.String()=%q) = %+v, %v", name, k.String(), back, err)
		}
	}
}

func TestParseKeyErrorsListTheValidNames(t *testing.T) {
	for _, in := range []string{"", "bogus", "f13", "ctrl+", "page up", "\x01", "ctrl+nothing", "ab"} {
		t.Run(fmt.Sprintf("%q", in), func(t *testing.T) {
			_, err := tea.ParseKey(in)
			if err == nil {
				t.Fatalf("ParseKey(%q) succeeded", in)
			}
			msg := err.Error()
			if !strings.Contains(msg, fmt.Sprintf("%q", in)) {
				t.Errorf("error %q does not name the input", msg)
			}
			for _, name := range []string{"tab", "escape", "page_up", "page_down", "f12", "space"} {
				if !strings.Contains(msg, name) {
					t.Errorf("error %q does not list %q", msg, name)
				}
			}
		})
	}
}

const (
	controlRule   = "a control character (C0, DEL or C1) is never typed as text"
	separatorRule = "a line or paragraph separator (U+2028, U+2029) is never typed as text"
	bidiRule      = "a bidirectional embedding, override or isolate control (U+202A-U+202E, U+2066-U+2069) is never typed as text"
)

func TestParseKeyRefusesUntypableCharacters(t *testing.T) {
	tests := []struct {
		in, code, rule string
	}{
		{"\x00", "U+0000", controlRule},
		{"\x1b", "U+001B", controlRule},
		{"\x7f", "U+007F", controlRule},
		{"\u0085", "U+0085", controlRule}, // C1 NEL
		{"\u009b", "U+009B", controlRule}, // C1 CSI: a terminal reads it as ESC [
		{"ctrl+\u009b", "U+009B", controlRule},
		{"alt+shift+\u0090", "U+0090", controlRule},
		{"\u2028", "U+2028 LINE SEPARATOR", separatorRule},
		{"shift+\u2029", "U+2029 PARAGRAPH SEPARATOR", separatorRule},
		{"\u202a", "U+202A LEFT-TO-RIGHT EMBEDDING", bidiRule},
		{"\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE", bidiRule},
		{"ctrl+\u202d", "U+202D LEFT-TO-RIGHT OVERRIDE", bidiRule},
		{"\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE", bidiRule},
		{"\u2069", "U+2069 POP DIRECTIONAL ISOLATE", bidiRule},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.in), func(t *testing.T) {
			k, err := tea.ParseKey(tt.in)
			if err == nil {
				t.Fatalf("ParseKey(%q) = %+v, want an error", tt.in, k)
			}
			msg := err.Error()
			for _, want := range []string{fmt.Sprintf("%q", tt.in), tt.code, tt.rule, "escape", "ctrl+<char>"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q does not say %q", msg, want)
				}
			}
		})
	}
}

func TestUntypable(t *testing.T) {
	tests := []struct {
		r    rune
		rule string // "" when r may be typed
	}{
		{'a', ""}, {' ', ""}, {'é', ""}, {'日', ""}, {'✓', ""}, {'\uFFFD', ""},
		{'\u200E', ""}, // a left-to-right mark reorders nothing around it
		{'\u2027', ""}, {'\u202F', ""}, {'\u2065', ""}, {'\u206A', ""},
		{'\t', controlRule}, {'\n', controlRule}, {0x1b, controlRule}, {0x7f, controlRule},
		{0x80, controlRule}, {0x9b, controlRule}, {0x9f, controlRule},
		{'\u2028', separatorRule}, {'\u2029', separatorRule},
		{'\u202A', bidiRule}, {'\u202B', bidiRule}, {'\u202C', bidiRule}, {'\u202D', bidiRule}, {'\u202E', bidiRule},
		{'\u2066', bidiRule}, {'\u2067', bidiRule}, {'\u2068', bidiRule}, {'\u2069', bidiRule},
	}
	for _, tt := range tests {
		got := tea.Untypable(tt.r)
		if (got == "") != (tt.rule == "") || !strings.HasPrefix(got, tt.rule) {
			t.Errorf("Untypable(%s) = %q, want %q", tea.CodePoint(tt.r), got, tt.rule)
		}
		if text := tea.Char(tt.r).Text(); (text == "") != (tt.rule != "") {
			t.Errorf("Char(%s).Text() = %q", tea.CodePoint(tt.r), text)
		}
	}
}

func TestKeyText(t *testing.T) {
	tests := []struct {
		key  tea.Key
		want string
	}{
		{tea.Char('x'), "x"},
		{tea.Char(' '), " "},
		{tea.Key{Rune: 'A', Shift: true}, "A"},
		{tea.Key{Rune: 'c', Ctrl: true}, ""},
		{tea.Key{Rune: 'c', Alt: true}, ""},
		{tea.Named(tea.KeyEnter), ""},
		{tea.Char(0x1b), ""},
		{tea.Char(0x9b), ""},
		{tea.Char(0x85), ""},
	}
	for _, tt := range tests {
		if got := tt.key.Text(); got != tt.want {
			t.Errorf("%+v.Text() = %q, want %q", tt.key, got, tt.want)
		}
	}
}

func TestShiftedCharacterSpellsAsTheCharacter(t *testing.T) {
	// Bubble Tea spells shift+a as its text, "A".
	if got := (tea.Key{Rune: 'A', Shift: true}).String(); got != "A" {
		t.Fatalf("String = %q, want A", got)
	}
	if got := (tea.Key{Rune: 'a', Ctrl: true, Shift: true}).String(); got != "ctrl+shift+a" {
		t.Fatalf("String = %q, want ctrl+shift+a", got)
	}
}

// TestKeyStringAllocatesNothingForPlainKeys: key maps compare keys by
// String on every key, so a named key or a character without ctrl or alt
// costs no allocation, and reads as it always has.
func TestKeyStringAllocatesNothingForPlainKeys(t *testing.T) {
	keys := map[string]tea.Key{
		"a": {Rune: 'a'}, "A": {Rune: 'A', Shift: true}, "?": {Rune: '?'}, "enter": tea.Named(tea.KeyEnter),
		"up": tea.Named(tea.KeyUp), "space": tea.Named(tea.KeySpace), "\x7f": {Rune: 0x7f}, "\x00": {Rune: 0},
	}
	for want, k := range keys {
		if got := k.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", k, got, want)
		}
		if n := testing.AllocsPerRun(100, func() { _ = k.String() }); n != 0 {
			t.Errorf("%+v.String() made %.0f allocations, want 0", k, n)
		}
	}
	for r := rune(0); r < 0x80; r++ {
		if got := (tea.Key{Rune: r}).String(); got != string(r) {
			t.Fatalf("Key{Rune: %#x}.String() = %q, want %q", r, got, string(r))
		}
	}
	for k, want := range map[tea.Key]string{
		{Rune: 'é'}:                         "é",
		{Rune: 'a', Ctrl: true}:             "ctrl+a",
		{Code: tea.KeyUp, Shift: true}:      "shift+up",
		{Code: tea.KeyEnter, Alt: true}:     "alt+enter",
		{Rune: 'x', Alt: true, Shift: true}: "alt+shift+x",
	} {
		if got := k.String(); got != want {
			t.Errorf("%+v.String() = %q, want %q", k, got, want)
		}
	}
}
