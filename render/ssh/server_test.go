package ssh_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

func TestSessionIsDrivenByKeysAndFollowsTheWindow(t *testing.T) {
	srv := serve(t, ssh.Options{})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm-256color", 80, 24)
	c.waitFor("session: ssh1 user: ada term: xterm-256color", "count: 0", "size: 80x24", "╭─ Actions")
	// Wide: the buttons sit side by side.
	if s := c.screen(); lineWith(s, "Decrement") != lineWith(s, "Increment") {
		t.Fatalf("at 80 columns the buttons should share a line:\n%s", s)
	}

	c.press("\r") // focus starts on Decrement
	c.waitFor("count: -1")
	c.press("\t\r \r") // Increment, three times
	c.waitFor("count: 2")
	c.press("\x1b[Z\r") // Shift+Tab back to Decrement
	c.waitFor("count: 1")

	// Narrow: the app is told the new size and stacks its buttons.
	c.resize(40, 20)
	c.waitFor("size: 40x20")
	c.waitUntil("the buttons stacked", func(s string) bool {
		dec, inc := lineWith(s, "Decrement"), lineWith(s, "Increment")
		return dec >= 0 && inc > dec
	})
	c.resize(100, 30)
	c.waitFor("size: 100x30")
	c.waitUntil("the buttons side by side again", func(s string) bool {
		dec := lineWith(s, "Decrement")
		return dec >= 0 && dec == lineWith(s, "Increment")
	})

	c.press("\x03") // Ctrl+C
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status after Ctrl+C = %d, want 0", status)
	}
	c.waitFor("facet: goodbye (session ssh1")
}

func TestAppQuittingEndsTheConnectionWithAGoodbye(t *testing.T) {
	srv := serve(t, ssh.Options{})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	c.waitFor("count: 0")
	c.press("\t\t\r") // Quit
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status = %d, want 0", status)
	}
	c.waitFor("facet: goodbye (session ssh1")
	if c.emu.IsAltScreen() {
		t.Error("the client's terminal was left on the alternate screen")
	}
}

