package mcp

import (
	"testing"

	"github.com/facetui/facet/render/web"
)

// BenchmarkMCPAppsView measures what an MCP Apps view costs the server per
// redraw, through the in-process transport: a whole frame (since 0) and
// the answer to a view that is up to date (the once-a-second poll). It
// reports the bytes of the frame's HTML and of the page.
func BenchmarkMCPAppsView(b *testing.B) {
	srv, err := New(Options{Apps: vaultApps(), UI: web.HostPage{}})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		srv.Sessions().StopAll()
		srv.Close()
	})
	c := connectUI(b, srv, true)
	start := callRaw(b, c, "facet_start", map[string]any{"app": "vault", "id": "v"})
	if start.IsError {
		b.Fatal(start.Content)
	}
	frame := callRaw(b, c, AppViewTool, map[string]any{"id": "v"})
	html, _ := frame.StructuredContent.(map[string]any)["html"].(string)
	v := frame.StructuredContent.(map[string]any)["v"]
	page := web.HostPage{}.AppPage("v", AppViewTool, "facet_send_key", appPollMS)
	for _, bc := range []struct {
		name  string
		since any
	}{{"whole frame", 0}, {"unchanged", v}} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if r := callRaw(b, c, AppViewTool, map[string]any{"id": "v", "since": bc.since}); r.IsError {
					b.Fatal(r.Content)
				}
			}
			b.ReportMetric(float64(len(html)), "frame-bytes")
			b.ReportMetric(float64(len(page)), "page-bytes")
		})
	}
}
