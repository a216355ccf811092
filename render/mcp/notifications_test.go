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

// saver raises a notification when its button is clicked, and can put the
// password it holds into one (as a careless app might).
type saver struct {
	Password string
	TTL      time.Duration
}

type (
	saveMsg  struct{}
	blurtMsg struct{}
)

func (m *saver) Init() tea.Cmd { return nil }
func (m *saver) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	switch v := msg.(type) {
	case widgets.TextChanged:
		n.Password = v.Value
	case saveMsg:
		return &n, tea.NotifyWith(tea.NotifyMsg{Level: tea.LevelSuccess, Text: "Saved", TTL: m.TTL})
	case blurtMsg:
		return &n, tea.NotifyWith(tea.NotifyMsg{Level: tea.LevelWarning, Text: "weak password " + m.Password + "!", TTL: -1})
	}
	return &n, nil
}
func (m *saver) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.PasswordField{ID: "pw", Value: m.Password},
		widgets.Button{ID: "save", Label: "Save", OnClick: saveMsg{}},
		widgets.Button{ID: "blurt", Label: "Check", OnClick: blurtMsg{}},
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

func TestNotificationsNeverCarryMaskedValues(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	sess, err := srv.StartSession(context.Background(), "sv", "saver", &saver{})
	if err != nil {
		t.Fatal(err)
	}
	mustOK(t, tc.call("sv.pw.type_into", map[string]any{"text": secret}))
	mustOK(t, tc.call("sv.blurt.click", nil))
	deadline := time.Now().Add(5 * time.Second)
	for len(sess.Snapshot().Notifications) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the notification never came")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if raw := sess.Snapshot().Notifications[0].Text; !strings.Contains(raw, secret) {
		t.Fatalf("the app's own notification should hold what it was given: %q", raw)
	}
	notes := contextNotes(t, tc, "sv")
	if len(notes) != 1 || notes[0].Text != "weak password ••••!" {
		t.Fatalf("context notifications = %+v", notes)
	}
	shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "sv"})))
	if strings.Contains(shot, secret) || !strings.Contains(shot, "! weak password ••••!") {
		t.Fatalf("screenshot:\n%s", shot)
	}
}

func TestScrubNotesCutsEverySecretWhole(t *testing.T) {
	tests := []struct {
		name    string
		secrets map[string]string
		raw     string // what the app passed to NotifyMsg
		want    string
	}{
		{"one secret", map[string]string{"pw": "hunter2"}, "your password hunter2 is weak", "your password •••• is weak"},
		{"a secret inside another is cut whole", map[string]string{"pin": "1234", "pw": "123456"}, "saved 123456", "saved ••••"},
		{"a secret whose outer space the text lost", map[string]string{"pw": "hunter2 "}, "your password is hunter2 ", "your password is ••••"},
		{"a secret with a leading space at the start", map[string]string{"pw": " hunter2"}, " hunter2 was set", "•••• was set"},
		{"a secret with a control character", map[string]string{"pw": "a\tb-secret"}, "set to a\tb-secret", "set to ••••"},
		{"nothing to cut", map[string]string{"pw": "zzz"}, "saved", "saved"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for range 20 { // map order must not matter
				snap := tea.Snapshot{Secrets: tc.secrets, Notifications: []tea.Notification{{ID: 1, Text: tea.CleanNotificationText(tc.raw)}}}
				if got := scrubNotes(snap)[0].Text; got != tc.want {
					t.Fatalf("scrubbed %q to %q, want %q", tc.raw, got, tc.want)
				}
			}
		})
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
	// Told by the click's answer (its command came within SettleWait) it
	// was pending then; told later, it has expired and says so.
	answer, wantPending, wantLine := next, false, "Notifications since your last call: ✓ Saved (no longer pending)"
	if len(notes(click)) == 1 {
		answer, wantPending, wantLine = click, true, "Notifications since your last call: ✓ Saved."
	}
	if told[0].(map[string]any)["pending"] != wantPending {
		t.Fatalf("told %v, want pending %v", told[0], wantPending)
	}
	if !strings.Contains(text(answer), wantLine) {
		t.Fatalf("the answer's text does not say %q:\n%s", wantLine, text(answer))
	}
	if got := notes(mustOK(t, a.call("facet_screenshot", map[string]any{"id": "sv"}))); len(got) != 0 {
		t.Fatalf("told again: %v", got)
	}
	// Another connection has not been told yet.
	if got := notes(mustOK(t, b.call("facet_screenshot", map[string]any{"id": "sv"}))); len(got) != 1 {
		t.Fatalf("b's first answer: %v", got)
	}
}

func TestScrubTakesSecretsOutOfTheModel(t *testing.T) {
	secrets := map[string]string{"pw": "hunter2", "pin": "1234"}
	model := map[string]any{
		"password": "hunter2",
		"status":   "saved hunter2 and pin 1234",
		"history":  []any{"hunter2", "ok", map[string]any{"note": "pin=1234"}},
		"count":    3,
	}
	got, _ := json.Marshal(scrub(model, secrets))
	want := `{"count":3,"history":[null,"ok",{"note":"pin=••••"}],"status":"saved •••• and pin ••••"}`
	if string(got) != want {
		t.Fatalf("scrub = %s\nwant    %s", got, want)
	}
	if top, _ := json.Marshal(scrub("hunter2", secrets)); string(top) != "null" {
		t.Fatalf("a secret as the whole value: %s", top)
	}
}

// echoer shows what was typed into its password field in a status line,
// as a careless app might.
type echoer struct{ Password string }

func (m *echoer) Init() tea.Cmd { return nil }
func (m *echoer) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n := *m
	if v, ok := msg.(widgets.TextChanged); ok {
		n.Password = v.Value
	}
	return &n, nil
}
func (m *echoer) View() tea.Node {
	return tea.Column{Items: []tea.Node{
		widgets.PasswordField{ID: "pw", Value: m.Password},
		widgets.Text{ID: "status", Content: "you typed " + m.Password + " just now"},
	}}
}

func TestAMaskedValueTheAppDrawsElsewhereNeverLeaves(t *testing.T) {
	srv := newTestServer(t, Options{})
	tc := connect(t, srv)
	if _, err := srv.StartSession(context.Background(), "ec", "echoer", &echoer{}); err != nil {
		t.Fatal(err)
	}
	res := mustOK(t, tc.call("ec.pw.type_into", map[string]any{"text": secret}))
	b, _ := json.Marshal(res)
	if strings.Contains(string(b), secret) {
		t.Fatalf("the write's answer carries the password: %s", b)
	}
	shot := text(mustOK(t, tc.call("facet_screenshot", map[string]any{"id": "ec"})))
	if strings.Contains(shot, secret) || !strings.Contains(shot, "you typed "+strings.Repeat("•", len(secret))+" just now") {
		t.Fatalf("screenshot:\n%s", shot)
	}
	for _, uri := range []string{WidgetsURI("ec"), ContextURI("ec")} {
		if body, _ := readResource(t, tc.c, uri); strings.Contains(body, secret) {
			t.Fatalf("%s carries the password: %s", uri, body)
		}
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
