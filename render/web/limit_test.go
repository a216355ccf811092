package web

import "testing"

func TestSourceIsTheAddressOrItsIPv6Network(t *testing.T) {
	tests := []struct{ remote, want string }{
		{"127.0.0.1:50000", "127.0.0.1"},
		{"192.0.2.7:1", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:1", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2::9]:80", "2001:db8:1:2::/64"},
		{"[fe80::1%eth0]:80", "fe80::/64"},
		{"not an address", "not an address"},
	}
	for _, tt := range tests {
		if got := sourceOf(tt.remote); got != tt.want {
			t.Errorf("sourceOf(%q) = %q, want %q", tt.remote, got, tt.want)
		}
	}
}
