package mcp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/facetui/facet/render/mcp/internal/derive"
	"github.com/facetui/facet/render/mcp/toolname"
	"github.com/facetui/facet/tea"
)

// remote is the server's side of its Cluster: what it asks about sessions
// that do not run here. Without a cluster no session runs elsewhere.
type remote struct {
	c        Cluster // nil without a cluster
	sessions *tea.Sessions
	starts   *startGate
	guard    *guard
}

// node names the node that runs session id, when another node does.
func (r *remote) node(id string) (string, bool) {
	if r.c == nil {
		return "", false
	}
	if _, local := r.sessions.Get(id); local {
		return "", false
	}
	return r.c.Remote(id)
}

// reserve reserves id in the cluster, when there is one, and returns what
// to do once the start is over.
func (r *remote) reserve(ctx context.Context, id, app string) (started func(*tea.Session), err error) {
	if r.c == nil {
		return func(*tea.Session) {}, nil
	}
	owner, shared := hostOwner, false
	if conn, private := r.starts.audience(r.sessions, id); conn != "" {
		owner, shared = agentName(conn), !private
	}
	return r.c.Reserve(ctx, id, app, owner, shared)
}

// call answers a call to tool of a session that does not run here
// through the node that runs it; forwarded is false when no node does (or
// there is no cluster).
func (r *remote) call(ctx context.Context, session, tool string, args map[string]any) (a Answer, forwarded bool, err error) {
	if _, ok := r.node(session); !ok {
		return Answer{}, false, nil
	}
	a, err = r.c.Call(ctx, session, tool, args)
	return a, true, err
}

// static answers a call to a static tool whose session argument names a
// session another node runs (facet_screenshot, facet_send_key,
// facet_get_model, facet_stop, ...) through that node, after this server
// has authorized it; forwarded is false for any other call. facet_start's
// names the session to start, so it is never forwarded.
func (r *remote) static(ctx context.Context, tool string, args map[string]any) (a Answer, forwarded bool, err error) {
	id, ok := args[SessionArg].(string)
	if !ok || tool == "facet_start" {
		return Answer{}, false, nil
	}
	return r.call(ctx, id, tool, args)
}

// act answers a facet_act call whose session another node runs through
// that node, after deciding it here as the derived tool it names (as a
// call by that tool's name is); forwarded is false for any other call,
// and for arguments that name no tool (resolveAct explains those).
func (r *remote) act(ctx context.Context, args map[string]any) (a Answer, forwarded bool, err error) {
	id, _ := args["session"].(string)
	widget, _ := args["widget"].(string)
	action, _ := args["action"].(string)
	if id == "" || widget == "" || action == "" {
		return Answer{}, false, nil
	}
	if _, remote := r.node(id); !remote {
		return Answer{}, false, nil
	}
	name := toolname.ToolName(id, widget, action)
	inner, _ := args["args"].(map[string]any)
	if err := r.guard.call(ctx, name, inner, &derive.Tool{Name: name}); err != nil {
		return Answer{}, true, err
	}
	return r.call(ctx, id, "facet_act", args)
}

// read answers a read of uri, a resource of session, which does not run
// here, through the node that runs it; forwarded is false when no node
// does.
func (r *remote) read(ctx context.Context, session, uri string) (rt ResourceText, forwarded bool, err error) {
	if _, ok := r.node(session); !ok {
		return ResourceText{}, false, nil
	}
	rt, err = r.c.Read(ctx, session, uri)
	return rt, true, err
}

// subscribable answers, for a uri of a session another node runs
// (handled), why the caller of ctx may not subscribe to it: a session of
// one client connection there is nobody's here, and the resource must be
// one its node serves to the caller. Not handled: no node runs the
// session, or this one does.
func (r *remote) subscribable(ctx context.Context, uri string) (handled bool, err error) {
	session, _, _, ok := parseURI(uri)
	if !ok {
		return false, nil
	}
	if _, remote := r.node(session); !remote {
		return false, nil
	}
	for _, rs := range r.c.View().Remote {
		if rs.ID == session && rs.private() {
			return true, fmt.Errorf("resource %q: %w", uri, notYours(session))
		}
	}
	if _, err := r.c.Read(ctx, session, uri); err != nil {
		return true, err
	}
	return true, nil
}

// remoteRow is a session of another node in facet_list's answer.
type remoteRow struct {
	ID        string    `json:"id"`
	App       string    `json:"app"`
	Node      string    `json:"node"`
	StartedAt time.Time `json:"started_at"`
	// StartedBy is "host" or "agent", as for this node's sessions.
	StartedBy string `json:"started_by"`
	// Owner is the client connection that started it, as its node names
	// it ("" for a host session).
	Owner  string `json:"owner,omitempty"`
	Shared bool   `json:"shared,omitempty"`
}

