package mcp

import (
	"reflect"
	"testing"
)

func TestExtraToolAnswersAreTheObjectTheirSchemaPromises(t *testing.T) {
	tests := []struct {
		name string
		in   any
		want any
	}{
		{"no value", nil, map[string]any{}},
		{"an object", map[string]any{"id": "a1"}, map[string]any{"id": "a1"}},
		{"a struct is an object", struct {
			ID string `json:"id"`
		}{"a1"}, struct {
			ID string `json:"id"`
		}{"a1"}},
		{"a list", []string{"a1"}, map[string]any{"value": []string{"a1"}}},
		{"a string", "done", map[string]any{"value": "done"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := asObject(Answer{Value: tt.in}).Value; !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("asObject(%#v) = %#v, want %#v", tt.in, got, tt.want)
			}
		})
	}
	for name, want := range map[string]string{"agent_spawn": "Agent spawn", "agent.spawn": "Agent spawn", "x": "X"} {
		if got := extraTitle(name); got != want {
			t.Errorf("extraTitle(%q) = %q, want %q", name, got, want)
		}
	}
}
