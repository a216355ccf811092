package mcp

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/tea"
)

// Local is a server as the other nodes of its cluster reach it (see
// Cluster.Attach): it answers the requests they forward for its sessions,
// and takes the content of their resources that its own clients watch.
type Local struct {
	s *Server
}

// CallTimeout is how long the server waits for a call (Options.CallTimeout):
// the bound of a request made for it over the cluster.
func (l *Local) CallTimeout() time.Duration { return l.s.opts.CallTimeout }

// asForwarded is ctx acting for caller, who asked on node from: a
// connection of this server's named "<connection>@<from>", so presence and
// labels show who acts, and it owns none of this server's sessions (no
// local connection id has an "@"). A caller with no connection acts as
// "unknown@<from>".
func asForwarded(ctx context.Context, from string, caller AuthContext) context.Context {
	if caller.ConnectionID == "" {
		caller = AuthContext{ConnectionID: "unknown"}
	}
	if from == "" {
		from = "unknown-node"
	}
	ac := AuthContext{ConnectionID: caller.ConnectionID + "@" + from, Transport: caller.Transport, Agent: caller.Agent, Principal: caller.Principal}
	if ac.Agent != "" {
		ac.Agent += "@" + from
	}
	if ac.Transport == "" {
		ac.Transport = TransportUnknown
	}
	return context.WithValue(ctx, principalKey{}, ac)
}

// Call answers a tool call another node forwarded as the server answers
// its own clients' calls: the same routing of names, the same
// authorization, the same answers and errors (a *CallError). from is the
// node it came from and caller who asked there: the call acts as the
// connection "<connection>@<from>", which reaches host and shared
// sessions only, and shows so on the session's presence.
func (l *Local) Call(ctx context.Context, from string, caller AuthContext, session, tool string, args map[string]any) (Answer, error) {
	s := l.s
	ctx = asForwarded(ctx, from, caller)
	req := sdk.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = args
	s.rewriteCall(ctx, nil, &req)
	name := req.Params.Name
	// The wire name (the advertised spelling) is registered with the
	// SDK; Facet's calls take the tool's own name, as handlerFor does.
	if t, ok := s.reg.Resolve(name); ok {
		name = t.Name
	}
	if routed, ok := routedName(req); ok && name == routeTool {
		name = routed // a session's tool (sessiontools.go)
	}
	in := callInput{Args: req.GetArguments()}
	if name == "facet_act" {
		in.Stale, in.StaleSession, _ = staleName(req)
		if req.Params.Meta != nil {
			in.Called, _ = req.Params.Meta.AdditionalFields[calledMetaKey].(string)
		}
	}
	if s.sdk.GetTool(req.Params.Name) == nil {
		return Answer{}, staleSession(session, tool)
	}
	return s.callTool(ctx, name, in)
}

// Read answers a resource read another node forwarded as the server
// answers its own clients' reads, for caller on node from (see Call).
func (l *Local) Read(ctx context.Context, from string, caller AuthContext, uri string) (ResourceText, error) {
	ctx = asForwarded(ctx, from, caller)
	req := sdk.ReadResourceRequest{}
	req.Params.URI = uri
	contents, err := l.s.res.read(ctx, req)
	switch {
	case err != nil:
		return ResourceText{}, err
	case len(contents) != 1:
		return ResourceText{}, fmt.Errorf("resource %q: %d contents, want 1", uri, len(contents))
	}
	t, ok := contents[0].(sdk.TextResourceContents)
	if !ok {
		return ResourceText{}, fmt.Errorf("resource %q: not text", uri)
	}
	return ResourceText{Text: t.Text, MIME: t.MIMEType, Meta: t.Meta}, nil
}

// Leave takes caller, who asked on node from (see Call), off the presence
// of session, one of this server's: their connection there ended.
func (l *Local) Leave(ctx context.Context, from string, caller AuthContext, session string) {
	s := l.s
	ac, _ := principalOf(asForwarded(ctx, from, caller))
	s.notes.forget(ac.ConnectionID, "")
	if sess, running := s.sessions.Get(session); running {
		_, _ = sess.Dispatch(ctx, tea.DetachAgentMsg{Agent: presenceName(ac)})
	}
}

// Known reports whether the server holds a content of uri, a resource of
// another node's session, to patch the next one against.
func (l *Local) Known(uri string) bool {
	r := l.s.res
	r.mu.Lock()
	defer r.mu.Unlock()
	_, has := r.states[uri]
	return has
}

// Baseline makes rt the content of uri that the next change is patched
// against, when the server holds none yet; current is as for Observe.
func (l *Local) Baseline(uri string, rt ResourceText, current func() bool) {
	r := l.s.res
	r.mu.Lock()
	if _, has := r.states[uri]; !has {
		r.states[uri] = &resourceState{}
	}
	r.mu.Unlock()
	l.Observe(uri, rt, current)
}

// Observe takes rt, the content of uri (a resource of another node's
// session) as its node answered a read, when the server holds a content
// of it (see Baseline): when it differs from that one, the server's
// subscribers to uri get one update with the owner's version and the RFC
// 6902 patch from the last content, as for a local session. Nothing is
// recorded once current answers false (the session is no longer
// followed).
func (l *Local) Observe(uri string, rt ResourceText, current func() bool) {
	r := l.s.res
	r.mu.Lock()
	st := r.states[uri]
	r.mu.Unlock()
	if st == nil {
		return
	}
	version, _ := rt.Meta["version"].(float64)
	body := []byte(rt.Text)
	st.mu.Lock()
	defer st.mu.Unlock()
	if !current() {
		return
	}
	if uint64(version) < st.version || bytes.Equal(body, st.last) {
		return
	}
	first := st.last == nil
	patch, perr := derive.Diff(st.last, body)
	st.version, st.last = uint64(version), body
	if !first && perr == nil {
		r.notify(uri, st.version, patch)
	}
}

// Ended ends the subscriptions to the resources of session, another
// node's, and forgets their content: it stopped, or its node died, as a
// stopped local session's do.
func (l *Local) Ended(session string) {
	r := l.s.res
	r.mu.Lock()
	prefix := uriPrefix + session + "/"
	for uri := range r.subs {
		if strings.HasPrefix(uri, prefix) {
			delete(r.subs, uri)
		}
	}
	r.mu.Unlock()
	l.Forget(session)
}

// Forget drops the content the server holds of the resources of session,
// another node's, which nobody here watches any more.
func (l *Local) Forget(session string) {
	s := l.s
	if _, local := s.sessions.Get(session); local {
		return
	}
	prefix := uriPrefix + session + "/"
	s.res.mu.Lock()
	defer s.res.mu.Unlock()
	for uri := range s.res.states {
		if strings.HasPrefix(uri, prefix) {
			delete(s.res.states, uri)
		}
	}
}
