package derive

import (
	"sync"
	"testing"
	"time"
)

func TestBreakerCountsOnlyAppFaults(t *testing.T) {
	now := time.Unix(0, 0)
	var mu sync.Mutex
	b := NewBreakers(func() time.Time { mu.Lock(); defer mu.Unlock(); return now })
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	const tool = "s.w.a"
	for i := 0; i < BreakerThreshold-1; i++ {
		b.Record(tool, Fault)
	}
	b.Record(tool, CallerError) // a caller's mistake in between: the streak goes on
	if !b.Allow(tool) {
		t.Fatal("open before the threshold")
	}
	b.Record(tool, Fault)
	if b.Allow(tool) {
		t.Fatal("closed after the threshold")
	}
	advance(BreakerCooldown)
	if !b.Allow(tool) {
		t.Fatal("no probe after the cooldown")
	}
	if b.Allow(tool) {
		t.Fatal("a second call got through while the probe runs")
	}
	b.Record(tool, CallerError) // the probe never reached the app
	if !b.Allow(tool) {
		t.Fatal("a probe that ended in a caller error did not hand the probe on")
	}
	b.Record(tool, Fault) // the probe failed: open again for a full cooldown
	if b.Allow(tool) {
		t.Fatal("a failed probe left the breaker passable")
	}
	advance(BreakerCooldown)
	if !b.Allow(tool) {
		t.Fatal("no second probe")
	}
	b.Record(tool, Success)
	if b.Open(tool) {
		t.Fatal("a successful probe did not close the breaker")
	}
	for i := 0; i < 3; i++ {
		if !b.Allow(tool) {
			t.Fatalf("call %d after a successful probe was refused", i)
		}
	}
}
