package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	sdk "github.com/mark3labs/mcp-go/mcp"

	"github.com/facetui/facet/tea"
)

// Cluster is the session directory of the servers this one shares
// sessions with (package cluster's Node implements it). The server
// consults it whenever it starts a session, so an id that any node runs is
// refused, naming that node, before the app starts.
type Cluster interface {
	// Reserve claims session id of app for this node, or answers an
	// error naming the node that has it.
	Reserve(ctx context.Context, id, app string) error
	// Adopt keeps a reserved session in the directory until it stops.
	Adopt(sess *tea.Session)
	// Release gives back a reservation whose session did not start.
	Release(ctx context.Context, id string) error
}

// reserveInCluster reserves id in Options.Cluster, when there is one, and
// returns what to do once the start is over: adopt the session it made,
// or release the id when it made none.
func (s *Server) reserveInCluster(ctx context.Context, id, app string) (started func(*tea.Session), err error) {
	c := s.opts.Cluster
	if c == nil {
		return func(*tea.Session) {}, nil
	}
	if err := c.Reserve(ctx, id, app); err != nil {
		return nil, err
	}
	return func(sess *tea.Session) {
		if sess == nil {
			_ = c.Release(context.WithoutCancel(ctx), id)
			return
		}
		c.Adopt(sess)
	}, nil
}

// Forwarder is a Cluster that also carries tool calls to the node that runs
// a session. The server consults it for a call whose session does not run
// here, after authorizing the call as it would a local one.
type Forwarder interface {
	// Remote names the node that runs session id, when another node does.
	Remote(id string) (node string, ok bool)
	// Forward has that node answer the call with ServeForwarded, and
	// returns its answer.
	Forward(ctx context.Context, session, tool string, args json.RawMessage) (json.RawMessage, error)
	// ForwardRead has that node answer a resource read with
	// ServeForwardedRead, and returns its answer.
	ForwardRead(ctx context.Context, session, uri string) (json.RawMessage, error)
}

