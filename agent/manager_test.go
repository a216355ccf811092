package agent

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestBudgetDefaultsAndLimits(t *testing.T) {
	tests := []struct {
		name string
		in   Budget
		want Budget
		err  string
	}{
		{"unset", Budget{}, Budget{DefaultSteps, DefaultTime}, ""},
		{"set", Budget{7, time.Second}, Budget{7, time.Second}, ""},
		{"at the limits", Budget{MaxSteps, MaxTime}, Budget{MaxSteps, MaxTime}, ""},
		{"steps over", Budget{MaxSteps + 1, time.Second}, Budget{}, "budget.steps 100001 is out of range: 1 to 100000"},
		{"steps negative", Budget{-1, time.Second}, Budget{}, "budget.steps -1 is out of range"},
		{"time over", Budget{1, MaxTime + time.Second}, Budget{}, "budget.seconds 1801 is out of range: 1 to 1800"},
		{"time negative", Budget{1, -time.Second}, Budget{}, "budget.seconds -1 is out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.in.withDefaults()
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("%+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func TestStepsLeft(t *testing.T) {
	c := NewConn(connectDemo(t), NewJournal(nil), "demo")
	env := &Env{Conn: c, Spec: Spec{Budget: Budget{Steps: 2}}}
	for i, want := range []bool{true, true, false} {
		if env.StepsLeft() != want {
			t.Fatalf("after %d calls of 2, StepsLeft = %v", i, !want)
		}
		if _, err := c.Call(context.Background(), "demo_inc_click", nil); err != nil {
			t.Fatal(err)
		}
	}
}

func TestNewManagerOptions(t *testing.T) {
	kinds := map[string]Factory{"b": runsUntilStopped(), "a": runsUntilStopped()}
	tests := []struct {
		name      string
		opts      Options
		spawnable []string
		max, per  int
		err       string
	}{
		{"defaults", Options{Kinds: kinds}, []string{"a", "b"}, DefaultMaxAgents, DefaultMaxAgents / 2, ""},
		{"a spawnable list", Options{Kinds: kinds, Spawnable: []string{"b"}}, []string{"b"}, DefaultMaxAgents, DefaultMaxAgents / 2, ""},
		{"none spawnable", Options{Kinds: kinds, Spawnable: []string{}}, []string{}, DefaultMaxAgents, DefaultMaxAgents / 2, ""},
		{"an unknown spawnable kind", Options{Kinds: kinds, Spawnable: []string{"a", "c"}}, nil, 0, 0, `spawnable kind "c" is not a known kind (kinds: a, b)`},
		{"a max of one", Options{Kinds: kinds, Max: 1}, []string{"a", "b"}, 1, 1, ""},
		{"a max of three", Options{Kinds: kinds, Max: 3}, []string{"a", "b"}, 3, 1, ""},
		{"a share", Options{Kinds: kinds, Max: 4, PerOwner: 3}, []string{"a", "b"}, 4, 3, ""},
		{"a share of all", Options{Kinds: kinds, Max: 4, PerOwner: 4}, []string{"a", "b"}, 4, 4, ""},
		{"a share over max", Options{Kinds: kinds, Max: 4, PerOwner: 5}, []string{"a", "b"}, 4, 2, ""},
		{"a negative max", Options{Kinds: kinds, Max: -1}, []string{"a", "b"}, DefaultMaxAgents, DefaultMaxAgents / 2, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := NewManager(newFakeHost(t), tc.opts)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			if got := m.Spawnable(); !slices.Equal(got, tc.spawnable) || m.opts.Max != tc.max || m.opts.PerOwner != tc.per {
				t.Fatalf("spawnable %v, max %d, per owner %d; want %v, %d, %d", got, m.opts.Max, m.opts.PerOwner, tc.spawnable, tc.max, tc.per)
			}
		})
	}
}

// TestSpawnChecksBeforeItStarts: a spawn is refused, with nothing left
// behind, for a kind that is not spawnable, a bad or reserved id, a bad
// session id, a budget out of range, a factory's refusal, an id taken by
// an agent or a bridge, and a failed connection.
func TestSpawnChecksBeforeItStarts(t *testing.T) {
	tests := []struct {
		name    string
		spec    Spec
		connect error
		err     string
	}{
		{"not spawnable", Spec{Kind: "hidden", ID: "x", Session: "demo"}, nil, `agent kind "hidden" is not spawnable here; spawnable kinds: idle, picky`},
		{"unknown kind", Spec{Kind: "nope", ID: "x", Session: "demo"}, nil, "not spawnable here"},
		{"a bad id", Spec{Kind: "idle", ID: "a.b", Session: "demo"}, nil, `invalid agent id "a.b"`},
		{"a reserved id", Spec{Kind: "idle", ID: "facet", Session: "demo"}, nil, "reserved"},
		{"a bad session", Spec{Kind: "idle", ID: "x", Session: ""}, nil, `invalid session id ""`},
		{"a budget over", Spec{Kind: "idle", ID: "x", Session: "demo", Budget: Budget{Steps: MaxSteps + 1}}, nil, "budget.steps"},
		{"the factory refuses", Spec{Kind: "picky", ID: "x", Session: "demo"}, nil, "agent picky: needs a goal"},
		{"an agent's id", Spec{Kind: "idle", ID: "taken", Session: "demo"}, nil, `agent "taken" already exists; pick another id`},
		{"a bridge's id", Spec{Kind: "idle", ID: "bridged", Session: "demo"}, nil, `agent "bridged" already exists (the host exposes it)`},
		{"the connection fails", Spec{Kind: "idle", ID: "x", Session: "demo"}, errors.New("server closed"), "agent x: connect: server closed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			host := newFakeHost(t)
			picky := func(s Spec) (Agent, error) {
				if s.Goal == "" {
					return nil, errors.New("needs a goal")
				}
				return &fakeAgent{}, nil
			}
			m := newTestManager(t, host, Options{Kinds: map[string]Factory{"idle": runsUntilStopped(), "picky": picky, "hidden": runsUntilStopped()},
				Spawnable: []string{"idle", "picky"}})
			spawnOK(t, m, Spec{Kind: "idle", ID: "taken", Session: "demo"})
			if err := m.Expose(&Bridge{ID: "bridged"}); err != nil {
				t.Fatal(err)
			}
			host.connectErr = tc.connect
			_, err := m.Spawn(context.Background(), tc.spec)
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err = %v, want %q", err, tc.err)
			}
			if ids := m.ids(); !slices.Equal(ids, []string{"bridged", "taken"}) {
				t.Fatalf("agents %v after a refused spawn", ids)
			}
		})
	}
}

