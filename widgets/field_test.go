package widgets_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

const singleLineRule = "a single-line field takes no newlines or tabs; use a text_area for multi-line text"

// controlRule is tea.Untypable's rule for a control character.
const controlRule = "a control character (C0, DEL or C1) is never typed as text"

func TestSingleLineFieldsRefuseControlCharacters(t *testing.T) {
	fields := map[string]tea.ToolProvider{
		"text_input":        widgets.TextInput{ID: "q", Value: "ab"},
		"masked text_input": widgets.TextInput{ID: "q", Value: "ab", Mask: '*'},
		"password_field":    widgets.PasswordField{ID: "q", Value: "ab"},
	}
	for _, tc := range []struct {
		name   string
		text   string
		append bool
		rule   string // the rule the error states, and not the other one
		got    string
	}{
		{"a newline", "one\ntwo", false, singleLineRule, "got a newline at character 4"},
		{"a carriage return", "one\r", false, singleLineRule, "got a carriage return at character 4"},
		{"a tab", "\tx", false, singleLineRule, "got a tab at character 1"},
		{"a newline appended", "\n", true, singleLineRule, "got a newline at character 1"},
		{"a bell", "ring\a", false, controlRule, "got U+0007 at character 5"},
		{"an escape", "\x1b[31mred", false, controlRule, "got U+001B at character 1"},
		{"a NUL", "a\x00", false, controlRule, "got U+0000 at character 2"},
		{"delete", "x\x7f", false, controlRule, "got U+007F at character 2"},
		{"a C1 control", "x\u0085", false, controlRule, "got U+0085 at character 2"},
		{"an 8-bit CSI appended", "\u009b2J", true, controlRule, "got U+009B at character 1"},
	} {
		other := controlRule
		if tc.rule == controlRule {
			other = singleLineRule
		}
		for kind, f := range fields {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				_, err := f.Invoke("type_into", map[string]any{"text": tc.text, "append": tc.append})
				var ae *tea.ArgumentError
				if !errors.As(err, &ae) {
					t.Fatalf("err = %v, want a *tea.ArgumentError", err)
				}
				if ae.Arg != "text" || !strings.Contains(ae.Rule, tc.rule) || !strings.Contains(ae.Rule, tc.got) || strings.Contains(ae.Rule, other) {
					t.Errorf("arg %q rule %q, want text, %q and %q, not %q", ae.Arg, ae.Rule, tc.rule, tc.got, other)
				}
			})
		}
	}
	for kind, f := range fields {
		t.Run(kind+"/printable text is typed", func(t *testing.T) {
			res, err := f.Invoke("type_into", map[string]any{"text": "héllo wörld ✓ 日本"})
			if err != nil || !reflect.DeepEqual(res.Msg(), widgets.TextChanged{ID: "q", Value: "héllo wörld ✓ 日本"}) {
				t.Errorf("got %#v, %v", res.Msg(), err)
			}
		})
	}
}

func TestTextAreaTakesNewlinesAndTabsButNoOtherControlCharacters(t *testing.T) {
	a := widgets.TextArea{ID: "n", Value: "x"}
	runInvoke(t, a, []invokeCase{
		{name: "newlines", action: "type_into", args: map[string]any{"text": "a\nb\n"}, write: widgets.TextChanged{ID: "n", Value: "a\nb\n"}},
		{name: "CRLF and CR are newlines", action: "type_into", args: map[string]any{"text": "a\r\nb\rc"}, write: widgets.TextChanged{ID: "n", Value: "a\nb\nc"}},
		{name: "tabs are kept", action: "type_into", args: map[string]any{"text": "\tindented"}, write: widgets.TextChanged{ID: "n", Value: "\tindented"}},
		{name: "a bell is refused", action: "type_into", args: map[string]any{"text": "a\nb\a"}, errIs: tea.ErrInvalidArgument,
			errHas: []string{"text", "got U+0007 at character 4", controlRule, "a text area takes newlines and tabs"}},
		{name: "an escape is refused", action: "type_into", args: map[string]any{"text": "\x1b[31m", "append": true}, errIs: tea.ErrInvalidArgument,
			errHas: []string{"got U+001B at character 1", controlRule}},
		{name: "an 8-bit CSI is refused", action: "type_into", args: map[string]any{"text": "a\r\n\u009b"}, errIs: tea.ErrInvalidArgument,
			errHas: []string{"got U+009B at character 3", controlRule}},
	})
}

