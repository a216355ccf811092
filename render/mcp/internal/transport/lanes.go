package transport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sync"

	"github.com/facetui/facet/render/mcp/internal/rpcmsg"
)

// StdioWorkers is how many calls mcp-go's stdio transport may run at once,
// one per lane at most: calls to up to this many sessions run side by side
// while each session's calls still apply in the order they came. It is
// mcp-go's largest pool; idle workers cost a parked goroutine each.
const StdioWorkers = 100

// Lanes orders a stdio client's requests per session. mcp-go runs stdio
// tool calls on a pool of workers, which lets a pipelined type_into, click
// and get_rows apply in any order; one worker kept them in order but made
// every session wait behind one slow call (a facet_send_key with a long
// wait_ms, an Update near its timeout, an Ask waiting for a person).
//
// Lanes sits between stdin and mcp-go. A tools/call or resources/read
// goes into its session's lane: it is passed on only when the lane's call
// before it has been answered (lanes watches the answers mcp-go writes to
// stdout); calls of other lanes, and everything else, pass at once. Calls
// that name no session share one lane. A cancelled call still waiting in
// its lane is dropped, as the protocol allows.
type Lanes struct {
	laneOf func(method string, params json.RawMessage) (string, bool)

	mu       sync.Mutex
	cond     *sync.Cond
	busy     map[string]bool
	held     map[string][]heldLine
	inflight map[string]string // request id (its JSON) -> lane
	ready    [][]byte          // lines for mcp-go, in order
	pending  []byte            // the part of ready[0] not read yet
	done     bool
	err      error
}

// heldLine is a request waiting for its lane.
type heldLine struct {
	id   string
	line []byte
}

// NewLanes returns lanes that sort each request with laneOf: the lane a
// request goes to, and whether it is ordered at all.
func NewLanes(laneOf func(method string, params json.RawMessage) (string, bool)) *Lanes {
	l := &Lanes{laneOf: laneOf, busy: map[string]bool{}, held: map[string][]heldLine{}, inflight: map[string]string{}}
	l.cond = sync.NewCond(&l.mu)
	return l
}

// Feed reads in line by line until it ends, sorting each line. It runs on
// its own goroutine; Read sees the end once every line is read.
func (l *Lanes) Feed(in io.Reader) {
	r := bufio.NewReader(in)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			l.arrive(line)
		}
		if err != nil {
			l.mu.Lock()
			l.done = true
			if !errors.Is(err, io.EOF) {
				l.err = err
			}
			l.cond.Broadcast()
			l.mu.Unlock()
			return
		}
	}
}

