package terminal

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// DefaultInviteKey is the key that shows the person a one-time command
// that lets another person join the session (WithInvites): a single
// control byte (0x0f) every terminal and SSH client sends as it is.
const DefaultInviteKey = "ctrl+o"

// The keys of the invitation's panel while it is open: the guests
// read-only (or driving again), the sharing ended, the panel closed.
const (
	InviteReadOnlyKey = "r"
	InviteEndKey      = "e"
	InviteCloseKey    = "esc"
)

// Invites lets a terminal's person invite another into the session it
// shows: Key opens a panel on this terminal alone with a one-time join
// command, and the keys that make the guests read-only and end the
// sharing.
type Invites struct {
	// Desk makes the invitations.
	Desk *invite.Desk
	// Session is the session the terminal shows.
	Session *tea.Session
	// Host names the person at this terminal to the others.
	Host string
	// Transport is the one the invitations work on.
	Transport invite.Transport
	// Command turns a token into what the invited person runs: "ssh -t
	// -p 2222 example.com join TOKEN".
	Command func(token string) string
	// Key opens the panel (DefaultInviteKey when "").
	Key string
}

// WithInvites lets the person at the terminal invite others into the
// session (see Invites).
func WithInvites(inv Invites) Option {
	if inv.Key == "" {
		inv.Key = DefaultInviteKey
	}
	return func(o *options) { o.invites = &inv }
}

// WithGuest says the terminal is a guest's in another person's session:
// its keys reach the app as the guest's (tea.KeyInputMsg.Agent is
// g.Source()), its input is refused with the reason while the inviter
// lets guests only watch, and its window does not size the app.
func WithGuest(g *invite.Guest) Option { return func(o *options) { o.guest = g } }

// invitePanel is the invitation shown on this terminal: the command and
// when it stops working.
type invitePanel struct {
	command string
	expires time.Time
}

// openInvite makes an invitation and returns its panel.
func openInvite(inv *Invites) (*invitePanel, error) {
	made, err := inv.Desk.Invite(inv.Session, inv.Host, inv.Transport)
	if err != nil {
		return nil, err
	}
	return &invitePanel{command: inv.Command(made.Token()), expires: made.Expires}, nil
}

// lines are the panel's two lines: what it is and its keys, then the
// command, whole (it wraps onto the line before when the screen is
// narrow, never cut).
func (p *invitePanel) lines(width int, theme *widgets.Theme) []string {
	head := fmt.Sprintf("invite one person, once, until %s: %s guests read-only · %s end sharing · %s close",
		p.expires.Format("15:04"), InviteReadOnlyKey, InviteEndKey, InviteCloseKey)
	out := []string{theme.Accent.Render(widgets.Pad(widgets.Fit(head, width), width))}
	cmd := p.command
	for width > 0 && widgets.Width(cmd) > width {
		out = append(out, theme.Accent.Bold(true).Render(cmd[:width]))
		cmd = cmd[width:]
	}
	return append(out, theme.Accent.Bold(true).Render(widgets.Pad(cmd, width)))
}

// withLastLines is f with its last lines replaced by lines.
func (f Frame) withLastLines(lines []string) Frame {
	if len(lines) > len(f.lines) {
		lines = lines[len(lines)-len(f.lines):]
	}
	out := append([]string(nil), f.lines...)
	copy(out[len(out)-len(lines):], lines)
	f.lines = out
	return f
}

// PeopleStatus is what a person sees about the people sharing the
// session: "● shared: ada (host), bob (read-only)", or "".
func PeopleStatus(s tea.Snapshot) string {
	if len(s.Presence.People) == 0 {
		return ""
	}
	names := make([]string, len(s.Presence.People))
	for i, p := range s.Presence.People {
		names[i] = p.Name
		switch {
		case i == 0:
			names[i] += " (host)"
		case p.ReadOnly:
			names[i] += " (read-only)"
		}
	}
	return "● shared: " + strings.Join(names, ", ")
}

// shareAction is what the invitation panel's keys ask the worker to do.
type shareAction int

const (
	noShareAction shareAction = iota
	toggleReadOnly
	endSharing
)

// applyShare does a on the sharing of inv's session.
func applyShare(inv *Invites, a shareAction) error {
	sh, ok := inv.Desk.Share(inv.Session)
	if !ok {
		return fmt.Errorf("nobody shares the session: %s makes an invitation", inv.Key)
	}
	switch a {
	case toggleReadOnly:
		sh.SetReadOnly(!sh.ReadOnly())
	case endSharing:
		sh.End()
	}
	return nil
}

// inviteKey handles the key k for the invitation: the invite key opens a
// panel with a new invitation; while it is open, its keys act on the
// sharing and close it, and any other key closes it and goes on to do
// what it does. It reports whether k was the invitation's.
func (a *adapter) inviteKey(k string) bool {
	switch {
	case k == a.invites.Key:
		p, err := openInvite(a.invites)
		if err != nil {
			a.status = err.Error()
			return true
		}
		a.panel = p
		return true
	case a.panel == nil:
		return false
	case k == InviteReadOnlyKey:
		a.queue(event{share: toggleReadOnly})
		return true
	case k == InviteEndKey:
		a.queue(event{share: endSharing})
		a.panel = nil
		return true
	case k == InviteCloseKey:
		a.panel = nil
		return true
	}
	a.panel = nil
	return false
}

// withInvite is h with the invite key among the terminal's own keys: on
// the help line before the quit keys, and in the full help's last column.
func (h chromeHelp) withInvite(k string) chromeHelp {
	b := key.NewBinding(key.WithKeys(k), key.WithHelp(k, "invite"))
	short := slices.Clone(h.short)
	at := max(len(short)-1, h.app)
	h.short = slices.Insert(short, min(at, len(short)), b)
	if n := len(h.full); n > 0 {
		full := slices.Clone(h.full)
		full[n-1] = append(slices.Clone(full[n-1]), b)
		h.full = full
	}
	return h
}
