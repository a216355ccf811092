package widgets

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/facetui/facet/tea"
)

// fzCase is one widget action the invoke fuzzer calls.
type fzCase struct{ widget, action string }

var fzCases = []fzCase{
	{"table", "select_row"}, {"table", "sort"}, {"table", "get_rows"},
	{"list", "select"}, {"list", "get_selected"}, {"list", "get_options"},
	{"scrub", "seek"}, {"scrub", "play"}, {"scrub", "pause"}, {"scrub", "get_position"},
	{"tree", "select_node"}, {"tree", "expand"}, {"tree", "collapse"}, {"tree", "get_nodes"},
	{"text", "type_into"}, {"text", "clear"}, {"text", "get_value"},
	{"tabs", "select_tab"}, {"tabs", "get_tabs"},
	{"view", "scroll_to"}, {"view", "get_visible_range"},
}

var fzWidgets = []string{"table", "list", "scrub", "tree", "text", "tabs", "view"}

// fzWorld builds each widget from two fuzz bytes: size (0-6 rows, options,
// tabs, top-level nodes) and shape bits: 0 disabled, 1 a table without
// columns, 2-3 the scrubber's Min, 4-5 the viewport's Height, 6 a masked
// text input, 7 a text input that already holds text.
type fzWorld struct {
	n     int
	shape uint8
}

func (w fzWorld) bit(i int) bool { return w.shape&(1<<i) != 0 }

func (w fzWorld) table() Table {
	t := Table{ID: "t", Disabled: w.bit(0)}
	if !w.bit(1) {
		t.Columns = []TableColumn{{Key: "name"}, {Key: "size"}}
	}
	for i := range w.n {
		row := []string{fmt.Sprint("r", i), fmt.Sprint(i * 3), "extra"}
		t.Rows = append(t.Rows, row[:i%4]) // short, full and long rows
	}
	return t
}

func (w fzWorld) list() SelectList {
	l := SelectList{ID: "l", Disabled: w.bit(0), Selected: w.n - 1}
	for i := range w.n {
		l.Options = append(l.Options, fmt.Sprint("option ", i))
	}
	return l
}

func (w fzWorld) scrubber() Scrubber {
	lo := []int{0, 10, -5, math.MaxInt32 - 20}[(w.shape>>2)&3]
	return Scrubber{ID: "s", Min: lo, Max: lo + w.n*10 - 10, Position: lo + 1, Disabled: w.bit(0)}
}

func (w fzWorld) tree() Tree {
	t := Tree{ID: "tr", Expanded: map[string]bool{"n1": true}, Selected: "n0"}
	for i := range w.n {
		node := TreeNode{ID: fmt.Sprint("n", i), Label: fmt.Sprint("Node ", i)}
		for j := range i {
			node.Children = append(node.Children, TreeNode{ID: fmt.Sprintf("n%dc%d", i, j), Label: "child"})
		}
		t.Nodes = append(t.Nodes, node)
	}
	return t
}

func (w fzWorld) textInput() TextInput {
	t := TextInput{ID: "ti", Disabled: w.bit(0)}
	if w.bit(6) {
		t.Mask = '•'
	}
	if w.bit(7) {
		t.Value = "héllo "
	}
	return t
}

func (w fzWorld) tabs() Tabs {
	t := Tabs{ID: "tb"}
	for i := range w.n {
		t.Tabs = append(t.Tabs, fmt.Sprint("Tab ", i))
	}
	return t
}

func (w fzWorld) viewport() Viewport {
	v := Viewport{ID: "v", Height: []int{0, 1, 5, 40}[(w.shape>>4)&3], Top: 3}
	for i := range w.n * 7 {
		v.Lines = append(v.Lines, fmt.Sprint("line ", i))
	}
	return v
}

func (w fzWorld) provider(name string) tea.ToolProvider {
	switch name {
	case "table":
		return w.table()
	case "list":
		return w.list()
	case "scrub":
		return w.scrubber()
	case "tree":
		return w.tree()
	case "text":
		return w.textInput()
	case "tabs":
		return w.tabs()
	}
	return w.viewport()
}

// fzOnly reports whether args holds no names but these.
func fzOnly(args map[string]any, names ...string) bool {
	for k := range args {
		if !slices.Contains(names, k) {
			return false
		}
	}
	return true
}

