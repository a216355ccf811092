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
