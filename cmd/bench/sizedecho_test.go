package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	sdk "github.com/mark3labs/mcp-go/mcp"
)

func TestShapeOfCountsWireBytesAndValues(t *testing.T) {
	tests := []struct {
		name string
		res  *sdk.CallToolResult
		want answerShape
	}{
		{"text only", sdk.NewToolResultText("1"), answerShape{Text: []int{1}}},
		// A newline is two bytes on the wire, '<' six (\u003c).
		{"escapes count", sdk.NewToolResultText("a\n<"), answerShape{Text: []int{1 + 2 + 6}}},
		{"structured value", &sdk.CallToolResult{Content: []sdk.Content{sdk.NewTextContent("ab"), sdk.NewTextContent("")},
			StructuredContent: map[string]any{"rows": []any{1, "x", true, nil}}},
			answerShape{Text: []int{2, 0}, Structured: len(`{"rows":[1,"x",true,null]}`), Values: 5}},
		{"raw structured, compacted", &sdk.CallToolResult{RawStructuredContent: json.RawMessage(`{ "a" : { "b" : [ ] } }`)},
			answerShape{Structured: len(`{"a":{"b":[]}}`), Values: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := shapeOf(tc.res)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("shapeOf = %+v, want %+v", got, tc.want)
			}
		})
	}
	if _, err := shapeOf(&sdk.CallToolResult{Content: []sdk.Content{sdk.NewImageContent("AA==", "image/png")}}); err == nil || !strings.Contains(err.Error(), "text blocks only") {
		t.Fatalf("an image block: %v", err)
	}
}

func TestSizedAnswerHasTheShapeItCopies(t *testing.T) {
	tests := []struct {
		name  string
		shape answerShape
		want  answerShape // "" when it is shape
	}{
		{"empty", answerShape{}, answerShape{}},
		{"text blocks", answerShape{Text: []int{0, 7, 3429}}, answerShape{}},
		{"a page of rows", answerShape{Text: []int{3429}, Structured: 6452, Values: 405}, answerShape{}},
		{"the least structured content", answerShape{Structured: 8, Values: 1}, answerShape{}},
		{"uneven padding", answerShape{Structured: 100, Values: 7}, answerShape{}},
		// More values than fit in the bytes: as many as fit, size exact.
		{"values that do not fit", answerShape{Structured: 20, Values: 50}, answerShape{Structured: 20, Values: 5}},
		// A key alone is padded with one number.
		{"a key and padding", answerShape{Structured: 12, Values: 1}, answerShape{Structured: 12, Values: 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := tc.want
			if reflect.DeepEqual(want, answerShape{}) {
				want = tc.shape
			}
			res, err := sizedAnswer(tc.shape)
			if err != nil {
				t.Fatal(err)
			}
			// Through the wire and back, as the client sees it.
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			var back sdk.CallToolResult
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatalf("%v: %s", err, b)
			}
			got, err := shapeOf(&back)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Text) == 0 && len(want.Text) == 0 {
				got.Text, want.Text = nil, nil
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("the answer has shape %+v, want %+v:\n%s", got, want, b)
			}
		})
	}
}

func TestSizedAnswerRefusesAShapeItCannotAnswer(t *testing.T) {
	tests := []struct {
		shape answerShape
		want  string
	}{
		{answerShape{Structured: 5, Values: 1}, "structured content of 5 bytes: at least 8"},
		{answerShape{Text: []int{-1}}, "text block 0 of -1 bytes: at least 0"},
	}
	for _, tc := range tests {
		if _, err := sizedAnswer(tc.shape); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("sizedAnswer(%+v) = %v, want an error with %q", tc.shape, err, tc.want)
		}
	}
}
