package tea_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/facetui/facet/tea"
)

func TestDispatchAppliesMessagesInOrder(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	for _, s := range []string{"a", "b", "c"} {
		if _, err := rt.Dispatch(ctx, appendMsg(s)); err != nil {
			t.Fatalf("Dispatch(%q): %v", s, err)
		}
	}
	if got, want := logOf(rt), []string{"a", "b", "c"}; !slices.Equal(got, want) {
		t.Fatalf("log = %v, want %v", got, want)
	}
	if got := rt.Snapshot().View.(tea.Text).Content; got != "a,b,c" {
		t.Fatalf("view = %q, want the view of the last model", got)
	}
}

func TestSendQueuesBehindDispatchInOrder(t *testing.T) {
	rt := start(t, logModel{})
	for _, s := range []string{"1", "2", "3"} {
		if err := rt.Send(appendMsg(s)); err != nil {
			t.Fatalf("Send: %v", err)
		}
	}
	if _, err := rt.Dispatch(context.Background(), appendMsg("4")); err != nil {
		t.Fatal(err)
	}
	if got, want := logOf(rt), []string{"1", "2", "3", "4"}; !slices.Equal(got, want) {
		t.Fatalf("log = %v, want %v", got, want)
	}
}

func TestDispatchReturnsBeforeAndAfter(t *testing.T) {
	rt := start(t, logModel{})
	tr, err := rt.Dispatch(context.Background(), appendMsg("x"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Before.Model.(logModel).log) != 0 || !slices.Equal(tr.After.Model.(logModel).log, []string{"x"}) {
		t.Fatalf("transition before=%v after=%v", tr.Before.Model, tr.After.Model)
	}
	if tr.After.Version <= tr.Before.Version {
		t.Fatalf("version did not grow: %d -> %d", tr.Before.Version, tr.After.Version)
	}
}

func TestUpdatePanicKeepsLastGoodModelAndKeepsServing(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	if _, err := rt.Dispatch(ctx, appendMsg("good")); err != nil {
		t.Fatal(err)
	}
	_, err := rt.Dispatch(ctx, panicMsg{})
	if !errors.Is(err, tea.ErrUpdatePanicked) {
		t.Fatalf("err = %v, want ErrUpdatePanicked", err)
	}
	var pe *tea.PanicError
	if !errors.As(err, &pe) || pe.Value != "boom" || len(pe.Stack) == 0 {
		t.Fatalf("err = %#v, want a *PanicError with the value and a stack", err)
	}
	if got := logOf(rt); !slices.Equal(got, []string{"good"}) {
		t.Fatalf("after panic log = %v, want the last good model", got)
	}
	if _, err := rt.Dispatch(ctx, appendMsg("after")); err != nil {
		t.Fatalf("runtime stopped serving after a panic: %v", err)
	}
	if got := logOf(rt); !slices.Equal(got, []string{"good", "after"}) {
		t.Fatalf("log = %v", got)
	}
}

func TestUpdateReturningAnInvalidModelIsRejected(t *testing.T) {
	tests := []struct {
		name    string
		msg     tea.Msg
		wantGot string
	}{
		{name: "nil model", msg: nilMsg{}, wantGot: "nil"},
		{name: "model of another type", msg: wrongTypeMsg{}, wantGot: "tea_test.otherModel"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, logModel{})
			ctx := context.Background()
			if _, err := rt.Dispatch(ctx, appendMsg("good")); err != nil {
				t.Fatal(err)
			}
			_, err := rt.Dispatch(ctx, tt.msg)
			if !errors.Is(err, tea.ErrInvalidModel) {
				t.Fatalf("err = %v, want ErrInvalidModel", err)
			}
			var ie *tea.InvalidModelError
			if !errors.As(err, &ie) || ie.Got != tt.wantGot || ie.Want != "tea_test.logModel" {
				t.Fatalf("err = %#v, want Got=%q Want=tea_test.logModel", err, tt.wantGot)
			}
			if got := logOf(rt); !slices.Equal(got, []string{"good"}) {
				t.Fatalf("log = %v, want the last good model", got)
			}
			if _, err := rt.Dispatch(ctx, appendMsg("next")); err != nil {
				t.Fatalf("runtime stopped serving: %v", err)
			}
		})
	}
}

func TestStartRejectsANilModel(t *testing.T) {
	var m *pointerModel
	for _, model := range []tea.Model{nil, m} {
		if _, err := tea.Start(context.Background(), model); !errors.Is(err, tea.ErrInvalidModel) {
			t.Fatalf("Start(%#v) err = %v, want ErrInvalidModel", model, err)
		}
	}
}

