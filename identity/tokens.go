package identity

import (
	"bufio"
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"strings"
	"unicode"
)

// MinTokenLen is the shortest token a tokens file may hold: 128 bits as
// 32 hex digits, or any 32 characters.
const MinTokenLen = 32

// Tokens authenticates requests by bearer tokens an operator issued, each
// under a name. The file holds one "name token" per line; blank lines and
// lines starting with # are skipped.
type Tokens struct {
	entries []tokenEntry
}

type tokenEntry struct {
	name   string
	digest [sha256.Size]byte
}

// TokensFileError is a tokens file refused: it names the file, the line
// where there is one, and the rule.
type TokensFileError struct {
	Path string
	Line int
	Rule string
}

func (e *TokensFileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("tokens file %s, line %d: %s", e.Path, e.Line, e.Rule)
	}
	return fmt.Sprintf("tokens file %s: %s", e.Path, e.Rule)
}

// LoadTokens reads a tokens file. It refuses a file that anyone but its
// owner may read or write (it holds credentials: chmod 600), a line that
// is not "name token", a name that is not 1-64 of [A-Za-z0-9_.@-], a
// token shorter than MinTokenLen, and a name or token given twice.
func LoadTokens(path string) (*Tokens, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("tokens file: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("tokens file: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, &TokensFileError{Path: path, Rule: "it is not a regular file"}
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		return nil, &TokensFileError{Path: path, Rule: fmt.Sprintf("its mode is %#o: it holds credentials, so only its owner may read it (chmod 600 %s)", perm, path)}
	}
	return parseTokens(path, f)
}

func parseTokens(path string, f fs.File) (*Tokens, error) {
	t := &Tokens{}
	names := map[string]bool{}
	digests := map[[sha256.Size]byte]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, &TokensFileError{Path: path, Line: n, Rule: fmt.Sprintf("want \"name token\", two fields; got %d", len(fields))}
		}
		name, token := fields[0], fields[1]
		if !validName(name) {
			return nil, &TokensFileError{Path: path, Line: n, Rule: fmt.Sprintf("name %q breaks the rule: 1-64 of [A-Za-z0-9_.@-]", name)}
		}
		if len(token) < MinTokenLen {
			return nil, &TokensFileError{Path: path, Line: n, Rule: fmt.Sprintf("the token of %s is %d characters; at least %d (openssl rand -hex 16)", name, len(token), MinTokenLen)}
		}
		d := sha256.Sum256([]byte(token))
		if names[name] {
			return nil, &TokensFileError{Path: path, Line: n, Rule: fmt.Sprintf("name %s is given twice", name)}
		}
		if digests[d] {
			return nil, &TokensFileError{Path: path, Line: n, Rule: "this token is given twice: every name needs its own"}
		}
		names[name], digests[d] = true, true
		t.entries = append(t.entries, tokenEntry{name: name, digest: d})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tokens file %s: %w", path, err)
	}
	if len(t.entries) == 0 {
		return nil, &TokensFileError{Path: path, Rule: "it holds no \"name token\" line"}
	}
	return t, nil
}

func validName(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_.@-", r)) {
			return false
		}
	}
	return true
}

// Check returns the principal whose token is token. Every entry is
// compared, in constant time, so how long it takes says nothing of which
// (or how much of one) matched.
func (t *Tokens) Check(token string) (Principal, bool) {
	d := sha256.Sum256([]byte(token))
	found := -1
	for i := range t.entries {
		if subtle.ConstantTimeCompare(d[:], t.entries[i].digest[:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Principal{}, false
	}
	return Principal{Name: t.entries[found].name, Method: MethodToken}, true
}

// Names lists the names of the tokens, in the file's order.
func (t *Tokens) Names() []string {
	out := make([]string, len(t.entries))
	for i, e := range t.entries {
		out[i] = e.name
	}
	return out
}

// Authenticate checks r's bearer token.
func (t *Tokens) Authenticate(r *http.Request) (Principal, error) {
	token, err := BearerToken(r)
	if err != nil {
		return Principal{}, err
	}
	if p, ok := t.Check(token); ok {
		return p, nil
	}
	return Principal{}, fmt.Errorf("the token is not one of this server's: %w", ErrInvalidToken)
}
