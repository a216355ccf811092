package widgets_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/facetui/facet/widgets"
)

// stateTypes are every state helper an app embeds in its model, and the
// data it may keep beside them (Bar), with an example of each.
var stateTypes = []any{
	widgets.TextInputState{ID: "name", Value: "Ada", CursorFromEnd: 1},
	widgets.SelectListState{ID: "list", Options: []string{"a", "b"}, Selected: 1, Height: 4, Offset: 3},
	widgets.CheckboxState{ID: "terms", Checked: true},
	widgets.MenuState{ID: "menu", Items: []widgets.MenuItem{{ID: "file", Label: "File", Children: []widgets.MenuItem{{ID: "quit", Label: "Quit", Disabled: true}}}},
		Open: []string{"file"}, Cursor: "quit", Height: 5},
	widgets.TableState{ID: "t", Columns: []widgets.TableColumn{{Key: "name", Title: "Name", Width: 9, Align: widgets.AlignRight}},
		Rows: [][]string{{"x"}}, Selected: 0, Offset: 1, Height: 3, SortColumn: "name", SortDirection: widgets.SortDesc},
	widgets.TreeState{ID: "tree", Nodes: []widgets.TreeNode{{ID: "n", Label: "N", Children: []widgets.TreeNode{{ID: "c", Label: "C"}}}},
		Expanded: map[string]bool{"n": true}, Selected: "c", Height: 7, Offset: 2},
	widgets.ScrubberState{ID: "s", Label: "▶", Position: 3, Min: 1, Max: 9, Playing: true},
	widgets.TabsState{ID: "tabs", Tabs: []string{"One", "Two"}, Active: 1},
	widgets.ViewportState{ID: "v", Lines: []string{"l"}, Top: 2, Height: 6},
	widgets.SpinnerState{ID: "fetch", Label: "Fetching", Spinning: true, Frame: 3, Tag: 2},
	widgets.ProgressState{ID: "copy", Label: "Copying", Value: 0.25},
	widgets.Bar{Label: "cpu", Value: 0.5},
}

func TestStateHelpersEncodeSnakeCaseJSON(t *testing.T) {
	tests := []struct {
		state any
		want  string
	}{
		{stateTypes[0], `{"id":"name","value":"Ada","cursor_from_end":1}`},
		{stateTypes[1], `{"id":"list","options":["a","b"],"selected":1,"height":4,"offset":3}`},
		{stateTypes[2], `{"id":"terms","checked":true}`},
		{stateTypes[3], `{"id":"menu","items":[{"id":"file","label":"File","children":[{"id":"quit","label":"Quit","disabled":true}],"disabled":false}],"open":["file"],"cursor":"quit","height":5}`},
		{stateTypes[4], `{"id":"t","columns":[{"key":"name","title":"Name","width":9,"align":1}],"rows":[["x"]],"selected":0,"offset":1,"height":3,"sort_column":"name","sort_direction":"desc"}`},
		{stateTypes[5], `{"id":"tree","nodes":[{"id":"n","label":"N","children":[{"id":"c","label":"C"}]}],"expanded":{"n":true},"selected":"c","height":7,"offset":2}`},
		{stateTypes[6], `{"id":"s","label":"▶","position":3,"min":1,"max":9,"playing":true}`},
		{stateTypes[7], `{"id":"tabs","tabs":["One","Two"],"active":1}`},
		{stateTypes[8], `{"id":"v","lines":["l"],"top":2,"height":6}`},
		{stateTypes[9], `{"id":"fetch","label":"Fetching","spinning":true,"frame":3,"tag":2}`},
		{stateTypes[10], `{"id":"copy","label":"Copying","value":0.25}`},
		{stateTypes[11], `{"label":"cpu","value":0.5}`},
	}
	if len(tests) != len(stateTypes) {
		t.Fatalf("%d cases for %d state types", len(tests), len(stateTypes))
	}
	for _, tt := range tests {
		t.Run(reflect.TypeOf(tt.state).Name(), func(t *testing.T) {
			b, err := json.Marshal(tt.state)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Fatalf("encoded %s\nwant    %s", b, tt.want)
			}
			back := reflect.New(reflect.TypeOf(tt.state))
			if err := json.Unmarshal(b, back.Interface()); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.Elem().Interface(), tt.state) {
				t.Fatalf("decoded %#v, want %#v", back.Elem().Interface(), tt.state)
			}
		})
	}
}