// fzInt reads an integer argument in [lo, hi] as JSON delivers it (a
// float64 with no fraction).
func fzInt(args map[string]any, name string, lo, hi int) (int, bool) {
	x, ok := args[name].(float64)
	if !ok || x != math.Trunc(x) || x < float64(lo) || x > float64(hi) {
		return 0, false
	}
	return int(x), true
}

// fzNodes lists a tree's node ids, all of them or only those with children.
func fzNodes(nodes []TreeNode, parents bool) []string {
	var out []string
	for _, n := range nodes {
		if !parents || len(n.Children) > 0 {
			out = append(out, n.ID)
		}
		out = append(out, fzNodes(n.Children, parents)...)
	}
	return out
}

// fzOneLine reports whether a one-line field takes text: no line break or
// tab, and nothing tea.Untypable refuses.
func fzOneLine(text string) bool {
	for _, r := range text {
		if r == '\n' || r == '\r' || r == '\t' || tea.Untypable(r) != "" {
			return false
		}
	}
	return true
}

// fzValid is the oracle for arguments: whether Invoke must accept args for
// an action the widget offers.
func fzValid(w fzWorld, c fzCase, args map[string]any) bool {
	switch c.action {
	case "select_row":
		_, ok := fzInt(args, "index", 0, w.n-1)
		return fzOnly(args, "index") && ok
	case "sort":
		col, _ := args["column"].(string)
		dir, _ := args["direction"].(string)
		return fzOnly(args, "column", "direction") && slices.Contains(w.table().columnKeys(), col) && (dir == SortAsc || dir == SortDesc)
	case "get_rows":
		if !fzOnly(args, "offset", "limit") {
			return false
		}
		if _, present := args["offset"]; present {
			if _, ok := fzInt(args, "offset", 0, w.n); !ok {
				return false
			}
		}
		if _, present := args["limit"]; present {
			if _, ok := fzInt(args, "limit", 1, getRowsMaxLimit); !ok {
				return false
			}
		}
		return true
	case "select", "select_tab":
		_, ok := fzInt(args, "index", 0, w.n-1)
		return fzOnly(args, "index") && ok
	case "seek":
		s := w.scrubber()
		_, ok := fzInt(args, "position", s.Min, max(s.Max, s.Min))
		return fzOnly(args, "position") && ok
	case "select_node", "expand", "collapse":
		id, _ := args["node_id"].(string)
		return fzOnly(args, "node_id") && slices.Contains(fzNodes(w.tree().Nodes, c.action != "select_node"), id)
	case "type_into":
		text, isText := args["text"].(string)
		_, isBool := args["append"].(bool)
		if args["append"] == true {
			if w.textInput().Mask != 0 {
				return false // appending to a masked field would tell its length
			}
			text = w.textInput().Value + text
		}
		return fzOnly(args, "text", "append") && isText && fzOneLine(text) && (args["append"] == nil || isBool) &&
			utf8.RuneCountInString(text) <= DefaultCharLimit
	case "scroll_to":
		_, ok := fzInt(args, "row", 0, w.n*7-1)
		return fzOnly(args, "row") && ok
	}
	return len(args) == 0 // play, pause, clear and the reads take nothing
}

// fzCheckWrite checks a write's message against the widget and the
// arguments it was given: the widget's typed message, in range.
func fzCheckWrite(t *testing.T, w fzWorld, c fzCase, args map[string]any, msg tea.Msg) {
	t.Helper()
	index, _ := args["index"].(float64)
	var want tea.Msg
	switch c.action {
	case "select_row":
		want = TableRowSelected{ID: "t", Index: int(index)}
	case "sort":
		want = TableSorted{ID: "t", Column: args["column"].(string), Direction: args["direction"].(string)}
	case "select":
		want = SelectListSelected{ID: "l", Index: int(index), Label: w.list().Options[int(index)]}
	case "seek":
		want = ScrubberSeeked{ID: "s", Position: int(args["position"].(float64))}
	case "play", "pause":
		want = ScrubberPlaybackChanged{ID: "s", Playing: c.action == "play"}
	case "select_node":
		want = TreeNodeSelected{ID: "tr", NodeID: args["node_id"].(string)}
	case "expand", "collapse":
		want = TreeExpanded{ID: "tr", NodeID: args["node_id"].(string), Expanded: c.action == "expand"}
	case "type_into":
		text := args["text"].(string)
		if args["append"] == true {
			text = w.textInput().Value + text
		}
		want = TextChanged{ID: "ti", Value: text}
	case "clear":
		want = TextChanged{ID: "ti", Value: ""}
	case "select_tab":
		want = TabsSelected{ID: "tb", Index: int(index), Label: w.tabs().Tabs[int(index)]}
	case "scroll_to":
		v := w.viewport()
		h := v.Height
		if h <= 0 {
			h = DefaultViewportHeight
		}
		row := int(args["row"].(float64))
		want = ViewportScrolled{ID: "v", Top: min(row, max(len(v.Lines)-h, 0))}
	default:
		t.Fatalf("%s.%s wrote %#v, but it is not a write", c.widget, c.action, msg)
	}
	if !reflect.DeepEqual(msg, want) {
		t.Fatalf("%s.%s(%v) wrote %#v, want %#v", c.widget, c.action, args, msg, want)
	}
}

