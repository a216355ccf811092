package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// clockTicks is the kernel's USER_HZ, the unit of CPU times in
// /proc/PID/stat: 100 on every Linux this runs on.
const clockTicks = 100

// procStats reads a process's resident memory and CPU time from /proc.
type procStats struct{ pid int }

// rss is the process's resident set size in bytes.
func (p procStats) rss() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.pid))
	if err != nil {
		return 0, fmt.Errorf("rss of process %d: %w", p.pid, err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				return 0, fmt.Errorf("rss of process %d: %q: %w", p.pid, line, err)
			}
			return kb << 10, nil
		}
	}
	return 0, fmt.Errorf("rss of process %d: no VmRSS line", p.pid)
}

// cpu is the process's user and system CPU time so far.
func (p procStats) cpu() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.pid))
	if err != nil {
		return 0, fmt.Errorf("cpu of process %d: %w", p.pid, err)
	}
	// The command name, in parentheses, may hold spaces: fields count from
	// after its closing parenthesis, where field 3 (state) starts.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, fmt.Errorf("cpu of process %d: cannot read %q", p.pid, b)
	}
	fields := strings.Fields(string(b[i+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("cpu of process %d: cannot read %q", p.pid, b)
	}
	var ticks int64
	for _, f := range fields[11:13] { // utime (14) and stime (15)
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("cpu of process %d: %w", p.pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// rssPeak samples a process's RSS every interval until stopped, and keeps
// the largest.
type rssPeak struct {
	mu   sync.Mutex
	peak int64
	err  error
	stop context.CancelFunc
	done chan struct{}
}

func sampleRSS(p procStats, interval time.Duration) *rssPeak {
	ctx, stop := context.WithCancel(context.Background())
	r := &rssPeak{stop: stop, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			n, err := p.rss()
			r.mu.Lock()
			r.peak = max(r.peak, n)
			if err != nil && r.err == nil {
				r.err = err
			}
			r.mu.Unlock()
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	return r
}

// end stops sampling and returns the peak.
func (r *rssPeak) end() (int64, error) {
	r.stop()
	<-r.done
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.peak, r.err
}