// forwardedAnswer is a call's answer as it travels between nodes: the
// answer, or the error with its kind and message.
type forwardedAnswer struct {
	Text  []string        `json:"text,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Error *CallError      `json:"error,omitempty"`
}

// forwardCall answers a call to tool of a session that does not run here
// through the node that runs it; forwarded is false when no node does (or
// there is no cluster).
func (s *Server) forwardCall(ctx context.Context, session, tool string, args map[string]any) (a Answer, forwarded bool, err error) {
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return Answer{}, false, nil
	}
	if _, local := s.sessions.Get(session); local {
		return Answer{}, false, nil
	}
	node, ok := f.Remote(session)
	if !ok {
		return Answer{}, false, nil
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return Answer{}, true, callerError(fmt.Sprintf("%s: arguments: %v", tool, err))
	}
	out, err := f.Forward(ctx, session, tool, raw)
	if err != nil {
		// The node is gone or did not answer in time: the error says so
		// and names facet_list.
		return Answer{}, true, callerError(err.Error())
	}
	var fa forwardedAnswer
	if err := json.Unmarshal(out, &fa); err != nil {
		return Answer{}, true, faultError(fmt.Sprintf("session `%s` on node %q: unreadable answer: %v", session, node, err))
	}
	if fa.Error != nil {
		return Answer{}, true, fa.Error
	}
	a = Answer{Text: fa.Text}
	if len(fa.Value) > 0 {
		a.Value = fa.Value
	}
	return a, true, nil
}

// ServeForwarded answers a tool call another node of the cluster forwarded
// (see Forwarder) as this server answers its own clients' calls: the same
// routing of names, the same authorization, the same answers and errors.
// The answer is JSON for the asking node's server; it is never an error.
func (s *Server) ServeForwarded(ctx context.Context, session, tool string, args json.RawMessage) json.RawMessage {
	var fa forwardedAnswer
	var in callInput
	if len(args) > 0 {
		if err := json.Unmarshal(args, &in.Args); err != nil {
			fa.Error = callerError(fmt.Sprintf("%s: arguments must be a JSON object of named arguments: %v", tool, err))
		}
	}
	if fa.Error == nil {
		req := sdk.CallToolRequest{}
		req.Params.Name = tool
		req.Params.Arguments = in.Args
		s.rewriteCall(ctx, nil, &req)
		name := req.Params.Name
		// The wire name (the advertised spelling) is registered with the
		// SDK; Facet's calls take the tool's own name, as handlerFor does.
		if t, ok := s.reg.Resolve(name); ok {
			name = t.Name
		}
		in.Args = req.GetArguments()
		if name == "facet_act" {
			in.Stale, in.StaleSession, _ = staleName(req)
			if req.Params.Meta != nil {
				in.Called, _ = req.Params.Meta.AdditionalFields[calledMetaKey].(string)
			}
		}
		if s.sdk.GetTool(req.Params.Name) == nil {
			fa.Error = asCallError(staleSession(session, tool))
		} else if a, err := s.callTool(ctx, name, in); err != nil {
			fa.Error = asCallError(err)
		} else {
			fa.Text = a.Text
			if a.Value != nil {
				v, err := json.Marshal(a.Value)
				if err != nil {
					fa.Error = faultError(fmt.Sprintf("%s: answer: %v", tool, err))
				}
				fa.Value = v
			}
		}
	}
	out, err := json.Marshal(fa)
	if err != nil {
		out, _ = json.Marshal(forwardedAnswer{Error: faultError(fmt.Sprintf("%s: answer: %v", tool, err))})
	}
	return out
}

// asCallError is err as the CallError a client reads: an error of another
// type is the app's failure.
func asCallError(err error) *CallError {
	var ce *CallError
	if errors.As(err, &ce) {
		return ce
	}
	return faultError(err.Error())
}

// Directory is a Cluster that can list the sessions other nodes run, for
// facet_list.
type Directory interface {
	// EachRemote calls fn for every session another node runs.
	EachRemote(fn func(id, app, node string, started time.Time))
}

// remoteRow is a session of another node in facet_list's answer.
type remoteRow struct {
	ID        string    `json:"id"`
	App       string    `json:"app"`
	Node      string    `json:"node"`
	StartedAt time.Time `json:"started_at"`
}

// withRemote adds the sessions other nodes run to facet_list's answer a:
// a text block, and "remote" beside "sessions" in its value.
func (s *Server) withRemote(a Answer) Answer {
	d, ok := s.opts.Cluster.(Directory)
	if !ok {
		return a
	}
	rows := []remoteRow{}
	var b strings.Builder
	d.EachRemote(func(id, app, node string, started time.Time) {
		if _, local := s.sessions.Get(id); local {
			return
		}
		rows = append(rows, remoteRow{ID: id, App: app, Node: node, StartedAt: started.UTC()})
		fmt.Fprintf(&b, "%s\t%s\ton node %s\tstarted %s\n", id, app, node, started.UTC().Format(time.RFC3339))
	})
	if v, ok := a.Value.(map[string]any); ok {
		v["remote"] = rows
	}
	if len(rows) > 0 {
		if len(s.sessions.List()) == 0 && len(a.Text) == 1 {
			a.Text[0] = "No sessions are running on this node."
		}
		a.Text = append(a.Text, "Sessions on other nodes of the cluster (call their tools here, by the same names):\n"+b.String())
	}
	return a
}

// forwardedRead is a resource read's answer as it travels between nodes.
type forwardedRead struct {
	Text    string         `json:"text,omitempty"`
	Meta    map[string]any `json:"meta,omitempty"`
	MIME    string         `json:"mime,omitempty"`
	Message string         `json:"error,omitempty"`
}

// forwardRead answers a read of uri, a resource of a session that does not
// run here, through the node that runs it; forwarded is false when no node
// does (or there is no cluster).
func (s *Server) forwardRead(ctx context.Context, session, uri string) (c []sdk.ResourceContents, forwarded bool, err error) {
	f, ok := s.opts.Cluster.(Forwarder)
	if !ok {
		return nil, false, nil
	}
	node, ok := f.Remote(session)
	if !ok {
		return nil, false, nil
	}
	out, err := f.ForwardRead(ctx, session, uri)
	if err != nil {
		return nil, true, fmt.Errorf("resource %q: %w", uri, err)
	}
	var fr forwardedRead
	if err := json.Unmarshal(out, &fr); err != nil {
		return nil, true, fmt.Errorf("resource %q of session `%s` on node %q: unreadable answer: %w", uri, session, node, err)
	}
	if fr.Message != "" {
		return nil, true, errors.New(fr.Message)
	}
	return []sdk.ResourceContents{sdk.TextResourceContents{URI: uri, MIMEType: fr.MIME, Text: fr.Text, Meta: fr.Meta}}, true, nil
}

// ServeForwardedRead answers a resource read another node of the cluster
// forwarded (see Forwarder) as this server answers its own clients' reads.
// The answer is JSON for the asking node's server; it is never an error.
func (s *Server) ServeForwardedRead(ctx context.Context, uri string) json.RawMessage {
	req := sdk.ReadResourceRequest{}
	req.Params.URI = uri
	var fr forwardedRead
	contents, err := s.res.read(ctx, req)
	switch {
	case err != nil:
		fr.Message = err.Error()
	case len(contents) != 1:
		fr.Message = fmt.Sprintf("resource %q: %d contents, want 1", uri, len(contents))
	default:
		t, ok := contents[0].(sdk.TextResourceContents)
		if !ok {
			fr.Message = fmt.Sprintf("resource %q: not text", uri)
		}
		fr.Text, fr.MIME, fr.Meta = t.Text, t.MIMEType, t.Meta
	}
	out, err := json.Marshal(fr)
	if err != nil {
		out, _ = json.Marshal(forwardedRead{Message: fmt.Sprintf("resource %q: %v", uri, err)})
	}
	return out
}
