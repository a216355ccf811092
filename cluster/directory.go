package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/facetui/facet/tea"
)

// Key prefixes in the directory bucket.
const (
	sessionKey = "s."
	nodeKey    = "n."
)

// Entry is one session in the directory.
type Entry struct {
	ID   string `json:"id"`
	Node string `json:"node"`
	App  string `json:"app"`
	// Owner is who started the session: "host" for a person's (a
	// terminal, an SSH connection) or the embedding program's, else the
	// client connection that started it, as its server names it.
	Owner string `json:"owner,omitempty"`
	// Shared marks a session its owner shared with every client
	// connection; a client's session that is not shared is its own.
	Shared  bool      `json:"shared,omitempty"`
	Agents  []string  `json:"agents,omitempty"`
	Started time.Time `json:"started"`
}

// NodeInfo is one live node in the directory.
type NodeInfo struct {
	Name   string    `json:"name"`
	Joined time.Time `json:"joined"`
}

// claim is a key this node owns and keeps alive.
type claim struct {
	key   string
	value []byte
	rev   uint64
}

// create claims key with KV create semantics: it fails with
// jetstream.ErrKeyExists when a live entry has it.
func (n *Node) create(ctx context.Context, key string, value []byte) error {
	ctx, cancel := context.WithTimeout(ctx, n.opts.CallTimeout)
	defer cancel()
	rev, err := n.kv.Create(ctx, key, value)
	if err != nil {
		return err
	}
	n.mu.Lock()
	n.claims[key] = &claim{key: key, value: value, rev: rev}
	n.mu.Unlock()
	return nil
}

// release deletes a key this node owns, if it still owns it.
func (n *Node) release(ctx context.Context, key string) error {
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	n.mu.Lock()
	c := n.claims[key]
	delete(n.claims, key)
	n.mu.Unlock()
	if c == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, n.opts.CallTimeout)
	defer cancel()
	if err := n.kv.Delete(ctx, key, jetstream.LastRevision(c.rev)); err != nil {
		return fmt.Errorf("cluster: release %s: %w", key, err)
	}
	return nil
}

// refresh rewrites every claim so its TTL starts again. A claim whose
// entry someone deleted or rewrote since this node wrote it, or that
// expired (this node was slow or cut off), is put back (see reassert).
func (n *Node) refresh(ctx context.Context) {
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	n.mu.Lock()
	claims := make([]claim, 0, len(n.claims))
	for _, c := range n.claims {
		claims = append(claims, *c)
	}
	n.mu.Unlock()
	for _, c := range claims {
		rctx, cancel := context.WithTimeout(ctx, n.opts.TTL/3)
		rev, err := n.kv.Update(rctx, c.key, c.value, c.rev)
		cancel()
		switch {
		case err == nil:
			n.setRev(c.key, rev)
		case ctx.Err() != nil:
			return
		default:
			n.reassert(ctx, c.key)
		}
	}
}

// keepAlive refreshes the claims every TTL/3 until ctx ends.
func (n *Node) keepAlive(ctx context.Context) {
	t := time.NewTicker(n.opts.TTL / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			n.refresh(ctx)
		}
	}
}

// cached is a directory entry as the watcher last saw it, decoded once.
type cached struct {
	value   []byte
	created time.Time
	session *Entry    // for a session's key, when it decodes
	node    *NodeInfo // for a node's key, when it decodes
}

// watchDirectory keeps n.cache equal to the bucket: puts, deletes and the
// markers the server writes when an entry's TTL runs out. A change to an
// entry this node claims, that this node did not make, wakes the healer
// (see noticeChange). The watcher stops with ctx.
func (n *Node) watchDirectory(ctx context.Context, w jetstream.KeyWatcher) {
	for {
		select {
		case <-ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil {
				n.once.Do(func() { close(n.synced) })
				continue
			}
			put := e.Operation() == jetstream.KeyValuePut
			if put {
				n.remember(e.Key(), e.Value(), e.Created())
				n.meet(e.Key())
			} else {
				n.mu.Lock()
				delete(n.cache, e.Key())
				n.mu.Unlock()
			}
			n.noticeChange(e.Key(), put, e.Value())
			if id, ok := strings.CutPrefix(e.Key(), sessionKey); ok && !put {
				n.left(id)
			}
		}
	}
}

