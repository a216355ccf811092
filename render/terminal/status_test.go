package terminal_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestAgentStatusNamesWhatAPersonCanDo(t *testing.T) {
	tests := []struct {
		name string
		snap tea.Snapshot
		key  string
		want string
	}{
		{name: "no agent, no status", want: ""},
		{name: "one agent", snap: tea.Snapshot{Presence: tea.Presence{Agents: []string{"c1"}}}, key: "ctrl+]", want: "● agent attached (ctrl+] detach)"},
		{name: "several agents are counted", snap: tea.Snapshot{Presence: tea.Presence{Agents: []string{"c1", "c2", "c3"}}}, key: "ctrl+]", want: "● 3 agents attached (ctrl+] detach)"},
		{name: "detached", snap: tea.Snapshot{Presence: tea.Presence{Blocked: true}}, key: "f12", want: "agents detached (f12 allow)"},
		{name: "no key, no hint", snap: tea.Snapshot{Presence: tea.Presence{Agents: []string{"c1"}}}, want: "● agent attached"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := terminal.AgentStatus(tt.snap, tt.key); got != tt.want {
				t.Fatalf("AgentStatus = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDrawSnapshotShowsTheAgentStatusOnTheBottomLine(t *testing.T) {
	buttons := tea.Vertical(
		widgets.Button{ID: "ok", Label: "OK", OnClick: 1},
		tea.Label("text"),
	)
	tests := []struct {
		name          string
		snap          tea.Snapshot
		width, height int
		want          string
	}{
		{
			name:  "without agents it is Draw",
			snap:  tea.Snapshot{View: buttons, Focus: "ok"},
			width: 20, height: 4,
			want: lines("[ OK ]              ", "text                ", "                    ", "enter press         "),
		},
		{
			name:  "the status goes before the focused widget's help",
			snap:  tea.Snapshot{View: buttons, Focus: "ok", Presence: tea.Presence{Agents: []string{"c1"}}},
			width: 50, height: 3,
			want: lines(
				"[ OK ]                                            ",
				"text                                              ",
				"● agent attached (ctrl+] detach) • enter press    "),
		},
		{
			name:  "without a help line the status takes the bottom line",
			snap:  tea.Snapshot{View: buttons, Presence: tea.Presence{Agents: []string{"c1", "c2"}}},
			width: 36, height: 3,
			want: lines(
				"[ OK ]                              ",
				"text                                ",
				"● 2 agents attached (ctrl+] detach) "),
		},
		{
			name:  "detached agents are shown until they are allowed",
			snap:  tea.Snapshot{View: buttons, Presence: tea.Presence{Blocked: true}},
			width: 32, height: 2,
			want: lines(
				"[ OK ]                          ",
				"agents detached (ctrl+] allow)  "),
		},
		{
			name:  "a narrow screen cuts the status with an ellipsis",
			snap:  tea.Snapshot{View: buttons, Focus: "ok", Presence: tea.Presence{Agents: []string{"c1"}}},
			width: 10, height: 2,
			want: lines("[ OK ]    ", "● agent a…"),
		},
		{
			name:  "the newest notification goes first, with its symbol and how many more are pending",
			snap:  tea.Snapshot{View: buttons, Focus: "ok", Presence: tea.Presence{Agents: []string{"c1"}}, Notifications: notes("old", "Saved")},
			width: 62, height: 2,
			want: lines(
				"[ OK ]                                                        ",
				"✓ Saved (+1) • ● agent attached (ctrl+] detach) • enter press "),
		},
		{
			name:  "a notification alone takes the bottom line",
			snap:  tea.Snapshot{View: buttons, Notifications: []tea.Notification{{ID: 1, Level: tea.LevelError, Text: "Disk full"}}},
			width: 20, height: 2,
			want: lines("[ OK ]              ", "✗ Disk full         "),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := terminal.DrawSnapshot(tt.snap, tt.width, tt.height)
			if got != tt.want {
				t.Fatalf("DrawSnapshot\n got:\n%s\nwant:\n%s\n got %q\nwant %q", got, tt.want, got, tt.want)
			}
			assertShape(t, got, tt.width, tt.height)
			if plain := terminal.LayoutSnapshot(tt.snap, tt.width, tt.height).Plain(); plain != got {
				t.Fatalf("LayoutSnapshot differs from DrawSnapshot:\n%s", plain)
			}
		})
	}
}

// notes returns pending success notifications with the given texts.
func notes(texts ...string) []tea.Notification {
	out := make([]tea.Notification, len(texts))
	for i, text := range texts {
		out[i] = tea.Notification{ID: uint64(i + 1), Level: tea.LevelSuccess, Text: text}
	}
	return out
}

func TestNotificationStatus(t *testing.T) {
	tests := []struct {
		name string
		snap tea.Snapshot
		want string
	}{
		{"none", tea.Snapshot{}, ""},
		{"one", tea.Snapshot{Notifications: notes("Saved")}, "✓ Saved"},
		{"the newest of three", tea.Snapshot{Notifications: notes("a", "b", "c")}, "✓ c (+2)"},
		{"info", tea.Snapshot{Notifications: []tea.Notification{{Level: tea.LevelInfo, Text: "Hi"}}}, "i Hi"},
		{"warning", tea.Snapshot{Notifications: []tea.Notification{{Level: tea.LevelWarning, Text: "Slow"}}}, "! Slow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := terminal.NotificationStatus(tt.snap); got != tt.want {
				t.Fatalf("NotificationStatus = %q, want %q", got, tt.want)
			}
		})
	}
}

// keyLog is an app that shows every key that reached its Update, so a test
// can tell that a key was kept from it.
type keyLog struct{ keys []string }

func (keyLog) Init() tea.Cmd { return nil }

func (m keyLog) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		m.keys = append(append([]string(nil), m.keys...), k.Key.String())
	}
	return m, nil
}

