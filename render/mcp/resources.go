package mcp

import (
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

	"github.com/facetui/facet/render/mcp/internal/derive"
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
	claimed   map[string]map[string]map[string]bool      // session -> its claims as claim last set them
	aliases   map[string]string                          // app URI -> facet URI, while it is the only claim (registered with the SDK)
	bySession map[string][]string                        // session -> facet URIs registered with the SDK
	following map[string]*tea.Session                    // session id -> the session its resources are registered for
	declared  map[string][]declaredProjection            // session -> the projections its last synced render declared

	// pub registers resources with the Facet server's SDK and every server
	// it is mounted on.
	pub publisher
}

func newResources(s *Server) *resources {
	return &resources{s: s,
		states: map[string]*resourceState{}, subs: map[string]map[string]server.ClientSession{},
		claims: map[string]map[string]bool{}, claimed: map[string]map[string]map[string]bool{}, aliases: map[string]string{}, bySession: map[string][]string{},
		following: map[string]*tea.Session{}, declared: map[string][]declaredProjection{},
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
	r.pub.templates = []server.ServerResourceTemplate{
		tmpl(templateWidgets, "Session widgets", "The session's widget tree: kind, id, label, role, state, focus, children. Masked inputs report no value."),
		tmpl(templateContext, "Session context", "Everything an agent needs at once: the app's model projections, the widget tree, focus, pending notifications and the session's tools through the focus lens."),
		tmpl(templateModel, "Model projection", "A projection of the session's model that its app declares."),
	}
	r.s.sdk.AddResourceTemplates(r.pub.templates...)
	h.AddOnSuccess(r.onSuccess)
	h.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { r.dropClient(cs.SessionID()) })
}

// attach registers a session's resources. Its snapshots reach them
// through follow, which the session's one follower calls (see
// Server.attach); those published before attach are ignored, and the
// current one is synced here.
func (r *resources) attach(sess *tea.Session) {
	if !tea.ValidID(sess.ID) {
		return
	}
	entries := []server.ServerResource{
		{Resource: sdk.NewResource(WidgetsURI(sess.ID), sess.ID+" widgets", sdk.WithMIMEType(jsonMIME),
			sdk.WithResourceDescription("The widget tree of session "+sess.ID+".")), Handler: r.read},
		{Resource: sdk.NewResource(ContextURI(sess.ID), sess.ID+" context", sdk.WithMIMEType(jsonMIME),
			sdk.WithResourceDescription("Model projections, widgets, focus and tools of session "+sess.ID+".")), Handler: r.read},
	}
	r.mu.Lock()
	r.bySession[sess.ID] = []string{WidgetsURI(sess.ID), ContextURI(sess.ID)}
	r.following[sess.ID] = sess
	r.mu.Unlock()
	r.publish(sess.ID, nil, entries)
	r.syncProjections(sess, sess.Snapshot())
}

// follow brings sess's resources up to snap: its projections, and the
// updates its subscribers are due. It does nothing for a session whose
// resources are not (or no longer) registered, such as one that stopped
// and whose id a newer session now has.
func (r *resources) follow(sess *tea.Session, snap tea.Snapshot) {
	if !r.registered(sess) {
		return
	}
	r.syncProjections(sess, snap)
	r.changed(sess.ID, snap)
}

// registered reports whether sess's resources are registered.
func (r *resources) registered(sess *tea.Session) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.following[sess.ID] == sess
}

// syncProjections registers the projections a session's model declares
// now and removes those it no longer does (a catalog that opens a demo
// gains the demo's projections), and updates the app URIs it claims (see
// resources). Nothing happens when the set is unchanged, or once the
// session has been detached.
func (r *resources) syncProjections(sess *tea.Session, snap tea.Snapshot) {
	session := sess.ID
	declared := projections(snap.Model)
	r.syncMu.Lock()
	defer r.syncMu.Unlock()
	r.mu.Lock()
	if r.following[session] != sess || sameDeclared(r.declared[session], declared) {
		// Most renders declare what the last one did: nothing to
		// register, and nothing to build to find that out.
		r.mu.Unlock()
		return
	}
	r.declared[session] = declaredOf(declared)
	want := map[string]Projection{}
	claims := map[string]map[string]bool{} // app URI -> this session's facet URIs declaring it
	for _, p := range declared {
		uri := ModelURI(session, p.Name)
		want[uri] = p
		if isAppURI(p.URI) {
			if claims[p.URI] == nil {
				claims[p.URI] = map[string]bool{}
			}
			claims[p.URI][uri] = true
		}
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
				sdk.WithMIMEType(jsonMIME), sdk.WithResourceDescription(derive.CleanText(p.Description))), Handler: r.read})
		}
	}
	r.bySession[session] = keep
	ch := r.claim(session, claims)
	r.mu.Unlock()
	r.apply(session, remove, add, ch)
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
	delete(r.following, id)
	delete(r.declared, id)
	for _, u := range uris {
		delete(r.states, u)
		delete(r.subs, u)
	}
	ch := r.claim(id, nil)
	r.mu.Unlock()
	r.apply(id, uris, nil, ch)
}