// remember puts key's value, written at created, in this node's view of
// the directory.
func (n *Node) remember(key string, value []byte, created time.Time) {
	c := cached{value: value, created: created}
	switch {
	case strings.HasPrefix(key, sessionKey):
		var e Entry
		if json.Unmarshal(value, &e) == nil {
			c.session = &e
		}
	case strings.HasPrefix(key, nodeKey):
		var ni NodeInfo
		if json.Unmarshal(value, &ni) == nil {
			c.node = &ni
		}
	}
	n.mu.Lock()
	n.cache[key] = c
	n.mu.Unlock()
}

// live reports whether a cached entry is younger than the TTL allows: a
// safety net under the server's expiry markers.
func (n *Node) live(c cached) bool {
	return time.Since(c.created) < 2*n.opts.TTL
}

// nodeLive reports whether name is a live node in this node's view of the
// directory: requests are forwarded to those only.
func (n *Node) nodeLive(name string) bool {
	if tea.CheckID("node", name) != nil {
		return false
	}
	n.mu.Lock()
	c, ok := n.cache[nodeKey+name]
	n.mu.Unlock()
	return ok && c.node != nil && c.node.Name == name && n.live(c)
}

// Lookup returns the directory entry of session id, as this node's view of
// the directory has it (which may name a node that is not live; Remote
// and Do check).
func (n *Node) Lookup(id string) (Entry, bool) {
	n.mu.Lock()
	c, ok := n.cache[sessionKey+id]
	n.mu.Unlock()
	if !ok {
		c, ok = n.fetch(id)
	}
	if !ok || !n.live(c) || c.session == nil {
		return Entry{}, false
	}
	return c.session.clone(), true
}

// lookupTimeout bounds how long Lookup asks the directory for an id its
// view does not have yet.
const lookupTimeout = time.Second

// fetch asks the directory itself for session id, which this node's view
// does not have: the watch that feeds the view lags a write by a moment,
// and a load balancer may send a session's next request to this node
// within that moment. What it finds joins the view.
func (n *Node) fetch(id string) (cached, bool) {
	if n.kv == nil || n.runCtx == nil || tea.CheckID("session", id) != nil {
		return cached{}, false
	}
	ctx, cancel := context.WithTimeout(n.runCtx, lookupTimeout)
	defer cancel()
	e, err := n.kv.Get(ctx, sessionKey+id)
	if err != nil {
		return cached{}, false // absent, deleted, or the directory unreachable: unknown
	}
	n.remember(e.Key(), e.Value(), e.Created())
	n.mu.Lock()
	c, ok := n.cache[sessionKey+id]
	n.mu.Unlock()
	return c, ok
}

// clone is e with its own agents.
func (e Entry) clone() Entry {
	e.Agents = slices.Clone(e.Agents)
	return e
}

