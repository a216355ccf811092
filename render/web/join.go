package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"github.com/facetui/facet/identity"
	"github.com/facetui/facet/invite"
	"github.com/facetui/facet/tea"
)

// joinWait is how long a joining page has to hand over its token.
const joinWait = 10 * time.Second

// tabSession is the session a new tab shows: a fresh one, or, for a page
// opened from an invitation's link (its socket at /ws?join, the token its
// first message: {"t": "join", "text": TOKEN}), the session the token
// invites to, with the guest it makes. A token that does not work is
// refused with the reason, which closes the socket.
func (s *Server) tabSession(ctx context.Context, c *websocket.Conn, r *http.Request) (*tea.Session, *invite.Guest, error) {
	if !r.URL.Query().Has("join") {
		sess, err := s.startSession(ctx)
		return sess, nil, err
	}
	if s.opts.Invites == nil {
		return nil, nil, errors.New("this server shares no sessions: the link cannot join one")
	}
	rctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	_, data, err := c.Read(rctx)
	if err != nil {
		return nil, nil, fmt.Errorf("the page sent no invitation: %w", err)
	}
	var ev Event
	if err := json.Unmarshal(data, &ev); err != nil || ev.T != "join" {
		return nil, nil, errors.New("the page's first message is not its invitation")
	}
	g, err := s.opts.Invites.Join(ctx, ev.Text, invite.Web, personOf(r, ""))
	if err != nil {
		return nil, nil, err
	}
	return g.Session(), g, nil
}

// personOf names the person behind r to the others sharing a session:
// their login's name, or def.
func personOf(r *http.Request, def string) string {
	if who, ok := identity.FromContext(r.Context()); ok && who.Name != "" {
		return who.Name
	}
	return def
}

// baseOf is the origin the page was served from, as its links start.
func baseOf(r *http.Request) string {
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}
