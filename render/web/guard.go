package web

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// guard holds the Host and Origin rules of a server: the rules of the MCP
// renderer's HTTP transport, so a web page elsewhere cannot drive a local
// app through the person's browser, and DNS rebinding cannot reach it.
type guard struct {
	hosts, origins []string
	loopback       bool // the server listens on loopback
}

// wrap refuses requests whose Host or Origin is not allowed, with a 403
// that names the header, its value and the option that allows it.
func (g guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.hostAllowed(r.Host) {
			http.Error(w, fmt.Sprintf("facet: Host %q is not allowed (DNS rebinding protection); add it to the allowed hosts", r.Host), http.StatusForbidden)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !g.originAllowed(origin, r.Host) {
			http.Error(w, fmt.Sprintf("facet: Origin %q is not allowed; add it to the allowed origins", origin), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed: a listed host or host:port, or, serving loopback, a
// loopback name.
func (g guard) hostAllowed(host string) bool {
	if slices.Contains(g.hosts, host) {
		return true
	}
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	if slices.Contains(g.hosts, h) {
		return true
	}
	return g.loopback && isLoopbackName(h)
}

// originAllowed: a listed origin; serving loopback, a loopback origin; or
// the page's own origin, http://<Host>, once Host itself is allowed.
func (g guard) originAllowed(origin, host string) bool {
	if slices.Contains(g.origins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	if (u.Scheme == "http" || u.Scheme == "https") && u.Host == host && g.hostAllowed(host) {
		return true
	}
	return g.loopback && isLoopbackName(u.Hostname())
}

// isLoopbackName reports whether h is localhost or a loopback address.
func isLoopbackName(h string) bool {
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}
