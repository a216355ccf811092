package tea_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/tea"
)

// texts returns the pending notifications' texts, oldest first.
func texts(rt *tea.Runtime) []string {
	var out []string
	for _, n := range rt.Snapshot().Notifications {
		out = append(out, n.Text)
	}
	return out
}

func TestNotificationsArePendingUntilDismissed(t *testing.T) {
	ctx := context.Background()
	sticky := func(key, text string) tea.NotifyMsg {
		return tea.NotifyMsg{Key: key, Text: text, TTL: -1}
	}
	tests := []struct {
		name string
		msgs []tea.Msg
		want []string
	}{
		{"one", []tea.Msg{sticky("", "saved")}, []string{"saved"}},
		{"in order", []tea.Msg{sticky("", "a"), sticky("", "b")}, []string{"a", "b"}},
		{"a key replaces its pending one", []tea.Msg{sticky("p", "10%"), sticky("", "other"), sticky("p", "50%")}, []string{"other", "50%"}},
		{"dismiss by key", []tea.Msg{sticky("p", "10%"), sticky("q", "kept"), tea.DismissMsg{Key: "p"}}, []string{"kept"}},
		{"dismiss all", []tea.Msg{sticky("p", "10%"), sticky("", "x"), tea.DismissMsg{}}, nil},
		{"dismissing nothing is fine", []tea.Msg{sticky("", "x"), tea.DismissMsg{Key: "none"}}, []string{"x"}},
		{"control characters become spaces", []tea.Msg{sticky("", "line one\nline two\t!")}, []string{"line one line two !"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rt := start(t, logModel{})
			for _, m := range tc.msgs {
				if _, err := rt.Dispatch(ctx, m); err != nil {
					t.Fatalf("Dispatch(%#v): %v", m, err)
				}
			}
			if got := texts(rt); strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("pending = %q, want %q", got, tc.want)
			}
			if log := logOf(rt); len(log) != 0 {
				t.Fatalf("Update saw the runtime's own messages: %q", log)
			}
		})
	}
}

