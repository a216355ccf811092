package agent

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
)

func newDemoConn(t *testing.T) *Conn {
	t.Helper()
	return NewConn(connectDemo(t), NewJournal(nil), "demo")
}

// TestConnToolsListsEveryPage: Tools follows the server's cursor to the
// last page, reads each tool's schema (raw or built), its sensitivity and
// its widget and action from _meta, and journals one observation.
func TestConnToolsListsEveryPage(t *testing.T) {
	c := newDemoConn(t)
	if c.Session() != "demo" || c.Client() == nil || c.Journal() == nil {
		t.Fatal("the connection does not answer what it was made with")
	}
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	byName := map[string]ToolInfo{}
	for _, ti := range tools {
		names = append(names, ti.Name)
		byName[ti.Name] = ti
	}
	var want []string
	for _, dt := range demoTools {
		want = append(want, dt.name)
	}
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Fatalf("listed %v, want %v (every page)", names, want)
	}
	inc := byName["demo_inc_click"]
	if !inc.Sensitive || inc.Widget != "inc" || inc.Action != "click" || inc.Description != "the demo_inc_click tool" {
		t.Fatalf("demo_inc_click read as %+v", inc)
	}
	if props, _ := inc.InputSchema["properties"].(map[string]any); props["text"] == nil {
		t.Fatalf("demo_inc_click's schema %v lacks its text property", inc.InputSchema)
	}
	row := byName["demo_list_select_row"]
	if row.Sensitive || row.Widget != "" || row.Action != "" {
		t.Fatalf("a tool without _meta read as %+v", row)
	}
	if props, _ := row.InputSchema["properties"].(map[string]any); props["index"] == nil {
		t.Fatalf("the raw schema read as %v", row.InputSchema)
	}
	if got := entryTexts(c.Journal()); !slices.Equal(got, []string{"observation tools/list: 9 tools"}) {
		t.Fatalf("journal %q", got)
	}
}

// TestConnSessionToolsKeepsTheSessions: only the session's own tools, each
// with its widget and action (from _meta, or its name).
func TestConnSessionToolsKeepsTheSessions(t *testing.T) {
	c := newDemoConn(t)
	tools, err := c.SessionTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][2]string{}
	for _, ti := range tools {
		got[ti.Name] = [2]string{ti.Widget, ti.Action}
	}
	want := map[string][2]string{
		"demo_inc_click": {"inc", "click"}, "demo_name_type_into": {"name", "type_into"},
		"demo_email_type_into": {"email", "type_into"}, "demo_email_get_value": {"email", "get_value"},
		"demo_list_select_row": {"list", "select_row"}, "demo_fail_click": {"fail", "click"},
		"demo_rows_get_rows": {"rows", "get_rows"},
	}
	if !maps.Equal(got, want) {
		t.Fatalf("session tools %v, want %v", got, want)
	}
}

