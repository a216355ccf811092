package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/tea"
)

// Projection is a model projection an app declares (see tea.Projector).
type Projection = tea.Projection

// Resource URIs a session serves.
const (
	uriPrefix       = "facet://session/"
	widgetsSuffix   = "/widgets"
	contextSuffix   = "/context"
	modelSegment    = "/model/"
	methodUpdated   = "notifications/resources/updated"
	jsonMIME        = "application/json"
	templateWidgets = "facet://session/{id}/widgets"
	templateContext = "facet://session/{id}/context"
	templateModel   = "facet://session/{id}/model/{name}"
)

// WidgetsURI, ContextURI and ModelURI name a session's resources.
func WidgetsURI(session string) string { return uriPrefix + session + widgetsSuffix }

// ContextURI names a session's context resource.
func ContextURI(session string) string { return uriPrefix + session + contextSuffix }

// ModelURI names a session's projection called name.
func ModelURI(session, name string) string { return uriPrefix + session + modelSegment + name }

// parseURI splits a facet:// resource URI into session, kind and name.
func parseURI(uri string) (session, kind, name string, ok bool) {
	rest, found := strings.CutPrefix(uri, uriPrefix)
	if !found {
		return "", "", "", false
	}
	i := strings.IndexByte(rest, '/')
	if i <= 0 {
		return "", "", "", false
	}
	session, rest = rest[:i], rest[i:]
	switch {
	case rest == widgetsSuffix:
		return session, "widgets", "", tea.ValidID(session)
	case rest == contextSuffix:
		return session, "context", "", tea.ValidID(session)
	case strings.HasPrefix(rest, modelSegment):
		name = rest[len(modelSegment):]
		return session, "model", name, tea.ValidID(session) && tea.ValidID(name)
	}
	return "", "", "", false
}

// resourceState is the last content served or notified for one resource.
type resourceState struct {
	mu      sync.Mutex
	version uint64
	last    []byte
	at      time.Time
	// snap is the newest session snapshot version served or notified: a
	// follower that hands in an older snapshot late must not send the
	// content back in time.
	snap uint64
}

// resources serves sessions' state as MCP resources: the widget tree, the
// context, and the app's projections, with versions, subscriptions and
// RFC 6902 patches in each update notification.
//
// An app's own URI for a projection (such as search://state/results) is an
// alias of facet://session/<id>/model/<name> only while exactly one running
// session declares it. While two or more do, it is ambiguous: it is not
// listed, and reading or subscribing to it answers an error naming the
// facet://session/<id>/model/<name> URIs to use instead. Subscriptions to
// an alias belong to the URI, not to a session: each time what the alias
// stands for changes (it becomes ambiguous, it passes to the one session
// still declaring it, or no session declares it any more), its subscribers
// get one notifications/resources/updated without a patch, which means
// "read it again", whose _meta says "alias_of" (the facet URI it now
// stands for), "ambiguous" (the facet URIs declaring it) or "removed"
// (true). A removed alias's subscriptions end there, as a stopped
// session's do; the others keep going, and while the alias is ambiguous
// they get no content updates.
type resources struct {
	s *Server

	// syncMu serializes syncProjections and detach, from what they compute
	// to what they tell the SDK, so their registrations never interleave.
	syncMu sync.Mutex

	mu        sync.Mutex
	states    map[string]*resourceState                  // facet URI -> state
	subs      map[string]map[string]server.ClientSession // subscribed URI (facet or app) -> clients by session id
	claims    map[string]map[string]bool                 // app URI -> facet URIs declaring it
	aliases   map[string]string                          // app URI -> facet URI, while it is the only claim (registered with the SDK)
	bySession map[string][]string                        // session -> facet URIs registered with the SDK
	watching  map[string]context.CancelFunc              // session -> its snapshot follower
}

func newResources(s *Server) *resources {
	return &resources{s: s,
		states: map[string]*resourceState{}, subs: map[string]map[string]server.ClientSession{},
		claims: map[string]map[string]bool{}, aliases: map[string]string{}, bySession: map[string][]string{},
		watching: map[string]context.CancelFunc{},
	}
}

// install registers the templates, the subscription hooks and completion.
func (r *resources) install(h *server.Hooks) {
	tmpl := func(uri, name, desc string) server.ServerResourceTemplate {
		return server.ServerResourceTemplate{
			Template: sdk.NewResourceTemplate(uri, name, sdk.WithTemplateDescription(desc), sdk.WithTemplateMIMEType(jsonMIME)),
			Handler:  r.read,
		}
	}
	r.s.sdk.AddResourceTemplates(
		tmpl(templateWidgets, "Session widgets", "The session's widget tree: kind, id, label, role, state, focus, children. Masked inputs report no value."),
		tmpl(templateContext, "Session context", "Everything an agent needs at once: the model (minus masked values), the widget tree, focus, and the session's tools through the focus lens."),
		tmpl(templateModel, "Model projection", "A projection of the session's model that its app declares."),
	)
	h.AddOnSuccess(r.onSuccess)
	h.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { r.dropClient(cs.SessionID()) })
}

