package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"time"
)

// config is one load run's shape.
type config struct {
	// conns is the number of SSH connections, each a person typing.
	conns int
	// rate is the keys a second each connection types.
	rate float64
	// duration is how long each connection types.
	duration time.Duration
	// dialers is how many connections are opened at once.
	dialers int
	// rounds is how many times each server is loaded.
	rounds int
	// atEnd, if set, runs once every key has settled, before the
	// connections close (to profile the heap at its fullest).
	atEnd func() error
}

// check reports the first setting out of bounds: the tool stays small
// enough for a shared machine.
func (c config) check() error {
	switch {
	case c.conns < 1 || c.conns > 1000:
		return fmt.Errorf("-conns %d: want 1 to 1000", c.conns)
	case c.rate <= 0 || c.rate > 100:
		return fmt.Errorf("-rate %g: want more than 0 and at most 100 keys a second", c.rate)
	case c.duration <= 0 || c.duration > time.Minute:
		return fmt.Errorf("-duration %s: want more than 0 and at most 1m", c.duration)
	case c.dialers < 1 || c.dialers > 64:
		return fmt.Errorf("-dialers %d: want 1 to 64", c.dialers)
	case c.rounds < 1 || c.rounds > 5:
		return fmt.Errorf("-rounds %d: want 1 to 5", c.rounds)
	}
	return nil
}

// keys is the number of keys each connection types.
func (c config) keys() int { return max(1, int(math.Floor(c.rate*c.duration.Seconds()))) }

// outcome is what a run measured against one server.
type outcome struct {
	server string
	// round is the round of a run of several (1, 2, ...); 0 in a run of
	// one.
	round     int
	conns     int
	connected int
	sent      int // keys sent, across connections
	applied   int // keys the screens show applied, across connections
	// short and over count connections whose final count is below or
	// above the keys they sent.
	short, over int
	latency     summary
	rssBase     int64 // the server's RSS before any connection
	rssPeak     int64
	cpu         time.Duration // the server's CPU time while keys were typed
	clientCPU   time.Duration // this process's, in the same time (the clients')
	wall        time.Duration // how long keys were typed
	errs        []error
}

// label names the outcome in the table: its server, and its round in a
// run of several.
func (o outcome) label() string {
	if o.round == 0 {
		return o.server
	}
	return fmt.Sprintf("%s #%d", o.server, o.round)
}

// exact reports whether every connection came up and every key was applied
// exactly once.
func (o outcome) exact() bool {
	return o.connected == o.conns && o.short == 0 && o.over == 0 && o.sent == o.applied
}

// settle bounds the wait for the last keys' effect once typing stops.
const settle = 15 * time.Second

// load runs cfg against srv: it opens the connections, has each type its
// keys and waits for their effect, and measures the server process.
func load(ctx context.Context, cfg config, name string, srv *server) (outcome, error) {
	out := outcome{server: name, conns: cfg.conns}
	proc := procStats{pid: srv.pid}
	var err error
	if out.rssBase, err = proc.rss(); err != nil {
		return out, err
	}
	peak := sampleRSS(proc, 100*time.Millisecond)
	defer func() { _, _ = peak.end() }()

	// Connect everyone, and wait for each first screen.
	clients := make([]*client, cfg.conns)
	errs := make([]error, cfg.conns)
	sem := make(chan struct{}, cfg.dialers)
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			c, err := dial(ctx, srv.addr, cfg.keys())
			if err != nil {
				errs[i] = err
				return
			}
			wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			defer cancel()
			if err := c.waitCount(wctx, 0); err != nil {
				c.close()
				errs[i] = fmt.Errorf("connection %d's first screen: %w", i+1, err)
				return
			}
			clients[i] = c
		})
	}
	wg.Wait()
	defer func() {
		for _, c := range clients {
			if c != nil {
				c.close()
			}
		}
	}()
	for i, c := range clients {
		if c != nil {
			out.connected++
		} else {
			out.errs = append(out.errs, errs[i])
		}
	}

	// Everyone types at once, each from its own random phase.
	self := procStats{pid: os.Getpid()}
	cpu0, err := proc.cpu()
	if err != nil {
		return out, err
	}
	self0, err := self.cpu()
	if err != nil {
		return out, err
	}
	start := time.Now()
	interval := time.Duration(float64(time.Second) / cfg.rate)
	typing, stop := context.WithTimeout(ctx, cfg.duration+interval)
	defer stop()
	var typeErrs sync.Map
	for i, c := range clients {
		if c == nil {
			continue
		}
		wg.Go(func() {
			phase := time.Duration(rand.Int64N(int64(interval)))
			if err := c.typeKeys(typing, interval, phase); err != nil {
				typeErrs.Store(i, err)
			}
		})
	}
	wg.Wait()
	out.wall = time.Since(start)
	cpu1, err := proc.cpu()
	if err != nil {
		return out, err
	}
	out.cpu = cpu1 - cpu0
	self1, err := self.cpu()
	if err != nil {
		return out, err
	}
	out.clientCPU = self1 - self0

	// Wait for the last keys to show, then count.
	settled, cancel := context.WithTimeout(ctx, settle)
	defer cancel()
	var all []time.Duration
	for i, c := range clients {
		if c == nil {
			continue
		}
		if v, ok := typeErrs.Load(i); ok {
			out.errs = append(out.errs, fmt.Errorf("connection %d: %w", i+1, v.(error)))
		}
		_, _, sent, _ := c.result()
		if err := c.waitCount(settled, sent); err != nil {
			out.errs = append(out.errs, fmt.Errorf("connection %d: %w", i+1, err))
		}
		lat, count, sent, rerr := c.result()
		if rerr != nil {
			out.errs = append(out.errs, fmt.Errorf("connection %d: reading the screen: %w", i+1, rerr))
		}
		all = append(all, lat...)
		out.sent += sent
		out.applied += max(count, 0)
		switch {
		case count < sent:
			out.short++
		case count > sent:
			out.over++
		}
	}
	out.latency = summarize(all)
	if cfg.atEnd != nil {
		if err := cfg.atEnd(); err != nil {
			return out, err
		}
	}
	if out.rssPeak, err = peak.end(); err != nil {
		return out, err
	}
	return out, nil
}

// firstErrors joins at most n of errs, saying how many more there were.
func firstErrors(errs []error, n int) error {
	if len(errs) <= n {
		return errors.Join(errs...)
	}
	return errors.Join(append(errs[:n:n], fmt.Errorf("... and %d more", len(errs)-n))...)
}
