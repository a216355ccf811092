package web

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
)

// JoinFragment starts the fragment of an invitation's link: the page at
// /#join=TOKEN joins the session the token invites to. A fragment is never
// sent in a request, so the token stays out of servers' and proxies' logs
// and Referer headers; the page hands it over on its WebSocket.
const JoinFragment = "join="

// ErrHostOnly is wrapped by the error a guest gets for the inviter's
// controls.
var ErrHostOnly = errors.New("only the person who invited you can do that")

// sharing is a tab's part in sharing its session: the desk that makes
// invitations (nil: none), the person it is, and, for a guest's tab, the
// guest.
type sharing struct {
	desk *invite.Desk
	// person names the tab's person to the others.
	person string
	// base is the page's origin, for links ("http://host:port").
	base string
	// guest is set when the tab joined another person's session.
	guest *invite.Guest
	// link is the invitation the host's tab shows, until it expires or
	// another is made; only this tab ever sees it.
	link    string
	expires time.Time
}

// share applies a sharing event: "share" makes an invitation and shows
// its link on this tab alone, "readonly" lets the guests only watch or
// drive again, "unshare" ends the sharing.
func (t *Tab) share(ctx context.Context, ev Event) error {
	sh := &t.sharing
	if sh.guest != nil {
		return fmt.Errorf("%s: %w", ev.T, ErrHostOnly)
	}
	if sh.desk == nil {
		return fmt.Errorf("%s: this server does not share sessions", ev.T)
	}
	switch ev.T {
	case "share":
		inv, err := sh.desk.Invite(t.sess, sh.person, invite.Web)
		if err != nil {
			return err
		}
		t.mu.Lock()
		sh.link = strings.TrimSuffix(sh.base, "/") + "/#" + JoinFragment + url.QueryEscape(inv.Token())
		sh.expires = inv.Expires
		t.mu.Unlock()
		return nil
	case "readonly":
		s, ok := sh.desk.Share(t.sess)
		if !ok {
			return errors.New("readonly: nobody has been invited")
		}
		s.SetReadOnly(!s.ReadOnly())
		return nil
	default: // unshare
		if s, ok := sh.desk.Share(t.sess); ok {
			s.End()
		}
		t.mu.Lock()
		sh.link = ""
		t.mu.Unlock()
		return nil
	}
}

// guestAllowed says whether the tab's person may send ev to the session:
// a guest's input is refused while the inviter lets guests only watch, or
// once the sharing has ended.
func (t *Tab) guestAllowed(ev Event) error {
	if t.sharing.guest == nil {
		return nil
	}
	if err := t.sharing.guest.Allowed(); err != nil {
		return fmt.Errorf("%s: %w", ev.T, err)
	}
	return nil
}

// peopleStatus is what the bar says of the people sharing the session:
// "● shared: ada (host), bob (read-only)", or "".
func peopleStatus(s tea.Snapshot) string {
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
