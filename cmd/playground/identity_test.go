package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/facetui/facet/render/mcp"
)

const playgroundToken = "ada-0123456789abcdef0123456789abcdef"

// writeTokens writes a tokens file of mode and returns its path.
func writeTokens(t *testing.T, mode os.FileMode) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tokens")
	if err := os.WriteFile(path, []byte("ada "+playgroundToken+"\n"), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestIdentityFlagsAreCheckedBeforeAnythingServes(t *testing.T) {
	policy := []string{"--allow-tools", "facet_list", "--allow-read-methods", "tools/list"}
	for _, tc := range []struct {
		name string
		args []string
		want string // in the error
		opt  string // the ConfigError's option, when it is one
	}{
		{"off loopback without identities", []string{"--http", "0.0.0.0:0", "--http-allowed-hosts", "facet.example"}, "--http-tokens", "HTTP.Authenticator"},
		{"a tokens file others may read", []string{"--http", "127.0.0.1:0", "--http-tokens", writeTokens(t, 0o644)}, "chmod 600", ""},
		{"tokens without a network transport", []string{"--mcp", "--http-tokens", writeTokens(t, 0o600)}, "add one of them", ""},
		{"an issuer without an audience", []string{"--http", "127.0.0.1:0", "--oauth-issuer", "https://issuer.example"}, "go together", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
			defer cancel()
			err := run(ctx, append(tc.args, policy...), strings.NewReader(""), &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run = %v; want an error saying %q", err, tc.want)
			}
			var ce *mcp.ConfigError
			if tc.opt != "" && (!errors.As(err, &ce) || ce.Option != tc.opt) {
				t.Fatalf("run = %v; want a ConfigError on %s", err, tc.opt)
			}
			if code := exitCode(err, &bytes.Buffer{}); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if strings.Contains(errOut.String(), "serving MCP") {
				t.Fatalf("announced an address it then refused:\n%s", errOut.String())
			}
		})
	}
}

// TestHTTPTokensAuthenticateClients runs the program with --http-tokens:
// a request without the token is refused with a challenge, one with it is
// served.
func TestHTTPTokensAuthenticateClients(t *testing.T) {
	prog := startRun(t, []string{"--http", "127.0.0.1:0", "--http-tokens", writeTokens(t, 0o600),
		"--allow-tools=facet_list", "--allow-read-methods=tools/list"}, strings.NewReader(""), io.Discard)
	base := prog.printed(httpListening)
	initialize := func(token string) (int, string, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", base+"/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("WWW-Authenticate"), string(body)
	}
	if code, challenge, body := initialize(""); code != http.StatusUnauthorized || !strings.HasPrefix(challenge, "Bearer ") {
		t.Fatalf("without a token: %d %q %s", code, challenge, body)
	}
	if code, challenge, _ := initialize("wrong-" + playgroundToken); code != http.StatusUnauthorized || !strings.Contains(challenge, `error="invalid_token"`) {
		t.Fatalf("with a wrong token: %d %q", code, challenge)
	}
	if code, _, body := initialize(playgroundToken); code != http.StatusOK || !strings.Contains(body, `"serverInfo"`) {
		t.Fatalf("with ada's token: %d %s", code, body)
	}
}
