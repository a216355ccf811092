package invite_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
)

// blank is an app with nothing in it.
type blank struct{}

func (blank) Init() tea.Cmd                         { return nil }
func (b blank) Update(tea.Msg) (tea.Model, tea.Cmd) { return b, nil }
func (blank) View() tea.Node                        { return tea.Label("blank") }

// clock is a time a test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// desk returns a desk on a test clock and a running session.
func desk(t *testing.T) (*invite.Desk, *clock, *tea.Session) {
	t.Helper()
	c := &clock{now: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	sessions := tea.NewSessions()
	t.Cleanup(sessions.StopAll)
	sess, err := sessions.Start(context.Background(), "s1", "blank", blank{})
	if err != nil {
		t.Fatal(err)
	}
	return invite.New(invite.Options{Now: c.Now}), c, sess
}

func TestJoinRefusesTokensThatDoNotWork(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		// use spends the invitation, or the desk's time, before the join.
		use       func(t *testing.T, d *invite.Desk, c *clock, sess *tea.Session, inv invite.Invitation)
		token     func(inv invite.Invitation) string
		transport invite.Transport
		is        error
		says      string
	}{
		{"a token never made", nil, func(invite.Invitation) string { return "nope" }, invite.SSH, invite.ErrUnknown, "no such invitation"},
		{"a token used once already", func(t *testing.T, d *invite.Desk, _ *clock, _ *tea.Session, inv invite.Invitation) {
			if _, err := d.Join(ctx, inv.Token(), invite.SSH, "bob"); err != nil {
				t.Fatal(err)
			}
		}, invite.Invitation.Token, invite.SSH, invite.ErrUsed, "already used"},
		{"a token past its time", func(_ *testing.T, _ *invite.Desk, c *clock, _ *tea.Session, _ invite.Invitation) {
			c.add(invite.DefaultTTL)
		}, invite.Invitation.Token, invite.SSH, invite.ErrExpired, "expired"},
		{"a token on another transport", nil, invite.Invitation.Token, invite.Web, invite.ErrWrongTransport, "works over ssh, not web"},
		{"a token after the sharing ended", func(t *testing.T, d *invite.Desk, _ *clock, sess *tea.Session, _ invite.Invitation) {
			other, err := d.Invite(sess, "ada", invite.SSH)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.Join(ctx, other.Token(), invite.SSH, "carol"); err != nil {
				t.Fatal(err)
			}
			sh, _ := d.Share(sess)
			sh.End()
		}, invite.Invitation.Token, invite.SSH, invite.ErrEnded, "ended"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, c, sess := desk(t)
			inv, err := d.Invite(sess, "ada", invite.SSH)
			if err != nil {
				t.Fatal(err)
			}
			if tt.use != nil {
				tt.use(t, d, c, sess, inv)
			}
			token := tt.token(inv)
			g, err := d.Join(ctx, token, tt.transport, "eve")
			if g != nil || !errors.Is(err, tt.is) || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("Join = %v, %v; want an error wrapping %v saying %q", g, err, tt.is, tt.says)
			}
			if strings.Contains(err.Error(), inv.Token()) {
				t.Fatalf("the refusal repeats the token: %v", err)
			}
		})
	}
}

// A token is 256 random bits, different each time, and never printed.
func TestInvitationsKeepTheirTokensSecret(t *testing.T) {
	d, _, sess := desk(t)
	seen := map[string]bool{}
	for range 100 {
		inv, err := d.Invite(sess, "ada", invite.Web)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := base64.RawURLEncoding.DecodeString(inv.Token())
		if err != nil || len(raw) < 16 {
			t.Fatalf("token %q: %d bytes, %v; want at least 128 bits", inv.Token(), len(raw), err)
		}
		if seen[inv.Token()] {
			t.Fatal("a token came twice")
		}
		seen[inv.Token()] = true
		var logged bytes.Buffer
		slog.New(slog.NewTextHandler(&logged, nil)).Info("made", "invitation", inv)
		for _, shown := range []string{inv.String(), fmt.Sprint(inv), fmt.Sprintf("%v", inv), logged.String()} {
			if strings.Contains(shown, inv.Token()) {
				t.Fatalf("the token shows in %q", shown)
			}
		}
	}
}

