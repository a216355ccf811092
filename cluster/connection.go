package cluster

import (
	"context"
	"sync"
)

// connState tells forwarded requests when the node's connection to the
// NATS server drops: a request in flight then gets no answer (core NATS
// does not keep the reply for a reconnect), so it need not wait for one.
type connState struct {
	mu   sync.Mutex
	lost context.Context // ends when the connection drops
	lose context.CancelFunc
}

func newConnState() *connState {
	lost, lose := context.WithCancel(context.Background())
	return &connState{lost: lost, lose: lose}
}

// current is the context that ends when the present connection drops.
func (c *connState) current() context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lost
}

// dropped ends the present connection's context (nats.go's disconnect
// callback).
func (c *connState) dropped() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lose()
}

// renewed starts a context for a new connection (nats.go's reconnect
// callback).
func (c *connState) renewed() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.lost.Err() != nil {
		c.lost, c.lose = context.WithCancel(context.Background())
	}
}
