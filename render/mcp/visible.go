package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// This file makes invisible text visible in what agents receive. A format
// character (Unicode category Cf: zero-width space, BOM, soft hyphen,
// direction marks and overrides, word joiner, ...), a tag character
// (U+E0000-U+E007F) or a variation selector (U+FE00-U+FE0F,
// U+E0100-U+E01EF) draws nothing on the person's screen, but a model reads
// it, so text can hide an instruction the person never sees ("rust"
// followed by a sentence in tag characters, bytes in variation selectors
// after an emoji). Every answer to an agent shows each such character
// escaped as \u{XXXX}, so the agent reads what the person sees. Emoji
// sequences that draw as one picture keep theirs: one presentation
// selector after an emoji or a keycap's digit (❤️, 1️⃣), a zero-width
// joiner between two emoji (👨‍👩‍👧) and the tag sequences of the
// subdivision flags (🏴󠁧󠁢󠁥󠁮󠁧󠁿). Regional-indicator flags have none to escape.

// invisible reports whether r is a format or tag character or a variation
// selector.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || (r >= 0xE0000 && r <= 0xE007F) || variationSelector(r)
}

func variationSelector(r rune) bool {
	return (r >= 0xFE00 && r <= 0xFE0F) || (r >= 0xE0100 && r <= 0xE01EF)
}

const (
	zwj       = '\u200D'
	blackFlag = '\U0001F3F4'
	cancelTag = '\U000E007F'
)

// subdivisionFlags are the tag sequences that follow 🏴 in the emoji
// subdivision flags (England, Scotland, Wales), cancel tag included.
var subdivisionFlags = []string{tagged("gbeng"), tagged("gbsct"), tagged("gbwls")}

// tagged spells s in tag characters, ending with the cancel tag.
func tagged(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(0xE0000 + r)
	}
	b.WriteRune(cancelTag)
	return b.String()
}

// pictographic reports whether r draws as an emoji (a symbol outside
// Latin-1 or an emoji modifier), the runes a zero-width joiner joins.
func pictographic(r rune) bool {
	return r > 0xFF && r != utf8.RuneError && (unicode.Is(unicode.So, r) || modifier(r))
}

// modifier reports whether r is an emoji skin-tone modifier.
func modifier(r rune) bool { return r >= 0x1F3FB && r <= 0x1F3FF }

// presentable reports whether r takes a text or emoji presentation
// selector (U+FE0E, U+FE0F): an emoji, ©, ® or a keycap's base.
func presentable(r rune) bool {
	return pictographic(r) || strings.ContainsRune("0123456789#*\u00A9\u00AE", r)
}

// escapeInvisible returns s with every format and tag character and
// variation selector escaped as \u{XXXX}, but for those inside an emoji
// sequence that draws (see the file comment). It returns s itself when
// there is nothing to escape.
func escapeInvisible(s string) string {
	if !hasInvisible(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	// last is the rune before; base is the emoji a joiner would join
	// from: last, or the emoji before the presentation selector or skin
	// tone that last is.
	last, base := rune(-1), rune(-1)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		keep := !invisible(r)
		switch {
		case keep:
		case r == zwj:
			keep = pictographic(base) && pictographic(nextRune(s[i+size:]))
		case r == '\uFE0F' || r == '\uFE0E':
			keep = presentable(last)
		case last == blackFlag && r >= 0xE0000 && r <= 0xE007F:
			if seq := subdivisionFlag(s[i:]); seq != "" {
				b.WriteString(seq)
				i += len(seq)
				last, base = cancelTag, cancelTag
				continue
			}
		}
		if keep {
			b.WriteString(s[i : i+size])
		} else {
			fmt.Fprintf(&b, `\u{%04X}`, r)
		}
		if !(keep && pictographic(base) && (r == '\uFE0F' || modifier(r))) {
			base = r
		}
		last = r
		i += size
	}
	return b.String()
}

