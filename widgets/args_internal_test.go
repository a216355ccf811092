package widgets

import (
	"errors"
	"reflect"
	"testing"

	"github.com/facetui/facet/tea"
)

// exampleArgs has one argument of every kind and tag an argSpec reads.
type exampleArgs struct {
	Name  string `json:"name" jsonschema:"A name."`
	Mode  string `json:"mode,omitempty" jsonschema:"A mode." enum:"fast,slow"`
	Count int    `json:"count,omitempty" jsonschema:"A count." minimum:"1" maximum:"9"`
	Loud  bool   `json:"loud,omitempty" jsonschema:"Shout."`
}

func TestArgSpecSchemaFollowsTheStructsTags(t *testing.T) {
	want := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"name"},
		"properties": map[string]any{
			"name":  map[string]any{"type": "string", "description": "A name."},
			"mode":  map[string]any{"type": "string", "description": "A mode.", "enum": []string{"fast", "slow"}},
			"count": map[string]any{"type": "integer", "description": "A count.", "minimum": 1, "maximum": 9},
			"loud":  map[string]any{"type": "boolean", "description": "Shout."},
		},
	}
	if got := newArgSpec[exampleArgs]().schema(); !reflect.DeepEqual(got, want) {
		t.Fatalf("schema = %#v\nwant %#v", got, want)
	}
	none := map[string]any{"type": "object", "properties": map[string]any{}, "additionalProperties": false}
	if got := noArgsSpec.schema(); !reflect.DeepEqual(got, none) {
		t.Fatalf("noArgsSpec.schema() = %#v, want %#v", got, none)
	}
}

func TestArgSpecBindFillsTheStructOrNamesTheArgumentAndRule(t *testing.T) {
	tests := []struct {
		name   string
		args   map[string]any
		ranges []argRange
		want   exampleArgs
		rule   string
		arg    string
	}{
		{"all given", map[string]any{"name": "a", "mode": "slow", "count": 3.0, "loud": true}, nil, exampleArgs{Name: "a", Mode: "slow", Count: 3, Loud: true}, "", ""},
		{"optional ones are left zero", map[string]any{"name": "a"}, nil, exampleArgs{Name: "a"}, "", ""},
		{"a null string or bool is absent", map[string]any{"name": "a", "loud": nil, "mode": nil}, nil, exampleArgs{Name: "a"}, "", ""},
		{"missing required", map[string]any{}, nil, exampleArgs{}, "is required: a string", "name"},
		{"the first unknown by name", map[string]any{"name": "a", "zz": 1.0, "zy": 2.0}, nil, exampleArgs{}, "is not an argument of act (takes: name, mode, count, loud)", "zy"},
		{"wrong kind", map[string]any{"name": 1.0}, nil, exampleArgs{}, "must be a string, got a number", "name"},
		{"not in the enum", map[string]any{"name": "a", "mode": "warp"}, nil, exampleArgs{}, `"warp" is not valid: one of fast, slow`, "mode"},
		{"past the tag's maximum", map[string]any{"name": "a", "count": 10.0}, nil, exampleArgs{}, "10 is out of range: valid 1 to 9", "count"},
		{"a range replaces the tags", map[string]any{"name": "a", "count": 4.0}, []argRange{within("count", 1, 3)}, exampleArgs{}, "4 is out of range: valid 1 to 3", "count"},
		{"a null integer is missing", map[string]any{"name": "a", "count": nil}, nil, exampleArgs{}, "is required: an integer from 1 to 9", "count"},
		{"a fraction", map[string]any{"name": "a", "count": 1.5}, nil, exampleArgs{}, "must be an integer from 1 to 9, got 1.5", "count"},
		{"bool of the wrong kind", map[string]any{"name": "a", "loud": "yes"}, nil, exampleArgs{}, "must be true or false, got a string", "loud"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := newArgSpec[exampleArgs]().bind("act", tc.args, tc.ranges...)
			if tc.rule == "" {
				if err != nil || got != tc.want {
					t.Fatalf("bind = %+v, %v; want %+v", got, err, tc.want)
				}
				return
			}
			var ae *tea.ArgumentError
			if !errors.As(err, &ae) || ae.Rule != tc.rule || ae.Arg != tc.arg || !errors.Is(err, tea.ErrInvalidArgument) {
				t.Fatalf("bind error = %v, want argument %q: %q", err, tc.arg, tc.rule)
			}
		})
	}
	if _, err := noArgsSpec.bind("act", map[string]any{"x": 1.0}); err == nil || ruleOf(err) != "is not an argument of act, which takes none" {
		t.Fatalf("noArgs with an argument: %v", err)
	}
}

func TestArgFieldsRefuseAKindNoArgumentHas(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("a float64 argument did not panic")
		}
	}()
	newArgSpec[struct {
		X float64 `json:"x"`
	}]()
}
