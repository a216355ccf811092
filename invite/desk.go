package invite

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/facetui/facet/tea"
)

// DefaultTTL is how long an invitation works unless Options.TTL says
// otherwise.
const DefaultTTL = 10 * time.Minute

// tokenBytes is a token's length in random bytes: 256 bits.
const tokenBytes = 32

// Transport names the way a guest reaches a session. An invitation works
// only on the transport it was made for.
type Transport string

// The transports.
const (
	SSH Transport = "ssh"
	Web Transport = "web"
)

// The reasons Join refuses a token, and Guest.Allowed an input.
var (
	ErrUnknown        = errors.New("no such invitation: check the token, or ask for a new one")
	ErrUsed           = errors.New("the invitation was already used: each works once; ask for a new one")
	ErrExpired        = errors.New("the invitation expired: ask for a new one")
	ErrWrongTransport = errors.New("the invitation was made for another way in")
	ErrEnded          = errors.New("the sharing has ended")
	ErrReadOnly       = errors.New("read-only: the host lets guests watch, not drive")
)

// Options configure a Desk.
type Options struct {
	// TTL is how long an invitation works (DefaultTTL when 0).
	TTL time.Duration
	// Now tells the time (time.Now when nil).
	Now func() time.Time
	// Rand is where tokens come from (crypto/rand when nil).
	Rand io.Reader
}

// Desk hands out invitations to sessions and admits the guests who bring
// them. Its zero value is not usable: call New.
type Desk struct {
	opts Options

	mu      sync.Mutex
	pending map[[sha256.Size]byte]*pending // by the token's hash
	shares  map[*tea.Session]*Share
}

// pending is an invitation not yet used, or used (kept until it expires,
// to say so).
type pending struct {
	share     *Share
	transport Transport
	expires   time.Time
	used      bool
}

// New returns a Desk.
func New(opts Options) *Desk {
	if opts.TTL <= 0 {
		opts.TTL = DefaultTTL
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Rand == nil {
		opts.Rand = rand.Reader
	}
	return &Desk{opts: opts, pending: map[[sha256.Size]byte]*pending{}, shares: map[*tea.Session]*Share{}}
}

// Invitation is one invitation: its token, which only its inviter may see,
// the transport it works on, and when it expires.
type Invitation struct {
	token     string
	Session   string
	Transport Transport
	Expires   time.Time
}

// Token is the invitation's secret: put it in the command or link shown to
// the inviter, and nowhere else.
func (i Invitation) Token() string { return i.token }

// String describes the invitation without its token.
func (i Invitation) String() string {
	return fmt.Sprintf("invitation to %s over %s until %s", i.Session, i.Transport, i.Expires.Format(time.RFC3339))
}

// LogValue implements slog.LogValuer: the invitation without its token.
func (i Invitation) LogValue() slog.Value {
	return slog.GroupValue(slog.String("session", i.Session), slog.String("transport", string(i.Transport)), slog.Time("expires", i.Expires))
}

// Invite makes an invitation into sess on transport t. host names the
// inviter, as the guests see them.
func (d *Desk) Invite(sess *tea.Session, host string, t Transport) (Invitation, error) {
	if t != SSH && t != Web {
		return Invitation{}, fmt.Errorf("invite: transport %q: one of %s, %s", t, SSH, Web)
	}
	raw := make([]byte, tokenBytes)
	if _, err := io.ReadFull(d.opts.Rand, raw); err != nil {
		return Invitation{}, fmt.Errorf("invite: a token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	now := d.opts.Now()
	d.mu.Lock()
	defer d.mu.Unlock()
	d.sweep(now)
	sh := d.shares[sess]
	if sh == nil || sh.ended {
		sh = &Share{desk: d, sess: sess, host: host, guests: map[*Guest]bool{}, over: make(chan struct{})}
		d.shares[sess] = sh
		// The sharing ends with the session.
		go func() {
			select {
			case <-sess.Runtime.Done():
				sh.End()
			case <-sh.over:
			}
		}()
	}
	inv := Invitation{token: token, Session: sess.ID, Transport: t, Expires: now.Add(d.opts.TTL)}
	d.pending[sha256.Sum256([]byte(token))] = &pending{share: sh, transport: t, expires: inv.Expires}
	return inv, nil
}

// Share returns the sharing of sess, for its inviter's controls, or false
// while nobody has been invited into it (or the sharing has ended).
func (d *Desk) Share(sess *tea.Session) (*Share, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	sh := d.shares[sess]
	return sh, sh != nil && !sh.ended
}

// Join redeems token, brought over transport t, for a guest who wants to
// be called name: the guest, in the session. A token works once, on its
// transport only, before it expires and while the sharing lasts; a refusal
// wraps ErrUnknown, ErrUsed, ErrExpired, ErrWrongTransport or ErrEnded,
// and never repeats the token.
func (d *Desk) Join(ctx context.Context, token string, t Transport, name string) (*Guest, error) {
	now := d.opts.Now()
	d.mu.Lock()
	p := d.pending[sha256.Sum256([]byte(token))]
	var err error
	switch {
	case p == nil:
		err = ErrUnknown
	case p.used:
		err = ErrUsed
	case !now.Before(p.expires):
		err = ErrExpired
	case p.transport != t:
		err = fmt.Errorf("%w: it works over %s, not %s", ErrWrongTransport, p.transport, t)
	case p.share.ended:
		err = ErrEnded
	}
	if err != nil {
		d.mu.Unlock()
		return nil, fmt.Errorf("invite: %w", err)
	}
	p.used = true
	sh := p.share
	g := &Guest{share: sh, name: sh.freeName(name), done: make(chan struct{})}
	first := len(sh.guests) == 0
	sh.guests[g] = true
	readOnly := sh.readOnly
	d.mu.Unlock()

	if first {
		if _, err := sh.sess.Dispatch(ctx, tea.JoinMsg{Person: tea.Person{Name: sh.host}}); err != nil {
			g.Leave()
			return nil, fmt.Errorf("invite: join %s: %w", sh.sess.ID, err)
		}
	}
	if _, err := sh.sess.Dispatch(ctx, tea.JoinMsg{Person: tea.Person{Name: g.name, ReadOnly: readOnly}}); err != nil {
		g.Leave()
		return nil, fmt.Errorf("invite: join %s: %w", sh.sess.ID, err)
	}
	return g, nil
}

// sweep forgets invitations past their expiry. The caller holds mu.
func (d *Desk) sweep(now time.Time) {
	for k, p := range d.pending {
		if !now.Before(p.expires) {
			delete(d.pending, k)
		}
	}
}

// freeName is name, or name and a number when a guest (or the host)
// already has it. The caller holds the desk's mu.
func (s *Share) freeName(name string) string {
	if name == "" {
		name = "guest"
	}
	taken := func(n string) bool {
		if n == s.host {
			return true
		}
		for g := range s.guests {
			if g.name == n {
				return true
			}
		}
		return false
	}
	out := name
	for i := 2; taken(out); i++ {
		out = name + " " + strconv.Itoa(i)
	}
	return out
}
