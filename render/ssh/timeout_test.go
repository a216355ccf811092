package ssh_test

import (
	"testing"
	"time"

	"github.com/facetui/facet/render/ssh"
)

func TestIdleSessionEndsWithAGoodbye(t *testing.T) {
	srv := serve(t, ssh.Options{IdleTimeout: 300 * time.Millisecond})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	// Nothing is typed: the real timer ends the session.
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status = %d, want 0", status)
	}
	c.waitFor("facet: no input for 300ms; goodbye (session ssh1)")
}

func TestKeysAndWindowChangesKeepASessionAlive(t *testing.T) {
	const idle = 30 * time.Minute
	var clock fakeClock
	srv := serve(t, ssh.Options{IdleTimeout: idle}, clock.install)
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	c.waitFor("count: 0")
	timer := clock.timer(t, idle)

	activity := []struct {
		name string
		do   func()
	}{
		{"a key", func() { c.press("\t") }},
		{"another key", func() { c.press("\t") }},
		{"a window change", func() { c.resize(70, 20) }},
		{"a third key", func() { c.press("\t") }}, // back to Decrement
	}
	for _, a := range activity {
		before := timer.resetCount()
		a.do()
		eventually(t, a.name+" restarted the idle timer", func() bool { return timer.resetCount() > before })
	}
	c.press("\t\r") // Increment
	c.waitFor("count: 1", "size: 70x20")
	if _, ok := srv.Sessions().Get("ssh1"); !ok {
		t.Fatal("the session ended before its idle timer fired")
	}

	// Silence ends it.
	timer.fire()
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status = %d, want 0", status)
	}
	c.waitFor("facet: no input for 30m0s; goodbye (session ssh1)")
}

func TestSessionEndsAtItsMaximumTime(t *testing.T) {
	const most = 4 * time.Hour
	var clock fakeClock
	srv := serve(t, ssh.Options{MaxTimeout: most, IdleTimeout: time.Hour}, clock.install)
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	c.waitFor("count: 0")
	// However busy the session is...
	c.press("\t\r")
	c.waitFor("count: 1")
	// ... its time runs out.
	clock.timer(t, most).fire()
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status = %d, want 0", status)
	}
	c.waitFor("facet: sessions last at most 4h0m0s; goodbye (session ssh1)")
}

func TestCloseSaysGoodbyeToEverySession(t *testing.T) {
	srv := serve(t, ssh.Options{})
	a := connect(t, srv.addr, clientConfig("a"), "xterm", 80, 24)
	b := connect(t, srv.addr, clientConfig("b"), "xterm", 80, 24)
	a.waitFor("count: 0")
	b.waitFor("count: 0")
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []*client{a, b} {
		c.wait()
		c.waitFor("facet: the server is shutting down; goodbye (session ssh")
	}
	if n := len(srv.Sessions().List()); n != 0 {
		t.Fatalf("%d sessions still running after Close", n)
	}
	if _, err := tryConnect(t, srv.addr, clientConfig("c"), "xterm", 80, 24); err == nil {
		t.Fatal("a closed server accepted a connection")
	}
}