// attach registers a session's resources and follows its snapshots.
func (r *resources) attach(sess *tea.Session) {
	if !tea.ValidID(sess.ID) {
		return
	}
	entries := []server.ServerResource{
		{Resource: sdk.NewResource(WidgetsURI(sess.ID), sess.ID+" widgets", sdk.WithMIMEType(jsonMIME),
			sdk.WithResourceDescription("The widget tree of session "+sess.ID+".")), Handler: r.read},
		{Resource: sdk.NewResource(ContextURI(sess.ID), sess.ID+" context", sdk.WithMIMEType(jsonMIME),
			sdk.WithResourceDescription("Model, widgets, focus and tools of session "+sess.ID+".")), Handler: r.read},
	}
	r.mu.Lock()
	r.bySession[sess.ID] = []string{WidgetsURI(sess.ID), ContextURI(sess.ID)}
	ctx, cancel := context.WithCancel(context.Background())
	r.watching[sess.ID] = cancel
	r.mu.Unlock()
	ch, unsubscribe := sess.Subscribe() // before the snapshot: no render falls between
	r.s.sdk.AddResources(entries...)
	r.syncProjections(sess.ID, sess.Snapshot())
	go func() {
		defer unsubscribe()
		for {
			select {
			case <-ctx.Done():
				return
			case snap, ok := <-ch:
				if !ok {
					return
				}
				r.syncProjections(sess.ID, snap)
				r.changed(sess.ID, snap)
			}
		}
	}()
}

// syncProjections registers the projections a session's model declares
// now and removes those it no longer does (a catalog that opens a demo
// gains the demo's projections), and updates the app URIs it claims (see
// resources). Nothing happens when the set is unchanged, or once the
// session has been detached.
func (r *resources) syncProjections(session string, snap tea.Snapshot) {
	want := map[string]Projection{}
	claims := map[string]map[string]bool{} // app URI -> this session's facet URIs declaring it
	for _, p := range projections(snap.Model) {
		uri := ModelURI(session, p.Name)
		want[uri] = p
		if isAppURI(p.URI) {
			if claims[p.URI] == nil {
				claims[p.URI] = map[string]bool{}
			}
			claims[p.URI][uri] = true
		}
	}
	r.syncMu.Lock()
	defer r.syncMu.Unlock()
	r.mu.Lock()
	if _, running := r.watching[session]; !running {
		r.mu.Unlock()
		return
	}
	have := map[string]bool{}
	var add []server.ServerResource
	var remove []string
	keep := []string{}
	for _, u := range r.bySession[session] {
		if strings.Contains(u, modelSegment) {
			if _, declared := want[u]; !declared {
				remove = append(remove, u)
				delete(r.states, u)
				delete(r.subs, u)
				continue
			}
			have[u] = true
		}
		keep = append(keep, u)
	}
	for uri, p := range want {
		if !have[uri] {
			keep = append(keep, uri)
			add = append(add, server.ServerResource{Resource: sdk.NewResource(uri, session+" "+p.Name,
				sdk.WithMIMEType(jsonMIME), sdk.WithResourceDescription(CleanText(p.Description))), Handler: r.read})
		}
	}
	r.bySession[session] = keep
	ch := r.claim(session, claims)
	r.mu.Unlock()
	r.apply(remove, add, ch)
}

// isAppURI reports whether a projection's URI is an app's own, to be kept
// as an alias.
func isAppURI(uri string) bool { return uri != "" && !strings.HasPrefix(uri, uriPrefix) }

// aliasChange is what changing claims did to the aliases.
type aliasChange struct {
	add     []server.ServerResource
	remove  []string
	notices []aliasNotice
}

// aliasNotice tells an alias's subscribers what it stands for now.
type aliasNotice struct {
	uri  string
	meta map[string]any
	subs []server.ClientSession
}

