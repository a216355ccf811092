package mcp

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The rule itself is tested in render/internal/hostcheck; these cases prove
// the HTTP handler applies it with HTTPOptions' hosts and origins and its
// loopback flag, and, serving no page of its own, admits no origin for
// being its Host's.
func TestHTTPHandlerAppliesTheHostAndOriginRule(t *testing.T) {
	tests := []struct {
		name     string
		http     HTTPOptions
		loopback bool
		host     string
		origin   string
		want     int
	}{
		{"loopback host on loopback", HTTPOptions{}, true, "127.0.0.1:8808", "", http.StatusOK},
		{"a rebound name on loopback", HTTPOptions{}, true, "evil.example:8808", "", http.StatusForbidden},
		{"loopback origin on loopback", HTTPOptions{}, true, "127.0.0.1:8808", "http://localhost:3000", http.StatusOK},
		{"loopback host off loopback", HTTPOptions{AllowedHosts: []string{"mcp.example"}}, false, "127.0.0.1:8808", "", http.StatusForbidden},
		{"allowed host off loopback", HTTPOptions{AllowedHosts: []string{"mcp.example"}}, false, "mcp.example", "", http.StatusOK},
		{"allowed origin off loopback", HTTPOptions{AllowedHosts: []string{"mcp.example"}, AllowedOrigins: []string{"https://portal.example"}}, false, "mcp.example", "https://portal.example", http.StatusOK},
		{"the Host's own origin, not listed", HTTPOptions{AllowedHosts: []string{"mcp.example"}}, false, "mcp.example", "http://mcp.example", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr := "0.0.0.0:8808"
			if tt.loopback {
				addr = "127.0.0.1:8808"
			}
			srv := newTestServer(t, Options{Apps: securityApps(), Auth: AuthOptions{Authorizer: AllowAll(), AllowedReadMethods: []string{"tools/list"}}, Addr: addr, HTTP: tt.http})
			h, err := srv.Handler()
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(initBody))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Host = tt.host
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != tt.want {
				t.Fatalf("Host %q Origin %q: status %d, want %d (%s)", tt.host, tt.origin, w.Code, tt.want, w.Body.String())
			}
		})
	}
}
