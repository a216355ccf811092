package identity_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/facetui/facet/identity"
	"pgregory.net/rapid"
)

// Tokens used across the tests: each at least identity.MinTokenLen long.
const (
	aliceToken = "a1b2c3d4e5f60718293a4b5c6d7e8f90" // 32 characters
	bobToken   = "0f1e2d3c4b5a69788796a5b4c3d2e1f0aa"
	carolToken = "carol-carol-carol-carol-carol-carol"
)

// writeTokens writes content to a file named tokens in a new directory,
// with exactly mode perm (whatever the umask), and returns its path.
func writeTokens(t testing.TB, content string, perm os.FileMode) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustLoad(t testing.TB, content string) *identity.Tokens {
	t.Helper()
	tok, err := identity.LoadTokens(writeTokens(t, content, 0o600))
	if err != nil {
		t.Fatalf("LoadTokens: %v", err)
	}
	return tok
}

func TestLoadTokensAccepts(t *testing.T) {
	tests := []struct {
		name    string
		content string
		perm    os.FileMode
		want    []string
	}{
		{"mode 0600", "alice " + aliceToken + "\n", 0o600, []string{"alice"}},
		{"mode 0400", "alice " + aliceToken + "\n", 0o400, []string{"alice"}},
		{"no final newline", "alice " + aliceToken, 0o600, []string{"alice"}},
		{
			"comments, blank lines and spaces skipped; names in file order",
			"# operators' tokens\n\n   \ncarol " + carolToken + "\n  # indented comment\n\talice\t" + aliceToken + "  \n\nbob   " + bobToken + "\n",
			0o600, []string{"carol", "alice", "bob"},
		},
		{"CRLF line ends", "# c\r\nalice " + aliceToken + "\r\nbob " + bobToken + "\r\n", 0o600, []string{"alice", "bob"}},
		{
			"every name character the rule allows",
			"Az09_.@- " + aliceToken + "\n" + strings.Repeat("n", 64) + " " + bobToken + "\n",
			0o600, []string{"Az09_.@-", strings.Repeat("n", 64)},
		},
		{"a token of exactly MinTokenLen", "alice " + strings.Repeat("x", identity.MinTokenLen) + "\n", 0o600, []string{"alice"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tok, err := identity.LoadTokens(writeTokens(t, tt.content, tt.perm))
			if err != nil {
				t.Fatalf("LoadTokens: %v", err)
			}
			if got := tok.Names(); !slices.Equal(got, tt.want) {
				t.Errorf("Names() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLoadTokensRefuses(t *testing.T) {
	short := strings.Repeat("s", identity.MinTokenLen-1) // 31 characters
	tests := []struct {
		name     string
		content  string
		perm     os.FileMode
		line     int      // the line the error names; 0 for none
		contains []string // in the rule
	}{
		{"mode 0644", "alice " + aliceToken + "\n", 0o644, 0, []string{"0644", "chmod 600"}},
		{"mode 0640", "alice " + aliceToken + "\n", 0o640, 0, []string{"0640", "chmod 600"}},
		{"mode 0604", "alice " + aliceToken + "\n", 0o604, 0, []string{"chmod 600"}},
		{"mode 0620 (group may write)", "alice " + aliceToken + "\n", 0o620, 0, []string{"chmod 600"}},
		{"one field", "# c\nalice " + aliceToken + "\nbob\n", 0o600, 3, []string{"two fields", "got 1"}},
		{"three fields", "alice " + aliceToken + " extra\n", 0o600, 1, []string{"two fields", "got 3"}},
		{"a name with a slash", "al/ice " + aliceToken + "\n", 0o600, 1, []string{`"al/ice"`, "[A-Za-z0-9_.@-]"}},
		{"a name with a non-ASCII letter", "alicé " + aliceToken + "\n", 0o600, 1, []string{"[A-Za-z0-9_.@-]"}},
		{"a name of 65 characters", strings.Repeat("n", 65) + " " + aliceToken + "\n", 0o600, 1, []string{"1-64"}},
		{"a 31-character token", "\n\nalice " + short + "\n", 0o600, 3, []string{"alice", "31 characters", "at least 32"}},
		{"a name given twice", "alice " + aliceToken + "\nbob " + bobToken + "\nalice " + carolToken + "\n", 0o600, 3, []string{"name alice is given twice"}},
		{"a token given twice", "alice " + aliceToken + "\n#\nbob " + aliceToken + "\n", 0o600, 3, []string{"token is given twice"}},
		{"an empty file", "", 0o600, 0, []string{"no \"name token\" line"}},
		{"only comments and blank lines", "# nothing yet\n\n   # still nothing\n", 0o600, 0, []string{"no \"name token\" line"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeTokens(t, tt.content, tt.perm)
			tok, err := identity.LoadTokens(path)
			if err == nil {
				t.Fatalf("LoadTokens accepted it: names %q", tok.Names())
			}
			var fe *identity.TokensFileError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T) is not a *TokensFileError", err, err)
			}
			if fe.Path != path || fe.Line != tt.line {
				t.Errorf("error names %s line %d, want %s line %d", fe.Path, fe.Line, path, tt.line)
			}
			msg := err.Error()
			if !strings.Contains(msg, path) {
				t.Errorf("error %q does not name the file", msg)
			}
			if tt.line > 0 && !strings.Contains(msg, fmt.Sprintf("line %d:", tt.line)) {
				t.Errorf("error %q does not name line %d", msg, tt.line)
			}
			for _, s := range tt.contains {
				if !strings.Contains(fe.Rule, s) {
					t.Errorf("rule %q does not say %q", fe.Rule, s)
				}
			}
			// A refusal never echoes a token it read.
			for _, secret := range []string{aliceToken, bobToken, carolToken, short} {
				if strings.Contains(msg, secret) {
					t.Errorf("error %q echoes a token", msg)
				}
			}
		})
	}
}

func TestLoadTokensRefusesDirectory(t *testing.T) {
	for _, perm := range []os.FileMode{0o700, 0o755} {
		t.Run(fmt.Sprintf("%#o", perm), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "tokens.d")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(dir, perm); err != nil {
				t.Fatal(err)
			}
			_, err := identity.LoadTokens(dir)
			var fe *identity.TokensFileError
			if !errors.As(err, &fe) {
				t.Fatalf("LoadTokens(a directory) = %v, want a *TokensFileError", err)
			}
			// Whatever its mode, the rule broken is that it is no file:
			// telling an operator to chmod a directory would not help.
			if fe.Path != dir || !strings.Contains(fe.Rule, "not a regular file") {
				t.Errorf("error %q, want it to name %s and say it is not a regular file", err, dir)
			}
		})
	}
}

func TestLoadTokensMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "absent")
	_, err := identity.LoadTokens(path)
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) {
		t.Fatalf("LoadTokens(missing) = %v, want a not-exist error naming %s", err, path)
	}
}