// TestConnJournalsWhatIsTypedOnlyWhereItCanBeRead: the text typed into a
// field that offers no get_value (a masked one, or any field before the
// session's tools were listed) is masked in the journal; every other
// argument, and text for other actions, is kept. The caller's arguments
// are never changed.
func TestConnJournalsWhatIsTypedOnlyWhereItCanBeRead(t *testing.T) {
	tests := []struct {
		name   string
		listed bool
		tool   string
		args   map[string]any
		masked bool
	}{
		{"a masked field", true, "demo_name_type_into", map[string]any{"text": "hunter2", "submit": true}, true},
		{"a readable field", true, "demo_email_type_into", map[string]any{"text": "a@b.co"}, false},
		{"a readable field, dotted", true, "demo.email.type_into", map[string]any{"text": "a@b.co"}, false},
		{"before the tools are listed", false, "demo_email_type_into", map[string]any{"text": "a@b.co"}, true},
		{"a dotted name before the tools are listed", false, "demo.email.type_into", map[string]any{"text": "a@b.co"}, true},
		{"another action's text", true, "demo_inc_click", map[string]any{"text": "x"}, false},
		{"another action's text, dotted", false, "demo.inc.click", map[string]any{"text": "x"}, false},
		{"an unknown tool's text", false, "facet_list", map[string]any{"text": "x"}, false},
		{"no text", true, "demo_name_type_into", map[string]any{"submit": true}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newDemoConn(t)
			if tc.listed {
				if _, err := c.SessionTools(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			before := maps.Clone(tc.args)
			// The demo server has no dotted names: those calls fail, and
			// are journaled all the same.
			_, err := c.Call(context.Background(), tc.tool, tc.args)
			if (err != nil) != strings.Contains(tc.tool, ".") {
				t.Fatal(err)
			}
			if !maps.Equal(tc.args, before) {
				t.Fatalf("the caller's arguments changed to %v", tc.args)
			}
			last, _ := c.Journal().Last()
			want := maps.Clone(tc.args)
			if tc.masked {
				want["text"] = MaskedText
			}
			if last.Kind != KindCall || last.Tool != tc.tool || !maps.Equal(last.Args, want) {
				t.Fatalf("journaled %+v, want the arguments %v", last, want)
			}
		})
	}
}

// TestConnCallAnswersAndJournals: a call's texts are joined, its
// structured content decoded, an error result kept as one; each call
// counts a step and says what it did; a call on a closed connection is an
// error, journaled.
func TestConnCallAnswersAndJournals(t *testing.T) {
	tests := []struct {
		tool     string
		text     string
		value    bool
		isError  bool
		protocol bool // the server answers a protocol error
		last     string
	}{
		{"demo_inc_click", "count 1", false, false, false, "clicked inc"},
		{"demo_fail_click", "the button is disabled", false, true, false, "clicked fail"},
		{"demo_rows_get_rows", "two rows\nand more", true, false, false, "get_rows rows"},
		{"demo_list_select_row", "selected", false, false, false, "select_row list"},
		{"demo.email.type_into", "", false, true, true, "type_into email"}, // no such tool here
		{"facet_list", "sessions: demo", false, false, false, "facet_list"},
	}
	c := newDemoConn(t)
	for i, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			res, err := c.Call(context.Background(), tc.tool, nil)
			if (err != nil) != tc.protocol || (err != nil && !strings.HasPrefix(err.Error(), tc.tool+": ")) {
				t.Fatalf("error %v", err)
			}
			if (tc.text != "" && res.Text != tc.text) || res.IsError != tc.isError || (res.Value != nil) != tc.value {
				t.Fatalf("answered %+v", res)
			}
			if tc.value && len(res.Value["rows"].([]any)) != 2 {
				t.Fatalf("structured content %v", res.Value)
			}
			if c.Steps() != i+1 || c.LastAction() != tc.last {
				t.Fatalf("steps %d, last action %q; want %d, %q", c.Steps(), c.LastAction(), i+1, tc.last)
			}
			last, _ := c.Journal().Last()
			if last.Kind != KindCall || last.Tool != tc.tool || last.IsError != tc.isError || last.Answer != res.Text || last.Millis < 0 || last.Millis > 10000 {
				t.Fatalf("journaled %+v for %+v", last, res)
			}
		})
	}
	// A call whose context has ended is an error, journaled and counted.
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := c.Call(ended, "demo_inc_click", nil)
	if err == nil || !strings.HasPrefix(err.Error(), "demo_inc_click: ") || !res.IsError || res.Text == "" {
		t.Fatalf("a call whose context ended: %+v, %v", res, err)
	}
	if last, _ := c.Journal().Last(); !last.IsError || last.Answer != res.Text || c.Steps() != len(tests)+1 {
		t.Fatalf("journaled %+v after %d steps", last, c.Steps())
	}
	if _, err := c.Tools(ended); err == nil || !strings.HasPrefix(err.Error(), "tools/list: ") {
		t.Fatalf("listing whose context ended: %v", err)
	}
	if last, _ := c.Journal().Last(); last.Kind != KindError || !strings.HasPrefix(last.Text, "tools/list: ") {
		t.Fatalf("journaled %+v", last)
	}
	if _, err := c.SessionTools(ended); err == nil {
		t.Fatal("SessionTools whose context ended")
	}
}

// TestConnReadJournalsTheRead: a read answers every text content, and
// journals its size, not its content; a failed read is journaled as an
// error.
func TestConnReadJournalsTheRead(t *testing.T) {
	c := newDemoConn(t)
	text, err := c.Read(context.Background(), "facet://session/demo/widgets")
	if err != nil || text != `{"widgets":[]}` {
		t.Fatalf("read %q, %v", text, err)
	}
	if last, _ := c.Journal().Last(); last.Kind != KindObservation || last.Text != "read facet://session/demo/widgets (14 bytes)" {
		t.Fatalf("journaled %+v", last)
	}
	if _, err := c.Read(context.Background(), "facet://session/nope/widgets"); err == nil || !strings.HasPrefix(err.Error(), "read facet://session/nope/widgets: ") {
		t.Fatalf("a failed read: %v", err)
	}
	if last, _ := c.Journal().Last(); last.Kind != KindError || !strings.HasPrefix(last.Text, "read facet://session/nope/widgets: ") {
		t.Fatalf("journaled %+v", last)
	}
	if c.Steps() != 0 {
		t.Fatalf("reads counted %d steps", c.Steps())
	}
}

func TestToolFor(t *testing.T) {
	tests := []struct {
		dotted bool
		want   string
	}{
		{true, "demo.inc.click"},
		{false, "demo_inc_click"},
	}
	for _, tc := range tests {
		if got := ToolFor("demo", "inc", "click", tc.dotted); got != tc.want {
			t.Errorf("ToolFor(dotted %v) = %q, want %q", tc.dotted, got, tc.want)
		}
	}
}

// TestSplitToolRefusesWhatIsNotAWidgetAction: the names SplitTool reads
// as no widget action of the session.
func TestSplitToolRefusesWhatIsNotAWidgetAction(t *testing.T) {
	for _, name := range []string{
		"demo.inc", "demo..click", "demo.inc.", "demo.inc.click.x",
		"demo_", "demo_inc", "demo__click", "demo_inc_", "demo_discover_tools", "demox_inc_click",
	} {
		if w, a, ok := SplitTool("demo", name); ok {
			t.Errorf("SplitTool(demo, %q) = %q, %q", name, w, a)
		}
	}
}
