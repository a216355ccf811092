package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"net"
	"strings"

	bt "charm.land/bubbletea/v2"
	charmssh "charm.land/ssh"
	"charm.land/wish/v2"
	wishtea "charm.land/wish/v2/bubbletea"
	gossh "golang.org/x/crypto/ssh"
)

// plainCounter is the baseline: the counter demo written the plain Charm
// way, a Bubble Tea v2 model whose view is a string. It draws what the
// Facet counter draws and counts Enter presses.
type plainCounter struct{ count int }

func (plainCounter) Init() bt.Cmd { return nil }

func (c plainCounter) Update(msg bt.Msg) (bt.Model, bt.Cmd) {
	if k, ok := msg.(bt.KeyPressMsg); ok {
		switch k.String() {
		case "enter", "space":
			c.count++
		case "ctrl+c", "q":
			return c, bt.Quit
		}
	}
	return c, nil
}

func (c plainCounter) View() bt.View {
	var b strings.Builder
	fmt.Fprintf(&b, "Count: %d\n\n", c.count)
	b.WriteString("╭────╮  ╭────╮  ╭───────╮\n")
	b.WriteString("│ +1 │  │ −1 │  │ Reset │\n")
	b.WriteString("╰────╯  ╰────╯  ╰───────╯\n\n")
	b.WriteString("tab: next button · enter/space: press")
	return bt.NewView(b.String())
}

// servePlain serves the plain counter over wish v2 on l until ctx ends.
func servePlain(ctx context.Context, l net.Listener) error {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("plain: host key: %w", err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return fmt.Errorf("plain: host key: %w", err)
	}
	srv, err := wish.NewServer(
		func(s *charmssh.Server) error { s.AddHostKey(signer); return nil },
		wish.WithMiddleware(wishtea.Middleware(func(charmssh.Session) (bt.Model, []bt.ProgramOption) {
			return plainCounter{}, nil
		})),
	)
	if err != nil {
		return fmt.Errorf("plain: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { _ = srv.Close() })
	defer stop()
	if err := srv.Serve(l); err != nil && ctx.Err() == nil {
		return fmt.Errorf("plain: serve: %w", err)
	}
	return nil
}
