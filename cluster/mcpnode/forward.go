package mcpnode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/facetui/facet/cluster"
	"github.com/facetui/facet/render/mcp"
)

// caller is who makes a forwarded request, as the node they are connected
// to knows them; the owner acts for them as the connection
// "<connection>@<node>" (see mcp.Local.Call).
type caller struct {
	Connection string `json:"connection"`
	Transport  string `json:"transport,omitempty"`
	Agent      string `json:"agent,omitempty"`
	// Principal is who the caller authenticated as at its node, if it
	// did: it owns the same sessions on every node.
	Principal string `json:"principal,omitempty"`
}

// callerOf is the caller of ctx as a forwarded request carries it.
func callerOf(ac mcp.AuthContext) json.RawMessage {
	b, err := json.Marshal(caller{Connection: ac.ConnectionID, Transport: ac.Transport, Agent: ac.Agent, Principal: ac.Principal})
	if err != nil {
		return nil
	}
	return b
}

// authOf is the caller a forwarded request carries; one that cannot be
// read has no connection (mcp.Local names it "unknown").
func authOf(raw json.RawMessage) mcp.AuthContext {
	var c caller
	if len(raw) == 0 || json.Unmarshal(raw, &c) != nil {
		return mcp.AuthContext{}
	}
	return mcp.AuthContext{ConnectionID: c.Connection, Transport: c.Transport, Agent: c.Agent, Principal: c.Principal}
}

// callAnswer is a call's answer as it travels between nodes: the answer,
// or the error with its kind and message.
type callAnswer struct {
	Text  []string        `json:"text,omitempty"`
	Value json.RawMessage `json:"value,omitempty"`
	Error *mcp.CallError  `json:"error,omitempty"`
}

// readAnswer is a resource read's answer as it travels between nodes.
type readAnswer struct {
	Text    string         `json:"text,omitempty"`
	Meta    map[string]any `json:"meta,omitempty"`
	MIME    string         `json:"mime,omitempty"`
	Message string         `json:"error,omitempty"`
}

// asCallError is err as the CallError a client reads: an error of another
// type is the app's failure.
func asCallError(err error) *mcp.CallError {
	var ce *mcp.CallError
	if errors.As(err, &ce) {
		return ce
	}
	return &mcp.CallError{Kind: mcp.KindFault, Message: err.Error()}
}

// Call has the node that runs session answer the call of tool with args
// by the caller of ctx. It implements mcp.Cluster.
func (n *Node) Call(ctx context.Context, session, tool string, args map[string]any) (mcp.Answer, error) {
	node, _ := n.node.Remote(session)
	raw, err := json.Marshal(args)
	if err != nil {
		return mcp.Answer{}, &mcp.CallError{Kind: mcp.KindCaller, Message: fmt.Sprintf("%s: arguments: %v", tool, err)}
	}
	ac := mcp.CallerOf(ctx)
	n.relays.acted(ac, session)
	out, err := n.node.Forward(ctx, callerOf(ac), session, tool, raw)
	if err != nil {
		// The node is gone or did not answer in time: the error says so
		// and names facet_list.
		return mcp.Answer{}, &mcp.CallError{Kind: mcp.KindCaller, Message: err.Error()}
	}
	var ca callAnswer
	if err := json.Unmarshal(out, &ca); err != nil {
		return mcp.Answer{}, &mcp.CallError{Kind: mcp.KindFault, Message: fmt.Sprintf("session `%s` on node %q: unreadable answer: %v", session, node, err)}
	}
	if ca.Error != nil {
		return mcp.Answer{}, ca.Error
	}
	a := mcp.Answer{Text: ca.Text}
	if len(ca.Value) > 0 {
		a.Value = ca.Value
	}
	return a, nil
}

// Read has the node that runs session answer the read of uri by the
// caller of ctx. It implements mcp.Cluster.
func (n *Node) Read(ctx context.Context, session, uri string) (mcp.ResourceText, error) {
	node, _ := n.node.Remote(session)
	rt, err := n.read(ctx, node, callerOf(mcp.CallerOf(ctx)), session, uri)
	if err != nil {
		return mcp.ResourceText{}, err
	}
	n.relays.observe(session, uri, rt)
	return rt, nil
}