func (m keyLog) View() tea.Node {
	return tea.Label(fmt.Sprintf("keys: [%s]", strings.Join(m.keys, " ")))
}

func TestProgramDetachKeyTogglesAgents(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name  string
		opts  []terminal.Option
		press string // the detach key as the terminal sends it
		label string // the detach key as the status line names it
		other string // a key that is not the detach key
		seen  string // how the app sees other
	}{
		{name: "ctrl+] by default", press: "\x1d", label: "ctrl+]", other: "\x1b[24~", seen: "f12"},
		{name: "f12 when chosen", opts: []terminal.Option{terminal.WithDetachKey("f12")}, press: "\x1b[24~", label: "f12", other: "\x1d", seen: "ctrl+]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, err := tea.Start(ctx, keyLog{})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			tm := runOnTerminal(t, nil, append([]terminal.Option{terminal.WithRuntime(rt)}, tt.opts...)...)
			tm.waitFor("keys: []")
			if strings.Contains(tm.screen(), "agent") {
				t.Fatalf("a status line without any agent:\n%s", tm.screen())
			}

			if _, err := rt.Dispatch(ctx, tea.AttachAgentMsg{Agent: "conn-1"}); err != nil {
				t.Fatal(err)
			}
			tm.waitFor("● agent attached (" + tt.label + " detach)")
			if _, err := rt.Dispatch(ctx, tea.AttachAgentMsg{Agent: "conn-2"}); err != nil {
				t.Fatal(err)
			}
			tm.waitFor("● 2 agents attached (" + tt.label + " detach)")

			tm.typeRaw(tt.press)
			tm.waitFor("agents detached (" + tt.label + " allow)")
			if s := rt.Snapshot(); !s.Presence.Blocked || len(s.Presence.Agents) != 0 {
				t.Fatalf("after the detach key: agents %v, blocked %v", s.Presence.Agents, s.Presence.Blocked)
			}
			if _, err := rt.Dispatch(ctx, tea.AttachAgentMsg{Agent: "conn-1"}); err == nil {
				t.Fatal("an agent attached while the person had detached agents")
			}

			tm.typeRaw(tt.press)
			deadline := time.Now().Add(5 * time.Second)
			for strings.Contains(tm.screen(), "agents detached") || rt.Snapshot().Presence.Blocked {
				if time.Now().After(deadline) {
					t.Fatalf("the second press did not allow agents; blocked %v, screen:\n%s", rt.Snapshot().Presence.Blocked, tm.screen())
				}
				time.Sleep(5 * time.Millisecond)
			}
			if _, err := rt.Dispatch(ctx, tea.AttachAgentMsg{Agent: "conn-3"}); err != nil {
				t.Fatalf("attach after allowing: %v", err)
			}
			tm.waitFor("● agent attached (" + tt.label + " detach)")

			// The detach key never reached the app; any other key does.
			tm.typeRaw(tt.other)
			tm.waitFor("keys: [" + tt.seen + "]")
		})
	}
}

// notifier raises a notification for each key that reaches its Update.
type notifier struct{ n int }

func (notifier) Init() tea.Cmd { return nil }

func (m notifier) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.Key.String() == "n" {
		m.n++
		return m, tea.NotifyWith(tea.NotifyMsg{Level: tea.LevelSuccess, Text: fmt.Sprintf("Saved draft %d", m.n), TTL: 300 * time.Millisecond})
	}
	return m, nil
}

func (m notifier) View() tea.Node { return tea.Label(fmt.Sprintf("drafts: %d", m.n)) }

func TestProgramShowsANotificationUntilItExpires(t *testing.T) {
	tm := runOnTerminal(t, notifier{})
	tm.waitFor("drafts: 0")
	tm.typeRaw("n")
	tm.waitFor("✓ Saved draft 1")
	deadline := time.Now().Add(5 * time.Second)
	for strings.Contains(tm.screen(), "Saved draft") {
		if time.Now().After(deadline) {
			t.Fatalf("the notification never left the screen:\n%s", tm.screen())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(tm.screen(), "drafts: 1") {
		t.Fatalf("screen:\n%s", tm.screen())
	}
}

func TestRunsOwnRuntimeHasNoDetachKey(t *testing.T) {
	// No agent can reach a model Run starts itself: Ctrl+] is an ordinary
	// key there, and nothing talks about agents.
	tm := runOnTerminal(t, keyLog{})
	tm.waitFor("keys: []")
	tm.typeRaw("\x1d")
	tm.waitFor("keys: [ctrl+]]")
	if strings.Contains(tm.screen(), "agents") {
		t.Fatalf("screen:\n%s", tm.screen())
	}
}
