package widgets_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

func TestGetLinesReadsAPageOfLines(t *testing.T) {
	lines := []string{"a", "b", "c", "d"}
	providers := map[string]tea.ToolProvider{
		"viewport": widgets.Viewport{ID: "log", Lines: lines},
		"text":     widgets.Text{ID: "t", Content: "a\nb\r\nc\nd"},
	}
	tests := []struct {
		name string
		args map[string]any
		want map[string]any
		err  bool
	}{
		{"all by default", map[string]any{}, map[string]any{"lines": []string{"a", "b", "c", "d"}, "offset": 0, "total": 4}, false},
		{"a page", map[string]any{"offset": 1.0, "limit": 2.0}, map[string]any{"lines": []string{"b", "c"}, "offset": 1, "total": 4}, false},
		{"past the end is empty", map[string]any{"offset": 4.0}, map[string]any{"lines": []string{}, "offset": 4, "total": 4}, false},
		{"offset out of range", map[string]any{"offset": 9.0}, nil, true},
		{"unknown argument", map[string]any{"from": 1.0}, nil, true},
	}
	for kind, p := range providers {
		for _, tc := range tests {
			t.Run(kind+"/"+tc.name, func(t *testing.T) {
				r, err := p.Invoke("get_lines", tc.args)
				if tc.err {
					var ae *tea.ArgumentError
					if !errors.As(err, &ae) {
						t.Fatalf("err = %v, want an argument error", err)
					}
					return
				}
				if err != nil || r.IsWrite() || !reflect.DeepEqual(r.Value(), tc.want) {
					t.Fatalf("get_lines = %#v, %v; want %#v", r.Value(), err, tc.want)
				}
			})
		}
	}
}
