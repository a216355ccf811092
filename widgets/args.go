package widgets

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// An action's arguments are declared as a Go struct, one field per
// argument, the way the MCP go-sdk declares a tool's input:
//
//   - the json tag names the argument; with omitempty it is optional (an
//     absent one is left zero), without it the argument is required;
//   - the jsonschema tag describes it (without one, its schema has no
//     description);
//   - minimum and maximum bound an integer, enum (comma-separated values)
//     limits a string.
//
// Fields are string, bool or int. newArgSpec reads a struct's tags once,
// into a package-level argSpec that never changes; its schema is the JSON
// Schema an action offers, and bind checks what an agent sent against the
// struct and fills one, refusing with an error that names the argument and
// the rule.

// noArgs is the argument struct of an action that takes none.
type noArgs struct{}

// noArgsSpec checks that an action got no argument.
var noArgsSpec = newArgSpec[noArgs]()

// argSpec is what argument struct T declares, read once from its tags.
type argSpec[T any] struct {
	fields []argField
	// names lists the arguments for an error: "text, append".
	names string
}

// newArgSpec reads the arguments T declares.
func newArgSpec[T any]() argSpec[T] {
	fields := argFields(reflect.TypeFor[T]())
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return argSpec[T]{fields: fields, names: strings.Join(names, ", ")}
}

// argField is one argument: a field of an argument struct.
type argField struct {
	name     string
	index    int
	kind     reflect.Kind
	required bool
	desc     string
	min, max *int
	enum     []string
}

// argFields reads the arguments an argument struct declares, in field
// order. A field of another kind, or a bound that is not a number, is a
// mistake in the struct, and panics.
func argFields(t reflect.Type) []argField {
	out := make([]argField, 0, t.NumField())
	for i := range t.NumField() {
		sf := t.Field(i)
		name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		f := argField{name: name, index: i, kind: sf.Type.Kind(), desc: sf.Tag.Get("jsonschema"),
			required: !slices.Contains(strings.Split(opts, ","), "omitempty")}
		switch f.kind {
		case reflect.String, reflect.Bool, reflect.Int:
		default:
			panic(fmt.Sprintf("widgets: argument %s of %s is a %s: an argument is a string, a bool or an int", name, t, f.kind))
		}
		f.min, f.max = tagInt(t, sf, "minimum"), tagInt(t, sf, "maximum")
		if e := sf.Tag.Get("enum"); e != "" {
			f.enum = strings.Split(e, ",")
		}
		out = append(out, f)
	}
	return out
}

// tagInt reads an integer tag, nil when the field has none.
func tagInt(t reflect.Type, sf reflect.StructField, tag string) *int {
	s, ok := sf.Tag.Lookup(tag)
	if !ok {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(fmt.Sprintf("widgets: %s tag of %s.%s: %v", tag, t, sf.Name, err))
	}
	return &n
}

// jsonType names an argument kind as JSON Schema does.
func jsonType(k reflect.Kind) string {
	switch k {
	case reflect.Bool:
		return "boolean"
	case reflect.Int:
		return "integer"
	}
	return "string"
}

// schema is the JSON Schema of the arguments T declares: an object of its
// arguments, each with its type, description and bounds, that takes no
// other property. It is a new map each time, for the caller to keep.
func (s argSpec[T]) schema() map[string]any {
	props := make(map[string]any, len(s.fields))
	var required []string
	for _, f := range s.fields {
		p := map[string]any{"type": jsonType(f.kind)}
		if f.desc != "" { // an argument its action's description explains has none
			p["description"] = f.desc
		}
		if f.min != nil {
			p["minimum"] = *f.min
		}
		if f.max != nil {
			p["maximum"] = *f.max
		}
		if f.enum != nil {
			p["enum"] = slices.Clone(f.enum)
		}
		props[f.name] = p
		if f.required {
			required = append(required, f.name)
		}
	}
	out := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		out["required"] = required
	}
	return out
}

// schemaProperty returns the schema of argument name in an object schema
// from argSpec.schema, for an action that states more about it than its
// struct can (a limit the widget sets).
func schemaProperty(schema map[string]any, name string) map[string]any {
	return schema["properties"].(map[string]any)[name].(map[string]any)
}

// argRange bounds an integer argument by the widget's state (a list's
// length), where its struct's tags cannot.
type argRange struct {
	name     string
	min, max int
}

// within bounds integer argument name to [min, max].
func within(name string, min, max int) argRange { return argRange{name, min, max} }

