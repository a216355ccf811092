package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
)

// changed re-evaluates a session's subscribed resources after a snapshot.
// It observes the session as it is now, not the snapshot that woke it: a
// follower that lags would otherwise send content from the past after a
// read had already served newer (an alias passing to a session showed that
// session's count going 0, then 1, though it was 1 all along).
func (r *resources) changed(session string, snap tea.Snapshot) {
	if sess, running := r.s.sessions.Get(session); running {
		if now := sess.Snapshot(); now.Version > snap.Version {
			snap = now
		}
	}
	if snap.Presence.Blocked {
		// Detached agents learn nothing, subscribed or not; the first
		// change after the person allows them again carries a patch
		// from the last version they had.
		return
	}
	r.mu.Lock()
	var watched []string
	for _, u := range r.bySession[session] {
		if len(r.subs[u]) > 0 || r.aliasSubscribed(u) {
			watched = append(watched, u)
		}
	}
	r.mu.Unlock()
	for _, u := range watched {
		_, _, _ = r.observe(u, snap)
	}
}

func (r *resources) aliasSubscribed(facetURI string) bool {
	for alias, real := range r.aliases {
		if real == facetURI && len(r.subs[alias]) > 0 {
			return true
		}
	}
	return false
}

// observe computes uri's content for snap. When it differs from the last
// content served or notified, the version moves on and every subscriber
// gets one notification carrying the new version and the RFC 6902 patch
// from the previous one. Reads and renders both go through here, so a read
// that sees a change first cannot swallow a subscriber's notification.
// App code (projections, JSON encoding, Describe) runs under this
// resource's own lock only, so a slow projection holds up nobody else.
func (r *resources) observe(uri string, snap tea.Snapshot) (uint64, []byte, error) {
	session, kind, name, _ := parseURI(uri)
	r.mu.Lock()
	st := r.states[uri]
	if st == nil {
		st = &resourceState{}
		r.states[uri] = st
	}
	r.mu.Unlock()

	st.mu.Lock()
	defer st.mu.Unlock()
	if snap.Version != 0 && snap.Version < st.snap && st.version > 0 {
		return st.version, st.last, nil
	}
	st.snap = max(st.snap, snap.Version)
	body, err := r.content(session, kind, name, snap, st.at)
	if err != nil {
		return 0, nil, err
	}
	if st.version > 0 && bytes.Equal(body, st.last) {
		return st.version, body, nil
	}
	now := time.Now().UTC()
	if kind == "context" {
		if body, err = r.content(session, kind, name, snap, now); err != nil {
			return 0, nil, err
		}
	}
	patch, perr := derive.Diff(st.last, body)
	st.version++
	st.last = body
	st.at = now
	if perr == nil {
		r.notify(uri, st.version, patch)
	}
	return st.version, body, nil
}

// notify sends one update to each client subscribed to uri or an alias.
func (r *resources) notify(uri string, version uint64, patch json.RawMessage) {
	r.mu.Lock()
	defer r.mu.Unlock()
	targets := map[string][]string{uri: nil}
	for alias, real := range r.aliases {
		if real == uri {
			targets[alias] = nil
		}
	}
	for u := range targets {
		for _, cs := range r.subs[u] {
			r.deliver(cs, u, sdk.JSONRPCNotification{
				JSONRPC: sdk.JSONRPC_VERSION,
				Notification: sdk.Notification{Method: methodUpdated, Params: sdk.NotificationParams{
					Meta:             map[string]any{"version": version, "patch": patch},
					AdditionalFields: map[string]any{"uri": u},
				}},
			})
		}
	}
}

// deliver queues a notification for one client. mcp-go's
// SendNotificationToSpecificClient drops a "_meta" parameter, and the
// version and patch travel there, so the notification is built here and
// queued through the outbox, which keeps the newest one for a client
// whose queue is full and sends it once there is room.
func (r *resources) deliver(cs server.ClientSession, uri string, n sdk.JSONRPCNotification) {
	if !cs.Initialized() {
		return
	}
	if f, ok := cs.(server.SessionWithSubscriptionFilter); ok {
		if filter, active := f.SubscriptionFilter(); active && !slices.Contains(filter.ResourceSubscriptions, uri) {
			return
		}
	}
	// Not marked to upgrade every later answer to an event stream: see
	// listeners.listChanged.
	r.s.fan.out.send(r.s.opts.Logger, cs, uri, n)
}