// snakeCase is a JSON key in snake_case.
var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// Every field of a state helper, and of the structs it holds, has a
// snake_case json tag: one added later without a tag fails here.
func TestStateHelpersTagEveryField(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var check func(t *testing.T, typ reflect.Type)
	check = func(t *testing.T, typ reflect.Type) {
		for typ.Kind() == reflect.Slice || typ.Kind() == reflect.Map || typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		for f := range typ.Fields() {
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue // not encoded
			}
			if !snakeCase.MatchString(name) {
				t.Errorf("%s.%s has json tag %q, want a snake_case key", typ.Name(), f.Name, f.Tag.Get("json"))
			}
			check(t, f.Type)
		}
	}
	for _, s := range stateTypes {
		check(t, reflect.TypeOf(s))
	}
}

// Every state's View keeps what the app configured on the widget it is
// given and fills in the id and the fields the state holds.
func TestStateViewsKeepTheConfiguredWidget(t *testing.T) {
	theme := widgets.DefaultTheme()
	in := widgets.TextInputState{ID: "name", Value: "Ada", CursorFromEnd: 1}
	tests := []struct {
		name      string
		got, want any
	}{
		{"text input", in.View(widgets.TextInput{ID: "ignored", Label: "Name", Placeholder: "you", Width: 9, Value: "old"}),
			widgets.TextInput{ID: "name", Label: "Name", Placeholder: "you", Width: 9, Value: "Ada", CursorFromEnd: 1}},
		{"password field", in.PasswordView(widgets.PasswordField{Label: "Secret", CharLimit: 5}),
			widgets.PasswordField{ID: "name", Label: "Secret", CharLimit: 5, Value: "Ada", CursorFromEnd: 1}},
		{"text area", in.AreaView(widgets.TextArea{Label: "Notes", Height: 3}),
			widgets.TextArea{ID: "name", Label: "Notes", Height: 3, Value: "Ada", CursorFromEnd: 1}},
		{"checkbox", (&widgets.CheckboxState{ID: "c", Checked: true}).View(widgets.Checkbox{Label: "Agree", Theme: theme}),
			widgets.Checkbox{ID: "c", Label: "Agree", Checked: true, Theme: theme}},
		{"modal", (&widgets.ModalState{ID: "m", Visible: true}).View(widgets.Modal{Title: "Delete?", Destructive: true}),
			widgets.Modal{ID: "m", Title: "Delete?", Destructive: true, Visible: true}},
		{"select list", (&widgets.SelectListState{ID: "l", Options: []string{"a"}}).View(widgets.SelectList{Label: "Pick", Empty: "none"}),
			widgets.SelectList{ID: "l", Label: "Pick", Empty: "none", Options: []string{"a"}}},
		{"viewport", (&widgets.ViewportState{ID: "v", Lines: []string{"x"}, Top: 0}).View(widgets.Viewport{Exclude: true}),
			widgets.Viewport{ID: "v", Lines: []string{"x"}, Exclude: true}},
		{"scrubber", (&widgets.ScrubberState{ID: "s", Max: 9}).View(widgets.Scrubber{Disabled: true}),
			widgets.Scrubber{ID: "s", Max: 9, Disabled: true}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !reflect.DeepEqual(tc.got, tc.want) {
				t.Errorf("View = %+v\nwant   %+v", tc.got, tc.want)
			}
		})
	}
}
