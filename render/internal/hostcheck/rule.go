package hostcheck

import (
	"net"
	"net/url"
	"slices"
)

// Rule is the set of Host and Origin values a server admits.
type Rule struct {
	// AllowedHosts are Host header values (host or host:port) admitted
	// besides loopback ones, against DNS rebinding.
	AllowedHosts []string
	// AllowedOrigins are browser origins (scheme://host[:port]) admitted.
	AllowedOrigins []string
	// Loopback admits loopback hosts and origins: the server listens on
	// loopback only.
	Loopback bool
	// PageOrigin admits the server's own page's origin, http(s)://<Host>,
	// once Host itself is admitted: for a renderer that serves the page
	// whose scripts call it.
	PageOrigin bool
}

// HostAllowed reports whether the Host header value host is admitted: a
// listed host or host:port, or, on loopback, a loopback name.
func (r Rule) HostAllowed(host string) bool {
	if slices.Contains(r.AllowedHosts, host) {
		return true
	}
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	if slices.Contains(r.AllowedHosts, h) {
		return true
	}
	return r.Loopback && isLoopbackName(h)
}

// OriginAllowed reports whether the Origin header value origin is admitted
// on a request whose Host header is host: a listed origin; on loopback, a
// loopback origin; or, with PageOrigin, the page's own origin once host is
// admitted.
func (r Rule) OriginAllowed(origin, host string) bool {
	if slices.Contains(r.AllowedOrigins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if r.PageOrigin && (u.Scheme == "http" || u.Scheme == "https") && u.Host == host && r.HostAllowed(host) {
		return true
	}
	return r.Loopback && isLoopbackName(u.Hostname())
}