// Sessions lists the directory's sessions across the cluster, by node then
// start time.
func (n *Node) Sessions() []Entry {
	n.mu.Lock()
	live := make([]*Entry, 0, len(n.cache))
	for _, c := range n.cache {
		if c.session != nil && n.live(c) {
			live = append(live, c.session)
		}
	}
	n.mu.Unlock()
	// Entries are never changed once cached, so they are sorted by
	// pointer, outside the lock.
	slices.SortFunc(live, func(a, b *Entry) int {
		if c := strings.Compare(a.Node, b.Node); c != 0 {
			return c
		}
		if c := a.Started.Compare(b.Started); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	out := make([]Entry, len(live))
	for i, e := range live {
		out[i] = e.clone()
	}
	return out
}

// NodeNames lists the live nodes' names, this node's included, sorted.
func (n *Node) NodeNames() []string {
	var out []string
	for _, ni := range n.Nodes() {
		out = append(out, ni.Name)
	}
	return out
}

// Nodes lists the live nodes, by name.
func (n *Node) Nodes() []NodeInfo {
	n.mu.Lock()
	var out []NodeInfo
	for _, c := range n.cache {
		if c.node != nil && n.live(c) {
			out = append(out, *c.node)
		}
	}
	n.mu.Unlock()
	slices.SortFunc(out, func(a, b NodeInfo) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Claim puts session e.ID in the directory as this node's, refusing an id
// any node has (an *IDTakenError naming that node). Before it writes, it
// asks the other nodes whether one holds the id (see heldElsewhere): the
// answer comes from that node's own claims, so a live session whose entry
// is missing for a moment (deleted, and not yet put back) is refused too;
// a live node that does not answer in time makes it an error. The node
// keeps the entry alive until Release or Close, and puts it back whenever
// someone else deletes or rewrites it.
func (n *Node) Claim(ctx context.Context, e Entry) error {
	if err := tea.CheckID("session", e.ID); err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	if n.owns(e.ID) {
		return &IDTakenError{ID: e.ID, Node: n.opts.Name}
	}
	holder, err := n.heldElsewhere(ctx, e.ID)
	if err != nil {
		return fmt.Errorf("cluster: claim session %q: %w", e.ID, err)
	}
	if holder != "" {
		return &IDTakenError{ID: e.ID, Node: holder}
	}
	e.Node = n.opts.Name
	if e.Started.IsZero() {
		e.Started = time.Now()
	}
	value, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("cluster: encode entry of %q: %w", e.ID, err)
	}
	err = n.create(ctx, sessionKey+e.ID, value)
	if errors.Is(err, jetstream.ErrKeyExists) {
		return &IDTakenError{ID: e.ID, Node: n.holder(ctx, e.ID)}
	}
	if err != nil {
		return fmt.Errorf("cluster: claim session %q: %w", e.ID, err)
	}
	return nil
}

// holder names the node whose entry has session id, asking the bucket.
func (n *Node) holder(ctx context.Context, id string) string {
	ctx, cancel := context.WithTimeout(ctx, n.opts.CallTimeout)
	defer cancel()
	kve, err := n.kv.Get(ctx, sessionKey+id)
	if err != nil {
		return "unknown"
	}
	var e Entry
	if json.Unmarshal(kve.Value(), &e) != nil || e.Node == "" {
		return "unknown"
	}
	return e.Node
}

// SetAgents rewrites the agents of session id, a session this node owns.
func (n *Node) SetAgents(ctx context.Context, id string, agents []string) error {
	key := sessionKey + id
	n.writeMu.Lock()
	defer n.writeMu.Unlock()
	n.mu.Lock()
	c := n.claims[key]
	n.mu.Unlock()
	if c == nil {
		return fmt.Errorf("cluster: set agents of session %q: %w", id, &StaleSessionError{ID: id, Node: n.opts.Name, Why: "this node does not own it"})
	}
	var e Entry
	if err := json.Unmarshal(c.value, &e); err != nil {
		return fmt.Errorf("cluster: set agents of session %q: %w", id, err)
	}
	e.Agents = append([]string(nil), agents...)
	value, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("cluster: set agents of session %q: %w", id, err)
	}
	ctx, cancel := context.WithTimeout(ctx, n.opts.CallTimeout)
	defer cancel()
	rev, err := n.kv.Update(ctx, key, value, c.rev)
	if err != nil {
		return fmt.Errorf("cluster: set agents of session %q: %w", id, err)
	}
	n.mu.Lock()
	if cur := n.claims[key]; cur != nil {
		cur.value, cur.rev = value, rev
	}
	n.mu.Unlock()
	return nil
}

// Release takes session id out of the directory.
func (n *Node) Release(ctx context.Context, id string) error {
	return n.release(ctx, sessionKey+id)
}

// owns reports whether this node holds session id's directory entry.
func (n *Node) owns(id string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.claims[sessionKey+id] != nil
}
