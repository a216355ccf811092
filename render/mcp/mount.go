package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	sdk "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
)

// ErrNoHooks is the error Mount wraps when the server it is given was
// built without server.WithHooks: Facet needs hooks there to shape the
// resource lists for each caller and to carry resource subscriptions.
var ErrNoHooks = errors.New("the server has no hooks: build it with server.WithHooks(&server.Hooks{})")

// Mount registers Facet's tools (static and derived), resources
// (facet://session/<id>/widgets, /context and /model/<name>, and the app
// URIs that alias them) and resource templates on an application's own
// mcp-go server, now and as sessions come, change and go. Call it before
// existing serves anyone: it adds hooks to existing, which mcp-go does not
// guard against a server in use.
//
// The host's tools/list keeps its own tools and shapes Facet's for each
// caller as this server's does: a connection lists the static tools, the
// host's sessions, its own and shared ones, and only what the authorizer
// allows it. When a host connection ends, its agent is detached and the
// sessions it started and did not share are stopped, as here.
//
// Every tool call re-enters through this server's authorization and
// sensitive-tool guard, and every resources/read through its
// ReadAuthorizer and session ownership, as on this server. The host's
// resources/list and resources/templates/list keep its own entries; the
// Facet ones are left out for a caller the ReadAuthorizer does not allow
// the method, and a session's resources for a caller who cannot reach the
// session. resources/subscribe and unsubscribe of a Facet resource go
// through the same checks as here, and updates carry versions and patches
// as here, when existing was built with
// server.WithResourceCapabilities(true, ...) (mcp-go refuses subscriptions
// otherwise). subscriptions/listen (protocol 2026-07-28), Facet's prompts
// and completion stay on this server. After Close every mounted tool and
// resource denies: handing them to another server never hands out a raw
// handler.
//
// existing must have hooks (server.WithHooks); otherwise Mount mounts
// nothing and returns an error wrapping ErrNoHooks.
func (s *Server) Mount(existing *server.MCPServer) error {
	hooks := existing.GetHooks()
	if hooks == nil {
		return fmt.Errorf("mcp: Mount: %w", ErrNoHooks)
	}
	m := mounted{s: s}
	hooks.AddOnRequestInitialization(m.gate)
	hooks.AddAfterListResources(m.listResources)
	hooks.AddAfterListResourceTemplates(m.listTemplates)
	hooks.AddAfterListTools(m.listTools)
	hooks.AddOnSuccess(m.onSuccess)
	hooks.AddOnUnregisterSession(func(_ context.Context, cs server.ClientSession) { s.connectionEnded(cs.SessionID()) })
	s.reg.AddSink(mountSink{s: s, dst: existing})
	s.res.mount(existing)
	return nil
}

type mountSink struct {
	s   *Server
	dst *server.MCPServer
}

func (m mountSink) AddTools(tools []*derive.Tool) {
	entries := make([]server.ServerTool, 0, len(tools))
	for _, t := range tools {
		entries = append(entries, server.ServerTool{Tool: m.s.sdkTool(t), Handler: m.s.handlerFor(t.Name)})
	}
	m.dst.AddTools(entries...)
}

func (m mountSink) RemoveTools(names []string) {
	adv := make([]string, 0, 2*len(names))
	for _, n := range names {
		adv = append(adv, n, toolname.SafeName(n))
	}
	m.dst.DeleteTools(adv...)
}

// publisher keeps the resources the Facet server registers with its SDK,
// so that a server it is mounted on gets the same ones, now and later.
type publisher struct {
	mu        sync.Mutex
	templates []server.ServerResourceTemplate // set once, by install
	mounts    []*server.MCPServer
}

