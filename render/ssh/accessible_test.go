package ssh_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/facetui/facet/render/ssh"
)

// Over SSH the accessible mode is per connection: a client that sends
// ACCESSIBLE=1 hears plain lines, with no escape sequence at all, while
// another on the same server sees the drawn screen; Options.Accessible
// gives it to every connection.
func TestAccessibleModeOverSSH(t *testing.T) {
	srv := serve(t, ssh.Options{})
	c := connect(t, srv.addr, clientConfig("ada"), "xterm-256color", 100, 30, "ACCESSIBLE", "1")
	c.waitFor("count: 0", "button Increment", "focus: button Decrement")
	c.press("\t\r") // Tab to Increment, Enter presses it
	c.waitFor("focus: button Increment", "count: 1")
	if raw := c.raw.String(); strings.ContainsAny(raw, "\x1b╭─│") {
		t.Fatalf("the accessible connection got escape sequences or box drawing: %q", raw)
	}
	if !strings.HasSuffix(c.raw.String(), "\r\n") {
		t.Fatalf("the accessible connection's output does not end a line: %q", c.raw.String())
	}

	drawn := connect(t, srv.addr, clientConfig("bob"), "xterm-256color", 100, 30)
	drawn.waitFor("count: 0", "Increment")
	if !strings.Contains(drawn.raw.String(), "\x1b[?1049h") {
		t.Fatal("a connection that did not ask for the accessible mode is not drawn on the alternate screen")
	}

	all := serve(t, ssh.Options{Accessible: true})
	a := connect(t, all.addr, clientConfig("cy"), "xterm-256color", 100, 30)
	a.waitFor("count: 0", "focus: button Decrement")
	if raw := a.raw.String(); strings.Contains(raw, "\x1b") {
		t.Fatalf("with Options.Accessible a connection got escape sequences: %q", raw)
	}
}

// colourSGR matches an SGR sequence that sets a colour (foreground,
// background or underline).
var colourSGR = regexp.MustCompile(`\x1b\[(?:[0-9;:]*;)?(?:3[0-8]|4[0-8]|58|9[0-7]|10[0-7])(?:[;:][0-9;:]*)?m`)

// A client's NO_COLOR, whatever its value, draws its connection without
// colour; a client without it gets colour.
func TestNoColorOverSSH(t *testing.T) {
	srv := serve(t, ssh.Options{})
	plain := connect(t, srv.addr, clientConfig("ada"), "xterm-256color", 100, 30, "NO_COLOR", "yes", "COLORTERM", "truecolor")
	plain.waitFor("count: 0", "Increment")
	if m := colourSGR.FindString(plain.raw.String()); m != "" {
		t.Fatalf("with NO_COLOR=yes the connection got colour: %q", m)
	}
	coloured := connect(t, srv.addr, clientConfig("bob"), "xterm-256color", 100, 30, "COLORTERM", "truecolor")
	coloured.waitFor("count: 0", "Increment")
	if colourSGR.FindString(coloured.raw.String()) == "" {
		t.Fatal("without NO_COLOR the connection has no colour: the test proves nothing")
	}
}
