package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/facetui/facet/tea"
)

// Request kinds.
const (
	// KindCall is a tool call: Name is the tool, Args its arguments.
	KindCall = "call"
	// KindRead is a resource read: Name is the resource URI.
	KindRead = "read"
	// KindLeave says the caller is gone from the session (its connection
	// ended): the owner takes it off the session's presence.
	KindLeave = "leave"
)

// pingBudget is the part of a request's time kept back to ask, when the
// owner has not answered, whether the owner is alive at all.
const pingBudget = 250 * time.Millisecond

// Request is a request for a session, made on any node and answered by the
// node that owns the session.
type Request struct {
	Session string          `json:"session"`
	Kind    string          `json:"kind"`
	Name    string          `json:"name"`
	Args    json.RawMessage `json:"args,omitempty"`
	// From is the node the request was made on (Do sets it).
	From string `json:"from,omitempty"`
	// Caller is who asks, as the server of the node the caller is
	// connected to describes them (after authorizing the request there);
	// the owner's Handler reads it.
	Caller json.RawMessage `json:"caller,omitempty"`
}

// Handler answers requests for sessions this node owns, as it would answer
// them for a local caller. An error's text reaches the caller unchanged.
type Handler interface {
	Handle(ctx context.Context, req Request) (json.RawMessage, error)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, req Request) (json.RawMessage, error)

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, req Request) (json.RawMessage, error) {
	return f(ctx, req)
}

// reply is a request's answer on the wire.
type reply struct {
	Result json.RawMessage `json:"result,omitempty"`
	Error  *wireError      `json:"error,omitempty"`
}

// wireError is an error on the wire: its text and the sentinels it matched
// where it happened.
type wireError struct {
	Message string   `json:"message"`
	Kinds   []string `json:"kinds,omitempty"`
}

// sentinels are the errors a forwarded error keeps matching with errors.Is.
var sentinels = map[string]error{
	"no_session":       tea.ErrNoSession,
	"session_exists":   tea.ErrSessionExists,
	"update_panicked":  tea.ErrUpdatePanicked,
	"invalid_model":    tea.ErrInvalidModel,
	"timeout":          tea.ErrTimeout,
	"stopped":          tea.ErrStopped,
	"agents_blocked":   tea.ErrAgentsBlocked,
	"not_focusable":    tea.ErrNotFocusable,
	"not_in_view":      tea.ErrNotInView,
	"behind_trap":      tea.ErrBehindTrap,
	"invalid_argument": tea.ErrInvalidArgument,
	"unknown_action":   tea.ErrUnknownAction,
	"invalid_id":       tea.ErrInvalidID,
	"invalid_notice":   tea.ErrInvalidNotification,
	"stale_session":    ErrStaleSession,
	"deadline":         context.DeadlineExceeded,
	"canceled":         context.Canceled,
}

func toWire(err error) *wireError {
	w := &wireError{Message: err.Error()}
	for kind, target := range sentinels {
		if errors.Is(err, target) {
			w.Kinds = append(w.Kinds, kind)
		}
	}
	return w
}

// RemoteError is an error the owner node answered. Its text is the
// owner's, and errors.Is matches the errors it matched there (tea's
// sentinels, ErrStaleSession, context's).
type RemoteError struct {
	Node    string
	Message string
	kinds   []string
}

func (e *RemoteError) Error() string { return e.Message }

// Is matches the sentinels the error matched on its node.
func (e *RemoteError) Is(target error) bool {
	for _, k := range e.kinds {
		if sentinels[k] == target {
			return true
		}
	}
	return false
}

