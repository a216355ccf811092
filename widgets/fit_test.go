package widgets

import (
	"reflect"
	"testing"
)

func TestClipLinesKeepsTheFirstItemsOfAnyKind(t *testing.T) {
	lines := []string{"a", "b", "c"}
	bars := []Bar{{Label: "x"}, {Label: "y"}}
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"lines cut to the height", clipLines(lines, 2), []string{"a", "b"}},
		{"lines shorter than the height", clipLines(lines, 5), lines},
		{"no height keeps all", clipLines(lines, 0), lines},
		{"bars cut to the height", clipLines(bars, 1), []Bar{{Label: "x"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !reflect.DeepEqual(tc.got, tc.want) {
				t.Fatalf("clipLines = %v, want %v", tc.got, tc.want)
			}
		})
	}
}
