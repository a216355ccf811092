package hostcheck

import (
	"net"
	"strings"
)

// isLoopbackName reports whether h, a host name without a port (brackets
// around an IPv6 address allowed), is localhost or a loopback address.
func isLoopbackName(h string) bool {
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
