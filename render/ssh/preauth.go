package ssh

import (
	"net"
	"sync"
	"sync/atomic"
)

// preauthLimit caps the connections that have not logged in yet, overall
// and per source, so that clients holding idle TCP connections cannot
// keep the holder of an authorized key out.
//
// A new connection is refused when its source already has perSource
// connections waiting to log in. When every one of the max slots is taken,
// the oldest waiting connection of the source with the most is closed to
// make room, provided that source holds more than the newcomer's would:
// a source that floods the server makes room for everyone else.
type preauthLimit struct {
	max, perSource int

	mu      sync.Mutex
	waiting map[string][]*pending // by source, oldest first
	n       int                   // connections waiting, across sources

	// refused counts connections refused or evicted, for the log.
	refused atomic.Uint64
}

// pending is a connection that has not logged in yet.
type pending struct {
	source string
	conn   net.Conn
}

func newPreauthLimit(max, perSource int) *preauthLimit {
	return &preauthLimit{max: max, perSource: perSource, waiting: map[string][]*pending{}}
}

// admit registers c, from source, as waiting to log in. ok is false when
// it is refused; otherwise done takes it off the waiting list (at login or
// close; calling it again does nothing). A connection evicted to make room
// is closed before admit returns.
func (p *preauthLimit) admit(c net.Conn, source string) (done func(), ok bool) {
	p.mu.Lock()
	if len(p.waiting[source]) >= p.perSource {
		p.mu.Unlock()
		p.refused.Add(1)
		return nil, false
	}
	var evicted *pending
	if p.n >= p.max {
		evicted = p.victim(len(p.waiting[source]) + 1)
		if evicted == nil {
			p.mu.Unlock()
			p.refused.Add(1)
			return nil, false
		}
		p.remove(evicted)
	}
	w := &pending{source: source, conn: c}
	p.waiting[source] = append(p.waiting[source], w)
	p.n++
	p.mu.Unlock()
	if evicted != nil {
		p.refused.Add(1)
		_ = evicted.conn.Close()
	}
	return sync.OnceFunc(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.remove(w)
	}), true
}

// victim is the oldest waiting connection of the source with the most
// waiting, if that source has more than newcomer; nil otherwise. p.mu is
// held.
func (p *preauthLimit) victim(newcomer int) *pending {
	var most []*pending
	for _, list := range p.waiting {
		if len(list) > len(most) {
			most = list
		}
	}
	if len(most) <= newcomer {
		return nil
	}
	return most[0]
}

// remove takes w off the waiting list if it is on it. p.mu is held.
func (p *preauthLimit) remove(w *pending) {
	list := p.waiting[w.source]
	for i, x := range list {
		if x == w {
			list = append(list[:i:i], list[i+1:]...)
			p.n--
			if len(list) == 0 {
				delete(p.waiting, w.source)
			} else {
				p.waiting[w.source] = list
			}
			return
		}
	}
}

// sourceOf is the source a connection from addr counts against: its IP
// address, or for IPv6 its /64 network, which one client usually holds
// whole.
func sourceOf(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return addr.String()
	}
	if ip4 := tcp.IP.To4(); ip4 != nil {
		return ip4.String()
	}
	return (&net.IPNet{IP: tcp.IP.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}
