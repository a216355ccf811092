package widgets

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
)

// Helpers shared by the tests of the viewing widgets (Table, Tree, Scrubber,
// Tabs, Viewport). Their names start with vw so they never collide with the
// other widgets' test helpers in this package.

// vwWidths are the widths every Render test walks.
func vwWidths() []int {
	ws := make([]int, 0, 200)
	for w := 1; w <= 200; w++ {
		ws = append(ws, w)
	}
	return ws
}

// vwCheckFits fails when any line of out is wider than width or there are
// more than height lines (height > 0).
func vwCheckFits(t *testing.T, out string, width, height int) {
	t.Helper()
	lines := strings.Split(out, "\n")
	for i, l := range lines {
		if w := Width(l); w > width {
			t.Fatalf("width %d: line %d is %d cells wide: %q", width, i, w, l)
		}
	}
	if height > 0 && len(lines) > height {
		t.Fatalf("height %d: rendered %d lines", height, len(lines))
	}
}

// vwActionNames lists the names of actions.
func vwActionNames(actions []tea.Action) []string {
	names := make([]string, len(actions))
	for i, a := range actions {
		names[i] = a.Name
	}
	return names
}

// vwCheckAnnotations fails unless exactly the writes are sensitive.
func vwCheckAnnotations(t *testing.T, actions []tea.Action, writes ...string) {
	t.Helper()
	for _, a := range actions {
		want := false
		for _, w := range writes {
			want = want || a.Name == w
		}
		if a.Sensitive() != want {
			t.Errorf("action %s: sensitive = %v, want %v", a.Name, a.Sensitive(), want)
		}
		if a.Description == "" || a.InputSchema["type"] != "object" {
			t.Errorf("action %s: missing description or object schema", a.Name)
		}
	}
}

// vwInvokeCase is one Invoke call and what it must give: a written message,
// a read value, or an error matching errIs whose text contains every
// string in errHas.
type vwInvokeCase struct {
	name   string
	action string
	args   map[string]any
	write  tea.Msg
	read   any
	errIs  error
	errHas []string
}

func vwRunInvoke(t *testing.T, p tea.ToolProvider, cases []vwInvokeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := p.Invoke(c.action, c.args)
			if c.errIs != nil {
				if !errors.Is(err, c.errIs) {
					t.Fatalf("Invoke(%s, %v) error = %v, want %v", c.action, c.args, err, c.errIs)
				}
				for _, s := range c.errHas {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %q", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("Invoke(%s, %v): %v", c.action, c.args, err)
			}
			if c.write != nil {
				if !res.IsWrite() || !reflect.DeepEqual(res.Msg(), c.write) {
					t.Fatalf("Invoke(%s) = write %v %#v, want write %#v", c.action, res.IsWrite(), res.Msg(), c.write)
				}
				return
			}
			if res.IsWrite() || !reflect.DeepEqual(res.Value(), c.read) {
				t.Fatalf("Invoke(%s) = %#v, want read %#v", c.action, res.Value(), c.read)
			}
		})
	}
}

// vwKeyCase is one key and the message it must give (nil for none).
type vwKeyCase struct {
	key  string
	want tea.Msg
}

func vwRunKeys(t *testing.T, h tea.KeyHandler, cases []vwKeyCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.key, func(t *testing.T) {
			k, err := tea.ParseKey(c.key)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.HandleKey(k); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("HandleKey(%s) = %#v, want %#v", c.key, got, c.want)
			}
		})
	}
}

// vwMouseCase is one mouse event and the message it must give.
type vwMouseCase struct {
	name string
	m    tea.Mouse
	want tea.Msg
}

func vwRunMouse(t *testing.T, h tea.MouseHandler, cases []vwMouseCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := h.HandleMouse(c.m); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("HandleMouse(%+v) = %#v, want %#v", c.m, got, c.want)
			}
		})
	}
}

func vwClick(x, y, width int) tea.Mouse {
	return tea.Mouse{X: x, Y: y, Action: tea.MousePress, Button: tea.MouseLeft, Width: width}
}