// Do answers req: through the Handler when this node owns the session,
// else by forwarding it to the owner. A session no node has, or whose node
// is gone, answers a *StaleSessionError; so does one whose entry names a
// node that is not a live node of the directory (a forged entry: the
// request, which carries the caller and their arguments, is not sent).
// Nothing waits past the call timeout (or ctx's deadline, if sooner).
func (n *Node) Do(ctx context.Context, req Request) (json.RawMessage, error) {
	req.From = n.opts.Name
	if n.owns(req.Session) {
		return n.handle(ctx, req)
	}
	e, ok := n.Lookup(req.Session)
	if !ok {
		return nil, &StaleSessionError{ID: req.Session, Why: "no node has it"}
	}
	if !n.nc.IsConnected() {
		// Requests would wait for a reconnect until the timeout.
		return nil, &StaleSessionError{ID: req.Session, Node: e.Node, Why: "this node has lost the cluster's NATS server"}
	}
	if e.Node == n.opts.Name {
		// The directory still has it, but this node let it go.
		return nil, &StaleSessionError{ID: req.Session, Node: e.Node, Why: "it stopped"}
	}
	if !n.nodeLive(e.Node) {
		return nil, &StaleSessionError{ID: req.Session, Node: e.Node, Why: "the directory names a node that is not in the cluster"}
	}
	return n.forward(ctx, e.Node, req)
}

// Owner returns the node that owns session id, as the directory has it.
func (n *Node) Owner(id string) (string, bool) {
	if n.owns(id) {
		return n.opts.Name, true
	}
	e, ok := n.Lookup(id)
	return e.Node, ok
}

func (n *Node) forward(ctx context.Context, node string, req Request) (json.RawMessage, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return nil, fmt.Errorf("cluster: encode request for session %q: %w", req.Session, err)
	}
	budget := n.opts.CallTimeout
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < budget {
		budget = time.Until(dl)
	}
	wait := budget - pingBudget
	if wait < budget/2 {
		wait = budget / 2
	}
	lost := n.conn.current()
	rctx, cancel := context.WithTimeout(ctx, wait)
	stop := context.AfterFunc(lost, cancel)
	msg, err := n.nc.RequestWithContext(rctx, reqSubject(node), data)
	stop()
	cancel()
	switch {
	case errors.Is(err, nats.ErrNoResponders):
		return nil, &StaleSessionError{ID: req.Session, Node: node, Why: "its node does not answer"}
	case err != nil && ctx.Err() == nil && lost.Err() != nil:
		return nil, &StaleSessionError{ID: req.Session, Node: node, Why: "this node lost the cluster's NATS server during the call"}
	case err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded):
		if !n.alive(ctx, node, budget-wait) {
			return nil, &StaleSessionError{ID: req.Session, Node: node, Why: "its node stopped answering"}
		}
		return nil, fmt.Errorf("cluster: session %q on node %q: %w", req.Session, node, &tea.TimeoutError{After: wait})
	case err != nil:
		return nil, fmt.Errorf("cluster: session %q on node %q: %w", req.Session, node, err)
	}
	var r reply
	if err := json.Unmarshal(msg.Data, &r); err != nil {
		return nil, fmt.Errorf("cluster: answer of node %q for session %q: %w", node, req.Session, err)
	}
	if r.Error != nil {
		return nil, &RemoteError{Node: node, Message: r.Error.Message, kinds: r.Error.Kinds}
	}
	return r.Result, nil
}

// alive asks node whether it still answers, within d.
func (n *Node) alive(ctx context.Context, node string, d time.Duration) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), d)
	defer cancel()
	_, err := n.nc.RequestWithContext(ctx, pingSubject(node), nil)
	return err == nil
}

// handle answers a request for a session this node owns.
func (n *Node) handle(ctx context.Context, req Request) (json.RawMessage, error) {
	if !n.owns(req.Session) {
		return nil, &StaleSessionError{ID: req.Session, Node: n.opts.Name, Why: "this node does not own it"}
	}
	if n.opts.Handler == nil {
		return nil, fmt.Errorf("cluster: node %q answers no requests (it has no handler)", n.opts.Name)
	}
	return n.opts.Handler.Handle(ctx, req)
}

func reqSubject(node string) string  { return "facet.node." + node + ".req" }
func pingSubject(node string) string { return "facet.node." + node + ".ping" }

