package explorer

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/facetui/facet/agent"
)

func TestArgumentsFollowTheSchema(t *testing.T) {
	schema := map[string]any{"type": "object", "required": []any{"index", "direction", "text"},
		"properties": map[string]any{
			"index":     map[string]any{"type": "integer", "minimum": float64(2), "maximum": float64(5)},
			"direction": map[string]any{"type": "string", "enum": []any{"asc", "desc"}},
			"text":      map[string]any{"type": "string", "maxLength": float64(3)},
			"optional":  map[string]any{"type": "boolean"},
		}}
	rng := rand.New(rand.NewPCG(1, 2))
	seenOptional, seenLo, seenHi := false, false, false
	for range 500 {
		args := genArgs(rng, schema)
		i, ok := args["index"].(int)
		if !ok || i < 2 || i > 5 {
			t.Fatalf("index %v out of [2, 5]", args["index"])
		}
		seenLo, seenHi = seenLo || i == 2, seenHi || i == 5
		if d := args["direction"]; d != "asc" && d != "desc" {
			t.Fatalf("direction %v not in the enum", d)
		}
		if s, ok := args["text"].(string); !ok || len(s) > 3 {
			t.Fatalf("text %q breaks maxLength 3", args["text"])
		}
		if _, ok := args["optional"]; ok {
			seenOptional = true
		}
		for k := range args {
			if !slices.Contains([]string{"index", "direction", "text", "optional"}, k) {
				t.Fatalf("argument %q is not in the schema", k)
			}
		}
	}
	if !seenOptional || !seenLo || !seenHi {
		t.Fatalf("optional seen %v, minimum %v, maximum %v: want all", seenOptional, seenLo, seenHi)
	}
}

func TestFaultKinds(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"app.boom.click: update panicked: boom (the session keeps its last good model)", "panic"},
		{"app.x.click: in the widget's Invoke: panicked", "panic"},
		{"app.bad.click: update returned <nil>, want *main.model (the session keeps its last good model)", "invalid_model"},
		{"app.slow.click: no answer within 5s: the message may still apply", "timeout"},
		{"tool `app.boom.click` is temporarily unavailable: it failed 5 times in a row", "breaker"},
		{"widget `confirm` is not in the session's current view", ""},
		{"app.list.select: index 9 is out of range: 0 to 2", ""},
	}
	for _, tt := range tests {
		if got := faultKind(agent.Result{Text: tt.text, IsError: true}); got != tt.want {
			t.Errorf("faultKind(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	if got := faultKind(agent.Result{Text: "update panicked", IsError: false}); got != "" {
		t.Errorf("a successful answer was classified %q", got)
	}
}