// clusterNode is one node of the cluster and the sessions on it a
// connection can reach, in facet_list's answer and the context tree.
type clusterNode struct {
	Name     string   `json:"name"`
	This     bool     `json:"this,omitempty"`
	Sessions []string `json:"sessions"`
}

// view is the cluster as seen from this node: its nodes, and on each the
// sessions that pass visible (here) or are not another's private ones
// (elsewhere; mine, when set, is the caller's owner as the directory
// records it, whose private sessions are listed too), by node name.
func (r *remote) view(d ClusterView, visible func(sess *tea.Session) bool, mine string) ([]clusterNode, []remoteRow) {
	byNode := map[string]*clusterNode{}
	var nodes []clusterNode
	for _, name := range d.Nodes {
		nodes = append(nodes, clusterNode{Name: name, This: name == d.Node, Sessions: []string{}})
	}
	if !slices.ContainsFunc(nodes, func(n clusterNode) bool { return n.This }) {
		nodes = append(nodes, clusterNode{Name: d.Node, This: true, Sessions: []string{}})
	}
	slices.SortFunc(nodes, func(a, b clusterNode) int { return strings.Compare(a.Name, b.Name) })
	for i := range nodes {
		byNode[nodes[i].Name] = &nodes[i]
	}
	here := byNode[d.Node]
	for _, sess := range r.sessions.List() {
		if visible(sess) {
			here.Sessions = append(here.Sessions, sess.ID)
		}
	}
	rows := []remoteRow{}
	for _, rs := range d.Remote {
		if _, local := r.sessions.Get(rs.ID); local || (rs.private() && (mine == "" || rs.Owner != mine)) {
			continue
		}
		row := remoteRow{ID: rs.ID, App: rs.App, Node: rs.Node, StartedAt: rs.Started.UTC(), StartedBy: "host", Shared: rs.Shared}
		if rs.Owner != "" && rs.Owner != hostOwner {
			row.StartedBy, row.Owner = "agent", rs.Owner
		}
		rows = append(rows, row)
		n := byNode[rs.Node]
		if n == nil {
			// Its entry is live but its node's is not (yet): list it.
			nodes = append(nodes, clusterNode{Name: rs.Node, Sessions: []string{}})
			for i := range nodes {
				byNode[nodes[i].Name] = &nodes[i]
			}
			n = byNode[rs.Node]
		}
		n.Sessions = append(n.Sessions, rs.ID)
	}
	for i := range nodes {
		slices.Sort(nodes[i].Sessions)
	}
	return nodes, rows
}

// list adds the cluster to facet_list's answer a, as the caller of ctx
// may see it (reaches says whether it reaches a session here): "remote"
// beside "sessions" (the sessions other nodes run that this connection
// reaches: host and shared ones) and "cluster" (this node's name and
// every live node with those sessions), in the value and as text.
func (r *remote) list(ctx context.Context, a Answer, reaches func(sess *tea.Session) bool) Answer {
	if r.c == nil {
		return a
	}
	d := r.c.View()
	// A principal's own private sessions on other nodes are its too: its
	// owner key is the same on every node (an anonymous connection's is
	// not).
	mine := ""
	if ac := authContext(ctx); ac.Principal != "" {
		mine = agentName(ac.Owner())
	}
	nodes, rows := r.view(d, reaches, mine)
	var b strings.Builder
	for _, row := range rows {
		shared := ""
		if row.Shared {
			shared = ", shared"
		}
		fmt.Fprintf(&b, "%s\t%s\ton node %s\tstarted %s by %s%s\n", row.ID, row.App, row.Node, row.StartedAt.Format(time.RFC3339), row.StartedBy, shared)
	}
	if v, ok := a.Value.(map[string]any); ok {
		v["remote"] = rows
		v["cluster"] = map[string]any{"node": d.Node, "nodes": nodes}
	}
	if len(rows) > 0 {
		if len(a.Text) == 1 && strings.HasPrefix(a.Text[0], "No sessions are running.") {
			a.Text[0] = "No sessions are running on this node."
		}
		a.Text = append(a.Text, "Sessions on other nodes of the cluster (call their tools here, by the same names):\n"+b.String())
	}
	var nb strings.Builder
	fmt.Fprintf(&nb, "Cluster: this is node %s; sessions you reach by node:", d.Node)
	for i, n := range nodes {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(&nb, "%s %s %d", sep, n.Name, len(n.Sessions))
	}
	a.Text = append(a.Text, nb.String())
	return a
}

// swarm is the context tree's cluster section: this node's name and every
// live node with its sessions that every connection reaches (host and
// shared ones; the context is the same for every reader, so a
// connection's own sessions are not in it). Nil without a cluster.
func (r *remote) swarm() map[string]any {
	if r.c == nil {
		return nil
	}
	d := r.c.View()
	nodes, _ := r.view(d, func(sess *tea.Session) bool {
		_, private := r.starts.audience(r.sessions, sess.ID)
		return !private
	}, "")
	return map[string]any{"node": d.Node, "nodes": nodes}
}
