package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// laneByParam orders tools/call requests by their params' Lane.
func laneByParam(method string, params json.RawMessage) (string, bool) {
	var p struct{ Lane string }
	_ = json.Unmarshal(params, &p)
	return p.Lane, method == "tools/call"
}

func call(id int, lane string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"Lane":%q}}`+"\n", id, lane)
}

func answer(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{}}`+"\n", id)
}

// readLine reads one line from l as mcp-go does, through a small buffer.
func readLine(t *testing.T, l *Lanes) (string, error) {
	t.Helper()
	var line []byte
	buf := make([]byte, 7)
	for !bytes.HasSuffix(line, []byte("\n")) {
		n, err := l.Read(buf)
		line = append(line, buf[:n]...)
		if err != nil {
			if n > 0 {
				t.Fatalf("Read returned %d bytes with %v", n, err)
			}
			return string(line), err
		}
	}
	return string(line), nil
}

// TestLanesFromStdinToMcpGo runs Feed, Read and Watch together as the stdio
// server does: a lane's next call is read only once the call before it is
// answered; other lines pass at once; and the end of input is told only
// once every call has been passed on and answered (a Read at the end
// with a call in flight waits for its answer, which may free another).
func TestLanesFromStdinToMcpGo(t *testing.T) {
	tests := []struct {
		name string
		in   string
		// steps: "read <line>" expects the next line; "answer <id>"
		// writes the answer to id in one Write; "eof" expects the end.
		steps []string
	}{
		{"one lane, in turn", call(1, "a") + call(2, "a") + call(3, "a"),
			[]string{"read 1", "answer 1", "read 2", "answer 2", "read 3", "answer 3", "eof"}},
		{"other lanes pass", call(1, "a") + call(2, "a") + call(3, "b"),
			[]string{"read 1", "read 3", "answer 3", "answer 1", "read 2", "answer 2", "eof"}},
		{"a line without a newline at the end", call(1, "a") + strings.TrimSuffix(call(2, "b"), "\n"),
			[]string{"read 1", "answer 1", "answer 2", "read 2-", "eof"}},
		{"not JSON passes", "hello\n" + call(1, "a"),
			[]string{"read hello", "read 1", "answer 1", "eof"}},
		{"a call with no id passes", `{"jsonrpc":"2.0","method":"tools/call","params":{"Lane":"a"}}` + "\n" + call(1, "a") + call(2, "a"),
			[]string{"read Lane", "read 1", "answer 1", "read 2", "answer 2", "eof"}},
		{"a cancelled call waiting in its lane is dropped", call(1, "a") + call(2, "a") + `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}` + "\n",
			[]string{"read 1", "read cancelled", "answer 1", "eof"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLanes(laneByParam)
			l.Feed(strings.NewReader(tc.in)) // all of it arrives before anything is read
			var out bytes.Buffer
			w := l.Watch(&out)
			for _, step := range tc.steps {
				op, arg, _ := strings.Cut(step, " ")
				switch op {
				case "read":
					line, err := readLine(t, l)
					want := arg
					switch {
					case strings.HasSuffix(arg, "-"):
						want = `"id":` + strings.TrimSuffix(arg, "-") + `,`
					case arg != "hello" && arg != "cancelled" && arg != "Lane":
						want = `"id":` + arg + `,`
					}
					if err != nil && !strings.HasSuffix(arg, "-") || !strings.Contains(line, want) {
						t.Fatalf("%s: read %q, %v", step, line, err)
					}
				case "answer":
					var id int
					fmt.Sscan(arg, &id)
					if _, err := w.Write([]byte(answer(id))); err != nil {
						t.Fatal(err)
					}
				case "eof":
					if line, err := readLine(t, l); !errors.Is(err, io.EOF) || line != "" {
						t.Fatalf("at the end: %q, %v", line, err)
					}
				}
			}
			if strings.Count(out.String(), "\n") != strings.Count(strings.Join(tc.steps, ","), "answer") {
				t.Fatalf("the watcher wrote %q", out.String())
			}
		})
	}
}

// TestLanesTellAReadError: input that fails is told to mcp-go as that
// failure, after the lines read before it.
func TestLanesTellAReadError(t *testing.T) {
	l := NewLanes(laneByParam)
	broken := errors.New("stdin broke")
	l.Feed(io.MultiReader(strings.NewReader(call(1, "a")), errorReader{broken}))
	if line, err := readLine(t, l); err != nil || !strings.Contains(line, `"id":1,`) {
		t.Fatalf("%q, %v", line, err)
	}
	if _, err := l.Watch(io.Discard).Write([]byte(answer(1))); err != nil {
		t.Fatal(err)
	}
	if _, err := readLine(t, l); !errors.Is(err, broken) {
		t.Fatalf("err = %v, want %v", err, broken)
	}
}

