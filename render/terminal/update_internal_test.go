package terminal

import (
	"testing"

	bt "charm.land/bubbletea/v2"
)

// ignored is a message the adapter does nothing with.
type ignored struct{}

// TestUpdateReturnsOneModel: Update hands Bubble Tea the same *adapter
// every time, overwritten, so a message allocates no copy of the adapter
// (hundreds of bytes, per keystroke and per frame); the model it returns
// is the one the message left.
func TestUpdateReturnsOneModel(t *testing.T) {
	a, _ := newAdapter(t, boxed{}, "")
	m, _ := a.Update(bt.WindowSizeMsg{Width: 30, Height: 6})
	first, ok := m.(*adapter)
	if !ok {
		t.Fatalf("Update returned a %T, want *adapter", m)
	}
	if first.width != 30 || first.height != 6 {
		t.Fatalf("the model is %dx%d, want the 30x6 the message left", first.width, first.height)
	}
	m, _ = m.Update(ignored{})
	if m.(*adapter) != first {
		t.Fatal("a second Update returned another model")
	}
	if allocs := testing.AllocsPerRun(100, func() { m, _ = m.Update(ignored{}) }); allocs != 0 {
		t.Fatalf("an Update that changes nothing allocates %.0f times, want 0", allocs)
	}
}