func TestCheck(t *testing.T) {
	tok := mustLoad(t, "alice "+aliceToken+"\nbob "+bobToken+"\n")
	tests := []struct {
		name   string
		token  string
		want   string // principal name; "" for none
		wantOK bool
	}{
		{"alice's token", aliceToken, "alice", true},
		{"bob's token", bobToken, "bob", true},
		{"an unknown token", carolToken, "", false},
		{"a prefix of a token", aliceToken[:len(aliceToken)-1], "", false},
		{"a token with a character more", aliceToken + "0", "", false},
		{"a token in other case", strings.ToUpper(aliceToken), "", false},
		{"a token with a space around it", " " + aliceToken, "", false},
		{"empty", "", "", false},
		{"a name instead of a token", "alice", "", false},
		{"the line of the file", "alice " + aliceToken, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, ok := tok.Check(tt.token)
			if ok != tt.wantOK || p.Name != tt.want {
				t.Fatalf("Check = %+v, %v; want name %q, %v", p, ok, tt.want, tt.wantOK)
			}
			if ok && p.Method != identity.MethodToken {
				t.Errorf("Method = %q, want %q", p.Method, identity.MethodToken)
			}
			if !ok && p != (identity.Principal{}) {
				t.Errorf("a refused token gave principal %+v", p)
			}
		})
	}
}

func TestTokensAuthenticate(t *testing.T) {
	tok := mustLoad(t, "alice "+aliceToken+"\nbob "+bobToken+"\n")
	tests := []struct {
		name    string
		header  []string // Authorization values; none for no header
		want    string
		wantErr error
	}{
		{"right token", []string{"Bearer " + aliceToken}, "alice", nil},
		{"lower-case scheme", []string{"bearer " + bobToken}, "bob", nil},
		{"upper-case scheme", []string{"BEARER " + aliceToken}, "alice", nil},
		{"spaces around the token", []string{"Bearer   " + aliceToken + "  "}, "alice", nil},
		{"no header", nil, "", identity.ErrNoCredentials},
		{"an empty header", []string{""}, "", identity.ErrNoCredentials},
		{"wrong token", []string{"Bearer " + carolToken}, "", identity.ErrInvalidToken},
		{"a prefix of a right token", []string{"Bearer " + aliceToken[:20]}, "", identity.ErrInvalidToken},
		{"an empty token", []string{"Bearer "}, "", identity.ErrInvalidToken},
		{"only spaces for a token", []string{"Bearer    "}, "", identity.ErrInvalidToken},
		{"scheme alone", []string{"Bearer"}, "", identity.ErrInvalidToken},
		{"Basic credentials", []string{"Basic YWxpY2U6c2VjcmV0"}, "", identity.ErrInvalidToken},
		{"Basic with a right token", []string{"Basic " + aliceToken}, "", identity.ErrInvalidToken},
		{"a bare token", []string{aliceToken}, "", identity.ErrInvalidToken},
		{"a scheme that starts with Bearer", []string{"Bearerx " + aliceToken}, "", identity.ErrInvalidToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/mcp", nil)
			for _, h := range tt.header {
				r.Header.Add("Authorization", h)
			}
			p, err := tok.Authenticate(r)
			if tt.wantErr == nil {
				if err != nil || p != (identity.Principal{Name: tt.want, Method: identity.MethodToken}) {
					t.Fatalf("Authenticate = %+v, %v; want %s by token", p, err, tt.want)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Authenticate error = %v, want one wrapping %v", err, tt.wantErr)
			}
			other := identity.ErrInvalidToken
			if tt.wantErr == identity.ErrInvalidToken {
				other = identity.ErrNoCredentials
			}
			if errors.Is(err, other) {
				t.Errorf("error %v wraps %v too", err, other)
			}
			if p != (identity.Principal{}) {
				t.Errorf("a refused request gave principal %+v", p)
			}
			for _, secret := range []string{aliceToken, bobToken, carolToken} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("error %q echoes a token", err)
				}
			}
		})
	}
}