func TestNotificationFieldsAndDefaults(t *testing.T) {
	rt := start(t, logModel{})
	before := time.Now()
	if _, err := rt.Dispatch(context.Background(), tea.NotifyMsg{Text: "hi"}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(context.Background(), tea.NotifyMsg{Level: tea.LevelError, Text: "no", TTL: -1}); err != nil {
		t.Fatal(err)
	}
	ns := rt.Snapshot().Notifications
	if len(ns) != 2 {
		t.Fatalf("pending = %+v", ns)
	}
	if ns[0].ID != 1 || ns[1].ID != 2 {
		t.Fatalf("ids = %d, %d; want 1, 2", ns[0].ID, ns[1].ID)
	}
	if ns[0].Level != tea.LevelInfo {
		t.Fatalf("level %q, want info by default", ns[0].Level)
	}
	if d := ns[0].Until.Sub(ns[0].At); d != tea.DefaultNotificationTTL {
		t.Fatalf("TTL %v, want the default %v", d, tea.DefaultNotificationTTL)
	}
	if ns[0].At.Before(before) {
		t.Fatalf("At %v is before the notification was raised (%v)", ns[0].At, before)
	}
	if !ns[1].Until.IsZero() {
		t.Fatalf("a negative TTL should keep it until dismissed, got Until %v", ns[1].Until)
	}
}

func TestBadNotificationsAreRefusedWithTheRule(t *testing.T) {
	tests := []struct {
		msg  tea.NotifyMsg
		want string
	}{
		{tea.NotifyMsg{Level: "loud", Text: "x"}, `level "loud" is not one of info, success, warning, error`},
		{tea.NotifyMsg{Text: " \n "}, "the text is empty"},
	}
	for _, tc := range tests {
		rt := start(t, logModel{})
		_, err := rt.Dispatch(context.Background(), tc.msg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Fatalf("Dispatch(%+v) = %v, want an error saying %q", tc.msg, err, tc.want)
		}
		if n := len(rt.Snapshot().Notifications); n != 0 {
			t.Fatalf("a refused notification is pending (%d)", n)
		}
	}
}

func TestOnlyTheNewestNotificationsStayPending(t *testing.T) {
	rt := start(t, logModel{})
	for i := range tea.MaxNotifications + 3 {
		if _, err := rt.Dispatch(context.Background(), tea.NotifyMsg{Text: string(rune('a' + i)), TTL: -1}); err != nil {
			t.Fatal(err)
		}
	}
	got := texts(rt)
	if len(got) != tea.MaxNotifications || got[0] != "d" || got[len(got)-1] != "k" {
		t.Fatalf("pending = %q, want the newest %d (d to k)", got, tea.MaxNotifications)
	}
}

func TestANotificationFromACommandExpiresAfterItsTTL(t *testing.T) {
	rt := start(t, logModel{})
	ch, cancel := rt.Subscribe()
	defer cancel()
	cmd := tea.NotifyWith(tea.NotifyMsg{Level: tea.LevelSuccess, Text: "done", TTL: 300 * time.Millisecond})
	if _, err := rt.Dispatch(context.Background(), runMsg{cmd: cmd}); err != nil {
		t.Fatal(err)
	}
	// The snapshots the runtime publishes, in order (a slow reader may skip
	// one, hence a TTL long enough to see it): the notification arrives,
	// then leaves by itself.
	var seen []int
	deadline := time.After(5 * time.Second)
	for len(seen) < 2 || seen[len(seen)-1] != 0 {
		select {
		case s := <-ch:
			seen = append(seen, len(s.Notifications))
		case <-deadline:
			t.Fatalf("pending counts seen: %v; the notification never came and went", seen)
		}
	}
	if !slices.Contains(seen, 1) {
		t.Fatalf("pending counts seen: %v; the notification was never pending", seen)
	}
}

func TestNotifyAndDismissCommands(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, runMsg{cmd: tea.Notify(tea.LevelWarning, "careful")}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the notification", func() bool { return len(rt.Snapshot().Notifications) == 1 })
	if n := rt.Snapshot().Notifications[0]; n.Level != tea.LevelWarning || n.Level.Symbol() != "!" {
		t.Fatalf("got %+v (symbol %q)", n, n.Level.Symbol())
	}
	if _, err := rt.Dispatch(ctx, runMsg{cmd: tea.Dismiss("")}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the dismissal", func() bool { return len(rt.Snapshot().Notifications) == 0 })
}

func TestNotificationsSurviveUpdates(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, tea.NotifyMsg{Text: "kept", TTL: -1}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, appendMsg("x")); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, panicMsg{}); err == nil {
		t.Fatal("want the panic reported")
	}
	if got := texts(rt); len(got) != 1 || got[0] != "kept" {
		t.Fatalf("pending after an update and a panic = %q", got)
	}
}

// notifyButton is a focusable widget whose Enter and mouse press send a
// NotifyMsg, as a widgets.Button with OnClick: tea.NotifyMsg{...} does.
type notifyButton struct{}

func (notifyButton) Children() []tea.Node            { return nil }
func (notifyButton) WidgetID() string                { return "save" }
func (notifyButton) WidgetKind() string              { return "button" }
func (notifyButton) CanFocus() bool                  { return true }
func (notifyButton) Render(tea.RenderContext) string { return "[save]" }
func (notifyButton) HandleKey(tea.Key) tea.Msg       { return tea.NotifyMsg{Text: "Saved", TTL: -1} }
func (notifyButton) HandleMouse(m tea.Mouse) tea.Msg {
	return tea.NotifyMsg{Key: "m", Text: "Saved", TTL: -1}
}

// buttonModel shows a notifyButton and logs what reaches Update.
type buttonModel struct{ logModel }

func (m buttonModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.logModel.Update(msg)
	if _, ok := msg.(tea.NotifyMsg); ok {
		next = m.with("update saw a NotifyMsg")
	}
	return buttonModel{next.(logModel)}, cmd
}
func (buttonModel) View() tea.Node { return notifyButton{} }

