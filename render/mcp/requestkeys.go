package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxRequestDepth bounds how deeply sameKeys follows nested objects and
// arrays; encoding/json refuses deeper documents itself.
const maxRequestDepth = 10000

// KeyCollisionError is a request refused because one of its JSON objects
// has two keys that encoding/json reads as the same field: equal, or equal
// but for case. mcp-go decodes requests into structs case-insensitively
// with the last key winning, so such a request means one thing to a check
// that reads a map and another to the SDK that serves it.
type KeyCollisionError struct {
	// Path is where the object is, as JSON keys joined by dots ("" is the
	// request itself, "params" its params).
	Path string
	// First and Second are the colliding keys, as sent.
	First, Second string
}

func (e *KeyCollisionError) Error() string {
	where := "the request"
	if e.Path != "" {
		where = "object " + e.Path
	}
	if e.First == e.Second {
		return fmt.Sprintf("request refused: %s has key %q twice; send each key once", where, e.First)
	}
	return fmt.Sprintf("request refused: %s has keys %q and %q, which differ only in case and are read as one; send each key once, spelled as the protocol does", where, e.First, e.Second)
}

// sameKeys answers a *KeyCollisionError for the first object in the JSON
// document raw that has two keys encoding/json folds together, and nil
// when there is none. A document it cannot read is left to the SDK, which
// refuses it as a parse error.
func sameKeys(raw []byte) error {
	if distinctKeys(raw) {
		return nil
	}
	return decodeSameKeys(raw)
}

// decodeSameKeys is sameKeys by the JSON decoder's tokens, for any
// document.
func decodeSameKeys(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	err := walkKeys(dec, "", 0)
	var kc *KeyCollisionError
	if errors.As(err, &kc) {
		return kc
	}
	if errors.Is(err, errTooDeep) {
		return err
	}
	return nil
}

var errTooDeep = fmt.Errorf("request refused: JSON nested deeper than %d levels", maxRequestDepth)

func walkKeys(dec *json.Decoder, path string, depth int) error {
	if depth > maxRequestDepth {
		return errTooDeep
	}
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return nil
		}
		return err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '[':
		for dec.More() {
			if err := walkKeys(dec, path, depth+1); err != nil {
				return err
			}
		}
	case '{':
		seen := map[string]string{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			key, _ := kt.(string)
			folded := foldKey(key)
			if first, dup := seen[folded]; dup {
				return &KeyCollisionError{Path: path, First: first, Second: key}
			}
			seen[folded] = key
			sub := key
			if path != "" {
				sub = path + "." + key
			}
			if err := walkKeys(dec, sub, depth+1); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// foldKey folds a key the way encoding/json matches keys to struct fields
// (its foldName): two keys fold equal exactly when bytes.EqualFold says so.
func foldKey(k string) string {
	if !foldable(k) {
		return k
	}
	return foldRunes(k)
}

// foldRunes is foldKey rune by rune.
func foldRunes(k string) string {
	var b strings.Builder
	b.Grow(len(k))
	for _, r := range k {
		switch {
		case r < utf8.RuneSelf && 'A' <= r && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		default:
			b.WriteRune(unicode.ToLower(unicode.ToUpper(r)))
		}
	}
	return b.String()
}

// foldable reports whether foldKey would change k: whether it has an
// upper-case ASCII letter or anything beyond ASCII. Protocol keys have
// neither, and keep their own string.
func foldable(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

// maxScanDepth and maxScanKeys bound the documents distinctKeys answers
// for: a request nested deeper, or with an object of more keys, is left to
// the decoder.
const (
	maxScanDepth = 64
	maxScanKeys  = 32
)

// distinctKeys reports whether raw is a JSON document whose every object
// has keys that cannot fold together, read in one pass over its bytes
// without decoding it: every key is ASCII without escapes, so two fold
// together exactly when bytes.EqualFold says so. false means only that it
// cannot tell (a collision, a key it does not read, a document that is
// not JSON, or one beyond its bounds): sameKeys then asks the decoder.
func distinctKeys(raw []byte) bool {
	s := keyScanner{b: raw}
	if !s.value(0) {
		return false
	}
	s.space()
	return s.i == len(s.b)
}

// keyScanner reads a JSON document's structure and its objects' keys.
type keyScanner struct {
	b []byte
	i int
}

func (s *keyScanner) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

// value reads one value; false when distinctKeys cannot tell.
func (s *keyScanner) value(depth int) bool {
	if depth > maxScanDepth {
		return false
	}
	s.space()
	if s.i >= len(s.b) {
		return false
	}
	switch s.b[s.i] {
	case '{':
		return s.object(depth)
	case '[':
		s.i++
		s.space()
		if s.i < len(s.b) && s.b[s.i] == ']' {
			s.i++
			return true
		}
		for {
			if !s.value(depth + 1) {
				return false
			}
			if more, ok := s.separator(']'); !more {
				return ok
			}
		}
	case '"':
		_, ok := s.str(false)
		return ok
	}
	start := s.i
	for s.i < len(s.b) && literalByte(s.b[s.i]) {
		s.i++
	}
	return s.i > start
}

// literalByte reports whether c can be part of a number, true, false or
// null.
func literalByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || c == '-' || c == '+' || c == '.' || c == 'E'
}

// object reads an object, keeping its keys to compare each new one with.
func (s *keyScanner) object(depth int) bool {
	var keys [maxScanKeys][]byte
	n := 0
	s.i++ // {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == '}' {
		s.i++
		return true
	}
	for {
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != '"' || n == maxScanKeys {
			return false
		}
		key, ok := s.str(true)
		if !ok {
			return false
		}
		for _, k := range keys[:n] {
			if bytes.EqualFold(k, key) {
				return false
			}
		}
		keys[n] = key
		n++
		s.space()
		if s.i >= len(s.b) || s.b[s.i] != ':' {
			return false
		}
		s.i++
		if !s.value(depth + 1) {
			return false
		}
		if more, ok := s.separator('}'); !more {
			return ok
		}
	}
}

// separator reads what follows a member of an array or object: a comma
// (more follows) or the closing byte end (the container is read, ok).
// Anything else, or the end of the input, is not JSON.
func (s *keyScanner) separator(end byte) (more, ok bool) {
	s.space()
	if s.i >= len(s.b) {
		return false, false
	}
	switch s.b[s.i] {
	case ',':
		s.i++
		return true, true
	case end:
		s.i++
		return false, true
	}
	return false, false
}

// str reads a string from its opening quote and returns its bytes within
// the quotes. A key (plain) must be plain ASCII: no escape, no control
// byte, nothing beyond ASCII.
func (s *keyScanner) str(plain bool) ([]byte, bool) {
	s.i++ // "
	start := s.i
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], true
		case c == '\\':
			if plain {
				return nil, false
			}
			s.i += 2
		case c < 0x20 || (plain && c >= utf8.RuneSelf):
			return nil, false
		default:
			s.i++
		}
	}
	return nil, false
}
