package tea

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// KeyCode names a key that is not a printable character. KeyRune means the
// key is Key.Rune.
type KeyCode int

// The named keys.
const (
	KeyRune KeyCode = iota
	KeyEnter
	KeyTab
	KeyEscape
	KeyBackspace
	KeyDelete
	KeyInsert
	KeySpace
	KeyUp
	KeyDown
	KeyLeft
	KeyRight
	KeyHome
	KeyEnd
	KeyPgUp
	KeyPgDown
	KeyF1
	KeyF2
	KeyF3
	KeyF4
	KeyF5
	KeyF6
	KeyF7
	KeyF8
	KeyF9
	KeyF10
	KeyF11
	KeyF12
)

// keyNames are Bubble Tea's spellings, so a Key's String matches what
// bubbles' key.Binding expects ("enter", "esc", "pgup", "shift+tab").
var keyNames = map[KeyCode]string{
	KeyEnter: "enter", KeyTab: "tab", KeyEscape: "esc", KeyBackspace: "backspace",
	KeyDelete: "delete", KeyInsert: "insert", KeySpace: "space",
	KeyUp: "up", KeyDown: "down", KeyLeft: "left", KeyRight: "right",
	KeyHome: "home", KeyEnd: "end", KeyPgUp: "pgup", KeyPgDown: "pgdown",
	KeyF1: "f1", KeyF2: "f2", KeyF3: "f3", KeyF4: "f4", KeyF5: "f5", KeyF6: "f6",
	KeyF7: "f7", KeyF8: "f8", KeyF9: "f9", KeyF10: "f10", KeyF11: "f11", KeyF12: "f12",
}

// keyAliases are the names ParseKey accepts besides keyNames: the MCP tool's
// spellings (escape, page_up, page_down) and a few common ones.
var keyAliases = map[string]KeyCode{
	"escape": KeyEscape, "return": KeyEnter, "page_up": KeyPgUp, "page_down": KeyPgDown,
	"pageup": KeyPgUp, "pagedown": KeyPgDown, "del": KeyDelete, "ins": KeyInsert,
}

// Key is one key press: a named key (Code) or a character (Rune), with
// modifiers.
type Key struct {
	Code  KeyCode
	Rune  rune
	Ctrl  bool
	Alt   bool
	Shift bool
}

// KeyMsg is delivered to Update for a key that neither focus navigation nor
// the focused widget used.
type KeyMsg struct {
	Key
	// Agent names the agent that pressed the key (KeyInputMsg.Agent),
	// or is "" for a key from the person at the terminal.
	Agent string
}

// Char returns the Key for a printable character.
func Char(r rune) Key {
	if r == ' ' {
		return Key{Code: KeySpace, Rune: ' '}
	}
	return Key{Rune: r}
}

// Named returns the Key for a named key.
func Named(code KeyCode) Key { return Key{Code: code} }

// String spells the key as Bubble Tea does: modifiers in the order ctrl, alt,
// shift, then the key ("ctrl+c", "shift+tab", "a", "A", "space").
func (k Key) String() string {
	// A key without ctrl or alt is a name or a character: every key map
	// compares keys by String, on every key, so those cost nothing.
	if !k.Ctrl && !k.Alt {
		switch {
		case k.Code != KeyRune && !k.Shift:
			return keyNames[k.Code]
		case k.Code == KeyRune && k.Rune >= 0 && k.Rune < utf8.RuneSelf:
			return asciiChars[k.Rune : k.Rune+1]
		}
	}
	var b strings.Builder
	if k.Ctrl {
		b.WriteString("ctrl+")
	}
	if k.Alt {
		b.WriteString("alt+")
	}
	if k.Shift && (k.Code != KeyRune || k.Ctrl || k.Alt) {
		b.WriteString("shift+")
	}
	if k.Code == KeyRune {
		b.WriteRune(k.Rune)
	} else {
		b.WriteString(keyNames[k.Code])
	}
	return b.String()
}

// asciiChars holds every ASCII character at its own index: a one-character
// key name is a slice of it, not a new string.
const asciiChars = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

// Text returns the text the key types, or "" for a named key, a key with
// ctrl or alt held, or a character that is never typed (see Untypable).
func (k Key) Text() string {
	if k.Ctrl || k.Alt {
		return ""
	}
	switch k.Code {
	case KeyRune:
		if Untypable(k.Rune) != "" {
			return ""
		}
		return string(k.Rune)
	case KeySpace:
		return " "
	}
	return ""
}

// Is reports whether the key's String equals one of names.
func (k Key) Is(names ...string) bool {
	s := k.String()
	for _, n := range names {
		if s == n {
			return true
		}
	}
	return false
}

