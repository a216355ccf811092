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

// bubbleArgs has the kinds of argument a Bubble's typed actions use
// beside exampleArgs': numbers, lists, sized and unsigned integers, a
// description tag, a field named by Go, and fields that are no argument.
type bubbleArgs struct {
	Ratio   float64  `json:"ratio" description:"From 0 to 1." minimum:"0" maximum:"1"`
	Keys    []string `json:"keys,omitempty" minItems:"1" maxItems:"2"`
	Small   int8     `json:"small,omitempty"`
	Count   uint     `json:"count,omitempty"`
	Loose   float32  `json:"loose,omitempty"`
	Plain   bool
	Skipped string `json:"-"`
	hidden  string
}

func TestArgSpecReadsEveryKindABubbleActionDeclares(t *testing.T) {
	want := map[string]any{
		"type": "object", "additionalProperties": false, "required": []string{"ratio", "Plain"},
		"properties": map[string]any{
			"ratio": map[string]any{"type": "number", "description": "From 0 to 1.", "minimum": 0, "maximum": 1},
			"keys":  map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "minItems": 1, "maxItems": 2},
			"small": map[string]any{"type": "integer"},
			"count": map[string]any{"type": "integer"},
			"loose": map[string]any{"type": "number"},
			"Plain": map[string]any{"type": "boolean"},
		},
	}
	spec := newArgSpec[bubbleArgs]()
	if got := spec.schema(); !reflect.DeepEqual(got, want) {
		t.Fatalf("schema = %#v\nwant %#v", got, want)
	}
	base := func(more map[string]any) map[string]any {
		args := map[string]any{"ratio": 0.5, "Plain": true}
		for k, v := range more {
			args[k] = v
		}
		return args
	}
	tests := []struct {
		name string
		args map[string]any
		want bubbleArgs
		rule string
		arg  string
	}{
		{"all given", base(map[string]any{"keys": []any{"a", "b"}, "small": -3.0, "count": 7.0, "loose": 2.5}),
			bubbleArgs{Ratio: 0.5, Plain: true, Keys: []string{"a", "b"}, Small: -3, Count: 7, Loose: 2.5}, "", ""},
		{"a null list is absent", base(map[string]any{"keys": nil}), bubbleArgs{Ratio: 0.5, Plain: true}, "", ""},
		{"the unknown names the arguments", base(map[string]any{"hidden": "x"}), bubbleArgs{}, "is not an argument of act (takes: ratio, keys, small, count, loose, Plain)", "hidden"},
		{"a missing number", map[string]any{"Plain": true}, bubbleArgs{}, "is required: a number from 0 to 1", "ratio"},
		{"a null number is missing", base(map[string]any{"ratio": nil}), bubbleArgs{}, "is required: a number from 0 to 1", "ratio"},
		{"a number of the wrong kind", base(map[string]any{"ratio": "half"}), bubbleArgs{}, "must be a number from 0 to 1, got a string", "ratio"},
		{"a number past its maximum", base(map[string]any{"ratio": 1.5}), bubbleArgs{}, "1.5 is out of range: valid 0 to 1", "ratio"},
		{"a number past its Go type", base(map[string]any{"loose": 1e300}), bubbleArgs{}, "1e+300 is out of range: too large for a float32", "loose"},
		{"a list of the wrong kind", base(map[string]any{"keys": "a"}), bubbleArgs{}, "must be a list of 1 to 2 strings, got a string", "keys"},
		{"a list item of the wrong kind", base(map[string]any{"keys": []any{"a", 1.0}}), bubbleArgs{}, "item 1 must be a string, got a number", "keys"},
		{"a list too long", base(map[string]any{"keys": []any{"a", "b", "c"}}), bubbleArgs{}, "has 3 items: it takes 1 to 2", "keys"},
		{"an int8 past its Go type", base(map[string]any{"small": 200.0}), bubbleArgs{}, "200 is out of range: valid -128 to 127", "small"},
		{"a uint below zero", base(map[string]any{"count": -1.0}), bubbleArgs{}, "-1 is out of range: valid at least 0", "count"},
		{"a uint of the wrong kind", base(map[string]any{"count": true}), bubbleArgs{}, "must be an integer of at least 0, got true/false", "count"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := spec.bind("act", tc.args)
			if tc.rule == "" {
				if err != nil || !reflect.DeepEqual(got, tc.want) || got.hidden != "" {
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
}

func TestArgFieldsRefuseAKindNoArgumentHas(t *testing.T) {
	tests := []struct {
		name string
		read func()
	}{
		{"a list of numbers", func() {
			newArgSpec[struct {
				X []int `json:"x"`
			}]()
		}},
		{"an object", func() {
			newArgSpec[struct {
				X map[string]any `json:"x"`
			}]()
		}},
		{"a bound that is not a number", func() {
			newArgSpec[struct {
				X int `json:"x" minimum:"one"`
			}]()
		}},
		{"arguments that are not a struct", func() { newArgSpec[[]string]() }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			tc.read()
		})
	}
}

// TestArgSpecSchemaIsSharedAndFieldsChangeTheirOwn: every widget of a
// kind offers one schema map (an idle session holds none of its own), and
// a field, which writes its limit into its type_into schema and a masked
// one which drops append, changes a fresh copy, never the shared one.
func TestArgSpecSchemaIsSharedAndFieldsChangeTheirOwn(t *testing.T) {
	schemaOf := func(actions []tea.Action, name string) map[string]any {
		for _, a := range actions {
			if a.Name == name {
				return a.InputSchema
			}
		}
		t.Fatalf("no %s action", name)
		return nil
	}
	same := func(a, b map[string]any) bool {
		return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
	}
	one, two := Button{ID: "a"}.Actions(), Button{ID: "b"}.Actions()
	if !same(schemaOf(one, "click"), schemaOf(two, "click")) {
		t.Fatal("two buttons built two click schemas")
	}
	before := typeIntoArgsSpec.fresh()
	_ = PasswordField{ID: "pw"}.Actions()
	plain := schemaOf(TextInput{ID: "t"}.Actions(), "type_into")
	if _, ok := plain["properties"].(map[string]any)["append"]; !ok {
		t.Fatal("a masked field's schema took append from the plain field's")
	}
	if !reflect.DeepEqual(typeIntoArgsSpec.schema(), before) {
		t.Fatalf("a field changed the shared type_into schema: %v, was %v", typeIntoArgsSpec.schema(), before)
	}
}