// Text that displays differently from what it is: a line or paragraph
// separator, or a bidirectional embedding, override or isolate control. No
// text field takes it, by type_into or by a key, and the error names the
// code point and the rule.
func TestTextFieldsRefuseSeparatorsAndBidiControls(t *testing.T) {
	const (
		separatorRule = "a line or paragraph separator (U+2028, U+2029) is never typed as text"
		bidiRule      = "a bidirectional embedding, override or isolate control (U+202A-U+202E, U+2066-U+2069) is never typed as text"
	)
	fields := map[string]interface {
		tea.ToolProvider
		tea.KeyHandler
	}{
		"text_input":     widgets.TextInput{ID: "q", Value: "ab"},
		"password_field": widgets.PasswordField{ID: "q", Value: "ab"},
		"text_area":      widgets.TextArea{ID: "q", Value: "ab"},
	}
	for _, tc := range []struct {
		name, text string
		r          rune
		got, rule  string
	}{
		{"a line separator", "one\u2028two", '\u2028', "got U+2028 LINE SEPARATOR at character 4", separatorRule},
		{"a paragraph separator", "\u2029", '\u2029', "got U+2029 PARAGRAPH SEPARATOR at character 1", separatorRule},
		{"a right-to-left override", "admin\u202e", '\u202e', "got U+202E RIGHT-TO-LEFT OVERRIDE at character 6", bidiRule},
		{"a left-to-right embedding", "x\u202ay", '\u202a', "got U+202A LEFT-TO-RIGHT EMBEDDING at character 2", bidiRule},
		{"a pop directional formatting", "\u202c", '\u202c', "got U+202C POP DIRECTIONAL FORMATTING at character 1", bidiRule},
		{"a right-to-left isolate", "ab\u2067", '\u2067', "got U+2067 RIGHT-TO-LEFT ISOLATE at character 3", bidiRule},
		{"a pop directional isolate", "\u2069z", '\u2069', "got U+2069 POP DIRECTIONAL ISOLATE at character 1", bidiRule},
	} {
		for kind, f := range fields {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				for _, appendText := range []bool{false, true} {
					_, err := f.Invoke("type_into", map[string]any{"text": tc.text, "append": appendText})
					var ae *tea.ArgumentError
					if !errors.As(err, &ae) {
						t.Fatalf("append=%v: err = %v, want a *tea.ArgumentError", appendText, err)
					}
					if ae.Arg != "text" || !strings.Contains(ae.Rule, tc.got) || !strings.Contains(ae.Rule, tc.rule) {
						t.Errorf("append=%v: arg %q rule %q, want text, %q and %q", appendText, ae.Arg, ae.Rule, tc.got, tc.rule)
					}
				}
				if msg := f.HandleKey(tea.Char(tc.r)); msg != nil {
					t.Errorf("the key %s typed %#v, want nothing", tea.CodePoint(tc.r), msg)
				}
			})
		}
	}
}

// fieldsWithLimit builds each text field holding value with CharLimit limit.
func fieldsWithLimit(value string, limit int) map[string]interface {
	tea.ToolProvider
	tea.KeyHandler
	CheckInsert(int) error
} {
	return map[string]interface {
		tea.ToolProvider
		tea.KeyHandler
		CheckInsert(int) error
	}{
		"text_input":     widgets.TextInput{ID: "q", Value: value, CharLimit: limit},
		"password_field": widgets.PasswordField{ID: "q", Value: value, CharLimit: limit},
		"text_area":      widgets.TextArea{ID: "q", Value: value, CharLimit: limit},
	}
}