func TestConnectionWithoutAPTYIsRefused(t *testing.T) {
	srv := serve(t, ssh.Options{})
	conn, err := gossshDial(srv.addr, clientConfig("ada"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.CombinedOutput("")
	if status := exitStatus(t, err); status == 0 {
		t.Fatalf("exit status = 0, want non-zero; output %q", out)
	}
	want := "facet: this server needs an interactive terminal; connect with ssh -t"
	if !strings.Contains(string(out), want) {
		t.Fatalf("output = %q, want %q", out, want)
	}
	if n := len(srv.Sessions().List()); n != 0 {
		t.Fatalf("%d sessions started for a refused connection", n)
	}
}

func TestSessionCapRefusesPolitely(t *testing.T) {
	srv := serve(t, ssh.Options{MaxSessions: 2})
	first := connect(t, srv.addr, clientConfig("a"), "xterm", 80, 24)
	first.waitFor("session: ssh")
	second := connect(t, srv.addr, clientConfig("b"), "xterm", 80, 24)
	second.waitFor("session: ssh")

	third := connect(t, srv.addr, clientConfig("c"), "xterm", 80, 24)
	if status := third.wait(); status != 1 {
		t.Fatalf("exit status over the cap = %d, want 1", status)
	}
	want := "facet: sorry, the server is full (at most 2 sessions at once); please try again in a while"
	if got := third.stderr.String(); !strings.Contains(got, want) {
		t.Fatalf("stderr over the cap = %q, want %q", got, want)
	}

	// A session ending frees its slot.
	first.press("\x03")
	first.wait()
	fourth := connect(t, srv.addr, clientConfig("d"), "xterm", 80, 24)
	fourth.waitFor("user: d", "count: 0")
}

func TestSessionsAreSharedThroughTheRegistry(t *testing.T) {
	sessions := tea.NewSessions()
	started := make(chan *tea.Session, 1)
	srv := serve(t, ssh.Options{
		Sessions:  sessions,
		App:       tea.App{Name: "counter"},
		OnSession: func(_ context.Context, s *tea.Session) { started <- s },
	})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	var sess *tea.Session
	select {
	case sess = <-started:
	case <-time.After(wait):
		t.Fatal("OnSession was not called")
	}
	if sess.ID != "ssh1" || sess.App != "counter" {
		t.Fatalf("session = %s of %s, want ssh1 of counter", sess.ID, sess.App)
	}
	if got, ok := sessions.Get("ssh1"); !ok || got != sess {
		t.Fatal("the session is not in the registry")
	}
	c.waitFor("count: 0")

	// Another renderer (an agent) changes the session: the SSH screen shows it.
	if _, err := sess.Dispatch(context.Background(), incMsg{}); err != nil {
		t.Fatal(err)
	}
	c.waitFor("count: 1")
	// The person's keys change what the other renderer reads.
	c.press("\t\r")
	eventually(t, "the person's Increment reached the session", func() bool {
		return sess.Snapshot().Model.(counterApp).count == 2
	})

	// Hanging up stops the session.
	_ = c.conn.Close()
	select {
	case <-sess.Done():
	case <-time.After(wait):
		t.Fatal("the session kept running after the client hung up")
	}
	eventually(t, "the registry emptied after the client hung up", func() bool {
		return len(sessions.List()) == 0
	})
}

func TestClientThatClosesItsInputStillWatchesAndResizes(t *testing.T) {
	srv := serve(t, ssh.Options{})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	c.waitFor("count: 0")
	c.press("\t\r")
	c.waitFor("count: 1")
	if err := c.keys.Close(); err != nil { // like ssh -t host < /dev/null
		t.Fatal(err)
	}
	c.resize(50, 20)
	c.waitFor("size: 50x20")
	sess, ok := srv.Sessions().Get("ssh1")
	if !ok {
		t.Fatal("the session ended when the client's input did")
	}
	if _, err := sess.Dispatch(context.Background(), incMsg{}); err != nil {
		t.Fatal(err)
	}
	c.waitFor("count: 2")
}

// TestTimeTravelFramesReachEachConnection: TimeTravelFrames reaches every
// connection's terminal. By default a connection keeps
// DefaultTimeTravelFrames frames: after more changes than that, stepping
// back stops at the oldest kept. With a negative number time travel is off
// and F7 is the app's.
func TestTimeTravelFramesReachEachConnection(t *testing.T) {
	for _, tc := range []struct {
		name   string
		frames int
		// oldest is the count the oldest frame kept shows after 30
		// changes; "" when time travel is off.
		oldest string
	}{
		{"default", 0, fmt.Sprintf("count: %d", 30-ssh.DefaultTimeTravelFrames+1)},
		{"three", 3, "count: 28"},
		{"off", -1, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := serve(t, ssh.Options{TimeTravelFrames: tc.frames, App: tea.App{Name: "keys", New: func() tea.Model { return f7Counter{} }}})
			c := connect(t, srv.addr, clientConfig("ada"), "xterm-256color", 80, 24)
			c.waitFor("count: 0, f7: 0")
			for n := 1; n <= 30; n++ {
				c.press("+")
				c.waitFor(fmt.Sprintf("count: %d,", n))
			}
			if tc.oldest == "" {
				c.press("\x1b[18~") // F7
				c.waitFor("count: 30, f7: 1")
				return
			}
			for range 40 {
				c.press("\x1b[18~")
			}
			c.waitFor(tc.oldest+", f7: 0", "viewing frame")
		})
	}
}

// f7Counter counts the "+" keys and the F7 keys that reach it.
type f7Counter struct{ count, f7 int }

func (f7Counter) Init() tea.Cmd { return nil }

func (m f7Counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		switch {
		case k.Code == tea.KeyF7:
			m.f7++
		case k.Text() == "+":
			m.count++
		}
	}
	return m, nil
}

func (m f7Counter) View() tea.Node {
	return tea.Label(fmt.Sprintf("count: %d, f7: %d", m.count, m.f7))
}