// declaredProjection is what syncProjections registers of a projection:
// its name (the facet URI) and the app URI it claims.
type declaredProjection struct{ name, uri string }

// declaredOf is what ps declare.
func declaredOf(ps []Projection) []declaredProjection {
	out := make([]declaredProjection, len(ps))
	for i, p := range ps {
		out[i] = declaredProjection{p.Name, p.URI}
	}
	return out
}

// sameDeclared reports whether ps declare what was did, in the same order
// (an app declares its projections in a fixed order).
func sameDeclared(was []declaredProjection, ps []Projection) bool {
	if len(was) != len(ps) {
		return false
	}
	for i, p := range ps {
		if was[i] != (declaredProjection{p.Name, p.URI}) {
			return false
		}
	}
	return true
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

// subscribable answers why the caller of ctx cannot subscribe to uri, or
// nil.
func (r *resources) subscribable(ctx context.Context, uri string) error {
	if x := r.s.ext.resource(uri); x != nil {
		return r.s.ext.subscribable(ctx, x, uri)
	}
	if err := r.ambiguity(uri); err != nil {
		return err
	}
	if !r.exists(uri) {
		if handled, err := r.s.remote.subscribable(ctx, uri); handled {
			return err
		}
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
func (r *resources) read(ctx context.Context, req sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
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
		if rt, forwarded, err := r.s.remote.read(ctx, session, asked); forwarded {
			if err != nil {
				return nil, err
			}
			return []sdk.ResourceContents{sdk.TextResourceContents{URI: asked, MIMEType: rt.MIME, Text: rt.Text, Meta: rt.Meta}}, nil
		}
		return nil, fmt.Errorf("resource %q: session `%s` is not running; call facet_list", asked, session)
	}
	if err := r.s.starts.reachable(ctx, sess); err != nil {
		return nil, fmt.Errorf("resource %q: %w", asked, err)
	}
	snap := sess.Snapshot()
	if snap.Presence.Blocked {
		return nil, fmt.Errorf("resource %q: the person at session `%s` has detached agents; nothing is served until they allow agents again (with their detach key)", asked, session)
	}
	version, body, err := r.observe(uri, snap)
	if err != nil {
		return nil, visibleError{err} // a projection's panic is the app's text
	}
	return []sdk.ResourceContents{sdk.TextResourceContents{
		URI: asked, MIMEType: jsonMIME, Text: string(body),
		Meta: map[string]any{"version": version},
	}}, nil
}

// content renders one resource as JSON, invisible format and tag
// characters escaped (see escapeInvisible), so reads and the patches
// computed between them show them alike.
func (r *resources) content(session, kind, name string, snap tea.Snapshot, at time.Time) ([]byte, error) {
	body, err := r.encode(session, kind, name, snap, at)
	if err != nil {
		return nil, err
	}
	body, _, err = visibleJSON(body)
	return body, err
}

// encode renders one resource as JSON, as it is.
func (r *resources) encode(session, kind, name string, snap tea.Snapshot, at time.Time) ([]byte, error) {
	switch kind {
	case "widgets":
		return json.Marshal(map[string]any{"session": session, "focused": snap.Focus, "widgets": widgetTree(snap)})
	case "context":
		return json.Marshal(r.s.contextTree(session, snap, at))
	case "model":
		for _, p := range projections(snap.Model) {
			if p.Name == name {
				v, err := safeProject(p)
				if err != nil {
					return nil, err
				}
				return json.Marshal(v)
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

// sessionIDs lists the running sessions the caller on ctx can reach whose
// id starts with prefix.
func (r *resources) sessionIDs(ctx context.Context, prefix string) []string {
	var ids []string
	for _, s := range r.s.sessions.List() {
		if strings.HasPrefix(s.ID, prefix) && r.s.starts.sees(ctx, s.ID) {
			ids = append(ids, s.ID)
		}
	}
	sort.Strings(ids)
	return ids
}
