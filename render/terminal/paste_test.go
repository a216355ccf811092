package terminal_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// pasteApp is a search field and a notes area, each kept in a
// TextInputState. It counts the edits (TextChanged) it applied.
type pasteApp struct {
	field, area widgets.TextInputState
	edits       int
}

func newPasteApp() pasteApp {
	return pasteApp{field: widgets.TextInputState{ID: "field"}, area: widgets.TextInputState{ID: "area"}}
}

func (pasteApp) Init() tea.Cmd { return nil }

func (a pasteApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(widgets.TextChanged); ok {
		a.edits++
	}
	_ = a.field.Update(msg) || a.area.Update(msg)
	return a, nil
}

func (a pasteApp) View() tea.Node {
	field := a.field.View(widgets.TextInput{})
	field.Label = "Search"
	area := a.area.AreaView(widgets.TextArea{})
	area.Label, area.Height = "Notes", 8
	return tea.Column{Items: []tea.Node{
		field, tea.Spacer{Lines: 1}, area,
		tea.Label(fmt.Sprintf("edits: %d", a.edits)),
	}}
}

// bracketed is text as a terminal sends a paste in bracketed-paste mode.
func bracketed(text string) string { return "\x1b[200~" + text + "\x1b[201~" }

// A paste reaches the focused field as one edit, so one Update and one
// redraw, whatever its length; and Ctrl+C right after a long paste quits at
// once, where one key per character kept the program busy for seconds
// before it read the Ctrl+C.
func TestProgramPasteIsOneEdit(t *testing.T) {
	long := strings.Repeat(strings.Repeat("abcdefghij", 8)[:79]+"\n", 760)[:60000]
	tests := []struct {
		name, focus, paste, value string
		shows                     []string
	}{
		{"lines into a text area", "area", "first line\r\nsecond line", "first line\nsecond line", []string{"│ first line", "│ second line"}},
		{"a line into a search field", "field", "terminal\nui", "terminal ui", []string{"Search: [terminal ui"}},
		{"60,000 characters into a text area", "area", long, long, []string{"│ abcdefghij"}},
		{"4,000 characters into a search field", "field", long[:4000], strings.ReplaceAll(long[:4000], "\n", " "), []string{"Search: […"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt, err := tea.Start(context.Background(), newPasteApp())
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: tt.focus}); err != nil {
				t.Fatal(err)
			}
			tm := runOnTerminal(t, nil, terminal.WithRuntime(rt))
			tm.waitFor("edits: 0")
			tm.typeRaw(bracketed(tt.paste))
			tm.waitFor("edits: 1")
			for _, want := range tt.shows {
				tm.waitFor(want)
			}
			m := rt.Snapshot().Model.(pasteApp)
			got := m.field.Value
			if tt.focus == "area" {
				got = m.area.Value
			}
			if got != tt.value || m.edits != 1 {
				t.Fatalf("after the paste the app holds %d characters in %d edits, want %d in one", len(got), m.edits, len(tt.value))
			}
			if _, err := rt.Dispatch(context.Background(), widgets.TextChanged{ID: tt.focus}); err != nil {
				t.Fatal(err)
			}
			tm.typeRaw(bracketed(tt.paste) + "\x03") // Ctrl+C right after
			if err := tm.exit(); err != nil {
				t.Fatalf("Run after Ctrl+C = %v", err)
			}
		})
	}
}
