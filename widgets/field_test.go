package widgets_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

const singleLineRule = "a single-line field takes no newlines or tabs; use a text_area for multi-line text"

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
		got    string
	}{
		{"a newline", "one\ntwo", false, "got a newline at character 4"},
		{"a carriage return", "one\r", false, "got a carriage return at character 4"},
		{"a tab", "\tx", false, "got a tab at character 1"},
		{"a bell", "ring\a", false, "got the control character U+0007 at character 5"},
		{"delete", "x\x7f", false, "U+007F at character 2"},
		{"a C1 control", "x\u0085", false, "U+0085"},
		{"a newline appended", "\n", true, "got a newline at character 1"},
	} {
		for kind, f := range fields {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				_, err := f.Invoke("type_into", map[string]any{"text": tc.text, "append": tc.append})
				var ae *tea.ArgumentError
				if !errors.As(err, &ae) {
					t.Fatalf("err = %v, want a *tea.ArgumentError", err)
				}
				if ae.Arg != "text" || !strings.HasPrefix(ae.Rule, singleLineRule) || !strings.Contains(ae.Rule, tc.got) {
					t.Errorf("arg %q rule %q, want text and %q ... %q", ae.Arg, ae.Rule, singleLineRule, tc.got)
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
	inRunInvoke(t, a, []inInvokeCase{
		{name: "newlines", action: "type_into", args: map[string]any{"text": "a\nb\n"}, msg: widgets.TextChanged{ID: "n", Value: "a\nb\n"}},
		{name: "CRLF and CR are newlines", action: "type_into", args: map[string]any{"text": "a\r\nb\rc"}, msg: widgets.TextChanged{ID: "n", Value: "a\nb\nc"}},
		{name: "tabs are kept", action: "type_into", args: map[string]any{"text": "\tindented"}, msg: widgets.TextChanged{ID: "n", Value: "\tindented"}},
		{name: "a bell is refused", action: "type_into", args: map[string]any{"text": "a\nb\a"}, wantErr: tea.ErrInvalidArgument,
			errHas: []string{"text", "takes newlines and tabs but no other control characters", "U+0007 at character 4"}},
		{name: "an escape is refused", action: "type_into", args: map[string]any{"text": "\x1b[31m", "append": true}, wantErr: tea.ErrInvalidArgument,
			errHas: []string{"U+001B at character 1"}},
	})
}