// claim replaces session's claims on app URIs with claims (app URI ->
// facet URIs; nil drops them all) and brings the aliases up to date.
// r.mu is held.
func (r *resources) claim(session string, claims map[string]map[string]bool) aliasChange {
	prefix := uriPrefix + session + "/"
	before := map[string]string{}
	touch := func(app string) {
		if _, seen := before[app]; !seen {
			before[app] = r.meaning(app)
		}
	}
	for app, set := range r.claims {
		for u := range set {
			if strings.HasPrefix(u, prefix) && !claims[app][u] {
				touch(app)
				delete(set, u)
			}
		}
		if len(set) == 0 {
			delete(r.claims, app)
		}
	}
	for app, set := range claims {
		for u := range set {
			if !r.claims[app][u] {
				touch(app)
				if r.claims[app] == nil {
					r.claims[app] = map[string]bool{}
				}
				r.claims[app][u] = true
			}
		}
	}
	apps := make([]string, 0, len(before))
	for app := range before {
		apps = append(apps, app)
	}
	sort.Strings(apps)
	var ch aliasChange
	for _, app := range apps {
		facets := r.claimants(app)
		if len(facets) == 1 {
			if r.aliases[app] != facets[0] {
				r.aliases[app] = facets[0]
				_, _, name, _ := parseURI(facets[0])
				ch.add = append(ch.add, server.ServerResource{Resource: sdk.NewResource(app, name, sdk.WithMIMEType(jsonMIME),
					sdk.WithResourceDescription("Alias of "+facets[0]+", while no other session declares it.")), Handler: r.read})
			}
		} else if _, registered := r.aliases[app]; registered {
			delete(r.aliases, app)
			ch.remove = append(ch.remove, app)
		}
		now := r.meaning(app)
		if now == before[app] || len(r.subs[app]) == 0 {
			if len(facets) == 0 {
				delete(r.subs, app)
			}
			continue
		}
		n := aliasNotice{uri: app}
		switch len(facets) {
		case 0:
			n.meta = map[string]any{"removed": true}
		case 1:
			n.meta = map[string]any{"alias_of": facets[0]}
		default:
			n.meta = map[string]any{"ambiguous": facets}
		}
		for _, cs := range r.subs[app] {
			n.subs = append(n.subs, cs)
		}
		if len(facets) == 0 {
			delete(r.subs, app)
		}
		ch.notices = append(ch.notices, n)
	}
	return ch
}

// claimants lists the facet URIs declaring app, sorted. r.mu is held.
func (r *resources) claimants(app string) []string {
	facets := make([]string, 0, len(r.claims[app]))
	for u := range r.claims[app] {
		facets = append(facets, u)
	}
	sort.Strings(facets)
	return facets
}

// meaning is what app stands for: "" (nothing), the one facet URI that
// declares it, or "ambiguous". r.mu is held.
func (r *resources) meaning(app string) string {
	switch facets := r.claimants(app); len(facets) {
	case 0:
		return ""
	case 1:
		return facets[0]
	}
	return "ambiguous"
}

// apply tells the SDK what changed, then the alias subscribers, so that a
// subscriber who reads again on the notice finds the new registration.
// r.syncMu is held.
func (r *resources) apply(remove []string, add []server.ServerResource, ch aliasChange) {
	if remove = append(remove, ch.remove...); len(remove) > 0 {
		r.s.sdk.DeleteResources(remove...)
	}
	if add = append(add, ch.add...); len(add) > 0 {
		r.s.sdk.AddResources(add...)
	}
	for _, n := range ch.notices {
		for _, cs := range n.subs {
			deliver(cs, n.uri, sdk.JSONRPCNotification{
				JSONRPC: sdk.JSONRPC_VERSION,
				Notification: sdk.Notification{Method: methodUpdated, Params: sdk.NotificationParams{
					Meta:             n.meta,
					AdditionalFields: map[string]any{"uri": n.uri},
				}},
			})
		}
	}
}

// detach removes a stopped session's resources, states and subscriptions,
// and its claims on app URIs (an alias it shared may now be another
// session's alone).
func (r *resources) detach(id string) {
	r.syncMu.Lock()
	defer r.syncMu.Unlock()
	r.mu.Lock()
	uris := r.bySession[id]
	delete(r.bySession, id)
	if cancel := r.watching[id]; cancel != nil {
		cancel()
		delete(r.watching, id)
	}
	for _, u := range uris {
		delete(r.states, u)
		delete(r.subs, u)
	}
	ch := r.claim(id, nil)
	r.mu.Unlock()
	r.apply(uris, nil, ch)
}

func projections(m tea.Model) []Projection {
	p, ok := m.(tea.Projector)
	if !ok {
		return nil
	}
	var out []Projection
	for _, pr := range p.Projections() {
		if tea.ValidID(pr.Name) && pr.Value != nil {
			out = append(out, pr)
		}
	}
	return out
}

// resolve maps an alias to its facet URI.
func (r *resources) resolve(uri string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if real, ok := r.aliases[uri]; ok {
		return real
	}
	return uri
}

// ambiguity answers an error naming the facet URIs to use when uri is an
// app URI that more than one session declares, and nil otherwise.
func (r *resources) ambiguity(uri string) error {
	r.mu.Lock()
	facets := r.claimants(uri)
	r.mu.Unlock()
	if len(facets) < 2 {
		return nil
	}
	return fmt.Errorf("resource %q is ambiguous: %d sessions declare it; use one of %s", uri, len(facets), strings.Join(facets, ", "))
}