// TestAnAgentEndsAsItsRunDoes: the status an agent ends in follows how
// its Run returned: done when it returns nil or its time budget ends;
// failed, with the error journaled, when it fails (a deadline of its own
// is a failure), or panics; stopped when agent_stop ends it.
func TestAnAgentEndsAsItsRunDoes(t *testing.T) {
	tests := []struct {
		name   string
		run    func(ctx context.Context, env *Env) error
		time   time.Duration
		stop   bool
		status string
		err    string
	}{
		{"returns", func(context.Context, *Env) error { return nil }, 0, false, StatusDone, ""},
		{"its time ends", nil, 10 * time.Millisecond, false, StatusDone, ""},
		{"fails", func(context.Context, *Env) error { return errors.New("lost") }, 0, false, StatusFailed, "lost"},
		{"a deadline of its own", func(context.Context, *Env) error { return context.DeadlineExceeded }, 0, false, StatusFailed, "context deadline exceeded"},
		{"panics", func(context.Context, *Env) error { panic("oops") }, 0, false, StatusFailed, "the agent panicked: oops"},
		{"stopped", nil, 0, true, StatusStopped, ""},
		{"fails once stopped", func(ctx context.Context, _ *Env) error { <-ctx.Done(); return errors.New("interrupted") }, 0, true, StatusStopped, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			host := newFakeHost(t)
			m := newTestManager(t, host, Options{Kinds: map[string]Factory{"k": kindOf(&fakeAgent{run: tc.run})}})
			started := spawnOK(t, m, Spec{Kind: "k", ID: "a1", Session: "demo", Goal: "g", Budget: Budget{Time: tc.time}})
			if (tc.run == nil && started.Status != StatusRunning) || started.Budget.Steps != DefaultSteps || started.Journal != "facet://agent/a1/journal" || started.Goal != "g" {
				t.Fatalf("spawned %+v", started)
			}
			m.mu.Lock()
			journal := m.agents["a1"].journal
			m.mu.Unlock()
			var i Info
			if tc.stop {
				var err error
				if i, err = m.Stop("a1"); err != nil {
					t.Fatal(err)
				}
				if _, err := m.Status("a1"); !errors.Is(err, ErrNoAgent) {
					t.Fatalf("a stopped agent is still held: %v", err)
				}
				if !slices.Contains(host.removedURIs(), JournalURI("a1")) {
					t.Fatal("a stopped agent's journal was not removed")
				}
			} else {
				i = waitOK(t, m, "a1")
			}
			if i.Status != tc.status || i.Error != tc.err || i.Ended.IsZero() || i.Ended.Before(i.Started) {
				t.Fatalf("ended %+v, want status %s, error %q", i, tc.status, tc.err)
			}
			var entries []string
			all, _ := journal.Entries()
			for _, e := range all {
				entries = append(entries, e.Kind+" "+e.Text)
			}
			texts := strings.Join(entries, "\n")
			if !strings.HasPrefix(entries[0], "note spawned k a1 on session demo (budget: 200 steps,") ||
				!strings.HasSuffix(texts, "note "+tc.status+" after 0 steps") ||
				strings.Contains(texts, "error "+tc.err) != (tc.err != "") {
				t.Fatalf("journal:\n%s", texts)
			}
			if host.connected[0] != "k a1" {
				t.Fatalf("connected as %v", host.connected)
			}
		})
	}
}