// fzCheckRead checks a read's value: JSON accepts it, and get_rows pages
// the rows it was asked for.
func fzCheckRead(t *testing.T, w fzWorld, c fzCase, args map[string]any, value any) {
	t.Helper()
	b, err := json.Marshal(value)
	if err != nil {
		t.Fatalf("%s.%s read %#v, which JSON refuses: %v", c.widget, c.action, value, err)
	}
	if c.action != "get_rows" {
		return
	}
	var got struct {
		Columns []string            `json:"columns"`
		Rows    []map[string]string `json:"rows"`
		Total   int                 `json:"total"`
		Offset  int                 `json:"offset"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("get_rows read %s: %v", b, err)
	}
	tab := w.table()
	offset, _ := args["offset"].(float64)
	limit, ok := args["limit"].(float64)
	if !ok {
		limit = getRowsLimit
	}
	wantRows := tab.Rows[int(offset):min(int(offset)+int(limit), len(tab.Rows))]
	if got.Total != len(tab.Rows) || got.Offset != int(offset) || len(got.Rows) != len(wantRows) ||
		!slices.Equal(got.Columns, tab.columnKeys()) {
		t.Fatalf("get_rows(%v) read %s", args, b)
	}
	for i, row := range wantRows {
		for j, k := range got.Columns {
			cell := ""
			if j < len(row) {
				cell = row[j]
			}
			if v, ok := got.Rows[i][k]; !ok || v != cell {
				t.Fatalf("get_rows(%v) row %d column %s = %q, want %q", args, i, k, v, cell)
			}
		}
	}
}

func FuzzWidgetInvoke(f *testing.F) {
	at := func(widget, action string) uint8 {
		return uint8(slices.Index(fzCases, fzCase{widget, action}))
	}
	seeds := []struct {
		size, shape uint8
		c           fzCase
		args        string
	}{
		{4, 0, fzCase{"table", "select_row"}, `{"index":3}`},
		{4, 0, fzCase{"table", "select_row"}, `{"index":4}`},
		{0, 0, fzCase{"table", "select_row"}, `{"index":0}`},
		{4, 1, fzCase{"table", "select_row"}, `{"index":0}`},
		{4, 0, fzCase{"table", "select_row"}, `{"index":1.5,"x":1}`},
		{4, 0, fzCase{"table", "select_row"}, `{"index":-2147483649}`},
		{4, 0, fzCase{"table", "select_row"}, `{"index":1e400}`},
		{4, 0, fzCase{"table", "sort"}, `{"column":"size","direction":"desc"}`},
		{4, 2, fzCase{"table", "sort"}, `{"column":"size","direction":"desc"}`},
		{4, 0, fzCase{"table", "sort"}, `{"column":null,"direction":"DESC"}`},
		{5, 0, fzCase{"table", "get_rows"}, `{"offset":2,"limit":2}`},
		{5, 2, fzCase{"table", "get_rows"}, `{"offset":5}`},
		{5, 1, fzCase{"table", "get_rows"}, `{"limit":1000,"offset":null}`},
		{3, 0, fzCase{"list", "select"}, `{"index":2}`},
		{0, 0, fzCase{"list", "select"}, `{"index":0}`},
		{0, 0, fzCase{"list", "get_selected"}, `{}`},
		{2, 0, fzCase{"list", "get_options"}, `{"a":null}`},
		{3, 0, fzCase{"scrub", "seek"}, `{"position":30}`},
		{0, 0, fzCase{"scrub", "seek"}, `{"position":0}`},
		{3, 12, fzCase{"scrub", "seek"}, `{"position":2147483647}`},
		{3, 0, fzCase{"scrub", "play"}, `{}`},
		{3, 1, fzCase{"scrub", "pause"}, `{}`},
		{3, 0, fzCase{"scrub", "get_position"}, `{}`},
		{3, 0, fzCase{"tree", "select_node"}, `{"node_id":"n2c1"}`},
		{3, 0, fzCase{"tree", "expand"}, `{"node_id":"n0"}`},
		{3, 0, fzCase{"tree", "collapse"}, `{"node_id":"n1"}`},
		{0, 0, fzCase{"tree", "select_node"}, `{"node_id":""}`},
		{3, 0, fzCase{"tree", "get_nodes"}, `{}`},
		{0, 0, fzCase{"text", "type_into"}, `{"text":"hi\u202e","append":true}`},
		{0, 128, fzCase{"text", "type_into"}, `{"text":"","append":null}`},
		{0, 1, fzCase{"text", "type_into"}, `{"text":"x"}`},
		{0, 0, fzCase{"text", "type_into"}, `{"text":["x"],"append":1}`},
		{0, 128, fzCase{"text", "type_into"}, `{"text":"a\u001b[2J\u009b"}`},
		{0, 0, fzCase{"text", "type_into"}, `{"text":"a\tb"}`},
		{0, 128, fzCase{"text", "type_into"}, `{"text":"` + strings.Repeat("x", DefaultCharLimit-5) + `","append":true}`},
		{0, 64, fzCase{"text", "get_value"}, `{}`},
		{0, 0, fzCase{"text", "clear"}, `{}`},
		{3, 0, fzCase{"tabs", "select_tab"}, `{"index":2}`},
		{0, 0, fzCase{"tabs", "get_tabs"}, `{}`},
		{4, 0, fzCase{"view", "scroll_to"}, `{"row":27}`},
		{4, 16, fzCase{"view", "scroll_to"}, `{"row":-0}`},
		{4, 48, fzCase{"view", "get_visible_range"}, `{}`},
		{0, 0, fzCase{"view", "scroll_to"}, `{"row":0}`},
	}
	for _, s := range seeds {
		f.Add(s.size, s.shape, at(s.c.widget, s.c.action), "", []byte(s.args))
	}
	// Actions a widget does not offer, by name.
	f.Add(uint8(3), uint8(0), uint8(200), "click", []byte(`{}`))
	f.Add(uint8(3), uint8(0), uint8(201), "", []byte(`{}`))
	f.Add(uint8(3), uint8(64), uint8(204), "get_value", []byte(`{}`))

	f.Fuzz(func(t *testing.T, size, shape, which uint8, action string, data []byte) {
		var args map[string]any
		if err := json.Unmarshal(data, &args); err != nil {
			return // not an object
		}
		w := fzWorld{n: int(size % 7), shape: shape}
		var c fzCase
		if which < 128 {
			c = fzCases[int(which)%len(fzCases)]
		} else { // any name, on any widget
			c = fzCase{fzWidgets[int(which)%len(fzWidgets)], action}
		}
		p := w.provider(c.widget)
		offered := slices.IndexFunc(p.Actions(), func(a tea.Action) bool { return a.Name == c.action })

		res, err := p.Invoke(c.action, args)
		if offered < 0 {
			if !errors.Is(err, tea.ErrUnknownAction) {
				t.Fatalf("%s.%s is not offered (%v), but Invoke answered %v, %v", c.widget, c.action, p.Actions(), res, err)
			}
			return
		}
		valid := fzValid(w, c, args)
		if err != nil {
			if !errors.Is(err, tea.ErrInvalidArgument) {
				t.Fatalf("%s.%s(%s): %v is neither ErrInvalidArgument nor ErrUnknownAction", c.widget, c.action, data, err)
			}
			if valid {
				t.Fatalf("%s.%s(%s) refused valid arguments: %v", c.widget, c.action, data, err)
			}
			return
		}
		if !valid {
			t.Fatalf("%s.%s(%s) accepted invalid arguments: %#v", c.widget, c.action, data, res)
		}
		if sensitive := p.Actions()[offered].Sensitive(); res.IsWrite() != sensitive {
			t.Fatalf("%s.%s: write=%v but sensitive=%v", c.widget, c.action, res.IsWrite(), sensitive)
		}
		if res.IsWrite() {
			fzCheckWrite(t, w, c, args, res.Msg())
		} else {
			fzCheckRead(t, w, c, args, res.Value())
		}
	})
}