func TestTextFieldsKeepToTheirCharLimit(t *testing.T) {
	tests := []struct {
		name    string
		value   string
		limit   int
		text    string
		append  bool
		wantErr []string // nil: accepted
	}{
		{name: "up to the limit", limit: 5, text: "héllo"},
		{name: "one past the limit", limit: 5, text: "héllo!", wantErr: []string{"is 6 characters, over the field's limit of 5 (its CharLimit); type at most 5"}},
		{name: "replacing a full value", value: "abcde", limit: 5, text: "vwxyz"},
		{name: "appending up to the limit", value: "abc", limit: 5, text: "de", append: true},
		{name: "appending past the limit", value: "abcd", limit: 5, text: "ef", append: true,
			wantErr: []string{"is 2 characters, and appended to the 4 already there it would make 6, over the field's limit of 5 (its CharLimit); append at most 1"}},
		{name: "appending to a value the app made too long", value: "abcdefg", limit: 5, text: "h", append: true,
			wantErr: []string{"would make 8, over the field's limit of 5", "append at most 0"}},
		{name: "a negative limit is the default", limit: -1, text: strings.Repeat("x", widgets.DefaultCharLimit)},
	}
	for _, tt := range tests {
		for kind, f := range fieldsWithLimit(tt.value, tt.limit) {
			if tt.append && tea.IsMasked(f.(tea.Widget)) {
				continue // a masked field takes no append (TestMaskedFieldsTakeNoAppend)
			}
			t.Run(kind+"/"+tt.name, func(t *testing.T) {
				res, err := f.Invoke("type_into", map[string]any{"text": tt.text, "append": tt.append})
				if tt.wantErr == nil {
					want := tt.text
					if tt.append {
						want = tt.value + tt.text
					}
					if err != nil || !reflect.DeepEqual(res.Msg(), widgets.TextChanged{ID: "q", Value: want}) {
						t.Fatalf("got %#v, %v; want the text typed", res.Msg(), err)
					}
					return
				}
				var ae *tea.ArgumentError
				if !errors.As(err, &ae) || ae.Arg != "text" {
					t.Fatalf("err = %v, want a *tea.ArgumentError on text", err)
				}
				for _, want := range tt.wantErr {
					if !strings.Contains(ae.Rule, want) {
						t.Errorf("rule %q does not say %q", ae.Rule, want)
					}
				}
			})
		}
	}
}

// TestMaskedFieldsTakeNoAppend: whether appended text fits a masked
// field's limit, and what the error says when it does not, would tell its
// value's length, so a masked field only replaces its value.
func TestMaskedFieldsTakeNoAppend(t *testing.T) {
	for name, f := range map[string]interface {
		tea.Widget
		tea.ToolProvider
	}{
		"password_field":    widgets.PasswordField{ID: "q", Value: "hunter2", CharLimit: 8},
		"masked text_input": widgets.TextInput{ID: "q", Value: "hunter2", CharLimit: 8, Mask: '*'},
	} {
		t.Run(name, func(t *testing.T) {
			for _, a := range f.Actions() {
				props, _ := a.InputSchema["properties"].(map[string]any)
				if _, ok := props["append"]; ok {
					t.Errorf("%s offers append", a.Name)
				}
			}
			_, err := f.Invoke("type_into", map[string]any{"text": "xy", "append": true})
			var ae *tea.ArgumentError
			if !errors.As(err, &ae) || ae.Arg != "append" || strings.ContainsAny(ae.Rule, "0123456789") {
				t.Fatalf("append: err = %v, want an *tea.ArgumentError on append that says no number", err)
			}
			res, err := f.Invoke("type_into", map[string]any{"text": "xy", "append": false})
			if err != nil || !reflect.DeepEqual(res.Msg(), widgets.TextChanged{ID: "q", Value: "xy"}) {
				t.Fatalf("append false: %v, %v", res, err)
			}
		})
	}
}

