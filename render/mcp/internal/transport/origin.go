package transport

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// OriginGate refuses HTTP requests whose Origin or Host is not allowed, so
// a web page cannot drive a local server through the user's browser.
type OriginGate struct {
	// AllowedHosts are Host header values (host or host:port) allowed
	// besides loopback ones, against DNS rebinding.
	AllowedHosts []string
	// AllowedOrigins are browser origins (scheme://host[:port]) allowed.
	AllowedOrigins []string
	// Loopback allows loopback hosts and origins: the server is bound to
	// loopback.
	Loopback bool
}

// Wrap returns next behind the gate.
func (g OriginGate) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.hostAllowed(r.Host) {
			http.Error(w, fmt.Sprintf("facet: Host %q is not allowed (DNS rebinding protection); add it to the allowed hosts", r.Host), http.StatusForbidden)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !g.originAllowed(origin) {
			http.Error(w, fmt.Sprintf("facet: Origin %q is not allowed; add it to the allowed origins", origin), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func (g OriginGate) hostAllowed(host string) bool {
	if slices.Contains(g.AllowedHosts, host) {
		return true
	}
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	if slices.Contains(g.AllowedHosts, h) {
		return true
	}
	return g.Loopback && isLoopbackName(h)
}

func (g OriginGate) originAllowed(origin string) bool {
	if slices.Contains(g.AllowedOrigins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return g.Loopback && isLoopbackName(u.Hostname())
}

func isLoopbackName(h string) bool {
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
