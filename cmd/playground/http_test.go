package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp"
)

// TestHTTPOffLoopbackIsRefusedBeforeItIsAnnounced: --http 0.0.0.0:PORT
// without --http-allowed-hosts is refused, and the address is never
// printed as if it were served.
func TestHTTPOffLoopbackIsRefusedBeforeItIsAnnounced(t *testing.T) {
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	err := run(ctx, []string{"--http", "0.0.0.0:0", "--allow-tools", "facet_list", "--allow-read-methods", "tools/list"},
		strings.NewReader(""), &out, &errOut)
	var ce *mcp.ConfigError
	if !errors.As(err, &ce) || ce.Option != "HTTP.AllowedHosts" {
		t.Fatalf("run = %v, want a ConfigError on HTTP.AllowedHosts", err)
	}
	if code := exitCode(err, &bytes.Buffer{}); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	if strings.Contains(errOut.String(), "serving MCP") {
		t.Fatalf("announced an address it then refused:\n%s", errOut.String())
	}
}

func TestAnnouncedKeepsTheHostAskedFor(t *testing.T) {
	bound := &net.TCPAddr{IP: net.IPv6zero, Port: 8123}
	tests := []struct{ requested, want string }{
		{"0.0.0.0:0", "0.0.0.0:8123"},
		{"127.0.0.1:8123", "127.0.0.1:8123"},
		{"localhost:0", "localhost:8123"},
		{":8123", "[::]:8123"},
	}
	for _, tt := range tests {
		if got := announced(tt.requested, bound); got != tt.want {
			t.Errorf("announced(%q, %s) = %q, want %q", tt.requested, bound, got, tt.want)
		}
	}
}
