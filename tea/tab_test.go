package tea_test

import (
	"context"
	"testing"

	"github.com/facetui/facet/tea"
)

// tabber is a focusable widget that records the keys it is handed and,
// when takes is set, takes Tab.
type tabber struct {
	id    string
	takes bool
}

type tabPressed struct{ key string }

func (tabber) Children() []tea.Node              { return nil }
func (t tabber) WidgetID() string                { return t.id }
func (tabber) WidgetKind() string                { return "tabber" }
func (t tabber) Render(tea.RenderContext) string { return t.id }
func (tabber) CanFocus() bool                    { return true }
func (t tabber) TakesTab() bool                  { return t.takes }
func (t tabber) HandleKey(k tea.Key) tea.Msg     { return tabPressed{k.String()} }
func (m tabApp) Init() tea.Cmd                   { return nil }
func (m tabApp) View() tea.Node                  { return tea.Column{Items: m.widgets} }
func (m tabApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if p, ok := msg.(tabPressed); ok {
		*m.got = append(*m.got, p.key)
	}
	return m, nil
}

type tabApp struct {
	widgets []tea.Node
	got     *[]string
}

func TestTabReachesAFocusedWidgetThatTakesIt(t *testing.T) {
	tests := []struct {
		name      string
		takes     bool
		wantFocus string
		wantKeys  int
	}{
		{"a widget that takes Tab gets Tab and Shift+Tab", true, "a", 2},
		{"otherwise Tab moves focus", false, "a", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			ctx := context.Background()
			rt, err := tea.Start(ctx, tabApp{widgets: []tea.Node{tabber{id: "a", takes: tt.takes}, tabber{id: "b"}}, got: &got})
			if err != nil {
				t.Fatal(err)
			}
			defer rt.Stop()
			if _, err := rt.Dispatch(ctx, tea.FocusMsg{ID: "a"}); err != nil {
				t.Fatal(err)
			}
			for _, k := range []tea.Key{tea.Named(tea.KeyTab), {Code: tea.KeyTab, Shift: true}} {
				if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: k}); err != nil {
					t.Fatal(err)
				}
			}
			if f := rt.Snapshot().Focus; f != tt.wantFocus {
				t.Errorf("focus is %q, want %q", f, tt.wantFocus)
			}
			if len(got) != tt.wantKeys {
				t.Errorf("the widget was handed %q, want %d keys", got, tt.wantKeys)
			}
			if tt.takes && len(got) == 2 && (got[0] != "tab" || got[1] != "shift+tab") {
				t.Errorf("the widget was handed %q, want tab and shift+tab", got)
			}
		})
	}
}
