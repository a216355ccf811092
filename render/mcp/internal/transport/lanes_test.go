package transport

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func TestAnswerID(t *testing.T) {
	tests := []struct {
		line string
		want string
		ok   bool
	}{
		{`{"jsonrpc":"2.0","id":7,"result":{"content":[]}}`, "7", true},
		{`{"jsonrpc":"2.0","id":"a,b","error":{"code":-32602,"message":"x"}}`, `"a,b"`, true},
		{`{"jsonrpc":"2.0","result":{},"id":3}`, "3", true},
		{`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`, "", false},
		{`{"jsonrpc":"2.0","id":4,"method":"elicitation/create","params":{}}`, "", false},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`, "", false},
		{`not json`, "", false},
	}
	for _, tc := range tests {
		got, ok := answerID([]byte(tc.line))
		if got != tc.want || ok != tc.ok {
			t.Errorf("answerID(%s) = %q, %v; want %q, %v", tc.line, got, ok, tc.want, tc.ok)
		}
	}
}

// TestLanesProperties drives lanes with random requests, cancellations and
// answers, and checks that each lane passes its requests on one at a time,
// in the order they came, that a cancelled request still waiting is never
// passed on, and that everything else is.
func TestLanesProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		laneNames := []string{"a", "b", ""}
		l := NewLanes(func(method string, params json.RawMessage) (string, bool) {
			var p struct{ Lane string }
			_ = json.Unmarshal(params, &p)
			return p.Lane, method == "tools/call"
		})
		type req struct {
			id        int
			lane      string
			cancelled bool
		}
		var sent []*req
		byID := map[int]*req{}
		var passed []int
		drain := func() {
			for {
				l.mu.Lock()
				if len(l.ready) == 0 {
					l.mu.Unlock()
					return
				}
				line := l.ready[0]
				l.ready = l.ready[1:]
				l.mu.Unlock()
				var m struct {
					ID *int `json:"id"`
				}
				if json.Unmarshal(line, &m) == nil && m.ID != nil {
					passed = append(passed, *m.ID)
				}
			}
		}
		inFlight := func() []int {
			var out []int
			for _, id := range passed {
				r := byID[id]
				if _, answered := byID[-id]; !answered && r != nil {
					out = append(out, id)
				}
			}
			return out
		}
		steps := rapid.IntRange(1, 60).Draw(t, "steps")
		for i := range steps {
			switch rapid.IntRange(0, 2).Draw(t, "op") {
			case 0: // a new request
				r := &req{id: i + 1, lane: rapid.SampledFrom(laneNames).Draw(t, "lane")}
				sent = append(sent, r)
				byID[r.id] = r
				l.arrive([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"Lane":%q}}`+"\n", r.id, r.lane)))
			case 1: // cancel a request that has not been passed on
				if len(sent) == 0 {
					continue
				}
				r := rapid.SampledFrom(sent).Draw(t, "cancel")
				drain()
				if !slices.Contains(passed, r.id) {
					r.cancelled = true
				}
				l.arrive([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d}}`+"\n", r.id)))
			case 2: // answer one in flight
				drain()
				fl := inFlight()
				if len(fl) == 0 {
					continue
				}
				id := rapid.SampledFrom(fl).Draw(t, "answer")
				byID[-id] = nil
				l.answered(fmt.Sprint(id))
			}
			drain()
			// One in flight per lane.
			perLane := map[string]int{}
			for _, id := range inFlight() {
				perLane[byID[id].lane]++
				if perLane[byID[id].lane] > 1 {
					t.Fatalf("lane %q has two requests in flight: %v", byID[id].lane, inFlight())
				}
			}
		}
		// Answer everything left.
		for fl := inFlight(); len(fl) > 0; fl = inFlight() {
			byID[-fl[0]] = nil
			l.answered(fmt.Sprint(fl[0]))
			drain()
		}
		for _, lane := range laneNames {
			var want, got []int
			for _, r := range sent {
				if r.lane == lane && !r.cancelled {
					want = append(want, r.id)
				}
			}
			for _, id := range passed {
				if byID[id].lane == lane {
					got = append(got, id)
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("lane %q passed %v, want %v", lane, got, want)
			}
		}
	})
}

func TestRequestAndAnswerIDsMatchHoweverTheyAreSpelt(t *testing.T) {
	for _, pair := range [][2]string{
		{`"a<b"`, `"a\u003cb"`},
		{`"\u00e9"`, `"é"`},
		{`1.0`, `1`},
		{`7e0`, `7`},
		{`"x"`, `"x"`},
	} {
		a, okA := canonicalID(json.RawMessage(pair[0]))
		b, okB := canonicalID(json.RawMessage(pair[1]))
		if !okA || !okB || a != b {
			t.Errorf("ids %s and %s: %q, %q", pair[0], pair[1], a, b)
		}
	}
	for _, none := range []string{``, `null`, ` `} {
		if _, ok := canonicalID(json.RawMessage(none)); ok {
			t.Errorf("%q is an id", none)
		}
	}
}

// TestNumberIDsReadAsTheDecoderReadsThem checks the shortcuts for the ids
// most clients send (small integers) against the decoding they skip: an
// answer's id read from its first bytes, and a plain integer's canonical
// form.
func TestNumberIDsReadAsTheDecoderReadsThem(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		id := rapid.OneOf(
			rapid.StringMatching(`-?(0|[1-9][0-9]{0,17})(\.[0-9]{1,2})?([eE][+-]?[0-9])?`),
			rapid.StringMatching(`0[0-9]{1,3}`),
			rapid.SampledFrom([]string{`"7"`, `null`, `7.0`, `1e2`, ``, `true`}),
		).Draw(t, "id")
		if got, ok := canonicalID(json.RawMessage(id)); ok || plainInteger([]byte(id)) {
			want, wantOK := decodeCanonicalID(json.RawMessage(id))
			if got != want || ok != wantOK {
				t.Fatalf("canonicalID(%s) = %q, %v; decoded %q, %v", id, got, ok, want, wantOK)
			}
		}
		tail := rapid.SampledFrom([]string{`,"result":{}}`, `,"error":{"code":1,"message":"x"}}`, `,"method":"ping"}`, `}`, `,"result":{}`}).Draw(t, "tail")
		line := []byte(`{"jsonrpc":"2.0","id":` + id + tail)
		if got, ok := numberAnswerID(line); ok {
			if want, wantOK := decodeAnswerID(line); got != want || !wantOK {
				t.Fatalf("numberAnswerID(%s) = %q; decoded %q, %v", line, got, want, wantOK)
			}
		}
	})
}