// arrive sorts one line from the client. It reads the line once, by its
// bytes (rpcmsg), and hands the lane rule the params it read.
func (l *Lanes) arrive(line []byte) {
	m, ok := rpcmsg.Read(line)
	if !ok {
		l.pass(line) // not ours to judge: mcp-go answers a parse error
		return
	}
	if m.Method == "notifications/cancelled" {
		if id, ok := canonicalID(cancelledID(m.Params)); ok {
			l.cancel(id)
		}
		l.pass(line)
		return
	}
	id, ok := canonicalID(m.ID)
	if !ok {
		l.pass(line)
		return
	}
	lane, ordered := l.laneOf(m.Method, m.Params)
	if !ordered {
		l.pass(line)
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.busy[lane] {
		l.held[lane] = append(l.held[lane], heldLine{id: id, line: line})
		return
	}
	l.busy[lane] = true
	l.inflight[id] = lane
	l.readyLocked(line)
}

// cancelledID is the raw id of the request a notifications/cancelled
// with params names.
func cancelledID(params []byte) json.RawMessage {
	var vals [1][]byte
	if rpcmsg.Members(params, []string{"requestId"}, vals[:]) {
		return vals[0]
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	_ = json.Unmarshal(params, &p)
	return p.RequestID
}

// cancel drops a request still waiting in its lane.
func (l *Lanes) cancel(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for lane, q := range l.held {
		for i, h := range q {
			if h.id == id {
				l.held[lane] = append(q[:i:i], q[i+1:]...)
				return
			}
		}
	}
}

// answered frees the lane of request id and passes on the next request
// waiting in it.
func (l *Lanes) answered(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lane, ok := l.inflight[id]
	if !ok {
		return
	}
	delete(l.inflight, id)
	q := l.held[lane]
	if len(q) == 0 {
		delete(l.busy, lane)
		delete(l.held, lane)
		l.cond.Broadcast() // Read may be waiting for the last answer
		return
	}
	next := q[0]
	l.held[lane] = q[1:]
	l.inflight[next.id] = lane
	l.readyLocked(next.line)
}

func (l *Lanes) pass(line []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.readyLocked(line)
}

func (l *Lanes) readyLocked(line []byte) {
	l.ready = append(l.ready, line)
	l.cond.Broadcast()
}

// Read gives mcp-go the lines that may run, in order.
func (l *Lanes) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	// At the end of input, calls still in flight may free lanes whose
	// next calls are waiting: the end is told only once none are (a
	// client that pipes its calls and closes stdin gets every answer).
	for len(l.pending) == 0 && len(l.ready) == 0 && !(l.done && len(l.inflight) == 0) {
		l.cond.Wait()
	}
	if len(l.pending) == 0 && len(l.ready) > 0 {
		l.pending, l.ready = l.ready[0], l.ready[1:]
	}
	if len(l.pending) == 0 {
		if l.err != nil {
			return 0, l.err
		}
		return 0, io.EOF
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

// Watch returns a writer that passes mcp-go's output to out and frees a
// lane whenever it carries the answer to that lane's request.
func (l *Lanes) Watch(out io.Writer) io.Writer { return &answerWatcher{l: l, out: out} }

type answerWatcher struct {
	l    *Lanes
	out  io.Writer
	mu   sync.Mutex
	line []byte
}

func (w *answerWatcher) Write(p []byte) (int, error) {
	n, err := w.out.Write(p)
	w.mu.Lock()
	w.line = append(w.line, p[:n]...)
	var answers []string
	for {
		i := bytes.IndexByte(w.line, '\n')
		if i < 0 {
			break
		}
		if id, ok := answerID(w.line[:i]); ok {
			answers = append(answers, id)
		}
		w.line = w.line[i+1:]
	}
	w.mu.Unlock()
	for _, id := range answers {
		w.l.answered(id)
	}
	return n, err
}

// answerID returns the id of a JSON-RPC answer (a message with an id and a
// result or error, no method). It reads only as far as it must: answers
// can be large, and mcp-go writes the id before the result.
func answerID(line []byte) (string, bool) {
	if id, ok := numberAnswerID(line); ok {
		return id, true
	}
	return decodeAnswerID(line)
}

// decodeAnswerID is answerID for any line: it reads the line's tokens.
func decodeAnswerID(line []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(line))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	var id json.RawMessage
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return "", false
		}
		switch k {
		case "method":
			return "", false
		case "id":
			if dec.Decode(&id) != nil {
				return "", false
			}
		case "result", "error":
			if _, ok := canonicalID(id); !ok {
				// The id comes after the result: read on for it.
				var rest json.RawMessage
				if dec.Decode(&rest) != nil {
					return "", false
				}
				continue
			}
			return canonicalID(id)
		default:
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return "", false
			}
		}
	}
	return canonicalID(id)
}

// answerPrefix is how mcp-go begins every answer it writes.
const answerPrefix = `{"jsonrpc":"2.0","id":`

// numberAnswerID reads the id of an answer as mcp-go writes one to a
// client that numbers its requests, {"jsonrpc":"2.0","id":7,"result":...,
// from its first bytes. ok is false for any other line, which answerID
// then reads in full.
func numberAnswerID(line []byte) (string, bool) {
	rest, ok := bytes.CutPrefix(line, []byte(answerPrefix))
	if !ok {
		return "", false
	}
	n := 0
	for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
		n++
	}
	id := rest[:n]
	if !plainInteger(id) {
		return "", false
	}
	if after := rest[n:]; !bytes.HasPrefix(after, []byte(`,"result":`)) && !bytes.HasPrefix(after, []byte(`,"error":`)) {
		return "", false
	}
	return string(id), true
}

// plainInteger reports whether raw is a non-negative integer of at most 15
// digits, as JSON spells it: its canonical form is itself.
func plainInteger(raw []byte) bool {
	if len(raw) == 0 || len(raw) > 15 || (raw[0] == '0' && len(raw) > 1) {
		return false
	}
	for _, c := range raw {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// canonicalID is a JSON-RPC id as a key that does not depend on how it was
// spelt: mcp-go writes an id back re-encoded ("a<b" as "a\u003cb", 1.0 as
// 1), so the id of a request and of its answer are compared decoded. ok is
// false for a missing or null id.
func canonicalID(raw json.RawMessage) (string, bool) {
	if plainInteger(raw) {
		return string(raw), true
	}
	return decodeCanonicalID(raw)
}

// decodeCanonicalID is canonicalID for any id: decoded and encoded again.
func decodeCanonicalID(raw json.RawMessage) (string, bool) {
	var v any
	if len(bytes.TrimSpace(raw)) == 0 || json.Unmarshal(raw, &v) != nil || v == nil {
		return "", false
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", false
	}
	return string(b), true
}
