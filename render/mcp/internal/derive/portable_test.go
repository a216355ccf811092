package derive

import (
	"encoding/json"
	"testing"
)

func TestPortableKeepsOnlyWhatEveryClientTakes(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"no arguments is a bare object", `{"type":"object","properties":{},"additionalProperties":false}`, `{"type":"object"}`},
		{"additionalProperties goes at every depth", `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"string"}},"additionalProperties":false}},"additionalProperties":false}`,
			`{"properties":{"a":{"properties":{"b":{"type":"string"}},"type":"object"}},"type":"object"}`},
		{"a type union keeps its first non-null type", `{"type":"object","properties":{"a":{"type":["null","integer"],"minimum":0}}}`,
			`{"properties":{"a":{"minimum":0,"type":"integer"}},"type":"object"}`},
		{"pattern, enum, min, max and maxLength stay", `{"type":"object","properties":{"s":{"type":"string","pattern":"^a","maxLength":3,"enum":["a"]},"n":{"type":"integer","minimum":1,"maximum":2}},"required":["s"]}`,
			`{"properties":{"n":{"maximum":2,"minimum":1,"type":"integer"},"s":{"enum":["a"],"maxLength":3,"pattern":"^a","type":"string"}},"required":["s"],"type":"object"}`},
		{"no schema is an object", `null`, `{"type":"object"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var in map[string]any
			if err := json.Unmarshal([]byte(tc.in), &in); err != nil {
				t.Fatal(err)
			}
			before, _ := json.Marshal(in)
			got, _ := json.Marshal(Portable(in))
			if string(got) != tc.want {
				t.Errorf("Portable(%s) = %s, want %s", tc.in, got, tc.want)
			}
			if after, _ := json.Marshal(in); string(after) != string(before) {
				t.Errorf("Portable modified its input: %s", after)
			}
		})
	}
}
