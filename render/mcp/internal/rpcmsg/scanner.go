package rpcmsg

import "unicode/utf8"

// scanner walks valid JSON by its bytes. It does not check what it reads:
// its input has been checked (json.Valid) before. On input that is not
// JSON it answers nonsense but stays within its bytes.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// byte reads c if it comes next.
func (s *scanner) byte(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// key reads an object's key from its opening quote: its bytes within the
// quotes, and whether they are plain ASCII without an escape (the key is
// then those bytes).
func (s *scanner) key() (key []byte, plain bool) {
	s.i++ // "
	start := s.i
	plain = true
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], plain
		case c == '\\':
			plain = false
			s.i += 2
		default:
			if c >= utf8.RuneSelf {
				plain = false
			}
			s.i++
		}
	}
	s.i = len(s.b) // an escape at the end ran past it
	return nil, false
}

// skipValue reads past one value.
func (s *scanner) skipValue() {
	if s.i >= len(s.b) {
		return
	}
	switch s.b[s.i] {
	case '"':
		s.key()
	case '{', '[':
		s.skipContainer()
	default:
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return
			}
			s.i++
		}
	}
}

// skipContainer reads past an object or array, counting only the
// brackets outside strings.
func (s *scanner) skipContainer() {
	depth := 0
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '"':
			s.key()
			continue
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				s.i++
				return
			}
		}
		s.i++
	}
}