// TestRedactedFieldsLookTheSameWhateverTheyHold: a masked field's Redacted
// form is drawn and described the same for every value, focused or not.
func TestRedactedFieldsLookTheSameWhateverTheyHold(t *testing.T) {
	fields := map[string]func(value string, fromEnd int) tea.Redactor{
		"password_field": func(v string, c int) tea.Redactor {
			return widgets.PasswordField{ID: "pw", Label: "Password", Value: v, CursorFromEnd: c}
		},
		"masked text_input": func(v string, c int) tea.Redactor {
			return widgets.TextInput{ID: "pw", Label: "Password", Value: v, CursorFromEnd: c, Mask: '*', Placeholder: "hint"}
		},
	}
	for name, field := range fields {
		t.Run(name, func(t *testing.T) {
			for _, focused := range []bool{false, true} {
				ctx := tea.RenderContext{Width: 30, Focused: focused}
				empty := field("", 0).Redacted()
				for _, v := range []string{"a", "hunter2", strings.Repeat("x", 50)} {
					r := field(v, 1).Redacted()
					if r.WidgetID() != "pw" || r.WidgetKind() != field(v, 1).(tea.Widget).WidgetKind() || !tea.IsMasked(r) {
						t.Fatalf("Redacted is %s %q (masked %v)", r.WidgetKind(), r.WidgetID(), tea.IsMasked(r))
					}
					if got, want := r.Render(ctx), empty.Render(ctx); got != want {
						t.Errorf("focused %v, %q drawn %q, empty drawn %q", focused, v, got, want)
					}
					if got, want := r.(tea.Describer).Describe(), empty.(tea.Describer).Describe(); !reflect.DeepEqual(got, want) {
						t.Errorf("%q described %v, empty %v", v, got, want)
					}
				}
				if out := ansi.Strip(empty.Render(ctx)); !strings.Contains(out, "‹"+widgets.MaskedPlaceholder) {
					t.Errorf("focused %v: the redacted field does not say it is masked: %q", focused, out)
				}
			}
		})
	}
	if plain := (widgets.TextInput{ID: "q", Value: "v"}); plain.Redacted() != plain {
		t.Error("an unmasked TextInput's Redacted is not itself")
	}
}

func TestTextFieldsDefaultCharLimits(t *testing.T) {
	const mb = 1 << 20
	for kind, f := range fieldsWithLimit("", 0) {
		limit := widgets.DefaultCharLimit
		if kind == "text_area" {
			limit = widgets.DefaultTextAreaCharLimit
		}
		t.Run(kind, func(t *testing.T) {
			if _, err := f.Invoke("type_into", map[string]any{"text": strings.Repeat("é", limit)}); err != nil {
				t.Fatalf("%d characters, the default limit, refused: %v", limit, err)
			}
			_, err := f.Invoke("type_into", map[string]any{"text": strings.Repeat("x", mb)})
			if err == nil {
				t.Fatal("1 MB typed")
			}
			if msg := err.Error(); len(msg) > 300 || !strings.Contains(msg, fmt.Sprintf("over the field's limit of %d", limit)) {
				t.Fatalf("error %q: want a short one naming the limit %d", msg, limit)
			}
			var text map[string]any
			for _, a := range f.Actions() {
				if a.Name == "type_into" {
					text = a.InputSchema["properties"].(map[string]any)["text"].(map[string]any)
				}
			}
			if text["maxLength"] != limit || !strings.Contains(text["description"].(string), fmt.Sprintf("at most %d characters", limit)) {
				t.Fatalf("type_into's text schema %v does not give the limit %d", text, limit)
			}
		})
	}
}

func TestTypingStopsAtTheCharLimit(t *testing.T) {
	for kind, f := range fieldsWithLimit("abc", 4) {
		t.Run(kind, func(t *testing.T) {
			if msg := f.HandleKey(tea.Char('d')); !reflect.DeepEqual(msg, widgets.TextChanged{ID: "q", Value: "abcd"}) {
				t.Fatalf("a key under the limit typed %#v", msg)
			}
			if err := f.CheckInsert(1); err != nil {
				t.Fatalf("CheckInsert(1) with room for 1: %v", err)
			}
			full := fieldsWithLimit("abcd", 4)[kind]
			for _, k := range []tea.Key{tea.Char('e'), tea.Char(' '), tea.Named(tea.KeySpace)} {
				if msg := full.HandleKey(k); msg != nil {
					t.Errorf("%s at the limit typed %#v", k, msg)
				}
			}
			if kind == "text_area" {
				if msg := full.HandleKey(tea.Named(tea.KeyEnter)); msg != nil {
					t.Errorf("enter at the limit typed %#v", msg)
				}
			}
			if msg := full.HandleKey(tea.Named(tea.KeyBackspace)); !reflect.DeepEqual(msg, widgets.TextChanged{ID: "q", Value: "abc"}) {
				t.Errorf("backspace at the limit gave %#v", msg)
			}
			err := full.CheckInsert(2)
			if err == nil || !strings.Contains(err.Error(), "2 characters added to the 4 already there would make 6, over the field's limit of 4 (its CharLimit)") {
				t.Errorf("CheckInsert(2) when full = %v", err)
			}
		})
	}
}
