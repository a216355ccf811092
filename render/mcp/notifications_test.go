package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// saver raises a notification when its button is clicked.
type saver struct {
	Password string
	TTL      time.Duration
}

type saveMsg struct{}

func (m *saver) Init() tea.Cmd { return nil }
func (m *saver) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	switch v := msg.(type) {
	case widgets.TextChanged:
		n.Password = v.Value
	case saveMsg:
		return &n, tea.NotifyWith(tea.NotifyMsg{Level: tea.LevelSuccess, Text: "Saved", TTL: m.TTL})
	}
	return &n, nil
}
func (m *saver) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.PasswordField{ID: "pw", Value: m.Password},
		widgets.Button{ID: "save", Label: "Save", OnClick: saveMsg{}},
		widgets.TextInput{ID: "note", Value: "a note"},
	}}
}

// contextNotes reads the session's context resource and returns its
// notifications.
func contextNotes(t *testing.T, tc *testClient, session string) []tea.Notification {
	t.Helper()
	body, _ := readResource(t, tc.c, ContextURI(session))
	var ctx struct {
		Notifications *[]tea.Notification `json:"notifications"`
	}
	if err := json.Unmarshal([]byte(body), &ctx); err != nil {
		t.Fatalf("context: %v: %s", err, body)
	}
	if ctx.Notifications == nil {
		t.Fatalf("the context has no notifications list: %s", body)
	}
	return *ctx.Notifications
}

func TestTheContextListsPendingNotificationsAndStreamsTheirExpiry(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connectLegacy(t, srv)
	var up updates
	tc.c.OnNotification(up.add)
	if _, err := srv.StartSession(context.Background(), "sv", "saver", &saver{TTL: 400 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if got := contextNotes(t, tc, "sv"); len(got) != 0 {
		t.Fatalf("pending before anything happened: %+v", got)
	}
	subscribe(t, tc.c, ContextURI("sv"))
	mustOK(t, tc.call("sv.save.click", nil))

	// The notification comes from a command, after the click's answer:
	// the subscription says when it is there, and when it has gone.
	var pending []tea.Notification
	deadline := time.Now().Add(5 * time.Second)
	for pending = contextNotes(t, tc, "sv"); len(pending) == 0; pending = contextNotes(t, tc, "sv") {
		if time.Now().After(deadline) {
			t.Fatal("the notification never reached the context")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := pending[0]; n.Text != "Saved" || n.Level != tea.LevelSuccess || n.ID != 1 || n.Until.IsZero() {
		t.Fatalf("pending = %+v", pending)
	}
	if shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "sv"}))); !strings.Contains(shot, "✓ Saved") {
		t.Fatalf("the screenshot does not show the notification:\n%s", shot)
	}
	for deadline := time.Now().Add(5 * time.Second); len(contextNotes(t, tc, "sv")) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the notification never expired")
		}
	}
	var patched bool
	for _, u := range up.list() {
		meta, _ := u["_meta"].(map[string]any)
		if b, _ := json.Marshal(meta["patch"]); u["uri"] == ContextURI("sv") && strings.Contains(string(b), "notifications") {
			patched = true
		}
	}
	if !patched {
		t.Fatalf("no context update carried a patch to the notifications: %v", up.list())
	}
}

func TestAnswersTellEachAgentWhatWasNotifiedSinceItsLastCall(t *testing.T) {
	srv := newTestServer(t, Options{})
	a, b := connect(t, srv), connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "sv", "saver", &saver{TTL: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	notes := func(res *sdk.CallToolResult) []any {
		n, _ := structured(t, res)["notifications"].([]any)
		return n
	}
	// The notification comes from a command, so the click's own answer
	// may or may not be in time for it; it expires within a millisecond.
	click := mustOK(t, a.call("sv.save.click", nil))
	deadline := time.Now().Add(5 * time.Second)
	for s := sess.Snapshot(); len(s.Recent) == 0 || len(s.Notifications) > 0; s = sess.Snapshot() {
		if time.Now().After(deadline) {
			t.Fatal("the notification never came and went")
		}
		time.Sleep(2 * time.Millisecond)
	}
	next := mustOK(t, a.call("facet_screenshot", map[string]any{"id": "sv"}))
	told := append(notes(click), notes(next)...)
	if len(told) != 1 || told[0].(map[string]any)["text"] != "Saved" {
		t.Fatalf("a was told %v, want Saved once (click answer %v, next answer %v)", told, notes(click), notes(next))
	}
	// Told later, it has expired and says so. Told by the click's answer
	// (its command came within SettleWait), it may still be pending or
	// have expired while the answer was built (its TTL is a millisecond):
	// either way the text says what the structured answer says.
	const pendingLine, expiredLine = "Notifications since your last call: ✓ Saved.", "Notifications since your last call: ✓ Saved (no longer pending)"
	answer, wantLine := next, expiredLine
	if len(notes(click)) == 1 {
		answer = click
		if told[0].(map[string]any)["pending"] == true {
			wantLine = pendingLine
		}
	} else if told[0].(map[string]any)["pending"] != false {
		t.Fatalf("told %v after it expired, want pending false", told[0])
	}
	if !strings.Contains(text(answer), wantLine) {
		t.Fatalf("the answer's text does not say %q, as its notification %v does:\n%s", wantLine, told[0], text(answer))
	}
	if got := notes(mustOK(t, a.call("facet_screenshot", map[string]any{"id": "sv"}))); len(got) != 0 {
		t.Fatalf("told again: %v", got)
	}
	// Another connection has not been told yet.
	if got := notes(mustOK(t, b.call("facet_screenshot", map[string]any{"id": "sv"}))); len(got) != 1 {
		t.Fatalf("b's first answer: %v", got)
	}
}

func TestAWritesOwnNotificationAndReadsAreTold(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "sv", "saver", &saver{TTL: -1})
	if err != nil {
		t.Fatal(err)
	}
	// The write's command raises it; the answer waits up to SettleWait for
	// it. On a loaded machine it may come later: then the next call says.
	click := mustOK(t, tc.call("sv.save.click", nil))
	if !strings.Contains(text(click), "✓ Saved") {
		shot := mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "sv"}))
		if !strings.Contains(text(shot), "Notifications since your last call: ✓ Saved") {
			t.Fatalf("neither the click nor the next call told of it:\n%s\n%s", text(click), text(shot))
		}
	}
	// One raised while the agent was away is told by its next read too,
	// after the value.
	if _, err := sess.Dispatch(context.Background(), tea.NotifyMsg{Level: tea.LevelWarning, Text: "Disk nearly full", TTL: -1}); err != nil {
		t.Fatal(err)
	}
	read := mustOK(t, tc.call("sv.note.get_value", nil))
	if len(read.Content) != 2 || !strings.Contains(text(read), "Notifications since your last call: ! Disk nearly full") {
		t.Fatalf("the read's answer: %v", read.Content)
	}
}
