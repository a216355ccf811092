package runtimetest

import (
	"fmt"
	"hash/maphash"
	"strings"
	"sync"
	"testing"

	"github.com/facetui/facet/tea"
)

// Recheck is how many of the snapshots before it Check compares again each
// time the runtime publishes one. Every snapshot kept is compared again
// when the test ends.
const Recheck = 2

// Keep is how many of the latest snapshots Check holds on to (and compares
// when the test ends); older ones are let go.
const Keep = 1024

// Check fails t when a snapshot rt publishes from now on (or the current
// one) changes after it was published. It stops watching when the test
// ends, after comparing every snapshot it kept once more.
func Check(t testing.TB, rt *tea.Runtime) {
	t.Helper()
	c := &checker{t: t, hasher: newHasher(maphash.MakeSeed())}
	cancel := rt.Watch(c.published)
	t.Cleanup(func() {
		cancel()
		c.mu.Lock()
		defer c.mu.Unlock()
		c.compare(len(c.kept), "when the test ended")
	})
}

// checker holds the snapshots a runtime published with their
// fingerprints.
type checker struct {
	t testing.TB

	mu     sync.Mutex
	hasher *hasher
	kept   []printed
}

// printed is a published snapshot and what it held when published.
type printed struct {
	snap  tea.Snapshot
	parts []part
}

// published runs on the runtime's goroutine for every snapshot.
func (c *checker) published(s tea.Snapshot) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.compare(Recheck, fmt.Sprintf("when version %d was published", s.Version))
	c.kept = append(c.kept, printed{snap: s, parts: c.hasher.fingerprint(s)})
	if len(c.kept) > Keep {
		c.kept = c.kept[len(c.kept)-Keep:]
	}
}

// compare fingerprints the last n snapshots kept again and reports each
// that changed (once: a changed snapshot is let go).
func (c *checker) compare(n int, when string) {
	from := max(0, len(c.kept)-n)
	kept := c.kept[:from]
	for _, p := range c.kept[from:] {
		if changed := differ(p.parts, c.hasher.fingerprint(p.snap)); len(changed) > 0 {
			c.t.Errorf("runtimetest: snapshot version %d (model %T) changed after it was published, found %s: %s changed.\n"+
				"A model must not change a slice, map or pointee an earlier model shares: copy it, then change the copy (see tea.Model).",
				p.snap.Version, p.snap.Model, when, strings.Join(changed, ", "))
			continue
		}
		kept = append(kept, p)
	}
	c.kept = kept
}
