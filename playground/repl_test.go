package playground

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestEvalComputesArithmetic(t *testing.T) {
	tests := []struct {
		src  string
		want float64
	}{
		{"2*(3+4)", 14},
		{"1 + 2 * 3", 7},
		{"(1+2)*(3+4)", 21},
		{"10 - 4 - 3", 3},
		{"100 / 10 / 5", 2},
		{"10/4", 2.5},
		{"7 % 4", 3},
		{"-7 % 4", -3},
		{"-3 + 5", 2},
		{"--2", 2},
		{"2 * -3", -6},
		{"-(2+3)", -5},
		{"+4", 4},
		{"1.5 * 2", 3},
		{".5 + .25", 0.75},
		{"3.", 3},
		{"  42  ", 42},
		{"((((1))))", 1},
		{"1e3", 1000},
		{"2.5E-3", 0.0025},
		{"1e+40", 1e40},
		{".5e1", 5},
		{"3.e2", 300},
		{"2e3*2", 4000},
		{"9.22337203685e+18", 9.22337203685e18},
		{"1e308", 1e308},
		{"1e-400", 0},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			got, err := Eval(tt.src)
			if err != nil || got != tt.want {
				t.Fatalf("Eval(%q) = %v, %v; want %v", tt.src, got, err, tt.want)
			}
		})
	}
}