// publish removes and adds resources on the Facet server's SDK and on
// every server it is mounted on, whose copies read through mountedRead.
// The list change is told to the connections that reach session or a
// session a URI names.
func (r *resources) publish(session string, remove []string, add []server.ServerResource) {
	if len(remove) == 0 && len(add) == 0 {
		return
	}
	sessions := []string{session}
	for _, u := range remove {
		sessions = append(sessions, r.sessionOf(u, session))
	}
	for _, e := range add {
		sessions = append(sessions, r.sessionOf(e.Resource.URI, session))
	}
	defer r.s.fan.listChanged(sdk.MethodNotificationResourcesListChanged, sessions)
	p := &r.pub
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(remove) > 0 {
		r.s.sdk.DeleteResources(remove...)
		for _, dst := range p.mounts {
			dst.DeleteResources(remove...)
		}
	}
	if len(add) > 0 {
		r.s.sdk.AddResources(add...)
		gated := r.gated(add)
		for _, dst := range p.mounts {
			dst.AddResources(gated...)
		}
	}
}

// sessionOf is the session whose change adding or removing uri is told
// for: the one a facet:// URI names, and for an app URI the session whose
// claim changed (changing). Another session claiming the same app URI
// keeps it listed either way, so its connections are not told.
func (r *resources) sessionOf(uri, changing string) string {
	if session, _, _, ok := parseURI(uri); ok {
		return session
	}
	return changing
}

// mount gives dst the templates and every resource published so far, and
// what is published from now on.
func (r *resources) mount(dst *server.MCPServer) {
	p := &r.pub
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mounts = append(p.mounts, dst)
	templates := make([]server.ServerResourceTemplate, 0, len(p.templates))
	for _, t := range p.templates {
		templates = append(templates, server.ServerResourceTemplate{Template: t.Template, Handler: r.mountedRead})
	}
	dst.AddResourceTemplates(templates...)
	// What publish gave the Facet SDK is Facet's own (owns); the SDK
	// holds it, so no second copy of every session's is kept for a mount
	// that may never come.
	var published []server.ServerResource
	for uri, e := range r.s.sdk.ListResources() {
		if r.owns(uri) {
			published = append(published, *e)
		}
	}
	if len(published) > 0 {
		dst.AddResources(r.gated(published)...)
	}
}

// gated copies entries with mountedRead as their handler.
func (r *resources) gated(entries []server.ServerResource) []server.ServerResource {
	out := make([]server.ServerResource, 0, len(entries))
	for _, e := range entries {
		out = append(out, server.ServerResource{Resource: e.Resource, Handler: r.mountedRead})
	}
	return out
}

// mountedRead is resources/read of a Facet resource on a server Facet is
// mounted on. That server has none of the Facet server's request hooks, so
// the ReadAuthorizer is asked here, with the request's params as the
// client sent them; read itself checks ownership and presence.
func (r *resources) mountedRead(ctx context.Context, req sdk.ReadResourceRequest) ([]sdk.ResourceContents, error) {
	uri := req.Params.URI
	if r.s.guard.closed.Load() {
		return nil, fmt.Errorf("resource %q: %s: the Facet server has stopped", uri, CodeAuthorizationRequired)
	}
	params := paramsOf(req.Params)
	delete(params, "arguments") // filled in by mcp-go from the URI template
	if err := r.s.guard.read(ctx, string(sdk.MethodResourcesRead), params); err != nil {
		return nil, fmt.Errorf("resource %q: %w", uri, err)
	}
	return r.read(ctx, req)
}

// owns reports whether uri is one of Facet's: a facet:// URI, or an app
// URI some session declares.
func (r *resources) owns(uri string) bool {
	if strings.HasPrefix(uri, uriPrefix) {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.claims[uri]) > 0
}

// paramsOf is v as the JSON object a client sends.
func paramsOf(v any) map[string]any {
	params := map[string]any{}
	if b, err := json.Marshal(v); err == nil {
		_ = json.Unmarshal(b, &params)
	}
	return params
}

// mounted holds the hooks Mount adds to a host server. Each one acts on
// Facet's resources only and leaves the host's own alone.
type mounted struct{ s *Server }