// pointerModel is a pointer-receiver model, for typed-nil checks.
type pointerModel struct{}

func (*pointerModel) Init() tea.Cmd                         { return nil }
func (p *pointerModel) Update(tea.Msg) (tea.Model, tea.Cmd) { return p, nil }
func (*pointerModel) View() tea.Node                        { return nil }

// TestDispatchTimesOutAndTheMessageStillApplies runs in a synctest
// bubble: the timeout runs on the bubble's clock, so Dispatch answers
// after exactly its 50ms, whatever the machine's speed.
func TestDispatchTimesOutAndTheMessageStillApplies(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rt := start(t, logModel{}, tea.WithTimeout(50*time.Millisecond))
		release := make(chan struct{})
		began := time.Now()
		_, err := rt.Dispatch(context.Background(), blockMsg{release: release})
		if !errors.Is(err, tea.ErrTimeout) {
			t.Fatalf("err = %v, want ErrTimeout", err)
		}
		if waited := time.Since(began); waited != 50*time.Millisecond {
			t.Fatalf("Dispatch waited %v with a 50ms timeout", waited)
		}
		var te *tea.TimeoutError
		if !errors.As(err, &te) || te.After != 50*time.Millisecond {
			t.Fatalf("err = %#v, want *TimeoutError after 50ms", err)
		}
		if got := logOf(rt); len(got) != 0 {
			t.Fatalf("log = %v before the blocked Update returned", got)
		}
		close(release)
		synctest.Wait()
		if got := logOf(rt); !slices.Equal(got, []string{"unblocked"}) {
			t.Fatalf("log = %v once the blocked Update returned, want [unblocked]", got)
		}
	})
}

func TestDispatchHonoursItsContext(t *testing.T) {
	rt := start(t, logModel{})
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := rt.Dispatch(ctx, blockMsg{release: release}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
}

func TestSnapshotIsSafeToReadConcurrently(t *testing.T) {
	rt := start(t, logModel{})
	ctx := context.Background()
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			var last uint64
			for {
				select {
				case <-stop:
					return
				default:
				}
				s := rt.Snapshot()
				if s.Version < last {
					t.Errorf("version went back: %d after %d", s.Version, last)
					return
				}
				last = s.Version
				_ = len(s.Model.(logModel).log)
				_ = s.View.(tea.Text).Content
			}
		})
	}
	for i := range 200 {
		if _, err := rt.Dispatch(ctx, appendMsg(string(rune('a'+i%26)))); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	wg.Wait()
	if n := len(logOf(rt)); n != 200 {
		t.Fatalf("applied %d messages, want 200", n)
	}
}