// onSuccess records subscriptions once the SDK has accepted them.
func (r *resources) onSuccess(ctx context.Context, _ any, method sdk.MCPMethod, message any, _ any) {
	if method != sdk.MethodResourcesSubscribe && method != sdk.MethodResourcesUnsubscribe {
		return
	}
	cs := server.ClientSessionFromContext(ctx)
	if cs == nil {
		return
	}
	b, err := json.Marshal(message)
	if err != nil {
		return
	}
	var req struct {
		Params struct {
			URI string `json:"uri"`
		} `json:"params"`
	}
	if json.Unmarshal(b, &req) != nil || req.Params.URI == "" {
		return
	}
	uri := req.Params.URI
	r.mu.Lock()
	if method == sdk.MethodResourcesSubscribe {
		if r.subs[uri] == nil {
			r.subs[uri] = map[string]server.ClientSession{}
		}
		r.subs[uri][clientKey(cs)] = cs
	} else {
		delete(r.subs[uri], clientKey(cs))
	}
	r.mu.Unlock()
	if method == sdk.MethodResourcesUnsubscribe {
		r.s.fan.out.forget(clientKey(cs), uri)
	}
	if method == sdk.MethodResourcesSubscribe {
		// Record the baseline, so the first change after subscribing comes
		// with a patch against what the client can read now.
		real := r.resolve(uri)
		if session, _, _, ok := parseURI(real); ok {
			if sess, running := r.s.sessions.Get(session); running {
				_, _, _ = r.observe(real, sess.Snapshot())
			}
		}
	}
	r.syncRemote() // another node's resources: subscribed over the cluster
}

// listen records the resource subscriptions of a subscriptions/listen
// request (protocol 2026-07-28, which replaced resources/subscribe): they
// replace the client's earlier ones. The SDK keeps the stream open; over
// HTTP its subscription filter says when the stream has ended.
func (r *resources) listen(ctx context.Context, raw json.RawMessage) error {
	cs := server.ClientSessionFromContext(ctx)
	if cs == nil {
		return nil
	}
	var p struct {
		Notifications sdk.SubscriptionFilter `json:"notifications"`
	}
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("subscriptions/listen: %w", err)
	}
	if n := len(p.Notifications.ResourceSubscriptions); n > r.s.opts.MaxSubscriptions {
		return fmt.Errorf("subscriptions/listen: %d resources is more than the %d one connection may subscribe to", n, r.s.opts.MaxSubscriptions)
	}
	for _, uri := range p.Notifications.ResourceSubscriptions {
		if err := r.subscribable(ctx, uri); err != nil {
			return err
		}
		if session, _, _, ok := parseURI(r.resolve(uri)); ok && !r.s.starts.sees(ctx, session) {
			return fmt.Errorf("resource %q: %w", uri, notYours(session))
		}
	}
	key := clientKey(cs)
	r.dropSubscriptions(key)
	r.s.fan.listening(key, p.Notifications)
	if cs.SessionID() == "" {
		// A stateless (2026-07-28) client's listen stream is its
		// connection: it hears of changes while the stream is open, and
		// is forgotten when the stream ends.
		r.s.fan.join(key, listener{cs: cs, conn: authContext(ctx).Owner()})
		context.AfterFunc(ctx, func() {
			r.s.fan.leave(key)
			r.dropClient(key)
		})
	}
	r.mu.Lock()
	for _, uri := range p.Notifications.ResourceSubscriptions {
		if r.subs[uri] == nil {
			r.subs[uri] = map[string]server.ClientSession{}
		}
		r.subs[uri][clientKey(cs)] = cs
	}
	r.mu.Unlock()
	for _, uri := range p.Notifications.ResourceSubscriptions {
		real := r.resolve(uri)
		if session, _, _, ok := parseURI(real); ok {
			if sess, running := r.s.sessions.Get(session); running {
				_, _, _ = r.observe(real, sess.Snapshot())
			}
		}
	}
	r.syncRemote()
	return nil
}

// dropClient forgets a connection that ended: its subscriptions and the
// notifications it has pending.
func (r *resources) dropClient(id string) {
	r.dropSubscriptions(id)
	r.s.fan.out.forget(id, "")
}

// dropSubscriptions forgets the resource subscriptions of connection id.
func (r *resources) dropSubscriptions(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for uri, set := range r.subs {
		delete(set, id)
		if len(set) == 0 {
			delete(r.subs, uri)
		}
	}
}

// subscriptionRoom answers an error when the client on ctx may not
// subscribe to one more resource than it has (uri aside, when it already
// is): Options.MaxSubscriptions.
func (r *resources) subscriptionRoom(ctx context.Context, uri string) error {
	cs := server.ClientSessionFromContext(ctx)
	if cs == nil {
		return nil
	}
	id := clientKey(cs)
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, already := r.subs[uri][id]; already {
		return nil
	}
	n := 0
	for _, set := range r.subs {
		if _, ok := set[id]; ok {
			n++
		}
	}
	if n >= r.s.opts.MaxSubscriptions {
		return fmt.Errorf("resources/subscribe %q: this connection is subscribed to %d resources, the server's limit; unsubscribe from one first", uri, n)
	}
	return nil
}

// syncRemote tells the cluster, when there is one, which resources of
// other nodes' sessions this server's clients watch now.
func (r *resources) syncRemote() {
	c := r.s.remote.c
	if c == nil {
		return
	}
	watched := map[string][]string{} // remote session -> its watched URIs
	r.mu.Lock()
	for uri, set := range r.subs {
		if len(set) == 0 {
			continue
		}
		session, _, _, ok := parseURI(uri)
		if !ok {
			continue
		}
		if _, local := r.s.sessions.Get(session); local {
			continue
		}
		watched[session] = append(watched[session], uri)
	}
	r.mu.Unlock()
	c.Watch(watched)
}