// allowed reports whether the ReadAuthorizer lets the caller on ctx use
// the read method with params, while the Facet server is open.
func (m mounted) allowed(ctx context.Context, method string, params any) bool {
	return !m.s.guard.closed.Load() && m.s.guard.read(ctx, method, paramsOf(params)) == nil
}

// gate decides resources/subscribe and unsubscribe of a Facet resource as
// the Facet server's gateRead does. A subscription request whose keys
// collide is refused whatever it names: its URI could be read two ways.
func (m mounted) gate(ctx context.Context, _ any, message any) error {
	req, err := readRequest(message)
	if req.method != string(sdk.MethodResourcesSubscribe) && req.method != string(sdk.MethodResourcesUnsubscribe) {
		return nil
	}
	if err != nil {
		return err
	}
	uri, _ := req.params["uri"].(string)
	if !m.s.res.owns(uri) {
		return nil
	}
	if m.s.guard.closed.Load() {
		return fmt.Errorf("%s: %s %q: the Facet server has stopped", CodeAuthorizationRequired, req.method, uri)
	}
	if err := m.s.guard.read(ctx, req.method, req.params); err != nil {
		return err
	}
	if req.method == string(sdk.MethodResourcesSubscribe) {
		return m.s.gateSubscribe(ctx, uri)
	}
	return nil
}

// onSuccess records a subscription to a Facet resource once the host has
// accepted it, so that its updates reach the client.
func (m mounted) onSuccess(ctx context.Context, id any, method sdk.MCPMethod, message any, result any) {
	if method != sdk.MethodResourcesSubscribe && method != sdk.MethodResourcesUnsubscribe {
		return
	}
	req, _ := readRequest(message)
	if uri, _ := req.params["uri"].(string); m.s.res.owns(uri) {
		m.s.res.onSuccess(ctx, id, method, message, result)
	}
}

// listResources leaves Facet's resources out of the host's resources/list
// for a caller the ReadAuthorizer does not allow it, and a session's for a
// caller who cannot reach the session.
func (m mounted) listResources(ctx context.Context, _ any, req *sdk.ListResourcesRequest, res *sdk.ListResourcesResult) {
	if res == nil || req == nil {
		return
	}
	allowed := m.allowed(ctx, string(sdk.MethodResourcesList), req.Params)
	kept := res.Resources[:0]
	for _, r := range res.Resources {
		if m.s.res.owns(r.URI) {
			if !allowed {
				continue
			}
			if session, _, _, ok := parseURI(m.s.res.resolve(r.URI)); ok && !m.s.starts.sees(ctx, session) {
				continue
			}
		}
		kept = append(kept, r)
	}
	res.Resources = kept
}

// listTools shapes the Facet tools in the host's tools/list for the caller
// as the Facet server's own list is shaped (see Server.listTools), and
// leaves the host's own tools alone.
func (m mounted) listTools(ctx context.Context, _ any, _ *sdk.ListToolsRequest, res *sdk.ListToolsResult) {
	if res == nil {
		return
	}
	l := m.s.toolLister(ctx)
	kept := res.Tools[:0]
	for _, tl := range res.Tools {
		if _, facet := m.s.reg.Resolve(tl.Name); facet && !l.keeps(tl.Name) {
			continue
		}
		kept = append(kept, tl)
	}
	res.Tools = kept
}

// listTemplates leaves Facet's templates out of the host's
// resources/templates/list for a caller the ReadAuthorizer does not allow
// it.
func (m mounted) listTemplates(ctx context.Context, _ any, req *sdk.ListResourceTemplatesRequest, res *sdk.ListResourceTemplatesResult) {
	if res == nil || req == nil || m.allowed(ctx, string(sdk.MethodResourcesTemplatesList), req.Params) {
		return
	}
	kept := res.ResourceTemplates[:0]
	for _, t := range res.ResourceTemplates {
		if b, err := json.Marshal(t.URITemplate); err == nil && strings.HasPrefix(string(b), `"`+uriPrefix) {
			continue
		}
		kept = append(kept, t)
	}
	res.ResourceTemplates = kept
}