func TestAWidgetsNotifyMsgIsTheRuntimesWhateverInputSentIt(t *testing.T) {
	ctx := context.Background()
	rt := start(t, buttonModel{})
	if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "save"}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Key{Code: tea.KeyEnter}}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, tea.MouseInputMsg{ID: "save", Mouse: tea.Mouse{Action: tea.MousePress}}); err != nil {
		t.Fatal(err)
	}
	if got := texts(rt); len(got) != 2 {
		t.Fatalf("pending = %q, want one from the key and one from the mouse", got)
	}
	if log := rt.Snapshot().Model.(buttonModel).log; len(log) != 0 {
		t.Fatalf("Update saw the runtime's messages: %q", log)
	}
}

func TestNotificationTimersStopWhenTheNotificationGoes(t *testing.T) {
	ctx := context.Background()
	rt := start(t, logModel{})
	before := runtime.NumGoroutine()
	for i := range 200 {
		// Each replaces the last (same key), so only one stays pending.
		if _, err := rt.Dispatch(ctx, tea.NotifyMsg{Key: "progress", Text: fmt.Sprintf("%d%%", i), TTL: time.Hour}); err != nil {
			t.Fatal(err)
		}
	}
	eventually(t, "the replaced notifications' timers to stop", func() bool {
		return runtime.NumGoroutine() < before+10
	})
	if _, err := rt.Dispatch(ctx, tea.DismissMsg{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the dismissed notification's timer to stop", func() bool {
		return runtime.NumGoroutine() <= before
	})
}

func TestBadNotificationErrorsWrapTheSentinelAndNeverQuoteTheText(t *testing.T) {
	rt := start(t, logModel{})
	_, err := rt.Dispatch(context.Background(), tea.NotifyMsg{Key: "k", Level: "loud", Text: "hunter2"})
	if !errors.Is(err, tea.ErrInvalidNotification) {
		t.Fatalf("err = %v, want it to wrap ErrInvalidNotification", err)
	}
	if strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), `notification "k"`) {
		t.Fatalf("err = %q: want it named by key, without its text", err)
	}
}

func TestRecentKeepsTheLastNotificationsRaised(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	for i := range tea.MaxRecentNotifications + 4 {
		if _, err := rt.Dispatch(ctx, tea.NotifyMsg{Key: "k", Text: fmt.Sprint(i), TTL: -1}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rt.Dispatch(ctx, tea.DismissMsg{}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Dispatch(ctx, appendMsg("x")); err != nil {
		t.Fatal(err)
	}
	s := rt.Snapshot()
	if len(s.Notifications) != 0 {
		t.Fatalf("pending after dismissing all: %+v", s.Notifications)
	}
	if len(s.Recent) != tea.MaxRecentNotifications || s.Recent[0].Text != "4" || s.Recent[len(s.Recent)-1].ID != uint64(tea.MaxRecentNotifications+4) {
		t.Fatalf("recent = %+v", s.Recent)
	}
}

func TestSettledThenBarrierSeesWhatTheCommandBrought(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	tr, err := rt.Dispatch(ctx, appendMsg("x"))
	if err != nil || tr.Settled != nil {
		t.Fatalf("no command: Settled %v, err %v", tr.Settled, err)
	}
	for range 20 {
		tr, err := rt.Dispatch(ctx, runMsg{cmd: tea.Notify(tea.LevelInfo, "hello")})
		if err != nil || tr.Settled == nil {
			t.Fatalf("a command: Settled %v, err %v", tr.Settled, err)
		}
		<-tr.Settled
		if err := rt.Barrier(ctx); err != nil {
			t.Fatal(err)
		}
		if n := rt.Snapshot().Notifications; len(n) == 0 || n[len(n)-1].Text != "hello" {
			t.Fatalf("after Settled and Barrier: %+v", n)
		}
		if _, err := rt.Dispatch(ctx, tea.DismissMsg{}); err != nil {
			t.Fatal(err)
		}
	}
	// A tick is settled once under way, not when it fires.
	tr, err = rt.Dispatch(ctx, runMsg{cmd: tea.Tick(time.Hour, func(time.Time) tea.Msg { return appendMsg("late") })})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-tr.Settled:
	case <-time.After(5 * time.Second):
		t.Fatal("a tick's command never settled")
	}
}