// TestWatchFindsAnswersHoweverTheyAreWritten: the watcher passes every
// byte on and frees a lane for an answer split across writes, or written
// together with other lines, blank ones included.
func TestWatchFindsAnswersHoweverTheyAreWritten(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
	}{
		{"whole", []string{answer(1)}},
		{"split", []string{answer(1)[:10], answer(1)[10:]}},
		{"after a blank line", []string{"\n" + answer(1)}},
		{"after a notification", []string{`{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}` + "\n" + answer(1)}},
		{"after another answer", []string{answer(7) + answer(1)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLanes(laneByParam)
			l.arrive([]byte(call(1, "a")))
			l.arrive([]byte(call(2, "a")))
			var out bytes.Buffer
			w := l.Watch(&out)
			for _, s := range tc.writes {
				if n, err := w.Write([]byte(s)); n != len(s) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if out.String() != strings.Join(tc.writes, "") {
				t.Fatalf("passed on %q", out.String())
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			if len(l.ready) != 2 || !bytes.Contains(l.ready[1], []byte(`"id":2,`)) {
				t.Fatalf("ready %q: the lane was not freed for call 2", l.ready)
			}
		})
	}
}

// TestNumberAnswerIDReadsEveryPlainInteger: the shortcut reads every id of
// at most 15 digits written without a leading zero, including 0 and ids
// with the digits at the ends of the range, and nothing else.
func TestNumberAnswerIDReadsEveryPlainInteger(t *testing.T) {
	tests := []struct {
		id   string
		tail string
		ok   bool
	}{
		{"0", `,"result":{}}`, true},
		{"9", `,"result":{}}`, true},
		{"10", `,"error":{}}`, true},
		{"90", `,"result":{}}`, true},
		{"1029384756", `,"result":{}}`, true},
		{"999999999999999", `,"result":{}}`, true},
		{"1000000000000000", `,"result":{}}`, false},
		{"01", `,"result":{}}`, false},
		{"", `,"result":{}}`, false},
		{"7", `,"method":"ping"}`, false},
		{"7", ``, false},
		{"7", `}`, false},
	}
	for _, tc := range tests {
		line := []byte(answerPrefix + tc.id + tc.tail)
		got, ok := numberAnswerID(line)
		if ok != tc.ok || (ok && got != tc.id) {
			t.Errorf("numberAnswerID(%s) = %q, %v; want %v", line, got, ok, tc.ok)
		}
		if got, ok := plainInteger([]byte(tc.id)), tc.ok || tc.id == "7"; got != ok {
			t.Errorf("plainInteger(%q) = %v", tc.id, got)
		}
	}
	for _, raw := range []string{"-1", "1.0", "1e2", "1a", "a1", "/", ":"} {
		if plainInteger([]byte(raw)) {
			t.Errorf("plainInteger(%q) = true", raw)
		}
	}
}

// TestRecentEventsBounds: the store keeps the newest events within its
// count and bytes, exactly to the bound, the defaults for bounds of 0,
// and always the newest event however large; ids grow.
func TestRecentEventsBounds(t *testing.T) {
	ctx := context.Background()
	const size = 8 << 10 // each event's message
	tests := []struct {
		name      string
		max, size int
		stored    int
		kept      int // the newest this many are kept
	}{
		{"past the count", 3, 1 << 30, 7, 3},
		{"past the count by more", 3, 1 << 30, 12, 3},
		{"exactly the bytes", 100, 3 * size, 7, 3},
		{"a byte short of four", 100, 4*size - 1, 7, 3},
		{"the newest, over the bytes alone", 100, 1, 5, 1},
		{"the newest, over the bytes alone, after an even count", 100, 1, 4, 1},
		{"a count of one", 1, 1 << 30, 5, 1},
		{"the default count", 0, 1 << 30, DefaultRecentEvents + 2, DefaultRecentEvents},
		{"the default bytes", 1 << 20, 0, DefaultRecentEventBytes/size + 2, DefaultRecentEventBytes / size},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewRecentEvents(tc.max, tc.size)
			var ids []uint64
			for i := 1; i <= tc.stored; i++ {
				msg := fmt.Sprintf(`{"n":%d,"pad":"`, i%10)
				msg += strings.Repeat("x", size-len(msg)-2) + `"}`
				id, err := r.StoreEvent(ctx, "s", "a", json.RawMessage(msg))
				if err != nil {
					t.Fatal(err)
				}
				var n uint64
				if _, err := fmt.Sscan(id, &n); err != nil || (len(ids) > 0 && n <= ids[len(ids)-1]) {
					t.Fatalf("id %q after %v: want a larger number", id, ids)
				}
				ids = append(ids, n)
			}
			var kept []int
			for i, id := range ids {
				_, err := r.ReplayEventsAfter(ctx, "s", fmt.Sprint(id), func(string, json.RawMessage) error { return nil })
				if err == nil {
					kept = append(kept, i+1)
				}
			}
			want := make([]int, 0, tc.kept)
			for i := tc.stored - tc.kept + 1; i <= tc.stored; i++ {
				want = append(want, i)
			}
			if !slices.Equal(kept, want) {
				t.Fatalf("kept events %v, want %v", kept, want)
			}
		})
	}
}
