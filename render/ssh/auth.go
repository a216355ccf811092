package ssh

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"strings"

	gossh "golang.org/x/crypto/ssh"
)

// BindError is the refusal to serve a non-loopback address without
// authorized keys: anyone who can reach the address could connect.
type BindError struct {
	// Addr is the address that was refused.
	Addr string
}

// Error implements error.
func (e *BindError) Error() string {
	return fmt.Sprintf("ssh: refusing to serve %s without authorized keys: any client that can reach it could connect; "+
		"set Options.AuthorizedKeys to an authorized_keys file, or listen on a loopback address such as 127.0.0.1", e.Addr)
}

// checkBind returns a *BindError when addr is not loopback and no keys are
// required.
func checkBind(addr string, keys *authorizedKeys) error {
	if keys != nil || isLoopback(addr) {
		return nil
	}
	return &BindError{Addr: addr}
}

// isLoopback reports whether every connection to addr (host:port) comes
// from this machine. An empty host or an unspecified one (0.0.0.0, ::)
// listens on every interface and is not.
func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = addr
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// authorizedKeys is the set of public keys an authorized_keys file lists,
// each with what its lines allow it (a key may be listed more than once).
type authorizedKeys struct {
	path string
	keys map[string][]keyEntry // by wire encoding
}

// loadAuthorizedKeys parses an authorized_keys file. A line that is not a
// key (or a comment), or that carries an option the server does not
// enforce, is an *AuthorizedKeysError that names it, and a file with no
// key at all is an error too: nobody could log in.
func loadAuthorizedKeys(path string) (*authorizedKeys, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("ssh: authorized keys: %w", err)
	}
	ak := &authorizedKeys{path: path, keys: map[string][]keyEntry{}}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		key, _, options, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, &AuthorizedKeysError{Path: path, Line: n, Err: err}
		}
		entry, option, err := parseKeyOptions(options)
		if err != nil {
			return nil, &AuthorizedKeysError{Path: path, Line: n, Option: option, Err: err}
		}
		wire := string(key.Marshal())
		ak.keys[wire] = append(ak.keys[wire], entry)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ssh: authorized keys %s: %w", path, err)
	}
	if len(ak.keys) == 0 {
		return nil, fmt.Errorf("ssh: authorized keys %s lists no key: nobody could connect", path)
	}
	return ak, nil
}

// allows reports whether key may log in from remote: listed is false for
// a key that no line lists, ok is true when one of its lines admits it from
// remote (from= is the only restriction a line can carry).
func (ak *authorizedKeys) allows(key gossh.PublicKey, remote net.Addr) (listed, ok bool) {
	entries, listed := ak.keys[string(key.Marshal())]
	for _, e := range entries {
		if e.admits(remote) {
			return true, true
		}
	}
	return listed, false
}
