package tea_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/facetui/facet/tea"
)

type (
	boardKey struct{}
	otherKey struct{}
)

// TestAttachKeepsOneValuePerKeyAndRuntime: the first Attach of a key
// creates its value, once however many goroutines ask at once, and every
// later one returns it; another key, or another runtime, has its own.
func TestAttachKeepsOneValuePerKeyAndRuntime(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, err := tea.Start(ctx, logModel{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := tea.Start(ctx, logModel{})
	if err != nil {
		t.Fatal(err)
	}
	var made atomic.Int32
	create := func() any { made.Add(1); return new(int) }
	var wg sync.WaitGroup
	got := make([]any, 16)
	for i := range got {
		wg.Go(func() { got[i] = a.Attach(boardKey{}, create) })
	}
	wg.Wait()
	if n := made.Load(); n != 1 {
		t.Fatalf("16 goroutines attaching one key created it %d times; want 1", n)
	}
	for i, v := range got {
		if v != got[0] {
			t.Fatalf("Attach %d returned %p; the first returned %p", i, v, got[0])
		}
	}
	if v := a.Attach(otherKey{}, create); v == got[0] {
		t.Fatal("another key got the first key's value")
	}
	if v := b.Attach(boardKey{}, create); v == got[0] {
		t.Fatal("another runtime got the first runtime's value")
	}
	if n := made.Load(); n != 3 {
		t.Fatalf("values created: %d; want 3 (one per key and runtime)", n)
	}
}
