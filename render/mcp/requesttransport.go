package mcp

import (
	"context"
	"sync/atomic"
)

// requestTransport is what a request's context records of how it came in:
// its transport (withTransport), and the connection key (connectionKey, a
// keyed hash) of its transport id once a gate has worked it out. Every
// gate of a call asks who is calling (authContext): the read gate, the
// tool authorizer, the start gate, presence; the key is hashed once per
// request, not once per gate.
type requestTransport struct {
	name string
	last atomic.Pointer[keyedID]
}

// keyedID is a transport id and its connection key.
type keyedID struct{ id, key string }

type transportKey struct{}

// withTransport records the transport a connection came in on. Over HTTP
// and SSE the context is a request's; over stdio it is the connection's.
func withTransport(ctx context.Context, transport string) context.Context {
	return context.WithValue(ctx, transportKey{}, &requestTransport{name: transport})
}

// transportOf is what withTransport recorded on ctx, or nil.
func transportOf(ctx context.Context) *requestTransport {
	t, _ := ctx.Value(transportKey{}).(*requestTransport)
	return t
}

// connectionKey is connectionKey(id), hashed once for the last id asked.
// A nil t hashes every time.
func (t *requestTransport) connectionKey(id string) string {
	if t == nil {
		return connectionKey(id)
	}
	if k := t.last.Load(); k != nil && k.id == id {
		return k.key
	}
	key := connectionKey(id)
	t.last.Store(&keyedID{id: id, key: key})
	return key
}