// TestCheckProperty: for any set of named tokens loaded from a file, Check
// finds each token's own name, and nothing for any other string: not a
// prefix, an extension, a neighbour nor a random string.
func TestCheckProperty(t *testing.T) {
	nameGen := rapid.StringMatching(`[A-Za-z0-9_.@-]{1,64}`)
	tokenGen := rapid.StringMatching(`[!-~]{32,80}`) // printable ASCII without space
	dir := t.TempDir()
	rapid.Check(t, func(rt *rapid.T) {
		names := rapid.SliceOfNDistinct(nameGen, 1, 8, rapid.ID[string]).Draw(rt, "names")
		tokens := rapid.SliceOfNDistinct(tokenGen, len(names), len(names), rapid.ID[string]).Draw(rt, "tokens")
		var b strings.Builder
		owner := map[string]string{}
		for i, n := range names {
			fmt.Fprintf(&b, "%s %s\n", n, tokens[i])
			owner[tokens[i]] = n
		}
		f, err := os.CreateTemp(dir, "tokens") // mode 0600
		if err != nil {
			rt.Fatal(err)
		}
		_, err = f.WriteString(b.String())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			rt.Fatal(err)
		}
		tok, err := identity.LoadTokens(f.Name())
		if err != nil {
			rt.Fatalf("LoadTokens: %v", err)
		}
		if got := len(tok.Names()); got != len(owner) {
			rt.Fatalf("%d names loaded, want %d", got, len(owner))
		}
		for token, name := range owner {
			if p, ok := tok.Check(token); !ok || p.Name != name || p.Method != identity.MethodToken {
				rt.Fatalf("Check(token of %s) = %+v, %v", name, p, ok)
			}
			for _, other := range []string{token[:len(token)-1], token + "x", token[1:], strings.ToUpper(token) + strings.ToLower(token)} {
				if p, ok := tok.Check(other); ok && owner[other] != p.Name {
					rt.Fatalf("Check(%q), not a token of the file, found %+v", other, p)
				}
			}
		}
		other := rapid.String().Draw(rt, "other")
		p, ok := tok.Check(other)
		if name, known := owner[other]; known != ok || p.Name != name {
			rt.Fatalf("Check(%q) = %+v, %v; the file gives it to %q", other, p, ok, name)
		}
	})
}

func TestBearerToken(t *testing.T) {
	tests := []struct {
		name    string
		header  []string
		want    string
		wantErr error
	}{
		{"Bearer", []string{"Bearer abc.def.ghi"}, "abc.def.ghi", nil},
		{"lower-case scheme", []string{"bearer abc"}, "abc", nil},
		{"mixed-case scheme", []string{"bEaReR abc"}, "abc", nil},
		{"spaces around the token", []string{"Bearer   abc \t"}, "abc", nil},
		{"the first of two headers", []string{"Bearer first", "Bearer second"}, "first", nil},
		{"no header", nil, "", identity.ErrNoCredentials},
		{"an empty header", []string{""}, "", identity.ErrNoCredentials},
		{"an empty token", []string{"Bearer "}, "", identity.ErrInvalidToken},
		{"a blank token", []string{"Bearer \t "}, "", identity.ErrInvalidToken},
		{"the scheme alone", []string{"Bearer"}, "", identity.ErrInvalidToken},
		{"Basic", []string{"Basic YWxpY2U6c2VjcmV0"}, "", identity.ErrInvalidToken},
		{"a token without a scheme", []string{"abc"}, "", identity.ErrInvalidToken},
		{"a tab after the scheme", []string{"Bearer\tabc"}, "", identity.ErrInvalidToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			for _, h := range tt.header {
				r.Header.Add("Authorization", h)
			}
			got, err := identity.BearerToken(r)
			if got != tt.want || !errors.Is(err, tt.wantErr) || (tt.wantErr == nil) != (err == nil) {
				t.Fatalf("BearerToken = %q, %v; want %q, %v", got, err, tt.want, tt.wantErr)
			}
		})
	}
}