// read has node answer caller's read of uri, a resource of session.
func (n *Node) read(ctx context.Context, node string, caller json.RawMessage, session, uri string) (mcp.ResourceText, error) {
	out, err := n.node.ForwardRead(ctx, caller, session, uri)
	if err != nil {
		return mcp.ResourceText{}, fmt.Errorf("resource %q: %w", uri, err)
	}
	var ra readAnswer
	if err := json.Unmarshal(out, &ra); err != nil {
		return mcp.ResourceText{}, fmt.Errorf("resource %q of session `%s` on node %q: unreadable answer: %w", uri, session, node, err)
	}
	if ra.Message != "" {
		return mcp.ResourceText{}, errors.New(ra.Message)
	}
	return mcp.ResourceText{Text: ra.Text, MIME: ra.MIME, Meta: ra.Meta}, nil
}

// Left tells the nodes whose sessions client connection conn acted on
// that it is gone. It implements mcp.Cluster.
func (n *Node) Left(conn string) {
	gone := n.relays.leave(conn)
	if len(gone) == 0 {
		return
	}
	l := n.local.Load()
	// Off the SDK's unregistering goroutine: a dead node answers late.
	go func() {
		for _, a := range gone {
			ctx, cancel := context.WithTimeout(context.Background(), l.CallTimeout())
			_ = n.node.Leave(ctx, callerOf(a.ac), a.session)
			cancel()
		}
	}()
}

// handle answers one request another node forwarded: a tool call, a
// resource read, or a caller leaving a session. The answer is JSON for the
// asking node; a call's or read's failure travels inside it.
func (n *Node) handle(ctx context.Context, req cluster.Request) (json.RawMessage, error) {
	l := n.local.Load()
	switch {
	case l == nil:
		return nil, fmt.Errorf("session %q: this node's MCP server is not serving yet; try again", req.Session)
	case req.Kind == cluster.KindRead:
		return answerRead(ctx, l, req), nil
	case req.Kind == cluster.KindLeave:
		l.Leave(ctx, req.From, authOf(req.Caller), req.Session)
		return json.RawMessage(`{}`), nil
	case req.Kind != cluster.KindCall:
		return nil, fmt.Errorf("session %q: a %q request is not forwarded between MCP nodes: only tool calls, resource reads and leaving", req.Session, req.Kind)
	}
	return answerCall(ctx, l, req), nil
}

// answerCall is l's answer to a forwarded call, as JSON.
func answerCall(ctx context.Context, l *mcp.Local, req cluster.Request) json.RawMessage {
	var ca callAnswer
	var args map[string]any
	if len(req.Args) > 0 {
		if err := json.Unmarshal(req.Args, &args); err != nil {
			ca.Error = &mcp.CallError{Kind: mcp.KindCaller, Message: fmt.Sprintf("%s: arguments must be a JSON object of named arguments: %v", req.Name, err)}
		}
	}
	if ca.Error == nil {
		if a, err := l.Call(ctx, req.From, authOf(req.Caller), req.Session, req.Name, args); err != nil {
			ca.Error = asCallError(err)
		} else {
			ca.Text = a.Text
			if a.Value != nil {
				v, err := json.Marshal(a.Value)
				if err != nil {
					ca.Error = &mcp.CallError{Kind: mcp.KindFault, Message: fmt.Sprintf("%s: answer: %v", req.Name, err)}
				}
				ca.Value = v
			}
		}
	}
	out, err := json.Marshal(ca)
	if err != nil {
		out, _ = json.Marshal(callAnswer{Error: &mcp.CallError{Kind: mcp.KindFault, Message: fmt.Sprintf("%s: answer: %v", req.Name, err)}})
	}
	return out
}

// answerRead is l's answer to a forwarded read, as JSON.
func answerRead(ctx context.Context, l *mcp.Local, req cluster.Request) json.RawMessage {
	var ra readAnswer
	if rt, err := l.Read(ctx, req.From, authOf(req.Caller), req.Name); err != nil {
		ra.Message = err.Error()
	} else {
		ra.Text, ra.MIME, ra.Meta = rt.Text, rt.MIME, rt.Meta
	}
	out, err := json.Marshal(ra)
	if err != nil {
		out, _ = json.Marshal(readAnswer{Message: fmt.Sprintf("resource %q: %v", req.Name, err)})
	}
	return out
}
