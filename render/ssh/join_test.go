package ssh_test

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// note is one text field both people type into.
type note struct{ field widgets.TextInputState }

func newNote(ssh.Info) tea.Model { return note{field: widgets.TextInputState{ID: "note"}} }

func (note) Init() tea.Cmd { return nil }
func (n note) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	n.field.Update(msg)
	return n, nil
}
func (n note) View() tea.Node {
	return tea.Vertical(tea.Label("notes"), n.field.View(widgets.TextInput{Label: "Note"}))
}

// joinLine finds the join command an invitation shows.
var joinLine = regexp.MustCompile(`ssh -t -p \d+ 127\.0\.0\.1 join ([A-Za-z0-9_-]{43})`)

// invitation presses the invite key on c and returns the token the panel
// shows.
func (c *client) invitation(old string) string {
	c.t.Helper()
	c.press("\x0f") // ctrl+o
	var token string
	c.waitUntil("a new join command", func(s string) bool {
		m := joinLine.FindStringSubmatch(s)
		if m == nil || m[1] == old {
			return false
		}
		token = m[1]
		return true
	})
	return token
}

func TestTwoSSHClientsShareOneSession(t *testing.T) {
	srv := serve(t, ssh.Options{ModelFor: newNote, Invites: invite.New(invite.Options{})})
	host := connect(t, srv.addr, clientConfig("ada"), "xterm-256color", 100, 24)
	host.waitFor("notes", "Note", "ctrl+o invite")
	token := host.invitation("")
	host.press("\x1b") // esc closes the panel

	guest, err := dialSession(t, srv.addr, clientConfig("bob"), "xterm-256color", 100, 24, "join "+token)
	if err != nil {
		t.Fatal(err)
	}
	// Each sees the other, the host first.
	for _, c := range []*client{host, guest} {
		c.waitFor("notes", "● shared: ada (host), bob")
	}
	if strings.Contains(guest.screen(), token) {
		t.Fatal("the guest's screen shows the token")
	}

	// Each sees the other's keystrokes.
	host.press("hi")
	guest.waitFor("hi")
	guest.press(" there")
	host.waitFor("hi there")

	// The host makes guests read-only: the guest's key is refused and says
	// why; the host's still types.
	token = host.invitation(token)
	host.press("r")
	host.press("\x1b")
	host.waitFor("bob (read-only)")
	guest.press("x")
	guest.waitFor("read-only: the host lets guests watch, not drive")
	host.press("!")
	guest.waitFor("hi there!")
	if strings.Contains(host.screen(), "therex") {
		t.Fatalf("a read-only guest typed:\n%s", host.screen())
	}

	// The token the panel showed last joins a third person, once.
	carol, err := dialSession(t, srv.addr, clientConfig("carol"), "xterm-256color", 100, 24, "join "+token)
	if err != nil {
		t.Fatal(err)
	}
	carol.waitFor("carol (read-only)")
	again, err := dialSession(t, srv.addr, clientConfig("dave"), "xterm-256color", 100, 24, "join "+token)
	if err != nil {
		t.Fatal(err)
	}
	if status := again.wait(); status != 1 || !strings.Contains(again.stderr.String(), "already used") {
		t.Fatalf("a second join with one token: status %d, stderr %q", status, again.stderr.String())
	}

	// The host ends the sharing: the guests are told and leave; the host
	// stays.
	host.invitation(token)
	host.press("e")
	for _, c := range []*client{guest, carol} {
		c.wait()
		if !strings.Contains(c.raw.String(), "the host ended the sharing") {
			t.Fatalf("a guest was not told the sharing ended: %q", c.raw.String())
		}
	}
	host.waitUntil("nobody shown sharing", func(s string) bool { return !strings.Contains(s, "● shared") })
	host.waitFor("hi there!")
}

// clock is a time a test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func TestJoinRefusesTokensThatDoNotWorkOverSSH(t *testing.T) {
	tests := []struct {
		name  string
		token func(t *testing.T, d *invite.Desk, c *clock, sess *tea.Session) string
		says  string
	}{
		{"no token", func(*testing.T, *invite.Desk, *clock, *tea.Session) string { return "" }, "join needs the invitation's token"},
		{"a token never made", func(*testing.T, *invite.Desk, *clock, *tea.Session) string { return strings.Repeat("A", 43) }, "no such invitation"},
		{"a token made for the web", func(t *testing.T, d *invite.Desk, _ *clock, sess *tea.Session) string {
			inv, err := d.Invite(sess, "ada", invite.Web)
			if err != nil {
				t.Fatal(err)
			}
			return inv.Token()
		}, "it works over web, not ssh"},
		{"a token past its time", func(t *testing.T, d *invite.Desk, c *clock, sess *tea.Session) string {
			inv, err := d.Invite(sess, "ada", invite.SSH)
			if err != nil {
				t.Fatal(err)
			}
			c.mu.Lock()
			c.now = c.now.Add(invite.DefaultTTL + time.Second)
			c.mu.Unlock()
			return inv.Token()
		}, "expired"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &clock{now: time.Now()}
			desk := invite.New(invite.Options{Now: c.Now})
			sessions := tea.NewSessions()
			t.Cleanup(sessions.StopAll)
			sess, err := sessions.Start(context.Background(), "s1", "notes", newNote(ssh.Info{}))
			if err != nil {
				t.Fatal(err)
			}
			srv := serve(t, ssh.Options{ModelFor: newNote, Invites: desk, Sessions: sessions})
			token := tt.token(t, desk, c, sess)
			cmd := strings.TrimSpace("join " + token)
			guest, err := dialSession(t, srv.addr, clientConfig("eve"), "xterm-256color", 80, 24, cmd)
			if err != nil {
				t.Fatal(err)
			}
			status := guest.wait()
			stderr := guest.stderr.String()
			if status != 1 || !strings.Contains(stderr, tt.says) {
				t.Fatalf("join: status %d, stderr %q; want 1 and %q", status, stderr, tt.says)
			}
			if token != "" && strings.Contains(stderr, token) {
				t.Fatalf("the refusal repeats the token: %q", stderr)
			}
			if n := len(sessions.List()); n != 1 {
				t.Fatalf("%d sessions: a refused join started one", n)
			}
		})
	}
}
