package web_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/web"
	"github.com/facetui/facet/tea"
)

// The rule itself is tested in render/internal/hostcheck; these cases prove
// the handler applies it with the server's options, its loopback flag and
// the page's own origin.
func TestHandlerAppliesTheHostAndOriginRule(t *testing.T) {
	tests := []struct {
		name     string
		opts     web.Options
		loopback bool
		host     string
		origin   string
		want     int
	}{
		{"loopback host on loopback", web.Options{}, true, "127.0.0.1:8809", "", http.StatusOK},
		{"a rebound name on loopback", web.Options{}, true, "evil.example:8809", "", http.StatusForbidden},
		{"the page's own origin on loopback", web.Options{}, true, "127.0.0.1:8809", "http://127.0.0.1:8809", http.StatusOK},
		{"foreign origin on loopback", web.Options{}, true, "127.0.0.1:8809", "https://evil.example", http.StatusForbidden},
		{"loopback host off loopback", web.Options{AllowedHosts: []string{"facet.example"}}, false, "127.0.0.1:8809", "", http.StatusForbidden},
		{"allowed host off loopback", web.Options{AllowedHosts: []string{"facet.example"}}, false, "facet.example", "", http.StatusOK},
		{"the page's own origin off loopback", web.Options{AllowedHosts: []string{"facet.example"}}, false, "facet.example", "http://facet.example", http.StatusOK},
		{"allowed origin off loopback", web.Options{AllowedHosts: []string{"facet.example"}, AllowedOrigins: []string{"https://portal.example"}}, false, "facet.example", "https://portal.example", http.StatusOK},
		{"another origin off loopback", web.Options{AllowedHosts: []string{"facet.example"}}, false, "facet.example", "https://evil.example", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			opts.Sessions = tea.NewSessions()
			opts.App = tea.App{Name: "playground", New: func() tea.Model { return playground.NewBrowser() }}
			// Handler is served at Addr: loopback or every interface.
			opts.Addr = "0.0.0.0:8809"
			if tt.loopback {
				opts.Addr = "127.0.0.1:8809"
			}
			srv, err := web.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			req := httptest.NewRequest(http.MethodGet, "/", nil)
			req.Host = tt.host
			if tt.origin != "" {
				req.Header.Set("Origin", tt.origin)
			}
			w := httptest.NewRecorder()
			srv.Handler().ServeHTTP(w, req)
			if w.Code != tt.want {
				t.Fatalf("Host %q Origin %q: status %d, want %d (%s)", tt.host, tt.origin, w.Code, tt.want, w.Body.String())
			}
		})
	}
}
