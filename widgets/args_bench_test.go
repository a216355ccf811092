package widgets_test

import (
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// BenchmarkActions measures building a widget's actions and answering a
// call with arguments: the work a derivation and a tool call do per widget.
func BenchmarkActions(b *testing.B) {
	list := widgets.SelectList{ID: "l", Options: []string{"a", "b", "c"}}
	table := widgets.Table{ID: "t", Columns: []widgets.TableColumn{{Key: "name"}, {Key: "stars"}}, Rows: [][]string{{"a", "1"}, {"b", "2"}}}
	input := widgets.TextInput{ID: "i", Value: "abc"}
	for _, bc := range []struct {
		name   string
		p      tea.ToolProvider
		action string
		args   map[string]any
	}{
		{"select_list select", list, "select", map[string]any{"index": 1.0}},
		{"table sort", table, "sort", map[string]any{"column": "stars", "direction": "desc"}},
		{"table get_rows", table, "get_rows", map[string]any{"offset": 0.0, "limit": 10.0}},
		{"text_input type_into", input, "type_into", map[string]any{"text": "hello", "append": true}},
	} {
		b.Run(bc.name+"/Actions", func(b *testing.B) {
			for b.Loop() {
				_ = bc.p.Actions()
			}
		})
		b.Run(bc.name+"/Invoke", func(b *testing.B) {
			for b.Loop() {
				if _, err := bc.p.Invoke(bc.action, bc.args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkBubbleTypedAction measures a Bubble's typed action: declaring
// it (what each View does), and answering a call and a send_keys.
func BenchmarkBubbleTypedAction(b *testing.B) {
	type setArgs struct {
		Percent float64 `json:"percent" description:"from 0 to 1"`
		Label   string  `json:"label,omitempty"`
	}
	declare := func() widgets.BubbleAction {
		return widgets.BubbleWrite("set", "Set the bar.", func(a setArgs) (tea.Msg, error) { return a, nil })
	}
	b.Run("declare", func(b *testing.B) {
		for b.Loop() {
			_ = declare()
		}
	})
	bubble := widgets.Bubble{ID: "p", View: "50%", Tools: []widgets.BubbleAction{declare()}}
	for _, bc := range []struct {
		name, action string
		args         map[string]any
	}{
		{"invoke", "set", map[string]any{"percent": 0.5, "label": "upload"}},
		{"send_keys", "send_keys", map[string]any{"keys": []any{"h", "i", "enter"}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := bubble.Invoke(bc.action, bc.args); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
