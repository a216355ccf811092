package ssh

import (
	"context"
	"errors"
	"fmt"
	"net"

	charmssh "charm.land/ssh"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// JoinCommand is the command a guest gives ssh to join a session with an
// invitation: ssh -t host join TOKEN.
const JoinCommand = "join"

// errSharingEnded ends a guest's connection when the inviter ends the
// sharing.
var errSharingEnded = errors.New("the sharing has ended")

// joinToken is the token of a join command (ssh -t host join TOKEN), and
// whether the connection asked to join.
func joinToken(cmd []string) (string, bool) {
	if len(cmd) == 0 || cmd[0] != JoinCommand {
		return "", false
	}
	if len(cmd) != 2 {
		return "", true
	}
	return cmd[1], true
}

// join admits a connection that asked to join (ssh -t host join TOKEN)
// into the session its token invites to, as a guest named by the user it
// logged in as. A refusal says why, never repeating the token.
func (s *Server) join(ctx context.Context, token, user string) (*invite.Guest, error) {
	if s.opts.Invites == nil {
		return nil, errors.New("facet: this server shares no sessions: connect without a command for one of your own")
	}
	if token == "" {
		return nil, errors.New("facet: join needs the invitation's token: ssh -t host join TOKEN")
	}
	g, err := s.opts.Invites.Join(ctx, token, invite.SSH, user)
	if err != nil {
		return nil, fmt.Errorf("facet: %w", err)
	}
	return g, nil
}

// inviteOptions are the terminal options of a connection's person: the
// invitation key when the server shares sessions (its command names the
// address the client reached), or a guest's terminal.
func (s *Server) inviteOptions(sess charmssh.Session, session *tea.Session, user string, guest *invite.Guest) []terminal.Option {
	if guest != nil {
		return []terminal.Option{terminal.WithGuest(guest), terminal.WithDetachKey("")}
	}
	if s.opts.Invites == nil {
		return nil
	}
	addr := sess.LocalAddr().String()
	return []terminal.Option{terminal.WithInvites(terminal.Invites{
		Desk: s.opts.Invites, Session: session, Host: user, Transport: invite.SSH,
		Command: func(token string) string { return joinCommandLine(addr, token) },
	})}
}

// joinCommandLine is the command that joins with token at addr, the
// address this server was reached on: ssh -t [-p PORT] HOST join TOKEN.
func joinCommandLine(addr, token string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, "22"
	}
	if ip := net.ParseIP(host); ip != nil && ip.To4() == nil {
		host = "[" + host + "]"
	}
	if port == "22" {
		return fmt.Sprintf("ssh -t %s %s %s", host, JoinCommand, token)
	}
	return fmt.Sprintf("ssh -t -p %s %s %s %s", port, host, JoinCommand, token)
}

// sessionDone is a context that ends when the guest's sharing ends.
func sessionDone(g *invite.Guest) context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer cancel()
		<-g.Done()
	}()
	return ctx
}
