package mcp

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"
)

// TestNetworkReadyNeedsAReadPolicy: a tool policy the operator chose is
// not enough for a network transport; a read policy must be chosen too.
// NetworkReady says so, and Serve refuses to serve. The serve
// runs under a deadline, so a gate that lets it serve fails the test
// (naming what happened) instead of hanging it until the package timeout.
func TestNetworkReadyNeedsAReadPolicy(t *testing.T) {
	cases := []struct {
		name   string
		opts   Options
		option string // "" when the network is open
	}{
		{"an empty allow list, no reads", Options{Auth: AuthOptions{AllowedTools: []string{}}}, "Auth.ReadAuthorizer"},
		{"deny-all, no reads", Options{Auth: AuthOptions{Policy: "deny-all"}}, "Auth.ReadAuthorizer"},
		{"an authorizer, production's default reads", Options{Auth: AuthOptions{Authorizer: AllowAll(), Production: true}}, "Auth.ReadAuthorizer"},
		{"reads but no tool policy", Options{Auth: AuthOptions{AllowedReadMethods: []string{"tools/list"}}}, "Auth.Authorizer"},
		{"both", Options{Auth: AuthOptions{AllowedTools: []string{}, AllowedReadMethods: []string{"tools/list"}}}, ""},
		{"both, a read authorizer", Options{Auth: AuthOptions{Policy: "deny-all", ReadAuthorizer: func(string, map[string]any, AuthContext) Decision { return Allow() }}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := newTestServer(t, c.opts)
			err := srv.NetworkReady()
			if c.option == "" {
				if err != nil {
					t.Fatalf("NetworkReady = %v, want nil", err)
				}
				return
			}
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Option != c.option {
				t.Errorf("NetworkReady = %v, want a ConfigError naming %s", err, c.option)
			}
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err = srv.Serve(ctx, ln)
			if ctx.Err() != nil {
				t.Fatalf("Serve served until its deadline (returned %v), want a refusal naming %s", err, c.option)
			}
			if !errors.As(err, &ce) || ce.Option != c.option {
				t.Fatalf("Serve = %v, want a refusal naming %s", err, c.option)
			}
		})
	}
}
