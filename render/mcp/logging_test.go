package mcp

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

// logInbox collects the notifications/message a client is sent, in order.
type logInbox struct {
	mu   sync.Mutex
	got  []map[string]any
	more chan struct{}
	read int // lines next has returned
}

func listenLogs(tc *testClient) *logInbox {
	in := &logInbox{more: make(chan struct{}, 100)}
	tc.c.OnNotification(func(n sdk.JSONRPCNotification) {
		if n.Method != string(sdk.MethodNotificationMessage) {
			return
		}
		b, _ := json.Marshal(n.Params.AdditionalFields)
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		in.mu.Lock()
		in.got = append(in.got, m)
		in.mu.Unlock()
		in.more <- struct{}{}
	})
	return in
}

// next waits for the next line.
func (in *logInbox) next(t *testing.T) map[string]any {
	t.Helper()
	select {
	case <-in.more:
	case <-time.After(5 * time.Second):
		t.Fatal("no log line arrived")
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	in.read++
	return in.got[in.read-1]
}

func (in *logInbox) messages() []string {
	in.mu.Lock()
	defer in.mu.Unlock()
	var out []string
	for _, m := range in.got {
		data, _ := m["data"].(map[string]any)
		out = append(out, m["level"].(string)+" "+data["message"].(string))
	}
	return out
}

func setLevel(tc *testClient, level sdk.LoggingLevel) error {
	req := sdk.SetLevelRequest{}
	req.Params.Level = level
	//lint:ignore SA1019 logging/setLevel is what clients before 2026-07-28 send, and what the seed serves.
	return tc.c.SetLevel(context.Background(), req)
}

// badIDs is an app whose only widget's id breaks the id rule, so each of
// its sessions logs "mcp: skipped a widget's tools" (a warning) once.
func badIDs() tea.Model {
	return static{view: tea.Column{Items: []tea.Node{probe{id: "bad id!", kind: "button", actions: []tea.Action{{Name: "click"}}}}}}
}

const (
	skippedLine   = "warning mcp: skipped a widget's tools"
	authPanicLine = "error mcp: the authorizer panicked; the call is denied"
)

// logPanics is an authorizer that panics, with a secret, on a call of
// facet_list with arguments: the server logs an error line naming the
// calling connection, which each test uses as its barrier (a line sent
// before it to the same client has arrived when it has).
func logPanics(tool string, args map[string]any, _ AuthContext) Decision {
	if tool == "facet_list" && args != nil {
		panic("secret-in-the-authorizer")
	}
	return Allow()
}

// barrier makes the server log an error line for tc's connection and
// waits for it.
func barrier(t *testing.T, tc *testClient, in *logInbox) {
	t.Helper()
	_ = tc.call("facet_list", map[string]any{"x": 1})
	m := in.next(t)
	data := m["data"].(map[string]any)
	if data["message"] != "mcp: the authorizer panicked; the call is denied" || data["panic"] == "secret-in-the-authorizer" {
		t.Fatalf("barrier line %v", m)
	}
	if b, _ := json.Marshal(m); strings.Contains(string(b), "secret-in-the-authorizer") {
		t.Fatalf("a panic value reached a client: %s", b)
	}
}

func TestLoggingLevelIsEachClientsOwn(t *testing.T) {
	apps := append(testApps(), App{Name: "badids", New: badIDs})
	srv := newTestServer(t, Options{Apps: apps, Auth: AuthOptions{Authorizer: logPanics}})
	a, b, c := connectLegacy(t, srv), connectLegacy(t, srv), connectLegacy(t, srv)
	la, lb, lc := listenLogs(a), listenLogs(b), listenLogs(c)
	if err := setLevel(a, sdk.LoggingLevelDebug); err != nil {
		t.Fatalf("logging/setLevel: %v", err)
	}
	if err := setLevel(b, sdk.LoggingLevelError); err != nil {
		t.Fatal(err)
	}
	// c never sets a level.

	// A host session (every connection reaches it) logs a warning: a
	// (debug) is sent it, b (error) is not.
	if _, err := srv.StartSession(context.Background(), "host", "badids", badIDs()); err != nil {
		t.Fatal(err)
	}
	if m := la.next(t); m["data"].(map[string]any)["session"] != "host" || m["level"] != "warning" || m["logger"] != "facet" {
		t.Fatalf("a got %v", m)
	}
	barrier(t, b, lb)
	if got := lb.messages(); len(got) != 1 || got[0] != authPanicLine {
		t.Fatalf("b (error) got %q", got)
	}
	// b's line named b's connection: a was not sent it.
	barrier(t, a, la)
	if got := la.messages(); len(got) != 2 || got[0] != skippedLine || got[1] != authPanicLine {
		t.Fatalf("a got %q", got)
	}
	// c set no level: nothing so far, its own error line included.
	_ = c.call("facet_list", map[string]any{"x": 1})
	if err := setLevel(c, sdk.LoggingLevelError); err != nil {
		t.Fatal(err)
	}
	barrier(t, c, lc)
	if got := lc.messages(); len(got) != 1 {
		t.Fatalf("c was sent lines before it set a level: %q", got)
	}

	// One client's level does not move another's.
	if err := setLevel(b, sdk.LoggingLevelDebug); err != nil {
		t.Fatal(err)
	}
	if err := setLevel(a, sdk.LoggingLevelError); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.StartSession(context.Background(), "host2", "badids", badIDs()); err != nil {
		t.Fatal(err)
	}
	if m := lb.next(t); m["data"].(map[string]any)["session"] != "host2" {
		t.Fatalf("b got %v", m)
	}
	barrier(t, a, la)
	if got := la.messages(); len(got) != 3 {
		t.Fatalf("a (error) was sent a warning: %q", got)
	}

	// A session b started for itself is b's business: a, back at debug,
	// is not sent its lines.
	if err := setLevel(a, sdk.LoggingLevelDebug); err != nil {
		t.Fatal(err)
	}
	mustOK(t, b.call("facet_start", map[string]any{"app": "badids", "id": "mine"}))
	if m := lb.next(t); m["data"].(map[string]any)["session"] != "mine" {
		t.Fatalf("b got %v", m)
	}
	barrier(t, a, la)
	la.mu.Lock()
	defer la.mu.Unlock()
	for _, m := range la.got {
		if b, _ := json.Marshal(m); strings.Contains(string(b), "mine") {
			t.Fatalf("a was sent a line about b's session: %s", b)
		}
	}
}

// logging/setLevel goes through the read seam with its level, and
// production does not serve it unless the operator names it.
func TestLoggingSetLevelPassesTheReadSeam(t *testing.T) {
	var mu sync.Mutex
	var asked []any
	srv := newTestServer(t, Options{Auth: AuthOptions{ReadAuthorizer: func(method string, params map[string]any, _ AuthContext) Decision {
		if method != "logging/setLevel" {
			return Allow()
		}
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, params["level"])
		if params["level"] == "debug" {
			return Deny("no debug for you")
		}
		return Allow()
	}}})
	tc := connectLegacy(t, srv)
	if err := setLevel(tc, sdk.LoggingLevelDebug); err == nil || !strings.Contains(err.Error(), "no debug for you") {
		t.Fatalf("a denied setLevel answered %v", err)
	}
	if err := setLevel(tc, sdk.LoggingLevelWarning); err != nil {
		t.Fatalf("an allowed setLevel answered %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 2 || asked[0] != "debug" || asked[1] != "warning" {
		t.Fatalf("the read authorizer saw levels %v", asked)
	}
}

func TestLoggingSetLevelIsDeniedInProductionByDefault(t *testing.T) {
	apps := append(testApps(), App{Name: "badids", New: badIDs})
	prod := newTestServer(t, Options{Apps: apps, Auth: AuthOptions{Production: true}})
	tc := connectLegacy(t, prod)
	err := setLevel(tc, sdk.LoggingLevelDebug)
	if err == nil || !strings.Contains(err.Error(), "logging/setLevel") || !strings.Contains(err.Error(), CodeAuthorizationRequired) {
		t.Fatalf("production served logging/setLevel by default: %v", err)
	}

	named := newTestServer(t, Options{Apps: apps, Auth: AuthOptions{Production: true, AllowedReadMethods: append(append([]string(nil), DefaultReadMethods...), "logging/setLevel")}})
	tc = connectLegacy(t, named)
	in := listenLogs(tc)
	if err := setLevel(tc, sdk.LoggingLevelWarning); err != nil {
		t.Fatalf("a named logging/setLevel answered %v", err)
	}
	if _, err := named.StartSession(context.Background(), "host", "badids", badIDs()); err != nil {
		t.Fatal(err)
	}
	if m := in.next(t); m["data"].(map[string]any)["message"] != "mcp: skipped a widget's tools" {
		t.Fatalf("got %v", m)
	}
}

// The operator's log reads as before: the route a line is sent to
// clients by is not one of its attributes.
func TestClientLoggingLeavesTheOperatorsLogAlone(t *testing.T) {
	var buf lockedBuffer
	apps := append(testApps(), App{Name: "badids", New: badIDs})
	srv := newTestServer(t, Options{Apps: apps, Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	if _, err := srv.StartSession(context.Background(), "host", "badids", badIDs()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, `msg="mcp: skipped a widget's tools" session=host`) || strings.Contains(out, sessionRoute) {
		t.Fatalf("operator log:\n%s", out)
	}
}
