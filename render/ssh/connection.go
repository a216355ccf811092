package ssh

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	bt "charm.land/bubbletea/v2"
	charmssh "charm.land/ssh"
	"github.com/charmbracelet/colorprofile"
	gossh "golang.org/x/crypto/ssh"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

// handle serves one SSH session: it checks for a PTY and a free slot,
// starts the app as a session, runs the terminal program on the channel
// until it ends, and says goodbye.
func (s *Server) handle(sess charmssh.Session) {
	pty, winch, ok := sess.Pty()
	if !ok {
		s.logger.Info("ssh: refused a session without a PTY", "user", sess.User(), "remote", sess.RemoteAddr().String())
		refuse(sess, msgNoPTY)
		return
	}
	done, ok := s.track()
	if !ok {
		refuse(sess, "facet: "+errShutdown.Error())
		return
	}
	defer done()
	release, ok := s.limit.acquire()
	if !ok {
		s.logger.Info("ssh: refused a session over the cap", "max", s.opts.MaxSessions, "remote", sess.RemoteAddr().String())
		refuse(sess, fmt.Sprintf(msgFull, s.opts.MaxSessions))
		return
	}
	// Released before the client is told the session ended (below), so a
	// client that reconnects at once finds the slot free.
	release = sync.OnceFunc(release)
	defer release()

	// The session's context ends with the reason it ended.
	ctx, cancel := context.WithCancelCause(context.WithoutCancel(sess.Context()))
	defer cancel(nil)
	defer context.AfterFunc(sess.Context(), func() { cancel(errDisconnected) })()
	defer context.AfterFunc(s.base, func() { cancel(context.Cause(s.base)) })()
	if s.opts.MaxTimeout > 0 {
		t := s.afterFunc(s.opts.MaxTimeout, func() { cancel(errMaxTime) })
		defer t.Stop()
	}
	active := func() {}
	if s.opts.IdleTimeout > 0 {
		t := s.afterFunc(s.opts.IdleTimeout, func() { cancel(errIdle) })
		defer t.Stop()
		active = func() { t.Reset(s.opts.IdleTimeout) }
	}

	width, height := s.window.clamp(pty.Window.Width, pty.Window.Height)
	if width != pty.Window.Width || height != pty.Window.Height {
		s.logger.Info("ssh: window clamped", "remote", sess.RemoteAddr().String(),
			"asked", fmt.Sprintf("%dx%d", pty.Window.Width, pty.Window.Height), "given", fmt.Sprintf("%dx%d", width, height))
	}
	env := append(sess.Environ(), "TERM="+pty.Term)
	info := Info{
		User:       sess.User(),
		RemoteAddr: sess.RemoteAddr(),
		PublicKey:  fingerprint(sess.PublicKey()),
		Term:       pty.Term,
		Width:      width,
		Height:     height,
		Environ:    env,
	}
	var session *tea.Session
	var guest *invite.Guest
	if token, joining := joinToken(sess.Command()); joining {
		g, err := s.join(ctx, token, info.User)
		if err != nil {
			s.logger.Info("ssh: join refused", "user", info.User, "remote", sess.RemoteAddr().String(), "err", err)
			refuse(sess, err.Error())
			return
		}
		guest, session = g, g.Session()
		// A guest leaves the session as they found it: running.
		defer guest.Leave()
		defer context.AfterFunc(sessionDone(guest), func() { cancel(errSharingEnded) })()
	} else {
		var err error
		session, err = s.start(ctx, info)
		if err != nil {
			s.logger.Error("ssh: session did not start", "remote", sess.RemoteAddr().String(), "err", err)
			refuse(sess, fmt.Sprintf(msgStart, err))
			return
		}
		defer func() { _ = s.sessions.Stop(session.ID) }()
	}
	started := time.Now()
	s.logger.Info("ssh: session started", "id", session.ID, "user", info.User, "remote", info.RemoteAddr.String(),
		"key", info.PublicKey, "term", info.Term, "width", width, "height", height)
	if s.opts.OnSession != nil && guest == nil {
		s.opts.OnSession(ctx, session)
	}

	in := newInput(ctx, sess, winch, s.window, active)
	detachKey := terminal.DefaultDetachKey
	if s.opts.NoAgents {
		detachKey = ""
	}
	topts := []terminal.Option{
		terminal.WithRuntime(session.Runtime),
		terminal.WithDetachKey(detachKey),
		terminal.WithInput(in),
		terminal.WithOutput(sess),
		terminal.WithSize(width, height),
		terminal.WithAppName(s.app),
		terminal.WithAgentLabel(s.opts.AgentLabel),
		terminal.WithTheme(s.opts.Theme),
		// One cell-buffer renderer per connection costs more than the app.
		terminal.WithLineOutput(),
		terminal.WithProgramOptions(
			bt.WithEnvironment(env),
			bt.WithColorProfile(colorprofile.Env(env)),
			// Signals are the server process's, not this session's.
			bt.WithoutSignalHandler(),
			bt.WithFilter(s.window.filter),
		),
		// The client's NO_COLOR, not the server's.
		terminal.WithEnviron(env),
	}
	frames := s.opts.TimeTravelFrames
	if frames == 0 {
		frames = DefaultTimeTravelFrames
	}
	topts = append(topts, terminal.WithTimeTravel(max(frames, 0)))
	topts = append(topts, s.inviteOptions(sess, session, info.User, guest)...)
	if s.opts.Accessible || terminal.AccessibleEnv(env) {
		topts = append(topts, terminal.WithAccessible())
	}
	err := terminal.Run(ctx, nil, topts...)
	_ = in.Close()
	cause := context.Cause(ctx)
	lasted := time.Since(started)
	s.logger.Info("ssh: session ended", "id", session.ID, "lasted", lasted.Round(time.Millisecond), "cause", causeText(cause), "err", err)
	if line := s.goodbye(session.ID, cause, lasted); line != "" {
		_, _ = io.WriteString(sess, line+"\n")
	}
	status := 0
	if err != nil && !errors.Is(err, context.Canceled) {
		status = 1
	}
	release()
	_ = sess.Exit(status)
}

// newModel makes the model of the connection info describes: with
// Options.ModelFor, or Options.App's constructor.
func (s *Server) newModel(info Info) tea.Model {
	if s.opts.ModelFor != nil {
		return s.opts.ModelFor(info)
	}
	return s.opts.App.New()
}

// start makes the connection's model and starts it as the next free
// session id: ssh1, ssh2, ...
func (s *Server) start(ctx context.Context, info Info) (*tea.Session, error) {
	for range 1000 {
		info.ID = fmt.Sprintf("ssh%d", s.nextID.Add(1))
		m := s.newModel(info)
		if m == nil {
			return nil, errors.New("ssh: the app's constructor returned nil")
		}
		sess, err := s.sessions.Start(ctx, info.ID, s.app, m,
			tea.WithSize(info.Width, info.Height), tea.WithLogger(s.logger))
		if errors.Is(err, tea.ErrSessionExists) {
			continue // another server shares the registry
		}
		return sess, err
	}
	return nil, errors.New("ssh: no free session id")
}

// refuse tells the client why on its error stream and exits with status 1.
func refuse(sess charmssh.Session, msg string) {
	_, _ = io.WriteString(sess.Stderr(), msg+"\n")
	_ = sess.Exit(1)
}

// fingerprint is key's SHA256 fingerprint, "" for no key.
func fingerprint(key charmssh.PublicKey) string {
	if key == nil {
		return ""
	}
	return gossh.FingerprintSHA256(key)
}

func causeText(err error) string {
	if err == nil {
		return "quit"
	}
	return err.Error()
}
