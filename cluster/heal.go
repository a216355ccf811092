package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/facetui/facet/tea"
)

// reassertAttempts bounds the rounds of one re-assertion that lose a race
// with another writer of the same key; the next refresh tries again.
const reassertAttempts = 3

// maxLoggedValue bounds how much of an unreadable forged entry is logged.
const maxLoggedValue = 200

// holdsSubject is where node answers whether it holds a session's claim:
// the request is the session id, the answer the entry this node keeps in
// the directory for it, or empty.
func holdsSubject(node string) string { return "facet.node." + node + ".holds" }

// noticeChange wakes the healer when key is one of this node's claims and
// the directory now has something else for it: no entry (put false), or
// a value this node did not write last. A write of this node's whose
// claim is not updated yet also wakes it; the healer, which writes only
// between this node's writes, then finds the entry as it should be.
func (n *Node) noticeChange(key string, put bool, value []byte) {
	n.mu.Lock()
	c := n.claims[key]
	if c == nil || put && bytes.Equal(value, c.value) {
		n.mu.Unlock()
		return
	}
	n.pending[key] = true
	n.mu.Unlock()
	select {
	case n.wake <- struct{}{}:
	default:
	}
}

// healLoop re-asserts the claims noticeChange marks until ctx ends.
func (n *Node) healLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-n.wake:
		}
		n.mu.Lock()
		keys := slices.Sorted(maps.Keys(n.pending))
		clear(n.pending)
		n.mu.Unlock()
		n.writeMu.Lock()
		for _, key := range keys {
			n.reassert(ctx, key)
		}
		n.writeMu.Unlock()
	}
}

// reassert puts this node's claim of key back in the directory when the
// entry there is missing or not the one this node wrote, and logs who the
// entry there claimed to be. The caller holds writeMu.
func (n *Node) reassert(ctx context.Context, key string) {
	for range reassertAttempts {
		if ctx.Err() != nil {
			return
		}
		retry, err := n.reassertOnce(ctx, key)
		if err != nil {
			n.opts.Logger.Error("cluster: could not put this node's directory entry back; the next refresh tries again", append(n.whose(key), "error", err)...)
			return
		}
		if !retry {
			return
		}
	}
	n.opts.Logger.Warn("cluster: other writers keep changing this node's directory entry; the next refresh tries again", n.whose(key)...)
}

// reassertOnce is one round of reassert: retry is set when another writer
// changed the entry between this node's read and its write.
func (n *Node) reassertOnce(ctx context.Context, key string) (retry bool, err error) {
	n.mu.Lock()
	c := n.claims[key]
	var mine claim
	if c != nil {
		mine = *c
	}
	n.mu.Unlock()
	if c == nil {
		return false, nil // released meanwhile
	}
	ctx, cancel := context.WithTimeout(ctx, n.opts.CallTimeout)
	defer cancel()
	kve, err := n.kv.Get(ctx, key)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		rev, err := n.kv.Create(ctx, key, mine.value)
		if errors.Is(err, jetstream.ErrKeyExists) {
			return true, nil
		}
		if err != nil {
			return false, fmt.Errorf("put back %s: %w", key, err)
		}
		n.setRev(key, rev)
		n.opts.Logger.Warn("cluster: this node's directory entry was missing (deleted, or expired before this node refreshed it); put it back", n.whose(key)...)
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read %s: %w", key, err)
	}
	if bytes.Equal(kve.Value(), mine.value) {
		// This node's entry, perhaps written again with the same bytes.
		n.setRev(key, kve.Revision())
		return false, nil
	}
	if other, yield := n.yields(ctx, mine, kve.Value()); yield {
		n.mu.Lock()
		delete(n.claims, key)
		n.mu.Unlock()
		n.opts.Logger.Warn("cluster: a session of this id also runs on another node, which started it earlier; this node's copy leaves the directory", append(n.whose(key), "other_node", other)...)
		return false, nil
	}
	rev, err := n.kv.Update(ctx, key, mine.value, kve.Revision())
	if errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return true, nil
	}
	if err != nil {
		return false, fmt.Errorf("overwrite %s: %w", key, err)
	}
	n.setRev(key, rev)
	n.opts.Logger.Warn("cluster: another writer rewrote this node's directory entry; overwrote it with this node's", append(n.whose(key), claimed(key, kve)...)...)
	return false, nil
}

// setRev records rev as the revision of this node's claim of key.
func (n *Node) setRev(key string, rev uint64) {
	n.mu.Lock()
	if c := n.claims[key]; c != nil {
		c.rev = rev
	}
	n.mu.Unlock()
}

// whose are the log attributes naming key: the session or the node it is
// the entry of, and this node.
func (n *Node) whose(key string) []any {
	if id, ok := strings.CutPrefix(key, sessionKey); ok {
		return []any{"session", id, "owner_node", n.opts.Name}
	}
	return []any{"key", key, "owner_node", n.opts.Name}
}