// Two people on one session: both in its presence, the inviter first; the
// inviter makes the guest read-only, and ends the sharing.
func TestAGuestJoinsIsMadeReadOnlyAndLeavesWhenTheSharingEnds(t *testing.T) {
	ctx := context.Background()
	d, _, sess := desk(t)
	if _, ok := d.Share(sess); ok {
		t.Fatal("a session nobody was invited to is shared")
	}
	inv, err := d.Invite(sess, "ada", invite.SSH)
	if err != nil {
		t.Fatal(err)
	}
	g, err := d.Join(ctx, inv.Token(), invite.SSH, "ada")
	if err != nil {
		t.Fatal(err)
	}
	if g.Session() != sess || g.Name() != "ada 2" || g.Host() != "ada" || g.Source() != "guest:ada 2" {
		t.Fatalf("guest %q of %q in %s", g.Name(), g.Host(), g.Session().ID)
	}
	people := func() []tea.Person { return sess.Snapshot().Presence.People }
	if got := people(); !slices.Equal(got, []tea.Person{{Name: "ada"}, {Name: "ada 2"}}) {
		t.Fatalf("people %v", got)
	}
	if err := g.Allowed(); err != nil {
		t.Fatalf("a guest may not act: %v", err)
	}
	sh, ok := d.Share(sess)
	if !ok || !slices.Equal(sh.Guests(), []string{"ada 2"}) {
		t.Fatalf("share %v %v", ok, sh.Guests())
	}
	sh.SetReadOnly(true)
	if err := g.Allowed(); !errors.Is(err, invite.ErrReadOnly) || !strings.Contains(err.Error(), "watch, not drive") {
		t.Fatalf("a read-only guest: %v", err)
	}
	if got := people(); !slices.Equal(got, []tea.Person{{Name: "ada"}, {Name: "ada 2", ReadOnly: true}}) {
		t.Fatalf("people once read-only %v", got)
	}
	sh.SetReadOnly(false)
	if err := g.Allowed(); err != nil {
		t.Fatalf("a guest let drive again: %v", err)
	}
	sh.End()
	select {
	case <-g.Done():
	default:
		t.Fatal("the guest's Done is open after the sharing ended")
	}
	if err := g.Allowed(); !errors.Is(err, invite.ErrEnded) {
		t.Fatalf("after the end: %v", err)
	}
	if got := people(); len(got) != 0 {
		t.Fatalf("people after the end %v", got)
	}
	if _, ok := d.Share(sess); ok {
		t.Fatal("the session is still shared")
	}
}

// A guest who leaves is no longer seen; the last one leaving leaves the
// inviter alone.
func TestAGuestLeaves(t *testing.T) {
	ctx := context.Background()
	d, _, sess := desk(t)
	join := func(name string) *invite.Guest {
		inv, err := d.Invite(sess, "ada", invite.Web)
		if err != nil {
			t.Fatal(err)
		}
		g, err := d.Join(ctx, inv.Token(), invite.Web, name)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	bob, carol := join("bob"), join("carol")
	bob.Leave()
	bob.Leave()
	if got := sess.Snapshot().Presence.People; !slices.Equal(got, []tea.Person{{Name: "ada"}, {Name: "carol"}}) {
		t.Fatalf("people after bob left %v", got)
	}
	carol.Leave()
	if got := sess.Snapshot().Presence.People; len(got) != 0 {
		t.Fatalf("people after everyone left %v", got)
	}
}

// When the shared session stops, the sharing ends with it: the guest is
// told, and the desk keeps nothing of it.
func TestTheSharingEndsWithTheSession(t *testing.T) {
	d, _, sess := desk(t)
	inv, err := d.Invite(sess, "ada", invite.SSH)
	if err != nil {
		t.Fatal(err)
	}
	g, err := d.Join(context.Background(), inv.Token(), invite.SSH, "bob")
	if err != nil {
		t.Fatal(err)
	}
	sess.Runtime.Stop()
	<-g.Done()
	if _, ok := d.Share(sess); ok {
		t.Fatal("a stopped session is still shared")
	}
	if err := g.Allowed(); !errors.Is(err, invite.ErrEnded) {
		t.Fatalf("a guest of a stopped session: %v", err)
	}
}
