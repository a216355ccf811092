package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestGuardAdmitsHostsAndOriginsByTheHTTPTransportsRules(t *testing.T) {
	listed := guard{hosts: []string{"facet.example", "app.example:8443"}, origins: []string{"https://portal.example"}}
	onLoopback := guard{loopback: true}
	tests := []struct {
		name   string
		g      guard
		host   string
		origin string
		want   int
	}{
		{"loopback host on loopback", onLoopback, "127.0.0.1:8809", "", http.StatusOK},
		{"localhost on loopback", onLoopback, "localhost:8809", "", http.StatusOK},
		{"IPv6 loopback on loopback", onLoopback, "[::1]:8809", "", http.StatusOK},
		{"a rebound name on loopback", onLoopback, "evil.example:8809", "", http.StatusForbidden},
		{"loopback origin on loopback", onLoopback, "127.0.0.1:8809", "http://localhost:3000", http.StatusOK},
		{"foreign origin on loopback", onLoopback, "127.0.0.1:8809", "https://evil.example", http.StatusForbidden},
		{"opaque origin", onLoopback, "127.0.0.1:8809", "null", http.StatusForbidden},
		{"listed host", listed, "facet.example:80", "", http.StatusOK},
		{"listed host:port", listed, "app.example:8443", "", http.StatusOK},
		{"listed host, other port of a host:port entry", listed, "app.example:9000", "", http.StatusForbidden},
		{"loopback off loopback", listed, "127.0.0.1:8809", "", http.StatusForbidden},
		{"the page's own origin", listed, "facet.example:80", "http://facet.example:80", http.StatusOK},
		{"listed origin", listed, "facet.example", "https://portal.example", http.StatusOK},
		{"another origin off loopback", listed, "facet.example", "https://evil.example", http.StatusForbidden},
		{"loopback origin off loopback", listed, "facet.example", "http://127.0.0.1:8809", http.StatusForbidden},
	}
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.Host = tt.host
			if tt.origin != "" {
				r.Header.Set("Origin", tt.origin)
			}
			w := httptest.NewRecorder()
			tt.g.wrap(ok).ServeHTTP(w, r)
			if w.Code != tt.want {
				t.Fatalf("Host %q Origin %q: status %d, want %d (%s)", tt.host, tt.origin, w.Code, tt.want, w.Body.String())
			}
			if w.Code == http.StatusForbidden {
				header := "Host"
				if tt.origin != "" && strings.Contains(w.Body.String(), "Origin") {
					header = "Origin"
				}
				if !strings.Contains(w.Body.String(), header+" ") || !strings.Contains(w.Body.String(), "allowed") {
					t.Fatalf("refusal %q does not name the header and the rule", w.Body.String())
				}
			}
		})
	}
}