func TestEvalRejectsBadInputWithWhereAndWhy(t *testing.T) {
	tests := []struct {
		src     string
		wantPos int
		wantMsg string
	}{
		{"", 0, "empty expression"},
		{"   ", 0, "empty expression"},
		{"1+", 2, "unexpected end"},
		{"(1+2", 0, "unclosed \"(\""},
		{"(1+2 3)", 5, "expected \")\""},
		{"1)", 1, "unmatched \")\""},
		{"1/0", 1, "division by zero"},
		{"5 % (2-2)", 2, "modulo by zero"},
		{"2**3", 2, "operator \"*\" needs a number"},
		{"*3", 0, "operator \"*\" needs a number"},
		{"abs(3)", 0, "unknown name \"abs\""},
		{"2+abc*3", 2, "unknown name \"abc\": only numbers"},
		{"2 * pi_2 + 1", 4, "unknown name \"pi_2\""},
		{"1e308*10", 5, "the result of \"*\" is too large (the largest number is about 1.8e308)"},
		{"-1e308-1e308", 6, "the result of \"-\" is too large"},
		{"1e400", 0, "number \"1e400\" is too large (the largest number is about 1.8e308)"},
		{"2*1e999", 2, "number \"1e999\" is too large"},
		{"1e", 0, "malformed number \"1e\": an exponent needs digits"},
		{"1e+", 0, "malformed number \"1e+\": an exponent needs digits"},
		{"2ex", 0, "malformed number \"2ex\""},
		{"1.2.3", 0, "malformed number \"1.2.3\""},
		{".", 0, "malformed number"},
		{"2 3", 2, "unexpected \"3\" after a complete expression: an operator is missing"},
		{"2(3)", 1, "an operator is missing"},
		{"1+2 x", 4, "unknown name \"x\""},
		{"2^3", 1, "unexpected \"^\""},
		{"os.Exit(1)", 0, "unknown name \"os\""},
		{strings.Repeat("(", 500) + "1" + strings.Repeat(")", 500), -1, "nested more than"},
		{strings.Repeat("-", 500) + "1", -1, "nested more than"},
	}
	for _, tt := range tests {
		name := tt.src
		if len(name) > 20 {
			name = name[:20]
		}
		t.Run(name, func(t *testing.T) {
			_, err := Eval(tt.src)
			var e *ExprError
			if !errors.As(err, &e) {
				t.Fatalf("Eval(%q) error = %v, want *ExprError", tt.src, err)
			}
			if tt.wantPos >= 0 && e.Pos != tt.wantPos {
				t.Errorf("Eval(%q) error at %d, want %d: %v", tt.src, e.Pos, tt.wantPos, err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("Eval(%q) error %q, want it to contain %q", tt.src, err, tt.wantMsg)
			}
		})
	}
}

// What the calculator prints, it reads back: a large result is written
// with an exponent (1e+40), which Eval takes.
func TestEvalReadsBackWhatFormatNumberWrites(t *testing.T) {
	for _, v := range []float64{1e40, -1e40, 9.223372036854776e18, 1.0 / 3, -2.5e-7, 1e308, 1e15, 123456789012345680} {
		s := FormatNumber(v)
		got, err := Eval(s)
		if err != nil || math.Abs(got-v) > math.Abs(v)*1e-11 {
			t.Errorf("Eval(FormatNumber(%v) = %q) = %v, %v", v, s, got, err)
		}
	}
}

func TestFormatNumberDropsNeedlessDecimals(t *testing.T) {
	for v, want := range map[float64]string{14: "14", -6: "-6", 2.5: "2.5", 1.0 / 3: "0.333333333333", 1e20: "1e+20"} {
		if got := FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestReplEvaluatesWhatIsTypedAndKeepsAHistory(t *testing.T) {
	rt := start(t, NewRepl())
	if f := rt.Snapshot().Focus; f != "expr" {
		t.Fatalf("focus = %q, want expr", f)
	}
	typeText(t, rt, "2*(3+4)")
	press(t, rt, "enter")
	r := modelOf[ReplDemo](t, rt)
	if r.Last() != "= 14" {
		t.Fatalf("last = %q, want = 14", r.Last())
	}
	if got := widgetValue(t, rt); got != "" {
		t.Errorf("the field keeps %q after a result; want it cleared", got)
	}
	typeText(t, rt, "1/0")
	press(t, rt, "enter")
	r = modelOf[ReplDemo](t, rt)
	if r.Last() != "error: at column 2: division by zero" {
		t.Fatalf("last = %q", r.Last())
	}
	if got := widgetValue(t, rt); got != "" {
		t.Errorf("the field holds %q after an error; want it emptied (up brings it back)", got)
	}
	h := r.History()
	tail := strings.Join(h[len(h)-4:], "\n")
	if want := "> 2*(3+4)\n  = 14\n> 1/0\n  error: at column 2: division by zero"; tail != want {
		t.Fatalf("history ends\n%s\nwant\n%s", tail, want)
	}
}

func TestReplHistoryFollowsTheNewestLine(t *testing.T) {
	rt := start(t, NewRepl())
	dispatch(t, rt, teaSize(98, 14)) // 10 lines of history above the help line
	for range 20 {
		typeText(t, rt, "1+1")
		press(t, rt, "enter")
	}
	vp := modelOf[ReplDemo](t, rt).history
	if vp.Height != 10 || vp.Top != len(vp.Lines)-10 {
		t.Fatalf("history height %d top %d of %d lines: the newest lines are not in view", vp.Height, vp.Top, len(vp.Lines))
	}
}

func TestReplUpAndDownRecallEarlierInputs(t *testing.T) {
	rt := start(t, NewRepl())
	for _, src := range []string{"2*(3+4)", "1/0"} {
		typeText(t, rt, src)
		press(t, rt, "enter")
	}
	typeText(t, rt, "4+")
	steps := []struct {
		key, want string
	}{
		{"up", "1/0"}, // the failed one first, to fix it
		{"up", "2*(3+4)"},
		{"up", "2*(3+4)"}, // the oldest stays
		{"down", "1/0"},
		{"down", "4+"}, // past the newest: what was being typed
		{"down", "4+"},
	}
	for i, s := range steps {
		press(t, rt, s.key)
		if got := widgetValue(t, rt); got != s.want {
			t.Fatalf("step %d (%s): the field holds %q, want %q", i+1, s.key, got, s.want)
		}
	}
	// A recalled input is evaluated again and becomes the newest.
	press(t, rt, "up", "up")
	press(t, rt, "enter")
	if r := modelOf[ReplDemo](t, rt); r.Last() != "= 14" || widgetValue(t, rt) != "" {
		t.Fatalf("after evaluating a recalled input: last %q, field %q", r.Last(), widgetValue(t, rt))
	}
	press(t, rt, "up")
	if got := widgetValue(t, rt); got != "2*(3+4)" {
		t.Fatalf("up after evaluating it again = %q, want 2*(3+4)", got)
	}
}
