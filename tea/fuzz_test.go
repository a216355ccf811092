package tea

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// idRe is IDRule as a regular expression: the oracle ValidID must agree with.
var idRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

func FuzzValidID(f *testing.F) {
	for _, seed := range []string{
		"", "a", "A", "0", "_", "-", "search", "my-widget_2", "a.b", "a b", "a\x00", "é",
		"\xff", "a\n", "\u212a", // Kelvin sign: lowercases to ASCII k
		strings.Repeat("x", 32), strings.Repeat("x", 33), strings.Repeat("é", 16),
		"\"quoted\"", "../etc", "id\u202e",
	} {
		f.Add("widget", seed)
	}
	f.Add("session", "demo")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, what, id string) {
		want := idRe.MatchString(id)
		if got := ValidID(id); got != want {
			t.Fatalf("ValidID(%q) = %v, want %v (%s)", id, got, want, IDRule)
		}
		err := CheckID(what, id)
		if (err == nil) != want {
			t.Fatalf("CheckID(%q, %q) = %v, want valid=%v", what, id, err, want)
		}
		if errors.Is(err, ErrInvalidID) != !want {
			t.Fatalf("errors.Is(CheckID(%q), ErrInvalidID) = %v for valid=%v", id, errors.Is(err, ErrInvalidID), want)
		}
		if err == nil {
			return
		}
		var ie *InvalidIDError
		if !errors.As(err, &ie) || ie.ID != id || ie.What != what {
			t.Fatalf("CheckID(%q, %q) = %#v, want an *InvalidIDError naming both", what, id, err)
		}
		msg := err.Error()
		if quoted := fmt.Sprintf("%q", id); !strings.Contains(msg, quoted) {
			t.Fatalf("error %q does not quote the id as %s", msg, quoted)
		}
		if !strings.Contains(msg, IDRule) {
			t.Fatalf("error %q does not state the rule %q", msg, IDRule)
		}
	})
}

func FuzzParseKey(f *testing.F) {
	for _, seed := range []string{
		"", "a", "A", " ", "+", "é", "\x00", "\x1b", "\x7f", "\u0085", "\xff", "\xc3",
		"tab", "enter", "escape", "esc", "return", "backspace", "delete", "del", "insert", "ins",
		"space", "SPACE", "up", "down", "left", "right", "home", "end",
		"page_up", "page_down", "pgup", "pgdown", "pageup", "pagedown", "f1", "f12", "f13", "F5",
		"ctrl+c", "ctrl+", "ctrl++", "ctrl+ctrl+", "ctrl+ctrl+c", "alt+x", "alt+", "shift+", "shift+a",
		"shift+A", "shift+tab", "shift+ ", "ctrl+ ", "ctrl+shift+up", "shift+ctrl+alt+f4",
		"alt+ctrl+a", "CTRL+c", "ctrl+\x00", "ctrl+ab", "ctrl+space", "shift+shift+", "ctrl+alt+shift+é",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k, err := ParseKey(s)
		if err != nil {
			if k != (Key{}) {
				t.Fatalf("ParseKey(%q) failed with %v but returned %+v", s, err, k)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("%q", s)) {
				t.Fatalf("ParseKey(%q): error %q does not quote the input", s, err)
			}
			return
		}
		switch {
		case k.Code < KeyRune || k.Code > KeyF12:
			t.Fatalf("ParseKey(%q) = %+v: code out of range", s, k)
		case k.Code == KeyRune && (k.Rune < 0x20 || k.Rune == 0x7f):
			t.Fatalf("ParseKey(%q) = %+v: a control character is a key", s, k)
		case k.Code == KeySpace && k.Rune != ' ':
			t.Fatalf("ParseKey(%q) = %+v: space without its rune", s, k)
		case k.Code != KeyRune && k.Code != KeySpace && k.Rune != 0:
			t.Fatalf("ParseKey(%q) = %+v: a named key with a rune", s, k)
		}
		str := k.String()
		if str == "" {
			t.Fatalf("ParseKey(%q) = %+v spells as \"\"", s, k)
		}
		if !k.Is(str) {
			t.Fatalf("%+v.Is(%q) = false", k, str)
		}
		back, err := ParseKey(str)
		if err != nil {
			t.Fatalf("ParseKey(%q) = %+v, whose String %q does not parse: %v", s, k, str, err)
		}
		if back != k {
			t.Fatalf("ParseKey(%q) = %+v; String %q parses as %+v, want the same key", s, k, str, back)
		}
		// Shift on a character without ctrl or alt is the character it
		// types: "shift+a" is "A", as Bubble Tea spells it.
		if k.Code == KeyRune && !k.Ctrl && !k.Alt {
			if k.Shift {
				t.Fatalf("ParseKey(%q) = %+v: shift kept beside the character it typed", s, k)
			}
			if rest, ok := strings.CutPrefix(s, "shift+"); ok && utf8.RuneCountInString(rest) == 1 {
				if r, _ := utf8.DecodeRuneInString(rest); k.Rune != unicode.ToUpper(r) {
					t.Fatalf("ParseKey(%q) = %+v, want the rune upper-cased (%q)", s, k, unicode.ToUpper(r))
				}
			}
		}
		if again := back.String(); again != str {
			t.Fatalf("String is not stable: %q then %q", str, again)
		}
	})
}
