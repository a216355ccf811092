package ssh_test

import (
	"strings"
	"testing"

	"github.com/facetui/facet/render/ssh"
	"github.com/facetui/facet/tea"
)

func TestColourProfileFollowsEachClientsTerminal(t *testing.T) {
	infos := make(chan ssh.Info, 2)
	srv := serve(t, ssh.Options{ModelFor: func(info ssh.Info) tea.Model {
		infos <- info
		return newCounter(info)
	}})
	truecolor := connect(t, srv.addr, clientConfig("a"), "xterm-256color", 80, 24, "COLORTERM", "truecolor")
	truecolor.waitFor("count: 0", "enter press")
	basic := connect(t, srv.addr, clientConfig("b"), "xterm", 80, 24)
	basic.waitFor("count: 0", "enter press")

	first, second := <-infos, <-infos
	if first.Term != "xterm-256color" || !contains(first.Environ, "COLORTERM=truecolor") || !contains(first.Environ, "TERM=xterm-256color") {
		t.Errorf("first client's info = %+v", first)
	}
	if second.Term != "xterm" || second.Width != 80 || second.Height != 24 {
		t.Errorf("second client's info = %+v", second)
	}
	// 24-bit colours only for the terminal that says it has them.
	if !strings.Contains(truecolor.raw.String(), "38;2;") {
		t.Error("the truecolor client got no 24-bit colour")
	}
	if out := basic.raw.String(); strings.Contains(out, "38;2;") || strings.Contains(out, "38;5;") {
		t.Error("the 16-colour xterm client got 256 or 24-bit colours")
	}
	if !strings.Contains(basic.raw.String(), "\x1b[") {
		t.Error("the xterm client got no escape sequences at all")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