// bind checks the arguments an agent sent to action against T and returns
// them as a T. It refuses, naming the argument: one T does not declare
// (naming those it does); a required one that is missing; a value of the
// wrong JSON kind; an integer out of its range (ranges, else its minimum
// and maximum tags); a string outside its enum. Arguments are checked in
// field order; an optional one that is absent is left zero. A null string
// or bool counts as absent; a null integer is refused as missing.
func (s argSpec[T]) bind(action string, args map[string]any, ranges ...argRange) (T, error) {
	var out T
	if err := s.unknown(action, args); err != nil {
		return out, err
	}
	v := reflect.ValueOf(&out).Elem()
	for _, f := range s.fields {
		raw, present := args[f.name]
		if f.kind != reflect.Int && raw == nil {
			present = false
		}
		if !present && !f.required {
			continue
		}
		field := v.Field(f.index)
		switch f.kind {
		case reflect.String:
			str, err := stringArg(action, f, raw)
			if err != nil {
				return out, err
			}
			field.SetString(str)
		case reflect.Bool:
			b, ok := raw.(bool)
			if !ok {
				if raw == nil {
					return out, argErr(action, f.name, "is required: true or false")
				}
				return out, argErr(action, f.name, "must be true or false, got %s", jsonKind(raw))
			}
			field.SetBool(b)
		case reflect.Int:
			lo, hi := f.bounds(ranges)
			n, err := intArg(action, f.name, raw, lo, hi)
			if err != nil {
				return out, err
			}
			field.SetInt(int64(n))
		}
	}
	return out, nil
}

// unknown refuses the first argument, in name order, that T does not
// declare.
func (s argSpec[T]) unknown(action string, args map[string]any) error {
	bad := ""
	for k := range args {
		if !s.declares(k) && (bad == "" || k < bad) {
			bad = k
		}
	}
	switch {
	case bad == "":
		return nil
	case len(s.fields) == 0:
		return argErr(action, bad, "is not an argument of %s, which takes none", action)
	}
	return argErr(action, bad, "is not an argument of %s (takes: %s)", action, s.names)
}

// declares reports whether T has argument name.
func (s argSpec[T]) declares(name string) bool {
	for _, f := range s.fields {
		if f.name == name {
			return true
		}
	}
	return false
}

// bounds is the range of an integer argument: its entry in ranges, else
// its minimum and maximum tags, else every int.
func (f argField) bounds(ranges []argRange) (lo, hi int) {
	for _, r := range ranges {
		if r.name == f.name {
			return r.min, r.max
		}
	}
	lo, hi = math.MinInt, math.MaxInt
	if f.min != nil {
		lo = *f.min
	}
	if f.max != nil {
		hi = *f.max
	}
	return lo, hi
}

// stringArg checks a string argument, and its enum when it has one.
func stringArg(action string, f argField, raw any) (string, error) {
	s, ok := raw.(string)
	if f.enum != nil {
		if !ok {
			return "", argErr(action, f.name, "is required: one of %s", strings.Join(f.enum, ", "))
		}
		if !slices.Contains(f.enum, s) {
			return "", argErr(action, f.name, "%q is not valid: one of %s", s, strings.Join(f.enum, ", "))
		}
		return s, nil
	}
	switch {
	case raw == nil:
		return "", argErr(action, f.name, "is required: a string")
	case !ok:
		return "", argErr(action, f.name, "must be a string, got %s", jsonKind(raw))
	}
	return s, nil
}

// intArg checks an integer argument in [min, max]. JSON numbers arrive as
// float64; a fractional number, a string or a missing value is refused
// with the valid range. Ranges are compared before converting, so a value
// past int32 inside a wide range is accepted and a huge one cannot
// overflow.
func intArg(action, name string, v any, min, max int) (int, error) {
	if v == nil {
		return 0, argErr(action, name, "is required: an integer from %d to %d", min, max)
	}
	var f float64
	switch x := v.(type) {
	case float64:
		if x != math.Trunc(x) || math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, argErr(action, name, "must be an integer from %d to %d, got %v", min, max, x)
		}
		f = x
	case int:
		f = float64(x)
	case int64:
		f = float64(x)
	default:
		return 0, argErr(action, name, "must be an integer from %d to %d, got %s", min, max, jsonKind(v))
	}
	if max < min {
		return 0, argErr(action, name, "%.0f is out of range: there is nothing to choose from", f)
	}
	if f < float64(min) || f > float64(max) {
		return 0, argErr(action, name, "%.0f is out of range: valid %d to %d", f, min, max)
	}
	return int(f), nil
}