// subscribable answers why uri cannot be subscribed to, or nil.
func (r *resources) subscribable(uri string) error {
	if err := r.ambiguity(uri); err != nil {
		return err
	}
	if !r.exists(uri) {
		return fmt.Errorf("resource %q does not exist: subscribe to facet://session/<id>/widgets, /context or /model/<name> of a running session", uri)
	}
	return nil
}

// exists reports whether uri names a resource of a running session.
func (r *resources) exists(uri string) bool {
	session, kind, name, ok := parseURI(r.resolve(uri))
	if !ok {
		return false
	}
	sess, running := r.s.sessions.Get(session)
	if !running {
		return false
	}
	if kind != "model" {
		return true
	}
	return slices.ContainsFunc(projections(sess.Snapshot().Model), func(p Projection) bool { return p.Name == name })
}

// read answers resources/read: the full content, with its version in _meta.
func (r *resources) read(_ context.Context, req sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
	asked := req.Params.URI
	if err := r.ambiguity(asked); err != nil {
		return nil, err
	}
	uri := r.resolve(asked)
	session, _, _, ok := parseURI(uri)
	if !ok {
		return nil, fmt.Errorf("resource %q: not a facet://session/<id>/... URI", asked)
	}
	sess, running := r.s.sessions.Get(session)
	if !running {
		return nil, fmt.Errorf("resource %q: session `%s` is not running; call facet_list", asked, session)
	}
	snap := sess.Snapshot()
	if snap.Presence.Blocked {
		return nil, fmt.Errorf("resource %q: the person at session `%s` has detached agents; nothing is served until they allow agents again (with their detach key)", asked, session)
	}
	version, body, err := r.observe(uri, snap)
	if err != nil {
		return nil, err
	}
	return []sdk.ResourceContents{sdk.TextResourceContents{
		URI: asked, MIMEType: jsonMIME, Text: string(body),
		Meta: map[string]any{"version": version},
	}}, nil
}

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
	patch, perr := Diff(st.last, body)
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
			deliver(cs, u, sdk.JSONRPCNotification{
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
// queued the way mcp-go queues its own; a full queue drops it (the client
// reads the resource again on the next version it sees).
func deliver(cs server.ClientSession, uri string, n sdk.JSONRPCNotification) {
	if !cs.Initialized() {
		return
	}
	if f, ok := cs.(server.SessionWithSubscriptionFilter); ok {
		if filter, active := f.SubscriptionFilter(); active && !slices.Contains(filter.ResourceSubscriptions, uri) {
			return
		}
	}
	if up, ok := cs.(server.SessionWithStreamableHTTPConfig); ok {
		up.UpgradeToSSEWhenReceiveNotification()
	}
	select {
	case cs.NotificationChannel() <- n:
	default:
	}
}

// content renders one resource as JSON.
func (r *resources) content(session, kind, name string, snap tea.Snapshot, at time.Time) ([]byte, error) {
	switch kind {
	case "widgets":
		return json.Marshal(map[string]any{"session": session, "focused": snap.Focus, "widgets": scrub(widgetTree(snap), snap.Secrets)})
	case "context":
		return json.Marshal(r.s.contextTree(session, snap, at))
	case "model":
		for _, p := range projections(snap.Model) {
			if p.Name == name {
				v, err := safeProject(p)
				if err != nil {
					return nil, err
				}
				return json.Marshal(scrub(v, snap.Secrets))
			}
		}
		return nil, fmt.Errorf("session `%s` has no projection %q", session, name)
	}
	return nil, fmt.Errorf("unknown resource kind %q", kind)
}

func safeProject(p Projection) (v any, err error) {
	defer func() {
		if rec := recover(); rec != nil {
			err = fmt.Errorf("projection %q panicked: %v", p.Name, rec)
		}
	}()
	return p.Value(), nil
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
		r.subs[uri][cs.SessionID()] = cs
	} else {
		delete(r.subs[uri], cs.SessionID())
	}
	r.mu.Unlock()
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
	for _, uri := range p.Notifications.ResourceSubscriptions {
		if err := r.subscribable(uri); err != nil {
			return err
		}
	}
	r.dropClient(cs.SessionID())
	r.mu.Lock()
	for _, uri := range p.Notifications.ResourceSubscriptions {
		if r.subs[uri] == nil {
			r.subs[uri] = map[string]server.ClientSession{}
		}
		r.subs[uri][cs.SessionID()] = cs
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
	return nil
}

func (r *resources) dropClient(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, set := range r.subs {
		delete(set, id)
	}
}

// sessionIDs lists running sessions whose id starts with prefix.
func (r *resources) sessionIDs(prefix string) []string {
	var ids []string
	for _, s := range r.s.sessions.List() {
		if strings.HasPrefix(s.ID, prefix) {
			ids = append(ids, s.ID)
		}
	}
	sort.Strings(ids)
	return ids
}
