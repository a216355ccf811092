package hostcheck

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestRuleAdmitsHostsAndOrigins(t *testing.T) {
	onLoopback := Rule{Loopback: true}
	// web is the browser renderer's rule: it serves its own page.
	webListed := Rule{AllowedHosts: []string{"facet.example", "app.example:8443"}, AllowedOrigins: []string{"https://portal.example"}, PageOrigin: true}
	webLoopback := Rule{Loopback: true, PageOrigin: true}
	// mcp is the MCP HTTP transport's rule: no page of its own.
	mcpListed := Rule{AllowedHosts: []string{"facet.example", "app.example:8443"}, AllowedOrigins: []string{"https://portal.example"}}
	tests := []struct {
		name   string
		r      Rule
		host   string
		origin string
		want   int
	}{
		// Loopback defaults.
		{"loopback host on loopback", onLoopback, "127.0.0.1:8809", "", http.StatusOK},
		{"localhost on loopback", onLoopback, "localhost:8809", "", http.StatusOK},
		{"localhost in capitals on loopback", onLoopback, "LOCALHOST:8809", "", http.StatusOK},
		{"IPv6 loopback on loopback", onLoopback, "[::1]:8809", "", http.StatusOK},
		{"IPv6 loopback without a port on loopback", onLoopback, "[::1]", "", http.StatusOK},
		{"another 127/8 address on loopback", onLoopback, "127.5.6.7", "", http.StatusOK},
		{"IPv4-mapped loopback on loopback", onLoopback, "[::ffff:127.0.0.1]:80", "", http.StatusOK},
		{"a rebound name on loopback", onLoopback, "evil.example:8809", "", http.StatusForbidden},
		{"a rebound name without a port on loopback", onLoopback, "evil.example", "", http.StatusForbidden},
		{"no Host on loopback", onLoopback, "", "", http.StatusForbidden},
		{"the unspecified address on loopback", onLoopback, "0.0.0.0:8809", "", http.StatusForbidden},
		{"a name that starts like loopback", onLoopback, "127.0.0.1.evil.example", "", http.StatusForbidden},
		{"a name under localhost", onLoopback, "localhost.evil.example:8809", "", http.StatusForbidden},
		{"localhost with a trailing dot", onLoopback, "localhost.:8809", "", http.StatusForbidden},
		{"short-form loopback", onLoopback, "127.1:8809", "", http.StatusForbidden},
		{"decimal loopback", onLoopback, "2130706433:8809", "", http.StatusForbidden},
		{"loopback origin on loopback", onLoopback, "127.0.0.1:8809", "http://localhost:3000", http.StatusOK},
		{"IPv6 loopback origin on loopback", onLoopback, "127.0.0.1:8809", "http://[::1]:3000", http.StatusOK},
		{"foreign origin on loopback", onLoopback, "127.0.0.1:8809", "https://evil.example", http.StatusForbidden},
		{"foreign origin over plain http on loopback", onLoopback, "127.0.0.1:8809", "http://evil.example", http.StatusForbidden},
		{"opaque origin", onLoopback, "127.0.0.1:8809", "null", http.StatusForbidden},
		{"origin without a host", onLoopback, "127.0.0.1:8809", "http://", http.StatusForbidden},
		{"origin that is not a URL", onLoopback, "127.0.0.1:8809", "http://%zz", http.StatusForbidden},
		{"origin with loopback as user info", onLoopback, "127.0.0.1:8809", "http://127.0.0.1@evil.example", http.StatusForbidden},
		{"origin under a loopback-looking name", onLoopback, "127.0.0.1:8809", "http://localhost.evil.example", http.StatusForbidden},

		// Listed hosts and origins, as the browser renderer has them.
		{"listed host", webListed, "facet.example:80", "", http.StatusOK},
		{"listed host without a port", webListed, "facet.example", "", http.StatusOK},
		{"listed host:port", webListed, "app.example:8443", "", http.StatusOK},
		{"listed host, other port of a host:port entry", webListed, "app.example:9000", "", http.StatusForbidden},
		{"a name under a listed host", webListed, "evil.facet.example", "", http.StatusForbidden},
		{"loopback off loopback", webListed, "127.0.0.1:8809", "", http.StatusForbidden},
		{"the page's own origin", webListed, "facet.example:80", "http://facet.example:80", http.StatusOK},
		{"the page's own origin over https", webListed, "facet.example", "https://facet.example", http.StatusOK},
		{"the page's host on another scheme", webListed, "facet.example", "ftp://facet.example", http.StatusForbidden},
		{"the page's host on another port", webListed, "facet.example", "http://facet.example:8080", http.StatusForbidden},
		{"listed origin", webListed, "facet.example", "https://portal.example", http.StatusOK},
		{"listed origin differs in scheme", webListed, "facet.example", "http://portal.example", http.StatusForbidden},
		{"another origin off loopback", webListed, "facet.example", "https://evil.example", http.StatusForbidden},
		{"loopback origin off loopback", webListed, "facet.example", "http://127.0.0.1:8809", http.StatusForbidden},
		{"the page's own loopback origin on loopback", webLoopback, "127.0.0.1:8809", "http://127.0.0.1:8809", http.StatusOK},
		{"a rebound page origin on loopback", webLoopback, "evil.example:8809", "http://evil.example:8809", http.StatusForbidden},

		// The MCP transport's rule: the same but for the page's origin.
		{"listed host without page origin", mcpListed, "facet.example:80", "", http.StatusOK},
		{"listed origin without page origin", mcpListed, "facet.example", "https://portal.example", http.StatusOK},
		{"the host's own origin without page origin", mcpListed, "facet.example:80", "http://facet.example:80", http.StatusForbidden},
		{"another origin without page origin", mcpListed, "facet.example", "https://evil.example", http.StatusForbidden},
		{"loopback origin off loopback without page origin", mcpListed, "facet.example", "http://127.0.0.1:8809", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(tt.r, tt.host, tt.origin)
			if w.Code != tt.want {
				t.Fatalf("Host %q Origin %q: status %d, want %d (%s)", tt.host, tt.origin, w.Code, tt.want, w.Body.String())
			}
		})
	}
}

func TestRefusalNamesTheHeaderItsValueAndTheOption(t *testing.T) {
	tests := []struct {
		name, host, origin string
		want               []string
	}{
		{"a Host", "evil.example:8809", "", []string{`Host "evil.example:8809"`, "DNS rebinding", "allowed hosts"}},
		{"an Origin", "127.0.0.1:8809", "https://evil.example", []string{`Origin "https://evil.example"`, "allowed origins"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := serve(Rule{Loopback: true}, tt.host, tt.origin)
			if w.Code != http.StatusForbidden {
				t.Fatalf("status %d, want 403", w.Code)
			}
			for _, s := range tt.want {
				if !strings.Contains(w.Body.String(), s) {
					t.Fatalf("refusal %q does not say %q", w.Body.String(), s)
				}
			}
		})
	}
}

// serve answers a GET with Host host and, unless empty, Origin origin
// through a handler behind r.
func serve(r Rule, host, origin string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	req.Host = host
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	w := httptest.NewRecorder()
	r.Wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})).ServeHTTP(w, req)
	return w
}