func TestSubscribeReceivesTheLatestSnapshotAndClosesOnStop(t *testing.T) {
	rt, err := tea.Start(context.Background(), logModel{})
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	ch, cancel := rt.Subscribe()
	defer cancel()
	if rt.Subscribers() != 1 {
		t.Fatalf("Subscribers = %d, want 1", rt.Subscribers())
	}
	ctx := context.Background()
	for _, s := range []string{"a", "b", "c"} {
		if _, err := rt.Dispatch(ctx, appendMsg(s)); err != nil {
			t.Fatal(err)
		}
	}
	// The channel holds one snapshot: the latest, not the first.
	select {
	case s := <-ch:
		if got := s.Model.(logModel).log; !slices.Equal(got, []string{"a", "b", "c"}) {
			t.Fatalf("subscriber got %v, want the latest snapshot", got)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("no snapshot delivered")
	}
	rt.Stop()
	select {
	case _, ok := <-ch:
		if ok {
			t.Fatal("received a snapshot after Stop, want the channel closed")
		}
	case <-time.After(3 * time.Second):
		t.Fatal("subscription not closed on Stop")
	}
	if rt.Subscribers() != 0 {
		t.Fatalf("Subscribers = %d after Stop", rt.Subscribers())
	}
	late, _ := rt.Subscribe()
	if _, ok := <-late; ok {
		t.Fatal("a subscription made after Stop should be closed")
	}
}

func TestSubscriptionCancelClosesTheChannel(t *testing.T) {
	rt := start(t, logModel{})
	ch, cancel := rt.Subscribe()
	cancel()
	cancel() // safe twice
	if _, ok := <-ch; ok {
		t.Fatal("channel open after cancel")
	}
	if _, err := rt.Dispatch(context.Background(), appendMsg("x")); err != nil {
		t.Fatalf("dispatch after a cancelled subscription: %v", err)
	}
}

func TestCommandsDeliverTheirMessages(t *testing.T) {
	send := func(s string) tea.Cmd { return func() tea.Msg { return appendMsg(s) } }
	slow := func(s string) tea.Cmd {
		return func() tea.Msg { time.Sleep(20 * time.Millisecond); return appendMsg(s) }
	}
	tests := []struct {
		name    string
		cmd     tea.Cmd
		want    []string
		ordered bool
	}{
		{name: "plain command", cmd: send("one"), want: []string{"one"}, ordered: true},
		{name: "batch delivers every message", cmd: tea.Batch(send("a"), nil, send("b"), send("c")), want: []string{"a", "b", "c"}},
		{name: "sequence keeps its order", cmd: tea.Sequence(slow("first"), send("second"), slow("third")), want: []string{"first", "second", "third"}, ordered: true},
		{name: "tick fires once", cmd: tea.Tick(10*time.Millisecond, func(time.Time) tea.Msg { return appendMsg("tick") }), want: []string{"tick"}, ordered: true},
		{name: "command returning nil delivers nothing", cmd: tea.Batch(func() tea.Msg { return nil }, send("only")), want: []string{"only"}, ordered: true},
		{name: "panicking command is contained", cmd: tea.Batch(func() tea.Msg { panic("cmd") }, send("survivor")), want: []string{"survivor"}, ordered: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, logModel{})
			if _, err := rt.Dispatch(context.Background(), runMsg{cmd: tt.cmd}); err != nil {
				t.Fatal(err)
			}
			eventually(t, "the command's messages", func() bool { return len(logOf(rt)) >= len(tt.want) })
			got := logOf(rt)
			if !tt.ordered {
				got = slices.Sorted(slices.Values(got))
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("log = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSequenceWaitsForNestedBatchesAndTicks(t *testing.T) {
	send := func(s string) tea.Cmd { return func() tea.Msg { return appendMsg(s) } }
	tick := func(d time.Duration, s string) tea.Cmd {
		return tea.Tick(d, func(time.Time) tea.Msg { return appendMsg(s) })
	}
	tests := []struct {
		name string
		// cmd builds the command; held is a command whose message waits
		// until the test sees "y" applied, so a later command that does not
		// wait for it would land first.
		cmd  func(held tea.Cmd) tea.Cmd
		want []string
		// exact: want is the only order possible; otherwise only "after"
		// must come last.
		exact bool
	}{
		{
			name: "nested batch in sequence delivers before the next command",
			cmd:  func(held tea.Cmd) tea.Cmd { return tea.Sequence(tea.Batch(held, send("y")), send("after")) },
			want: []string{"y", "x", "after"},
		},
		{
			name:  "a nested tick fires before the next command",
			cmd:   func(tea.Cmd) tea.Cmd { return tea.Sequence(tick(20*time.Millisecond, "x"), send("y"), send("after")) },
			want:  []string{"x", "y", "after"},
			exact: true,
		},
		{
			name: "a tick inside a batch inside a sequence is waited for",
			cmd: func(held tea.Cmd) tea.Cmd {
				return tea.Sequence(tea.Batch(tick(20*time.Millisecond, "t"), held, send("y")), send("after"))
			},
			want: []string{"t", "x", "y", "after"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t, logModel{})
			release := make(chan struct{})
			held := func() tea.Msg {
				select {
				case <-release:
				case <-rt.Context().Done():
				}
				return appendMsg("x")
			}
			if _, err := rt.Dispatch(context.Background(), runMsg{cmd: tt.cmd(held)}); err != nil {
				t.Fatal(err)
			}
			eventually(t, "y", func() bool { return slices.Contains(logOf(rt), "y") })
			close(release)
			eventually(t, "every message", func() bool { return len(logOf(rt)) >= len(tt.want) })
			got := logOf(rt)
			if tt.exact && !slices.Equal(got, tt.want) {
				t.Fatalf("log = %v, want %v", got, tt.want)
			}
			if got[len(got)-1] != "after" {
				t.Fatalf("log = %v: the sequence ran its next command before the one before it delivered", got)
			}
			if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(tt.want))) {
				t.Fatalf("log = %v, want %v in some order with \"after\" last", got, tt.want)
			}
		})
	}
}

func TestEmptyBatchAndSequenceAreNil(t *testing.T) {
	if tea.Batch() != nil || tea.Batch(nil, nil) != nil || tea.Sequence() != nil {
		t.Fatal("Batch/Sequence of nothing should be nil")
	}
}

func TestInitCommandRuns(t *testing.T) {
	rt := start(t, initModel{})
	eventually(t, "Init's message", func() bool {
		return rt.Snapshot().Model.(initModel).got
	})
}

type initModel struct{ got bool }

func (initModel) Init() tea.Cmd { return func() tea.Msg { return appendMsg("init") } }
func (m initModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if msg == appendMsg("init") {
		m.got = true
	}
	return m, nil
}
func (initModel) View() tea.Node { return nil }

func TestWithSizeSendsAWindowSizeFirst(t *testing.T) {
	rt := start(t, logModel{}, tea.WithSize(80, 24))
	if _, err := rt.Dispatch(context.Background(), appendMsg("after")); err != nil {
		t.Fatal(err)
	}
	if got := logOf(rt); !slices.Equal(got, []string{"size", "after"}) {
		t.Fatalf("log = %v, want the size first", got)
	}
	if s := rt.Snapshot().Size; s != (tea.WindowSizeMsg{Width: 80, Height: 24}) {
		t.Fatalf("Size = %+v", s)
	}
}

func TestStopStopsTicks(t *testing.T) {
	// synctest's clock is fake: time moves only when every goroutine of the
	// bubble is blocked, so the count of ticks is exact, and the test fails
	// if a tick's goroutine outlives the runtime.
	synctest.Test(t, func(t *testing.T) {
		var fired atomic.Int64
		var tick tea.Cmd
		tick = tea.Tick(5*time.Millisecond, func(time.Time) tea.Msg {
			fired.Add(1)
			return runMsg{cmd: tick}
		})
		rt, err := tea.Start(context.Background(), logModel{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rt.Dispatch(context.Background(), runMsg{cmd: tick}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(17 * time.Millisecond)
		synctest.Wait()
		if got := fired.Load(); got != 3 {
			t.Fatalf("%d ticks in 17ms of 5ms ticks, want 3", got)
		}
		rt.Stop()
		atStop := fired.Load()
		time.Sleep(time.Hour)
		synctest.Wait()
		if after := fired.Load(); after != atStop {
			t.Fatalf("ticks kept firing after Stop: %d at Stop, %d an hour later", atStop, after)
		}
	})
}

// TestDispatchThatStopsTheRuntimeAnswersItsOutcome: a message that
// stops the runtime as it applies (a QuitMsg; a key whose Update returns
// tea.Quit, when the command outruns the caller) was applied, so Dispatch
// answers its outcome, not ErrStopped. The runtime closes Done right after
// answering, and the caller used to take either, at random.
func TestDispatchThatStopsTheRuntimeAnswersItsOutcome(t *testing.T) {
	for i := range 64 {
		rt, err := tea.Start(context.Background(), logModel{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rt.Dispatch(context.Background(), tea.QuitMsg{}); err != nil {
			t.Fatalf("try %d: Dispatch(QuitMsg) = %v, want its outcome (nil)", i, err)
		}
		rt.Stop()
	}
}

func TestQuitStopsTheRuntime(t *testing.T) {
	rt := start(t, logModel{})
	ch, cancel := rt.Subscribe()
	defer cancel()
	if _, err := rt.Dispatch(context.Background(), quitMsg{}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-rt.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("runtime still running after tea.Quit")
	}
	if rt.Context().Err() == nil {
		t.Fatal("Context not cancelled after quit")
	}
	for range ch { // drains, then must be closed
	}
	if _, err := rt.Dispatch(context.Background(), appendMsg("late")); !errors.Is(err, tea.ErrStopped) {
		t.Fatalf("Dispatch after quit = %v, want ErrStopped", err)
	}
	if err := rt.Send(appendMsg("late")); !errors.Is(err, tea.ErrStopped) {
		t.Fatalf("Send after quit = %v, want ErrStopped", err)
	}
}

func TestStopIsIdempotentAndStopsOnContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	rt, err := tea.Start(ctx, logModel{})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-rt.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("runtime did not stop when its context ended")
	}
	rt.Stop()
	rt.Stop()
}

func TestViewPanicKeepsLastGoodModel(t *testing.T) {
	rt := start(t, viewPanicModel{})
	ctx := context.Background()
	_, err := rt.Dispatch(ctx, appendMsg("bad"))
	if !errors.Is(err, tea.ErrUpdatePanicked) {
		t.Fatalf("err = %v, want ErrUpdatePanicked for a panicking View", err)
	}
	if rt.Snapshot().Model.(viewPanicModel).bad {
		t.Fatal("snapshot took the model whose View panicked")
	}
	if _, err := rt.Dispatch(ctx, appendMsg("fine")); err != nil {
		t.Fatal(err)
	}
}

type viewPanicModel struct{ bad bool }

func (viewPanicModel) Init() tea.Cmd { return nil }
func (m viewPanicModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.bad = msg == appendMsg("bad")
	return m, nil
}
func (m viewPanicModel) View() tea.Node {
	if m.bad {
		panic("view")
	}
	return nil
}