// TestTheJournalIsAnnounced: the host hears of a journal's changes while
// the agent runs, and once more when it ends.
func TestTheJournalIsAnnounced(t *testing.T) {
	host := newFakeHost(t)
	host.announced = make(chan string, 1)
	m, err := NewManager(host, Options{Kinds: map[string]Factory{"k": kindOf(&fakeAgent{run: func(_ context.Context, env *Env) error {
		env.Journal.Note("working")
		if uri := <-host.announced; uri != JournalURI("a1") {
			return errors.New("announced " + uri)
		}
		return nil
	}})}})
	if err != nil {
		t.Fatal(err)
	}
	spawnOK(t, m, Spec{Kind: "k", ID: "a1", Session: "demo"})
	if i := waitOK(t, m, "a1"); i.Status != StatusDone {
		t.Fatalf("%+v", i)
	}
	m.Close() // waits for the notifier's last word
	if n := host.changes(JournalURI("a1")); n < 2 {
		t.Fatalf("the journal was announced %d times, want while running and at the end", n)
	}
}

// TestWait: Wait answers once the agent has finished, or when its context
// ends first; an id with no agent is ErrNoAgent.
func TestWait(t *testing.T) {
	m := newTestManager(t, newFakeHost(t), Options{Kinds: map[string]Factory{"k": runsUntilStopped()}})
	spawnOK(t, m, Spec{Kind: "k", ID: "a1", Session: "demo"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if i, err := m.Wait(ctx, "a1"); !errors.Is(err, context.Canceled) || i.Status != StatusRunning {
		t.Fatalf("Wait with its context ended: %+v, %v", i, err)
	}
	if _, err := m.Wait(context.Background(), "a2"); !errors.Is(err, ErrNoAgent) || !strings.Contains(err.Error(), `agent "a2": no such agent (agents: a1)`) {
		t.Fatalf("Wait on no agent: %v", err)
	}
}

// TestTheCapMakesRoomFromTheOldestFinished: at Max, a spawn evicts the
// oldest finished agent (and its journal), or is refused when none has
// finished.
func TestTheCapMakesRoomFromTheOldestFinished(t *testing.T) {
	quick := &fakeAgent{run: func(context.Context, *Env) error { return nil }}
	host := newFakeHost(t)
	m := newTestManager(t, host, Options{Max: 3, Kinds: map[string]Factory{"quick": kindOf(quick), "idle": runsUntilStopped()}})
	spawnOK(t, m, Spec{Kind: "quick", ID: "q1", Session: "demo"})
	waitOK(t, m, "q1")
	spawnOK(t, m, Spec{Kind: "quick", ID: "q2", Session: "demo"})
	waitOK(t, m, "q2")
	spawnOK(t, m, Spec{Kind: "idle", ID: "i1", Session: "demo"})
	steps := []struct {
		id      string
		evicted string
		err     string
	}{
		{"i2", "q1", ""},
		{"i3", "q2", ""},
		{"i4", "", "3 agents are running, the most this server holds"},
	}
	for _, s := range steps {
		_, err := m.Spawn(context.Background(), Spec{Kind: "idle", ID: s.id, Session: "demo"})
		if s.err != "" {
			if err == nil || !strings.Contains(err.Error(), s.err) {
				t.Fatalf("spawn %s: %v, want %q", s.id, err, s.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("spawn %s: %v", s.id, err)
		}
		if _, err := m.Status(s.evicted); !errors.Is(err, ErrNoAgent) || !slices.Contains(host.removedURIs(), JournalURI(s.evicted)) {
			t.Fatalf("spawning %s did not evict %s: %v", s.id, s.evicted, err)
		}
	}
	if ids := m.ids(); !slices.Equal(ids, []string{"i1", "i2", "i3"}) {
		t.Fatalf("holds %v", ids)
	}
}

// TestStop: stopping an unknown id names the agents there are; a bridge
// cannot be stopped here.
func TestStop(t *testing.T) {
	m := newTestManager(t, newFakeHost(t), Options{Kinds: map[string]Factory{"k": runsUntilStopped()}})
	if _, err := m.Stop("a1"); !errors.Is(err, ErrNoAgent) || !strings.Contains(err.Error(), `(no agents; start one with agent {"action": "spawn"})`) {
		t.Fatalf("Stop with no agents: %v", err)
	}
	spawnOK(t, m, Spec{Kind: "k", ID: "b2", Session: "demo"})
	spawnOK(t, m, Spec{Kind: "k", ID: "a1", Session: "demo"})
	if err := m.Expose(&Bridge{ID: "br"}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Stop("zz"); !errors.Is(err, ErrNoAgent) || !strings.Contains(err.Error(), "(agents: a1, b2, br)") {
		t.Fatalf("Stop of no agent: %v", err)
	}
	if _, err := m.Stop("br"); err == nil || !strings.Contains(err.Error(), "belongs to the host that exposes it") {
		t.Fatalf("Stop of a bridge: %v", err)
	}
	if i, err := m.Stop("a1"); err != nil || i.Status != StatusStopped {
		t.Fatalf("Stop: %+v, %v", i, err)
	}
}

// TestCloseStopsEveryAgent: Close ends every running agent as stopped and
// waits for them.
func TestCloseStopsEveryAgent(t *testing.T) {
	quick := &fakeAgent{run: func(context.Context, *Env) error { return nil }}
	m, err := NewManager(newFakeHost(t), Options{Kinds: map[string]Factory{"idle": runsUntilStopped(), "quick": kindOf(quick)}})
	if err != nil {
		t.Fatal(err)
	}
	spawnOK(t, m, Spec{Kind: "quick", ID: "q", Session: "demo"})
	waitOK(t, m, "q")
	spawnOK(t, m, Spec{Kind: "idle", ID: "a", Session: "demo"})
	spawnOK(t, m, Spec{Kind: "idle", ID: "b", Session: "demo"})
	m.Close()
	for _, i := range m.List() {
		want := StatusStopped
		if i.ID == "q" {
			want = StatusDone
		}
		if i.Status != want || i.Ended.IsZero() {
			t.Fatalf("after Close: %+v, want %s", i, want)
		}
	}
}