// hasInvisible reports whether s holds a rune invisible reports. It
// decodes only the runes beyond ASCII, which has none: a screen is mostly
// ASCII around a few symbols.
func hasInvisible(s string) bool {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if invisible(r) {
			return true
		}
		i += size
	}
	return false
}

// subdivisionFlag returns the subdivision flag tag sequence s starts with,
// or "".
func subdivisionFlag(s string) string {
	for _, seq := range subdivisionFlags {
		if strings.HasPrefix(s, seq) {
			return seq
		}
	}
	return ""
}

func nextRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// visibleValue returns v with escapeInvisible applied to every string and object
// key in it, as plain JSON values, or v itself when nothing in it needs
// escaping (or it cannot be encoded, which the SDK then reports).
func visibleValue(v any) any {
	plain, _ := visibleEncoded(v)
	return plain
}

// visibleEncoded is visibleValue(v) and its JSON encoding, or nil for the
// encoding when v cannot be encoded (the SDK then reports it).
func visibleEncoded(v any) (any, json.RawMessage) {
	if v == nil {
		return nil, nil
	}
	var b []byte
	var err error
	if r, ok := v.(WriteResult); ok {
		// Every write's answer: encoded by hand (see appendJSON).
		b, err = r.appendJSON(make([]byte, 0, r.sizeHint()))
	} else {
		b, err = json.Marshal(v)
	}
	if err != nil {
		return v, nil
	}
	out, changed, err := visibleJSON(b)
	if err != nil {
		return v, nil
	}
	if !changed {
		return v, b
	}
	var plain any
	if err := decodeJSON(out, &plain); err != nil {
		return v, nil
	}
	return plain, out
}

// visibleJSON returns the JSON document b with escapeInvisible applied to every
// string and object key in it, and whether anything changed. A document
// with nothing to escape is returned as it is, byte for byte.
func visibleJSON(b []byte) ([]byte, bool, error) {
	if !mayHideText(b) {
		return b, false, nil
	}
	var doc any
	if err := decodeJSON(b, &doc); err != nil {
		return nil, false, fmt.Errorf("escaping invisible text: %w", err)
	}
	changed := false
	doc = visibleWalk(doc, &changed)
	if !changed {
		return b, false, nil
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return nil, false, fmt.Errorf("escaping invisible text: %w", err)
	}
	return out, true, nil
}

// mayHideText reports whether the JSON document b may hold a format or
// tag character: raw, or as a \u escape (which only a hand-made document,
// such as a json.RawMessage, uses for them; encoding/json's own, such as
// \u003c for "<", are not).
func mayHideText(b []byte) bool {
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\\' && i+1 < len(b) && b[i+1] == 'u':
			if i+6 > len(b) {
				return true // not JSON; the decoder says so
			}
			r, ok := hex4(b[i+2 : i+6])
			if !ok || invisible(r) || utf16.IsSurrogate(r) {
				return true
			}
			i += 6
		case c == '\\':
			i += 2
		case c < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if invisible(r) {
				return true
			}
			i += size
		}
	}
	return false
}

// hex4 reads four hex digits.
func hex4(h []byte) (rune, bool) {
	var r rune
	for _, c := range h {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func decodeJSON(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber() // numbers keep their exact text
	return d.Decode(v)
}

func visibleWalk(v any, changed *bool) any {
	switch t := v.(type) {
	case string:
		s := escapeInvisible(t)
		if s != t {
			*changed = true
		}
		return s
	case []any:
		for i, x := range t {
			t[i] = visibleWalk(x, changed)
		}
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			vk := escapeInvisible(k)
			if vk != k {
				*changed = true
			}
			out[vk] = visibleWalk(x, changed)
		}
		return out
	}
	return v
}

// visibleError is err with escapeInvisible applied to its message, for an
// error whose message may carry an app's text to an agent.
type visibleError struct{ err error }

func (e visibleError) Error() string { return escapeInvisible(e.err.Error()) }
func (e visibleError) Unwrap() error { return e.err }