// claimed are the log attributes of what an entry that is not this node's
// claimed: its node, owner, app and sharing for a session, else its value.
func claimed(key string, kve jetstream.KeyValueEntry) []any {
	attrs := []any{"revision", kve.Revision()}
	var e Entry
	if strings.HasPrefix(key, sessionKey) && json.Unmarshal(kve.Value(), &e) == nil {
		return append(attrs, "claimed_node", e.Node, "claimed_owner", e.Owner, "claimed_app", e.App, "claimed_shared", e.Shared)
	}
	v := kve.Value()
	if len(v) > maxLoggedValue {
		v = v[:maxLoggedValue]
	}
	return append(attrs, "claimed_value", string(v))
}

// yields reports whether this node gives session key up to the node other
// names: a live node of the directory that says it holds the session
// itself and started it earlier (or at the same time, with a smaller
// name). Two nodes hold one id only when a node lost the NATS server past
// the TTL while another started the id; this settles which keeps it,
// without the two overwriting each other forever. An entry naming a node
// that is not live, or that does not hold the session, is overwritten.
func (n *Node) yields(ctx context.Context, mine claim, other []byte) (node string, yield bool) {
	id, ok := strings.CutPrefix(mine.key, sessionKey)
	if !ok {
		return "", false
	}
	var theirs, ours Entry
	if json.Unmarshal(other, &theirs) != nil || theirs.ID != id || theirs.Node == n.opts.Name || !n.nodeLive(theirs.Node) {
		return "", false
	}
	if json.Unmarshal(mine.value, &ours) != nil {
		return "", false
	}
	held, ok, err := n.holds(ctx, theirs.Node, id)
	if err != nil || !ok || held.Node != theirs.Node || held.ID != id {
		return "", false
	}
	earlier := held.Started.Before(ours.Started) || held.Started.Equal(ours.Started) && held.Node < ours.Node
	return theirs.Node, earlier
}

// holds asks node for the entry it keeps in the directory for session id:
// ok is false when it keeps none. Nobody answering as node is an error
// matching nats.ErrNoResponders.
func (n *Node) holds(ctx context.Context, node, id string) (e Entry, ok bool, err error) {
	msg, err := n.nc.RequestWithContext(ctx, holdsSubject(node), []byte(id))
	if err != nil {
		return Entry{}, false, err
	}
	if len(msg.Data) == 0 {
		return Entry{}, false, nil
	}
	if err := json.Unmarshal(msg.Data, &e); err != nil {
		return Entry{}, false, fmt.Errorf("the answer of node %q: %w", node, err)
	}
	return e, true, nil
}

// answerHolds answers a holds request (see holdsSubject) from this node's
// claims, not from the bucket: a session this node runs is its own even
// while someone has deleted its entry.
func (n *Node) answerHolds(m *nats.Msg) {
	n.mu.Lock()
	var value []byte
	if c := n.claims[sessionKey+string(m.Data)]; c != nil {
		value = c.value
	}
	n.mu.Unlock()
	_ = m.Respond(value)
}

// meet remembers the node of key, a node's entry put in the directory, as
// one heldElsewhere asks even after its entry has gone.
func (n *Node) meet(key string) {
	name, ok := strings.CutPrefix(key, nodeKey)
	if !ok || name == n.opts.Name || tea.CheckID("node", name) != nil {
		return
	}
	n.mu.Lock()
	n.known[name] = true
	n.mu.Unlock()
}

// heldElsewhere asks every other node, at once, whether it holds session
// id, and names one that does. It asks the live nodes of the directory and
// every node it has met whose entry has gone since (deleted, or expired:
// the node may still run sessions); those that no longer answer are
// forgotten. A live node that answers nothing within half the call timeout
// makes it an error, for the id may be its.
func (n *Node) heldElsewhere(ctx context.Context, id string) (string, error) {
	asked := map[string]bool{}
	for _, ni := range n.Nodes() {
		asked[ni.Name] = true
	}
	n.mu.Lock()
	maps.Copy(asked, n.known)
	n.mu.Unlock()
	delete(asked, n.opts.Name)
	ctx, cancel := context.WithTimeout(ctx, n.opts.CallTimeout/2)
	defer cancel()
	type answer struct {
		node string
		held bool
		err  error
	}
	answers := make(chan answer, len(asked))
	for node := range asked {
		go func() {
			_, held, err := n.holds(ctx, node, id)
			answers <- answer{node, held, err}
		}()
	}
	var holders []string
	var errs []error
	for range asked {
		a := <-answers
		live := n.nodeLive(a.node)
		switch {
		case a.held:
			holders = append(holders, a.node)
		case a.err != nil && !live:
			// Gone from the directory and from NATS.
			n.mu.Lock()
			delete(n.known, a.node)
			n.mu.Unlock()
		case errors.Is(a.err, nats.ErrNoResponders):
			// Dead, its entry not expired yet.
		case a.err != nil:
			errs = append(errs, fmt.Errorf("node %q did not say whether it runs session %q: %w", a.node, id, a.err))
		}
	}
	if len(holders) > 0 {
		return slices.Min(holders), nil
	}
	return "", errors.Join(errs...)
}
