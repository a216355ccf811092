package ssh

import (
	"net"
	"net/netip"
	"testing"
)

func TestFromPatternsMatchClientAddresses(t *testing.T) {
	for _, tc := range []struct {
		patterns string
		ip       string
		want     bool
	}{
		{"127.0.0.1", "127.0.0.1", true},
		{"127.0.0.1", "127.0.0.10", false},
		{"127.0.0.*", "127.0.0.10", true},
		{"127.0.0.?", "127.0.0.10", false},
		{"127.0.0.??", "127.0.0.10", true},
		{"*", "203.0.113.9", true},
		{"10.*.1", "10.20.30.1", true},
		{"10.*.1", "10.20.30.2", false},
		{"192.0.2.0/24", "192.0.2.200", true},
		{"192.0.2.0/24", "192.0.3.1", false},
		{"10.*,192.0.2.*", "192.0.2.7", true},
		{"10.*,192.0.2.*", "198.51.100.7", false},
		{"192.0.2.*,!192.0.2.13", "192.0.2.12", true},
		{"192.0.2.*,!192.0.2.13", "192.0.2.13", false},
		{"!192.0.2.13,192.0.2.*", "192.0.2.13", false}, // negation wins wherever it is
		{"!192.0.2.13", "192.0.2.12", false},           // a negation alone admits nobody
		{"::1", "::1", true},
		{"2001:DB8::*", "2001:db8::42", true},
		{"2001:db8::/32", "2001:db8:1::1", true},
		{"2001:db8::/32", "2001:db9::1", false},
		{"127.0.0.1", "::ffff:127.0.0.1", true}, // an IPv4 client on a dual-stack socket
	} {
		ps, err := parseAddrPatterns(tc.patterns)
		if err != nil {
			t.Fatalf("parseAddrPatterns(%q): %v", tc.patterns, err)
		}
		ip := netip.MustParseAddr(tc.ip)
		remote := &net.TCPAddr{IP: ip.AsSlice(), Port: 40000}
		if got := (keyEntry{from: ps}).admits(remote); got != tc.want {
			t.Errorf("from=%q admits %s = %v, want %v", tc.patterns, tc.ip, got, tc.want)
		}
	}
}

func TestFromPatternsThatCannotMatchAnAddressAreRefused(t *testing.T) {
	for _, v := range []string{
		"",
		"10.0.0.1,",
		"!",
		"*.example.com",
		"!badhost",
		"dead.beef",
		"10.0.0.1/8",
		"10.0.0.0/33",
	} {
		if _, err := parseAddrPatterns(v); err == nil {
			t.Errorf("parseAddrPatterns(%q) accepted it", v)
		}
	}
}

func TestGlobMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, s string
		want       bool
	}{
		{"", "", true},
		{"", "a", false},
		{"*", "", true},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxbyy", false},
		{"*.1", "10.0.0.1", true},
		{"*.1", "10.0.0.11", false},
		{"1?.*", "10.0.0.1", true},
		{"**", "x", true},
	} {
		if got := globMatch(tc.pattern, tc.s); got != tc.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tc.pattern, tc.s, got, tc.want)
		}
	}
}
