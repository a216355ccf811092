package widgets_test

import (
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The editing keys of bubbles/textinput, each binding with every default
// key, on "one two  three" with the cursor after "tw" (CursorFromEnd 8).
func TestTextInputEditsLikeBubblesTextinput(t *testing.T) {
	in := widgets.TextInput{ID: "q", Value: "one two  three", CursorFromEnd: 8}
	changed := func(v string, fromEnd int) tea.Msg {
		return widgets.TextChanged{ID: "q", Value: v, CursorFromEnd: fromEnd}
	}
	moved := func(fromEnd int) tea.Msg { return widgets.TextCursorMoved{ID: "q", CursorFromEnd: fromEnd} }
	runKeys(t, in, []keyCase{
		press("ctrl+a", moved(14)), press("home", moved(14)),
		press("ctrl+e", moved(0)), press("end", moved(0)),
		press("ctrl+b", moved(9)), press("ctrl+f", moved(7)),
		press("ctrl+w", changed("one o  three", 8)),
		press("alt+backspace", changed("one o  three", 8)),
		press("ctrl+backspace", changed("one o  three", 8)),
		press("alt+d", changed("one tw  three", 7)),
		press("alt+delete", changed("one tw  three", 7)),
		press("ctrl+delete", changed("one tw  three", 7)),
		press("ctrl+k", changed("one tw", 0)),
		press("ctrl+u", changed("o  three", 8)),
		press("alt+b", moved(10)), press("alt+left", moved(10)), press("ctrl+left", moved(10)),
		press("alt+f", moved(7)), press("alt+right", moved(7)), press("ctrl+right", moved(7)),
		press("ctrl+h", changed("one to  three", 8)), press("ctrl+d", changed("one tw  three", 7)),
	})
	// From the spaces between two words, a word move skips the spaces and
	// then the word, as bubbles does.
	gap := widgets.TextInput{ID: "q", Value: "one two  three", CursorFromEnd: 6}
	runKeys(t, gap, []keyCase{
		press("alt+b", moved(10)), press("alt+f", moved(0)),
		press("ctrl+w", changed("one  three", 6)),
	})
	runKeys(t, widgets.TextInput{ID: "q", Value: "ab"}, []keyCase{
		press("ctrl+k", nil), press("alt+f", nil), press("alt+d", nil), press("ctrl+e", nil),
	})
	runKeys(t, widgets.TextInput{ID: "q", Value: "ab", CursorFromEnd: 2}, []keyCase{
		press("ctrl+u", nil), press("ctrl+w", nil), press("alt+b", nil), press("ctrl+a", nil),
	})
}

// A masked field's word keys go to the ends, so they never show where its
// spaces are.
func TestMaskedFieldWordKeysGoToTheEnds(t *testing.T) {
	for _, f := range []tea.KeyHandler{
		widgets.TextInput{ID: "q", Value: "my pass word", CursorFromEnd: 2, Mask: '*'},
		widgets.PasswordField{ID: "q", Value: "my pass word", CursorFromEnd: 2},
	} {
		runKeys(t, f, []keyCase{
			press("alt+b", widgets.TextCursorMoved{ID: "q", CursorFromEnd: 12}),
			press("alt+f", widgets.TextCursorMoved{ID: "q", CursorFromEnd: 0}),
			press("ctrl+w", widgets.TextChanged{ID: "q", Value: "rd", CursorFromEnd: 2}),
		})
	}
}

// The TextArea's ends are its cursor's line's; word moves cross lines.
func TestTextAreaEditsLikeBubblesTextarea(t *testing.T) {
	// "ab cd\nef gh", the cursor after "ef g" (CursorFromEnd 1).
	a := widgets.TextArea{ID: "n", Value: "ab cd\nef gh", CursorFromEnd: 1}
	changed := func(v string, fromEnd int) tea.Msg {
		return widgets.TextChanged{ID: "n", Value: v, CursorFromEnd: fromEnd}
	}
	moved := func(fromEnd int) tea.Msg { return widgets.TextCursorMoved{ID: "n", CursorFromEnd: fromEnd} }
	runKeys(t, a, []keyCase{
		press("ctrl+a", moved(5)), press("ctrl+e", moved(0)),
		press("ctrl+u", changed("ab cd\nh", 1)),
		press("ctrl+k", changed("ab cd\nef g", 0)),
		press("ctrl+w", changed("ab cd\nef h", 1)),
		press("alt+backspace", changed("ab cd\nef h", 1)),
		press("alt+b", moved(2)), press("ctrl+left", moved(2)),
		press("alt+f", moved(0)), press("ctrl+right", moved(0)),
		press("ctrl+p", moved(7)), press("ctrl+n", nil),
	})
	start := widgets.TextArea{ID: "n", Value: "ab cd\nef gh", CursorFromEnd: 5}
	runKeys(t, start, []keyCase{
		press("alt+b", moved(8)),
		press("ctrl+w", changed("ab ef gh", 5)),
		press("ctrl+u", nil),
	})
}

// An app rebinds an editing key through the field's KeyMap.
func TestEditKeysRebind(t *testing.T) {
	km := widgets.DefaultTextInputKeyMap()
	km.DeleteWordBack = key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "delete word"))
	in := widgets.TextInput{ID: "q", Value: "one two", Keys: &km}
	runKeys(t, in, []keyCase{
		press("ctrl+y", widgets.TextChanged{ID: "q", Value: "one "}),
		press("ctrl+w", nil),
	})
	am := widgets.DefaultTextAreaKeyMap()
	am.Home = key.NewBinding(key.WithKeys("ctrl+g"), key.WithHelp("ctrl+g", "line start"))
	area := widgets.TextArea{ID: "n", Value: "ab", Keys: &am}
	runKeys(t, area, []keyCase{
		press("ctrl+g", widgets.TextCursorMoved{ID: "n", CursorFromEnd: 2}),
		press("home", nil),
	})
}
