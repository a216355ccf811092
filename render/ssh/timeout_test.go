package ssh_test

import (
	"testing"
	"time"

	"github.com/facetui/facet/render/ssh"
)

func TestIdleSessionEndsWithAGoodbye(t *testing.T) {
	srv := serve(t, ssh.Options{IdleTimeout: 500 * time.Millisecond})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	c.waitFor("count: 0")
	// Keys keep it alive past the timeout...
	for range 3 { // back to Decrement
		c.press("\t")
		time.Sleep(250 * time.Millisecond)
	}
	c.press("\t\r") // Increment
	c.waitFor("count: 1")
	// ... and silence ends it.
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status = %d, want 0", status)
	}
	c.waitFor("facet: no input for 500ms; goodbye (session ssh1)")
}

func TestSessionEndsAtItsMaximumTime(t *testing.T) {
	srv := serve(t, ssh.Options{MaxTimeout: 700 * time.Millisecond})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm", 80, 24)
	c.waitFor("count: 0")
	start := time.Now()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for time.Since(start) < 3*time.Second {
			if _, err := c.keys.Write([]byte("\t")); err != nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	if status := c.wait(); status != 0 {
		t.Fatalf("exit status = %d, want 0", status)
	}
	<-done
	c.waitFor("facet: sessions last at most 700ms; goodbye (session ssh1)")
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