// KeyNames lists every named key ParseKey accepts, MCP spellings first.
func KeyNames() []string {
	return []string{"tab", "enter", "escape", "backspace", "up", "down", "left", "right",
		"home", "end", "page_up", "page_down", "delete", "insert", "space",
		"f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12"}
}

// ParseKey turns a key name (tab, enter, escape, page_up, f5, ...) or a single
// character into a Key. Modifiers may prefix it ("ctrl+c", "shift+tab").
// A character Untypable refuses (a control character) is refused, with or
// without modifiers, naming its code point and the rule.
// Shift alone on a character types it shifted: "shift+a" is the key "A", so
// ParseKey(k.String()) gives k back for every key ParseKey returns.
func ParseKey(s string) (Key, error) {
	var k Key
	rest := s
	for {
		switch {
		case strings.HasPrefix(rest, "ctrl+") && len(rest) > 5:
			k.Ctrl, rest = true, rest[5:]
			continue
		case strings.HasPrefix(rest, "alt+") && len(rest) > 4:
			k.Alt, rest = true, rest[4:]
			continue
		case strings.HasPrefix(rest, "shift+") && len(rest) > 6:
			k.Shift, rest = true, rest[6:]
			continue
		}
		break
	}
	if utf8.RuneCountInString(rest) == 1 {
		r, _ := utf8.DecodeRuneInString(rest)
		if why := Untypable(r); why != "" {
			return Key{}, fmt.Errorf("key %q is %s: %s, so it is not a key; use a named key (%s) or ctrl+<char>", s, CodePoint(r), why, strings.Join(KeyNames(), ", "))
		}
		c := Char(r)
		c.Ctrl, c.Alt, c.Shift = k.Ctrl, k.Alt, k.Shift
		if c.Code == KeyRune && c.Shift && !c.Ctrl && !c.Alt {
			// Shift on a character is the character it types, spelt by
			// itself as Bubble Tea spells it: "shift+a" is "A".
			c.Rune, c.Shift = unicode.ToUpper(r), false
		}
		return c, nil
	}
	name := strings.ToLower(rest)
	if code, ok := keyAliases[name]; ok {
		k.Code = code
		return k, nil
	}
	for code, n := range keyNames {
		if n == name {
			k.Code = code
			if code == KeySpace {
				k.Rune = ' '
			}
			return k, nil
		}
	}
	return Key{}, fmt.Errorf("unknown key %q: use one character or a named key (%s)", s, strings.Join(KeyNames(), ", "))
}

// Untypable returns the rule that keeps r from being typed as text, or ""
// when r may be typed. Every way of typing text follows it: ParseKey (the
// MCP facet_send_key tool), Key.Text, a terminal's keys and pastes, and the
// text fields' type_into. It refuses
//   - every control character (unicode.IsControl: C0, DEL and C1, such as
//     U+001B ESC and U+009B, the 8-bit CSI), which a field would store and
//     then draw straight to a terminal;
//   - the line and paragraph separators U+2028 and U+2029, which break a
//     line in some displays and not in others;
//   - the bidirectional embedding, override and isolate controls
//     (U+202A-U+202E, U+2066-U+2069), which make text display in another
//     order than it is in ("Trojan Source").
//
// A text area's newlines and tabs are not typed as characters: Enter types
// a newline, and type_into takes them by its own rule.
func Untypable(r rune) string {
	switch {
	case unicode.IsControl(r):
		return "a control character (C0, DEL or C1) is never typed as text"
	case r == '\u2028' || r == '\u2029':
		return "a line or paragraph separator (U+2028, U+2029) is never typed as text: it breaks the line in some displays and not in others"
	case bidiNames[r] != "":
		return "a bidirectional embedding, override or isolate control (U+202A-U+202E, U+2066-U+2069) is never typed as text: it makes text display in another order than it is in"
	}
	return ""
}

// bidiNames are the Unicode names of the characters Untypable refuses
// that are not control characters.
var bidiNames = map[rune]string{
	0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING",
	0x202C: "POP DIRECTIONAL FORMATTING", 0x202D: "LEFT-TO-RIGHT OVERRIDE",
	0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
	0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE",
}

// CodePoint spells r as Unicode does, "U+009B", for a message that names a
// character that cannot be shown; a separator or a bidirectional control
// is followed by its name: "U+202E RIGHT-TO-LEFT OVERRIDE".
func CodePoint(r rune) string {
	name := bidiNames[r]
	switch r {
	case '\u2028':
		name = "LINE SEPARATOR"
	case '\u2029':
		name = "PARAGRAPH SEPARATOR"
	}
	if name == "" {
		return fmt.Sprintf("U+%04X", r)
	}
	return fmt.Sprintf("U+%04X %s", r, name)
}
