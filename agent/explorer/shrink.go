package explorer

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/facetui/facet/agent"
)

// errNoReplay is a replay that could not run at all (facet_start refused).
var errNoReplay = errors.New("cannot replay")

// shrinker replays call sequences on fresh sessions of the app.
type shrinker struct {
	e       *Explorer
	env     *agent.Env
	app     string
	dotted  bool
	target  Fault
	replays int
}

// shrinkFirst shrinks the first fault's sequence (delta debugging: drop
// chunks, then single calls, while the fault still shows) on fresh
// sessions, and records the result on the fault.
func (e *Explorer) shrinkFirst(ctx context.Context, env *agent.Env) {
	e.mu.Lock()
	if len(e.faults) == 0 {
		e.mu.Unlock()
		return
	}
	f := e.faults[0]
	sh := &shrinker{e: e, env: env, app: e.app, dotted: e.dotted, target: f}
	e.mu.Unlock()
	// The replays must not stop at the step budget: shrinking is what the
	// run's calls were for. The time budget (ctx) still bounds them.
	ctx = context.WithoutCancel(ctx)
	shrunk, note := sh.shrink(ctx, f.Sequence)
	e.mu.Lock()
	defer e.mu.Unlock()
	e.faults[0].Shrunk = shrunk
	e.faults[0].Reproduced = note == ""
	e.faults[0].ShrinkNote = note
	if note == "" {
		env.Journal.Note(fmt.Sprintf("shrunk the %s fault from %d calls to %d (%d replays)", f.Kind, len(f.Sequence), len(shrunk), sh.replays))
	} else {
		env.Journal.Note("could not shrink the fault: " + note)
	}
}

func (sh *shrinker) shrink(ctx context.Context, seq []Step) ([]Step, string) {
	if sh.app == "" {
		return seq, "facet_list did not tell which app the session runs, so no fresh session could be started"
	}
	at, err := sh.reproduces(ctx, seq)
	switch {
	case errors.Is(err, errNoReplay):
		return seq, err.Error()
	case at < 0:
		return seq, "the calls do not reproduce the fault from a fresh start (it depends on the session's earlier state, or on time)"
	}
	seq = seq[:at+1]
	n := 2
	for len(seq) >= 2 && sh.replays < sh.e.opts.MaxReplays {
		chunk := (len(seq) + n - 1) / n
		reduced := false
		for i := 0; i < len(seq) && sh.replays < sh.e.opts.MaxReplays; i += chunk {
			cand := slices.Concat(seq[:i], seq[min(i+chunk, len(seq)):])
			if len(cand) == 0 {
				continue
			}
			if at, err := sh.reproduces(ctx, cand); err == nil && at >= 0 {
				seq, reduced = cand[:at+1], true
				n = max(n-1, 2)
				break
			}
		}
		if !reduced {
			if n >= len(seq) {
				break
			}
			n = min(2*n, len(seq))
		}
	}
	return seq, ""
}

// reproduces replays seq on a fresh session and answers the index of the
// call that showed the target fault, or -1.
func (sh *shrinker) reproduces(ctx context.Context, seq []Step) (int, error) {
	conn := sh.env.Conn
	sh.replays++
	var id string
	for attempt := 0; ; attempt++ {
		id = fmt.Sprintf("xp%05d", (sh.replays*7+attempt)%100000)
		res, err := conn.Call(ctx, "facet_start", map[string]any{"app": sh.app, "session": id})
		if err != nil {
			return -1, fmt.Errorf("%w: %v", errNoReplay, err)
		}
		if !res.IsError {
			break
		}
		if !strings.Contains(res.Text, "already running") || attempt > 5 {
			return -1, fmt.Errorf("%w: facet_start %s: %s", errNoReplay, sh.app, firstLine(res.Text))
		}
	}
	defer func() { _, _ = conn.Call(ctx, "facet_stop", map[string]any{"session": id}) }()
	for i, s := range seq {
		name := sh.toolName(id, s)
		res, err := conn.Call(ctx, name, s.Args)
		if err != nil {
			return -1, fmt.Errorf("%w: %v", errNoReplay, err)
		}
		kind := faultKind(res)
		if kind == "" && res.IsError && sh.target.Kind == "read_after_write" && !callerMistake(res) {
			kind = "read_after_write"
		}
		if kind == sh.target.Kind && s.Widget == sh.target.Widget && s.Action == sh.target.Action {
			return i, nil
		}
	}
	return -1, nil
}

// toolName is the name of step s on session, spelled as the server lists
// its tools.
func (sh *shrinker) toolName(session string, s Step) string {
	return agent.ToolFor(session, s.Widget, s.Action, sh.dotted)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
