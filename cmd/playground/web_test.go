package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"regexp"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/facetui/facet/render/web"
)

func TestWebFlagMistakesAreUsageErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"non-loopback without allowed hosts", []string{"--web", "0.0.0.0:0"}, "needs the Host names browsers use (--web-allowed-hosts)"},
		{"allowed hosts without --web", []string{"--web-allowed-hosts", "facet.example"}, "need --web ADDR"},
		{"allowed origins without --web", []string{"--web-allowed-origins", "https://facet.example"}, "need --web ADDR"},
		{"list and web", []string{"--list", "--web", "127.0.0.1:0"}, "cannot be combined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
			defer cancel()
			err := run(ctx, tt.args, strings.NewReader(""), &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("run %v = %v, want an error mentioning %q", tt.args, err, tt.want)
			}
			if code := exitCode(err, io.Discard); code != 2 {
				t.Fatalf("exit status %d, want 2", code)
			}
		})
	}
}

// webListening is the line the program prints when --web listens.
const webListening = `serving the catalog to browsers at (http://\S+)/`

// tab is a browser tab's WebSocket, spoken from Go.
type tab struct {
	t    *testing.T
	conn *websocket.Conn
	seen []string // every patch read so far
}

func openTab(t *testing.T, base string) *tab {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws", nil)
	if err != nil {
		t.Fatalf("open a tab: %v", err)
	}
	conn.SetReadLimit(16 << 20)
	t.Cleanup(func() { _ = conn.Close(websocket.StatusNormalClosure, "") })
	return &tab{t: t, conn: conn}
}

// until returns the first patch that holds want, reading more until one
// does.
func (b *tab) until(want string) web.Patch {
	b.t.Helper()
	for _, data := range b.seen {
		if strings.Contains(data, want) {
			var p web.Patch
			_ = json.Unmarshal([]byte(data), &p)
			return p
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
	defer cancel()
	for {
		_, data, err := b.conn.Read(ctx)
		if err != nil {
			b.t.Fatalf("no patch holding %q: %v", want, err)
		}
		b.seen = append(b.seen, string(data))
		var p web.Patch
		if err := json.Unmarshal(data, &p); err != nil {
			b.t.Fatal(err)
		}
		if strings.Contains(string(data), want) {
			return p
		}
	}
}

// TestRunSharesWebSessionsWithHTTPAgents runs the whole program with
// --web and --http: a browser tab is session web1, which an agent over
// HTTP lists and drives while the tab shows what it does.
func TestRunSharesWebSessionsWithHTTPAgents(t *testing.T) {
	tools := []string{"facet_list", "web1.discover_tools", "web1.catalog.select", "web1.catalog.get_selected"}
	prog := startRun(t, []string{
		"--web", "127.0.0.1:0", "--http", "127.0.0.1:0",
		"--allow-tools=" + strings.Join(tools, ","), "--allow-read-methods=tools/list",
	}, strings.NewReader(""), io.Discard)
	base := prog.printed(webListening)
	mcpBase := prog.printed(httpListening)

	page := openTab(t, base)
	first := page.until(`"session":"web1"`)
	if len(first.Ops) != 1 || !strings.Contains(first.Ops[0].HTML, "Facet playground") {
		t.Fatalf("the tab's first patch is not the catalog: %+v", first)
	}
	rig := &sharedRig{t: t, agent: httpAgent(t, mcpBase)}
	rig.readyTools("web1", "web1.catalog.select")
	rig.mustCall("web1.catalog.select", map[string]any{"index": 2})
	page.until(`id=\"w:catalog:o2\" role=\"option\" aria-selected=\"true\"`)
	page.until("● agent attached")

	// The person's key is what the agent reads.
	send := func(ev web.Event) {
		data, _ := json.Marshal(ev)
		ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
		defer cancel()
		if err := page.conn.Write(ctx, websocket.MessageText, data); err != nil {
			t.Fatal(err)
		}
	}
	send(web.Event{T: "key", Key: "down"})
	rig.eventually("get_selected following the tab's down key", func() string { return rig.mustCall("web1.catalog.get_selected", nil) },
		func(s string) bool { return strings.Contains(s, "index: 3") })

	// The page's detach control refuses the agent.
	send(web.Event{T: "detach"})
	page.until("agents detached")
	if out, isErr := rig.call("web1.catalog.select", map[string]any{"index": 0}); !isErr {
		t.Fatalf("a detached agent's call was accepted: %s", out)
	}
	_ = rig.agent.Close()
	prog.stop()
}

// TestWebOffLoopbackIsRefusedBeforeItIsAnnounced: --web 0.0.0.0:PORT
// without allowed hosts, or without a login, is refused, and the address is
// never printed as if it were served; alone or beside --http.
func TestWebOffLoopbackIsRefusedBeforeItIsAnnounced(t *testing.T) {
	policy := []string{"--allow-tools", "facet_list", "--allow-read-methods", "tools/list"}
	for _, tc := range []struct {
		name string
		args []string
		opt  string // the ConfigError's option
		want string // in the error
	}{
		{"no allowed hosts", []string{"--web", "0.0.0.0:0"}, "AllowedHosts", "--web-allowed-hosts"},
		{"no login", []string{"--web", "0.0.0.0:0", "--web-allowed-hosts", "facet.example"}, "Login", "--http-tokens"},
		{"no login, beside --http", append([]string{"--web", "0.0.0.0:0", "--web-allowed-hosts", "facet.example", "--http", "127.0.0.1:0"}, policy...), "Login", "--http-tokens"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), sharedWait)
			defer cancel()
			err := run(ctx, tc.args, strings.NewReader(""), &out, &errOut)
			var ce *web.ConfigError
			if !errors.As(err, &ce) || ce.Option != tc.opt || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("run %v = %v, want a ConfigError on %s saying %q", tc.args, err, tc.opt, tc.want)
			}
			if code := exitCode(err, io.Discard); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if strings.Contains(errOut.String(), "serving the catalog") {
				t.Fatalf("announced an address it then refused:\n%s", errOut.String())
			}
		})
	}
}

// TestWebAnnouncesTheHostAskedFor: --web 0.0.0.0:0 with allowed hosts and a
// login is served and announced at 0.0.0.0 and the port bound, not at the
// dual-stack [::] Go reports.
func TestWebAnnouncesTheHostAskedFor(t *testing.T) {
	var lc net.ListenConfig
	probe, err := lc.Listen(context.Background(), "tcp", "0.0.0.0:0")
	if err != nil {
		t.Skipf("cannot listen on every interface here: %v", err)
	}
	probe.Close()
	prog := startRun(t, []string{"--web", "0.0.0.0:0", "--web-allowed-hosts", "facet.example", "--http-tokens", writeTokens(t, 0o600)},
		strings.NewReader(""), io.Discard)
	if base := prog.printed(webListening); !regexp.MustCompile(`^http://0\.0\.0\.0:[1-9][0-9]*$`).MatchString(base) {
		t.Fatalf("announced %q, want http://0.0.0.0:PORT", base)
	}
}
