package widgets_test

import (
	"reflect"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestTextTakesNoFocusAndOffersOnlyItsLines(t *testing.T) {
	x := widgets.Text{ID: "t", Content: "hello"}
	if tea.CanFocus(x) || x.HandleKey(tea.Named(tea.KeyEnter)) != nil {
		t.Fatal("text takes focus or keys")
	}
	if got := actionNames(x.Actions()); len(got) != 1 || got[0] != "get_lines" {
		t.Fatalf("text offers %v, want get_lines", got)
	}
}

func TestTextRender(t *testing.T) {
	x := widgets.Text{ID: "t", Content: "first line\nsecond, a longer line\r\n\tthird"}
	if got, want := ansi.Strip(x.Render(tea.RenderContext{Width: 40})), "first line\nsecond, a longer line\n    third"; got != want {
		t.Errorf("render = %q, want %q", got, want)
	}
	if got := ansi.Strip(x.Render(tea.RenderContext{Width: 10, Height: 2})); got != "first line\nsecond, a"+widgets.Ellipsis {
		t.Errorf("in 10x2: %q, want two lines cut with an ellipsis", got)
	}
	for _, w := range []widgets.Text{x, {ID: "t", Content: "字字字字字字字字字字字字字字字字字字字字字字字", Bold: true}, {ID: "t"}} {
		checkAllSizes(t, w)
	}
	ctx := tea.RenderContext{Width: 40}
	checkDistinct(t, map[string]string{
		"plain": widgets.Text{ID: "t", Content: "hi"}.Render(ctx),
		"bold":  widgets.Text{ID: "t", Content: "hi", Bold: true}.Render(ctx),
		"muted": widgets.Text{ID: "t", Content: "hi", Muted: true}.Render(ctx),
	})
	if got, want := x.Describe(), (tea.Description{Label: x.Content, Role: "text"}); !reflect.DeepEqual(got, want) {
		t.Errorf("Describe = %#v, want %#v", got, want)
	}
}

// tea.Text and widgets.Text say the same things with the same words: every
// field of the plain tea.Text is a field of widgets.Text of the same type.
func TestTextTypesUseOneWordForEachStyle(t *testing.T) {
	plain, widget := reflect.TypeFor[tea.Text](), reflect.TypeFor[widgets.Text]()
	for f := range plain.Fields() {
		w, ok := widget.FieldByName(f.Name)
		if !ok || w.Type != f.Type {
			t.Errorf("tea.Text.%s (%s) has no twin in widgets.Text", f.Name, f.Type)
		}
	}
}

// TestTextRenderSharesItsReplacer proves Render builds no strings.Replacer
// per call (seven allocations and 776 bytes each time, on every frame of
// every SSH connection): drawing the counter's count allocates only its
// lines and their styling.
func TestTextRenderSharesItsReplacer(t *testing.T) {
	x := widgets.Text{ID: "count", Content: "Count: 12345", Bold: true}
	ctx := tea.RenderContext{Width: 76, Height: 20}
	if got, limit := testing.AllocsPerRun(100, func() { x.Render(ctx) }), 10.0; got > limit {
		t.Errorf("Text.Render allocates %.0f times per call, want at most %.0f", got, limit)
	}
}
