package ssh

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"strings"
)

// AuthorizedKeysError is a line of an authorized_keys file that New
// refuses: it is not a key, or it carries an option the server does not
// enforce, which would admit the key more widely than the line says.
type AuthorizedKeysError struct {
	// Path is the authorized_keys file.
	Path string
	// Line is the line's number, from 1.
	Line int
	// Option is the name of the refused option; "" when the line is not a
	// key at all.
	Option string
	// Err says what is wrong.
	Err error
}

// Error implements error.
func (e *AuthorizedKeysError) Error() string {
	if e.Option == "" {
		return fmt.Sprintf("ssh: authorized keys %s line %d: %v", e.Path, e.Line, e.Err)
	}
	return fmt.Sprintf("ssh: authorized keys %s line %d: option %s: %v", e.Path, e.Line, e.Option, e.Err)
}

// Unwrap returns Err.
func (e *AuthorizedKeysError) Unwrap() error { return e.Err }

// ErrOptionNotEnforced is the Err of an *AuthorizedKeysError for an option
// the server does not enforce.
var ErrOptionNotEnforced = errors.New("not enforced by this server")

// keyEntry is what one line of an authorized_keys file allows its key.
type keyEntry struct {
	from addrPatterns // nil: from any address
}

// admits reports whether the entry lets the key in from remote.
func (e keyEntry) admits(remote net.Addr) bool {
	if e.from == nil {
		return true
	}
	ip, ok := remoteIP(remote)
	return ok && e.from.match(ip)
}

// Options that restrict what this server never offers: port, agent and X11
// forwarding and ~/.ssh/rc. They hold as they are. Their positive forms
// (after restrict) grant what the server does not offer, so they are
// harmless too, and so is pty.
var heldOptions = map[string]bool{
	"no-agent-forwarding": true, "no-port-forwarding": true, "no-x11-forwarding": true, "no-user-rc": true,
	"agent-forwarding": true, "port-forwarding": true, "x11-forwarding": true, "user-rc": true,
	"pty": true,
}

// parseKeyOptions reads the options of one authorized_keys line. It
// returns the name of the option it refuses along with the error.
func parseKeyOptions(options []string) (entry keyEntry, option string, err error) {
	var restrict, pty bool
	for _, opt := range options {
		name, value, hasValue := strings.Cut(opt, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case heldOptions[name]:
			pty = pty || name == "pty"
		case name == "restrict":
			restrict = true
		case name == "no-pty":
			return keyEntry{}, name, errors.New("it forbids the terminal that every session on this server needs; remove the line or the option")
		case name == "cert-authority":
			return keyEntry{}, name, fmt.Errorf("%w: certificate authorities are not supported; list the users' own keys instead", ErrOptionNotEnforced)
		case name == "from":
			if !hasValue {
				return keyEntry{}, name, errors.New(`needs a value, as in from="192.0.2.*"`)
			}
			v, err := unquote(value)
			if err != nil {
				return keyEntry{}, name, err
			}
			if entry.from, err = parseAddrPatterns(v); err != nil {
				return keyEntry{}, name, err
			}
		default:
			return keyEntry{}, name, fmt.Errorf("%w; remove it, or the line", ErrOptionNotEnforced)
		}
	}
	if restrict && !pty {
		return keyEntry{}, "restrict", errors.New("it forbids the terminal that every session on this server needs; write restrict,pty to allow one")
	}
	return entry, "", nil
}

// unquote strips the double quotes around an option's value and undoes
// the \" escapes inside.
func unquote(v string) (string, error) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", fmt.Errorf("value %s is not in double quotes", v)
	}
	return strings.ReplaceAll(v[1:len(v)-1], `\"`, `"`), nil
}

// addrPatterns is the value of a from= option: comma-separated patterns
// matched against the client's IP address. A pattern is an address with *
// (any run of characters) and ? (any one character), or an address prefix
// such as 192.0.2.0/24; ! before a pattern refuses the addresses it
// matches. Host names are refused when the file is loaded: the server does
// not look clients' names up, so a name could never match (and a negated
// one would never refuse).
type addrPatterns []addrPattern

type addrPattern struct {
	negated bool
	glob    string       // lower case; "" for a prefix
	prefix  netip.Prefix // valid when glob is ""
}

// parseAddrPatterns parses a from= value.
func parseAddrPatterns(v string) (addrPatterns, error) {
	var ps addrPatterns
	for raw := range strings.SplitSeq(v, ",") {
		s := strings.TrimSpace(raw)
		p := addrPattern{}
		if rest, ok := strings.CutPrefix(s, "!"); ok {
			p.negated, s = true, rest
		}
		switch {
		case s == "":
			return nil, fmt.Errorf("empty pattern in %q", v)
		case strings.Contains(s, "/"):
			prefix, err := netip.ParsePrefix(s)
			if err != nil {
				return nil, fmt.Errorf("pattern %q: %w", s, err)
			}
			if prefix != prefix.Masked() {
				return nil, fmt.Errorf("pattern %q has bits set past its prefix length; did you mean %s?", s, prefix.Masked())
			}
			p.prefix = prefix
		case !addressLike(s):
			return nil, fmt.Errorf("pattern %q is not an address: only client addresses are matched, never host names", s)
		default:
			p.glob = strings.ToLower(s)
		}
		ps = append(ps, p)
	}
	return ps, nil
}

// addressLike reports whether a glob can only be meant for an address:
// digits, dots and wildcards, and hex digits and colons for IPv6.
func addressLike(s string) bool {
	allowed := "0123456789.*?"
	if strings.Contains(s, ":") {
		allowed += "abcdefABCDEF:"
	}
	for _, r := range s {
		if !strings.ContainsRune(allowed, r) {
			return false
		}
	}
	return true
}

// match reports whether ip matches a pattern and no negated one, as
// OpenSSH reads from=.
func (ps addrPatterns) match(ip netip.Addr) bool {
	text := ip.String()
	matched := false
	for _, p := range ps {
		var ok bool
		if p.glob != "" {
			ok = globMatch(p.glob, text)
		} else {
			ok = p.prefix.Contains(ip)
		}
		if ok && p.negated {
			return false
		}
		matched = matched || ok
	}
	return matched
}

// globMatch reports whether s matches pattern, where * matches any run of
// characters and ? any one.
func globMatch(pattern, s string) bool {
	p, i := 0, 0
	star, mark := -1, 0 // the last * seen, and where in s it began to match
	for i < len(s) {
		switch {
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[i]):
			p++
			i++
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, i
			p++
		case star >= 0: // let the last * swallow one more character
			mark++
			p, i = star+1, mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// remoteIP is the IP address of a client, without a zone and with an
// IPv4-mapped IPv6 address read as IPv4.
func remoteIP(addr net.Addr) (netip.Addr, bool) {
	var ap netip.AddrPort
	if tcp, ok := addr.(*net.TCPAddr); ok {
		ap = tcp.AddrPort()
	} else if addr != nil {
		var err error
		if ap, err = netip.ParseAddrPort(addr.String()); err != nil {
			return netip.Addr{}, false
		}
	}
	ip := ap.Addr().Unmap().WithZone("")
	return ip, ip.IsValid()
}
