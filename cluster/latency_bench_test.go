package cluster

import (
	"context"
	"errors"
	"testing"
	"time"
)

// BenchmarkStaleAnswers measures how soon a call to a session whose node
// or server is gone answers the stale-session error: the speed the unit
// tests (TestANodeKilledMidCall..., TestANodeThatLostTheServer...,
// TestACallInFlightWhenTheServerDies...) leave out, checking only that
// it answers, and why. Each op is one fresh cluster; only the measured
// step is timed. Expected: about the call timeout (1.5 s here) for a
// call in flight to a killed node, and well under a millisecond for the
// others.
func BenchmarkStaleAnswers(b *testing.B) {
	b.Run("killed-mid-call", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			_, from, at := threeNodes(b)
			at.start(b, "doomed")
			seen(b, from, "doomed")
			done := callHanging(b, from, at, "doomed")
			b.StartTimer()
			at.kill()
			if out := <-done; !errors.Is(out.err, ErrStaleSession) {
				b.Fatal(out.err)
			}
		}
	})
	b.Run("after-a-kill", func(b *testing.B) {
		b.StopTimer()
		_, from, at := threeNodes(b)
		at.start(b, "doomed")
		seen(b, from, "doomed")
		at.kill()
		b.StartTimer()
		for range b.N {
			if _, err := from.Do(b.Context(), Request{Session: "doomed", Kind: KindCall, Name: "inc.click"}); !errors.Is(err, ErrStaleSession) {
				b.Fatal(err)
			}
		}
	})
	b.Run("server-lost", func(b *testing.B) {
		b.StopTimer()
		a := join(b, "a", "")
		from := join(b, "b", a.ClientURL())
		at := join(b, "c", a.ClientURL())
		at.start(b, "c1")
		seen(b, from, "c1")
		a.kill()
		eventually(b, 5*time.Second, "b notices the server is gone", func() bool { return !from.nc.IsConnected() })
		b.StartTimer()
		for range b.N {
			if _, err := from.Do(context.Background(), Request{Session: "c1", Kind: KindCall, Name: "inc.click"}); !errors.Is(err, ErrStaleSession) {
				b.Fatal(err)
			}
		}
	})
	b.Run("server-dies-mid-call", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			a := join(b, "a", "")
			from := join(b, "b", a.ClientURL())
			at := join(b, "c", a.ClientURL())
			at.start(b, "c1")
			seen(b, from, "c1")
			done := callHanging(b, from, at, "c1")
			b.StartTimer()
			a.kill()
			if out := <-done; !errors.Is(out.err, ErrStaleSession) {
				b.Fatal(out.err)
			}
		}
	})
	b.Run("close-without-server", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			a := join(b, "a", "")
			from := join(b, "b", a.ClientURL())
			a.kill()
			eventually(b, 5*time.Second, "b notices the server is gone", func() bool { return !from.nc.IsConnected() })
			b.StartTimer()
			_ = from.Close()
		}
	})
}