// serve answers the requests other nodes forward to this node, each on
// its own goroutine, within the call timeout. It returns once the server
// has its subscriptions.
func (n *Node) serve() error {
	if _, err := n.nc.Subscribe(pingSubject(n.opts.Name), func(m *nats.Msg) { _ = m.Respond(nil) }); err != nil {
		return fmt.Errorf("cluster: answer pings: %w", err)
	}
	if _, err := n.nc.Subscribe(holdsSubject(n.opts.Name), n.answerHolds); err != nil {
		return fmt.Errorf("cluster: answer which sessions this node holds: %w", err)
	}
	_, err := n.nc.Subscribe(reqSubject(n.opts.Name), func(m *nats.Msg) {
		n.mu.Lock()
		if n.closed {
			n.mu.Unlock()
			return
		}
		n.reqs.Add(1)
		n.mu.Unlock()
		go func() {
			defer n.reqs.Done()
			_ = m.Respond(n.answer(m.Data))
		}()
	})
	if err != nil {
		return fmt.Errorf("cluster: answer requests: %w", err)
	}
	// The server has the subscriptions before Join returns: a request
	// made at once must not find nobody answering.
	if err := n.nc.FlushTimeout(n.opts.CallTimeout); err != nil {
		return fmt.Errorf("cluster: answer requests: %w", err)
	}
	return nil
}

// answer decodes a forwarded request, answers it and encodes the reply.
func (n *Node) answer(data []byte) []byte {
	var req Request
	var r reply
	if err := json.Unmarshal(data, &req); err != nil {
		r.Error = toWire(fmt.Errorf("cluster: node %q cannot read the request: %w", n.opts.Name, err))
	} else {
		ctx, cancel := context.WithTimeout(n.runCtx, n.opts.CallTimeout)
		res, err := n.handle(ctx, req)
		cancel()
		if err != nil {
			r.Error = toWire(err)
		} else {
			r.Result = res
		}
	}
	out, err := json.Marshal(r)
	if err != nil {
		out, _ = json.Marshal(reply{Error: toWire(fmt.Errorf("cluster: node %q cannot encode the answer: %w", n.opts.Name, err))})
	}
	return out
}

// Remote names the node that runs session id, when another node does: a
// live node of the directory.
func (n *Node) Remote(id string) (node string, ok bool) {
	owner, ok := n.Owner(id)
	if !ok || owner == n.opts.Name || !n.nodeLive(owner) {
		return "", false
	}
	return owner, true
}

// Forward has the node that runs session id answer caller's call to tool
// (see Do); the answer is that node's Handler's.
func (n *Node) Forward(ctx context.Context, caller json.RawMessage, session, tool string, args json.RawMessage) (json.RawMessage, error) {
	return n.Do(ctx, Request{Session: session, Kind: KindCall, Name: tool, Args: args, Caller: caller})
}

// EachRemote calls fn for every session in the directory that another
// live node runs: its id, app, node, owner (see Entry), whether it is
// shared, and when it started.
func (n *Node) EachRemote(fn func(id, app, node, owner string, shared bool, started time.Time)) {
	for _, e := range n.Sessions() {
		if e.Node != n.opts.Name && n.nodeLive(e.Node) {
			fn(e.ID, e.App, e.Node, e.Owner, e.Shared, e.Started)
		}
	}
}

// Leave tells the node that runs session id that caller is gone (see
// KindLeave).
func (n *Node) Leave(ctx context.Context, caller json.RawMessage, session string) error {
	_, err := n.Do(ctx, Request{Session: session, Kind: KindLeave, Caller: caller})
	return err
}

// ForwardRead has the node that runs session id answer caller's read of
// the resource uri (see Do).
func (n *Node) ForwardRead(ctx context.Context, caller json.RawMessage, session, uri string) (json.RawMessage, error) {
	return n.Do(ctx, Request{Session: session, Kind: KindRead, Name: uri, Caller: caller})
}
