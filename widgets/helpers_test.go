package widgets_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/charmbracelet/x/ansi"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The helpers in this file are shared by the widgets' tests.

// widths are the widths every widget is rendered at: every width from 1 to
// 200.
var widths = func() []int {
	out := make([]int, 200)
	for i := range out {
		out[i] = i + 1
	}
	return out
}()

// heights are the height limits every widget is rendered at.
var heights = []int{1, 2, 3, 4, 5, 10}

// heightWidths are the widths rendered at every one of heights.
var heightWidths = []int{1, 2, 3, 4, 5, 8, 13, 40, 80, 200}

// checkFits fails when a line of out is wider than width or out has more
// than height lines (height > 0).
func checkFits(t *testing.T, out string, width, height int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if w := widgets.Width(l); w > width {
			t.Errorf("width %d, height %d: line %d is %d cells wide: %q", width, height, i, w, l)
		}
	}
	if height > 0 && len(lines) > height {
		t.Errorf("width %d, height %d: %d lines:\n%s", width, height, len(lines), out)
	}
}

// checkAllSizes renders w focused and not at every width with no height
// limit, and at every height for a table of widths.
func checkAllSizes(t *testing.T, w tea.Widget) {
	t.Helper()
	check := func(width, height int) {
		t.Helper()
		for _, focused := range []bool{false, true} {
			ctx := tea.RenderContext{Width: width, Height: height, Focused: focused}
			checkFits(t, w.Render(ctx), width, height)
		}
	}
	for _, width := range widths {
		check(width, 0)
	}
	for _, width := range heightWidths {
		for _, height := range heights {
			check(width, height)
		}
	}
}

// checkDistinct fails unless the renders differ pairwise.
func checkDistinct(t *testing.T, renders map[string]string) {
	t.Helper()
	names := make([]string, 0, len(renders))
	for n := range renders {
		names = append(names, n)
	}
	slices.Sort(names)
	for i, a := range names {
		for _, b := range names[i+1:] {
			if renders[a] == renders[b] {
				t.Errorf("%s and %s render the same: %q", a, b, renders[a])
			}
		}
	}
}

// actionNames lists the names of actions.
func actionNames(actions []tea.Action) []string {
	out := []string{}
	for _, a := range actions {
		out = append(out, a.Name)
	}
	return out
}

// checkAnnotations fails unless exactly the writes are sensitive and every
// action has a description and an object schema.
func checkAnnotations(t *testing.T, actions []tea.Action, writes ...string) {
	t.Helper()
	for _, a := range actions {
		if got, want := a.Sensitive(), slices.Contains(writes, a.Name); got != want {
			t.Errorf("%s: sensitive = %v, want %v", a.Name, got, want)
		}
		if a.Description == "" {
			t.Errorf("%s: no description", a.Name)
		}
		if a.InputSchema["type"] != "object" {
			t.Errorf("%s: schema type = %v, want object", a.Name, a.InputSchema["type"])
		}
	}
}

// checkStatic fails unless a and b (the same kind built from different app
// text and ids) offer identical actions, and neither mentions a marker.
func checkStatic(t *testing.T, a, b []tea.Action, markers ...string) {
	t.Helper()
	if !reflect.DeepEqual(a, b) {
		t.Errorf("actions depend on app data:\n%+v\n%+v", a, b)
	}
	raw, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range markers {
		if strings.Contains(string(raw), m) {
			t.Errorf("actions mention %q: %s", m, raw)
		}
	}
}

// invokeCase is one Invoke call and what it must give: a written message,
// a read value, or an error matching errIs whose text holds every string
// in errHas.
type invokeCase struct {
	name   string
	action string
	args   map[string]any
	write  tea.Msg
	read   any
	errIs  error
	errHas []string
}

// runInvoke runs each case against p as a subtest.
func runInvoke(t *testing.T, p tea.ToolProvider, cases []invokeCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := p.Invoke(tc.action, tc.args)
			if tc.errIs != nil {
				if !errors.Is(err, tc.errIs) {
					t.Fatalf("Invoke(%s, %v) error = %v, want %v", tc.action, tc.args, err, tc.errIs)
				}
				for _, s := range tc.errHas {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %q", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("Invoke(%s, %v): %v", tc.action, tc.args, err)
			}
			if tc.write != nil {
				if !res.IsWrite() || !reflect.DeepEqual(res.Msg(), tc.write) {
					t.Errorf("Invoke(%s) = write %v %#v, want write %#v", tc.action, res.IsWrite(), res.Msg(), tc.write)
				}
				return
			}
			if res.IsWrite() || !reflect.DeepEqual(res.Value(), tc.read) {
				t.Errorf("Invoke(%s) = write %v value %#v, want read %#v", tc.action, res.IsWrite(), res.Value(), tc.read)
			}
			if _, err := json.Marshal(res.Value()); err != nil {
				t.Errorf("read value does not encode as JSON: %v", err)
			}
		})
	}
}

// keyCase is one key and the message it must give (nil for none).
type keyCase struct {
	name string
	key  tea.Key
	want tea.Msg
}

// press is the keyCase for the key named name (as tea.ParseKey reads it),
// named after it; a name that does not parse panics, a typo in the test.
func press(name string, want tea.Msg) keyCase {
	k, err := tea.ParseKey(name)
	if err != nil {
		panic(err)
	}
	return keyCase{name: name, key: k, want: want}
}

// runKeys runs each case against h as a subtest.
func runKeys(t *testing.T, h tea.KeyHandler, cases []keyCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.HandleKey(tc.key); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("HandleKey(%s) = %#v, want %#v", tc.key, got, tc.want)
			}
		})
	}
}

// mouseCase is one mouse event and the message it must give.
type mouseCase struct {
	name string
	m    tea.Mouse
	want tea.Msg
}

// runMouse runs each case against h as a subtest.
func runMouse(t *testing.T, h tea.MouseHandler, cases []mouseCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.HandleMouse(tc.m); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("HandleMouse(%+v) = %#v, want %#v", tc.m, got, tc.want)
			}
		})
	}
}

// click is a left press at x, y on a widget drawn width cells wide (0:
// not known).
func click(x, y, width int) tea.Mouse {
	return tea.Mouse{X: x, Y: y, Action: tea.MousePress, Button: tea.MouseLeft, Width: width}
}

// parseKey parses a key name, failing the test on a bad one.
func parseKey(t *testing.T, s string) tea.Key {
	t.Helper()
	k, err := tea.ParseKey(s)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// styleStart is the escape sequence style opens text with.
func styleStart(style lipgloss.Style) string {
	out := style.Render("X")
	return out[:strings.Index(out, "X")]
}

// stateCase is one message applied to a state: whether Update used it and
// whether the state is then as expected.
type stateCase struct {
	name  string
	apply func() bool
	used  bool
	check func() bool
}

func runStateCases(t *testing.T, tests []stateCase) {
	t.Helper()
	for _, tc := range tests {
		if got := tc.apply(); got != tc.used || !tc.check() {
			t.Errorf("%s: used %v (want %v), state ok %v", tc.name, got, tc.used, tc.check())
		}
	}
}

// printScreen prints what w draws in ctx as plain text, as an agent's
// screenshot shows it: no styling and no trailing spaces.
func printScreen(w tea.Widget, ctx tea.RenderContext) {
	for _, line := range strings.Split(ansi.Strip(w.Render(ctx)), "\n") {
		fmt.Println(strings.TrimRight(line, " "))
	}
}
