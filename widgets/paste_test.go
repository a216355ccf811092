package widgets_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// The text fields take a paste as one edit at the cursor.
var (
	_ widgets.Paster = widgets.TextInput{}
	_ widgets.Paster = widgets.PasswordField{}
	_ widgets.Paster = widgets.TextArea{}
)

func TestPasteIsOneEditAtTheCursor(t *testing.T) {
	long := strings.Repeat("0123456789", 6000)
	tests := []struct {
		name   string
		field  widgets.Paster
		paste  string
		want   tea.Msg
		errHas []string
	}{
		{"at the end of a text input", widgets.TextInput{ID: "f", Value: "ab"}, "cd",
			widgets.TextChanged{ID: "f", Value: "abcd"}, nil},
		{"at the cursor, which stays after the paste", widgets.TextInput{ID: "f", Value: "héllo", CursorFromEnd: 2}, "XY",
			widgets.TextChanged{ID: "f", Value: "hélXYlo", CursorFromEnd: 2}, nil},
		{"a line break and a tab are spaces in one line", widgets.TextInput{ID: "f"}, "a\nb\r\nc\rd\te",
			widgets.TextChanged{ID: "f", Value: "a b c d e"}, nil},
		{"into a password field", widgets.PasswordField{ID: "p", Value: "s3", CursorFromEnd: 1}, "cr",
			widgets.TextChanged{ID: "p", Value: "scr3", CursorFromEnd: 1}, nil},
		{"a text area keeps line breaks, a CRLF once", widgets.TextArea{ID: "a", Value: "x"}, "foo\nbar\r\nbaz\rq\tz",
			widgets.TextChanged{ID: "a", Value: "xfoo\nbar\nbaz\nq z"}, nil},
		{"60,000 characters into a text area", widgets.TextArea{ID: "a"}, long,
			widgets.TextChanged{ID: "a", Value: long}, nil},
		{"4,096 characters into a text input", widgets.TextInput{ID: "f"}, long[:4096],
			widgets.TextChanged{ID: "f", Value: long[:4096]}, nil},
		{"an empty paste types nothing", widgets.TextInput{ID: "f", Value: "ab"}, "", nil, nil},
		{"one past the text input's default limit", widgets.TextInput{ID: "f"}, long[:4097],
			nil, []string{"4097 characters", "limit of 4096"}},
		{"past the text area's default limit", widgets.TextArea{ID: "a", Value: long}, long[:5537],
			nil, []string{"5537 characters added to the 60000", "limit of 65536"}},
		{"a CRLF counts once against the limit", widgets.TextInput{ID: "f", Value: "ab", CharLimit: 5}, "c\r\nd",
			widgets.TextChanged{ID: "f", Value: "abc d"}, nil},
		{"a control character refuses it all", widgets.TextArea{ID: "a"}, "ok\n\x1b[2J",
			nil, []string{"U+001B at character 4", "control character"}},
		{"a bidirectional override refuses it all", widgets.TextInput{ID: "f"}, "evil\u202etxt",
			nil, []string{"U+202E RIGHT-TO-LEFT OVERRIDE at character 5"}},
		{"a disabled field takes nothing", widgets.TextInput{ID: "f", Disabled: true}, "x", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.field.Paste(tt.paste)
			if tt.errHas != nil {
				if err == nil {
					t.Fatalf("Paste = %v, want an error saying %q", got, tt.errHas)
				}
				for _, want := range tt.errHas {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("error %q does not say %q", err, want)
					}
				}
				return
			}
			if err != nil {
				t.Fatalf("Paste: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Paste = %.80v, want %.80v", got, tt.want)
			}
		})
	}
}
