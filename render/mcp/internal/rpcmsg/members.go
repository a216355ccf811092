package rpcmsg

import "unicode/utf8"

// Members finds the members of the JSON object obj that a struct with
// fields named names would be decoded from, and sets vals[i] to the raw
// JSON of names[i]'s value (nil when obj has none). obj must be valid
// JSON (as a part of a document json.Valid accepts is).
//
// ok is false when the answer cannot be told from the bytes alone the way
// encoding/json would tell it: obj is not an object; a key has an escape
// or a byte beyond ASCII (encoding/json folds such keys by Unicode rules);
// or a key names one of names in another case or a second time (then
// encoding/json's case-insensitive, last-wins matching decides). The
// caller then decodes obj with encoding/json.
func Members(obj []byte, names []string, vals [][]byte) (ok bool) {
	clear(vals)
	s := scanner{b: obj}
	s.space()
	if !s.byte('{') {
		return false
	}
	s.space()
	if s.byte('}') {
		return true
	}
	for {
		s.space()
		key, plain := s.key()
		if !plain {
			return false
		}
		s.space()
		s.byte(':')
		s.space()
		start := s.i
		s.skipValue()
		for i, name := range names {
			if !equalFoldASCII(key, name) {
				continue
			}
			if vals[i] != nil || string(key) != name {
				return false
			}
			vals[i] = obj[start:s.i]
		}
		s.space()
		if !s.byte(',') {
			return true
		}
	}
}

// String decodes v, the raw JSON of a value, as a string when it is one
// without escapes and in plain ASCII: what encoding/json would decode it
// to is then its bytes. ok is false for anything else (another kind of
// value, null, an escape, a byte beyond ASCII, which encoding/json may
// replace), which the caller decodes with encoding/json.
func String(v []byte) (s string, ok bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	body := v[1 : len(v)-1]
	for _, c := range body {
		if c == '\\' || c == '"' || c < 0x20 || c >= utf8.RuneSelf {
			return "", false
		}
	}
	return intern(body), true
}

// intern is b as a string, without a copy for the methods every client
// sends.
func intern(b []byte) string {
	switch string(b) {
	case "tools/call":
		return "tools/call"
	case "tools/list":
		return "tools/list"
	case "resources/read":
		return "resources/read"
	case "resources/list":
		return "resources/list"
	case "resources/subscribe":
		return "resources/subscribe"
	case "resources/unsubscribe":
		return "resources/unsubscribe"
	case "notifications/cancelled":
		return "notifications/cancelled"
	case "notifications/initialized":
		return "notifications/initialized"
	case "initialize":
		return "initialize"
	case "ping":
		return "ping"
	}
	return string(b)
}

// equalFoldASCII reports whether the plain ASCII key and name are equal
// but for the case of their letters, as encoding/json folds ASCII keys.
func equalFoldASCII(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := range len(key) {
		a, b := key[i], name[i]
		if a == b {
			continue
		}
		if 'A' <= a && a <= 'Z' {
			a += 'a' - 'A'
		}
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}
