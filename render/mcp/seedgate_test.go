package mcp

import (
	"errors"
	"strings"
	"testing"
)

// The seed's network gate is "an authorizer is set and the operator
// configured it": a configured source with no authorizer at all
// (Unguarded) must not open the network.
func TestNetworkGateNeedsAnAuthorizerNotJustAConfiguredSource(t *testing.T) {
	srv := newTestServer(t, Options{
		Unguarded: true, ReadOnly: true, PolicySource: SourceConfigured,
		AllowedReadMethods: []string{"tools/list"},
	})
	if srv.Policy().Tools != nil {
		t.Fatal("Unguarded resolved an authorizer")
	}
	err := srv.NetworkReady()
	var ce *ConfigError
	if !errors.As(err, &ce) || ce.Option != "Authorizer" || !strings.Contains(err.Error(), "needs an authorizer") {
		t.Fatalf("NetworkReady = %v, want a ConfigError naming Authorizer", err)
	}
	if _, err := srv.HTTPHandler(true); !errors.As(err, &ce) || ce.Option != "Authorizer" {
		t.Fatalf("HTTPHandler served with no authorizer: %v", err)
	}
}
