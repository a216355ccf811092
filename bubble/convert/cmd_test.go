package convert

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	bt "charm.land/bubbletea/v2"

	"github.com/facetui/facet/tea"
)

type said string

// wrapped is what wrap makes of a Bubble Tea message in these tests.
type wrapped struct{ msg bt.Msg }

func say(s string) bt.Cmd { return func() bt.Msg { return said(s) } }

// recorder is a Facet app that records the wrapped messages it receives.
type recorder struct {
	mu   *sync.Mutex
	got  *[]string
	init tea.Cmd
}

func (r recorder) Init() tea.Cmd { return r.init }
func (r recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if w, ok := msg.(wrapped); ok {
		r.mu.Lock()
		*r.got = append(*r.got, string(w.msg.(said)))
		r.mu.Unlock()
	}
	return r, nil
}
func (r recorder) View() tea.Node { return tea.Text{Content: "recorder"} }

// delivered runs cmd as a Facet app's Init, in a synctest bubble, and
// returns what reached Update once nothing more can: every command has
// run and the runtime waits for a message (synctest.Wait, after an hour
// of the bubble's clock), so a message delivered twice, or late, is in the
// list.
func delivered(t *testing.T, cmd bt.Cmd) []string {
	t.Helper()
	var got []string
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		rt, err := tea.Start(context.Background(), recorder{mu: &mu, got: &got,
			init: Cmd(cmd, func(m bt.Msg) tea.Msg { return wrapped{m} })})
		if err != nil {
			t.Fatal(err)
		}
		defer rt.Stop()
		// An hour on the bubble's clock: a command that delivers late
		// has delivered too.
		time.Sleep(time.Hour)
		synctest.Wait()
	})
	return slices.Clone(got)
}

func TestCmdRunsEveryCommandOfBatchesAndSequences(t *testing.T) {
	tests := []struct {
		name    string
		cmd     bt.Cmd
		want    []string
		ordered bool
	}{
		{"one command", say("a"), []string{"a"}, true},
		{"a batch", bt.Batch(say("a"), say("b"), say("c")), []string{"a", "b", "c"}, false},
		{"a sequence, in order", bt.Sequence(say("a"), say("b"), say("c")), []string{"a", "b", "c"}, true},
		{"a batch inside a sequence", bt.Sequence(say("a"), bt.Batch(say("b"), say("c")), say("d")), []string{"a", "b", "c", "d"}, false},
		{"a sequence inside a batch", bt.Batch(bt.Sequence(say("a"), say("b")), say("c")), []string{"a", "b", "c"}, false},
		{"nil commands are skipped", bt.Batch(nil, say("a"), nil, say("b")), []string{"a", "b"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := delivered(t, tt.cmd)
			if !tt.ordered {
				slices.Sort(got)
			}
			if !slices.Equal(got, tt.want) {
				t.Fatalf("Update received %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCmdKeepsASequenceAfterABatchInOrder(t *testing.T) {
	got := delivered(t, bt.Sequence(bt.Batch(say("a"), say("b")), say("c")))
	if len(got) != 3 || got[2] != "c" {
		t.Fatalf("Update received %q: c overtook the batch before it", got)
	}
}

func TestUnpackRecognisesOnlyBatchesAndSequences(t *testing.T) {
	if cmds, ok := Unpack(bt.Sequence(say("a"), say("b"))()); !ok || len(cmds) != 2 {
		t.Errorf("Unpack(sequence) = %d commands, %v", len(cmds), ok)
	}
	if cmds, ok := Unpack(bt.Batch(say("a"), say("b"))()); !ok || len(cmds) != 2 {
		t.Errorf("Unpack(batch) = %d commands, %v", len(cmds), ok)
	}
	type mine []bt.Cmd // an app's own slice of commands is its message
	for _, msg := range []bt.Msg{nil, said("a"), mine{say("a")}} {
		if _, ok := Unpack(msg); ok {
			t.Errorf("Unpack(%#v) unpacked a message that is neither", msg)
		}
	}
	if Cmd(nil, nil) != nil {
		t.Error("Cmd(nil) is not nil")
	}
}
