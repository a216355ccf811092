package mcptest

import (
	"sync"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// maxRecording caps the recording a session keeps for its failure
// reports.
const maxRecording = 4 << 20

// call is one tools/call a test made, kept for a failure report: the step
// as the test wrote it (a masked widget's text is not in it), the tool,
// the error it answered and the session before and after it.
type call struct {
	step, tool string
	err        string
	before     tea.Snapshot
	after      tea.Snapshot
}

// history is what a session did, for its failure reports: its calls in
// order and its recording (package trace).
type history struct {
	mu    sync.Mutex
	calls []call
	rec   *trace.Recorder
	out   trace.Buffer
}

// newHistory returns a history whose recorder records the session app
// (id) at width by height; the runtime option is rec.Option().
func newHistory(app, id string, width, height int) *history {
	h := &history{}
	h.rec = trace.New(&h.out, trace.Options{App: app, Session: id, Width: width, Height: height, MaxBytes: maxRecording})
	return h
}

func (h *history) add(c call) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, c)
}

// snapshot returns the calls so far and the recording up to now.
func (h *history) snapshot() ([]call, string) {
	h.rec.Sync()
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]call(nil), h.calls...), h.out.String()
}
