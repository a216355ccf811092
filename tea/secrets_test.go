package tea

import (
	"context"
	"errors"
	"testing"
	"time"
)

// maskedProbe is a masked widget for secret-tracking tests.
type maskedProbe struct{ id, value string }

func (maskedProbe) Children() []Node              { return nil }
func (m maskedProbe) WidgetID() string            { return m.id }
func (maskedProbe) WidgetKind() string            { return "password_field" }
func (m maskedProbe) Render(RenderContext) string { return "••••" }
func (maskedProbe) IsMasked() bool                { return true }

type secretForm struct {
	Password string
	Done     bool
}

type typed string
type submitted struct{}

func (f secretForm) Init() Cmd { return nil }
func (f secretForm) Update(msg Msg) (Model, Cmd) {
	switch m := msg.(type) {
	case typed:
		f.Password = string(m)
	case submitted:
		f.Done = true
	}
	return f, nil
}
func (f secretForm) View() Node {
	if f.Done {
		return Text{Content: "signed in"}
	}
	return maskedProbe{id: "pw", value: f.Password}
}

func TestStopWaitsForASessionAlreadyLeaving(t *testing.T) {
	ss := NewSessions()
	release := make(chan struct{})
	entered := make(chan struct{})
	ss.Watch(func(ev SessionEvent) {
		if !ev.Started {
			close(entered)
			<-release
		}
	})
	sess, err := ss.Start(context.Background(), "q", "app", secretForm{})
	if err != nil {
		t.Fatal(err)
	}
	_ = sess.Send(QuitMsg{})
	<-entered // removed from the registry, watchers being told
	if _, ok := ss.Get("q"); ok {
		t.Fatal("still listed while leaving")
	}
	done := make(chan error, 1)
	go func() { done <- ss.Stop("q") }()
	select {
	case err := <-done:
		t.Fatalf("Stop returned (%v) before the watchers had run", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if err := ss.Stop("q"); !errors.Is(err, ErrNoSession) {
		t.Fatalf("second Stop: %v", err)
	}
}

type sized struct{ W, H int }

func (s sized) Init() Cmd { return nil }
func (s sized) Update(msg Msg) (Model, Cmd) {
	if m, ok := msg.(WindowSizeMsg); ok {
		s.W, s.H = m.Width, m.Height
	}
	return s, nil
}
func (s sized) View() Node { return Text{Content: "x"} }

func TestStartReturnsAlreadySized(t *testing.T) {
	rt, err := Start(context.Background(), sized{}, WithSize(120, 40))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	snap := rt.Snapshot()
	if m := snap.Model.(sized); m.W != 120 || m.H != 40 || snap.Size.Width != 120 {
		t.Fatalf("first snapshot after Start: model %+v, size %+v", m, snap.Size)
	}
}
