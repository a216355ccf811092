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
//     absent one leaves the field as the caller set it, its default),
//     without it the argument is required;
//   - the jsonschema tag describes it;
//   - minimum and maximum bound an integer, enum (comma-separated values)
//     limits a string.
//
// Fields are string, bool or int. argsSchema builds the JSON Schema an
// action offers from its struct; bindArgs checks what an agent sent
// against the struct and fills it, refusing with an error that names the
// argument and the rule.

// noArgs is the argument struct of an action that takes none.
type noArgs struct{}

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

// jsonTypes names each argument kind as JSON Schema does.
func jsonType(k reflect.Kind) string {
	switch k {
	case reflect.Bool:
		return "boolean"
	case reflect.Int:
		return "integer"
	}
	return "string"
}

// argsSchema is the JSON Schema of the arguments struct T declares: an
// object of its arguments, each with its type, description and bounds,
// that takes no other property.
func argsSchema[T any]() map[string]any {
	props := map[string]any{}
	var required []string
	for _, f := range argFields(reflect.TypeFor[T]()) {
		p := map[string]any{"type": jsonType(f.kind), "description": f.desc}
		if f.min != nil {
			p["minimum"] = *f.min
		}
		if f.max != nil {
			p["maximum"] = *f.max
		}
		if f.enum != nil {
			p["enum"] = f.enum
		}
		props[f.name] = p
		if f.required {
			required = append(required, f.name)
		}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// schemaProperty returns the schema of argument name in an object schema
// from argsSchema, for an action that states more about it than its
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

// bindArgs checks the arguments an agent sent to action against the
// argument struct dst points to, and stores them in it. It refuses, naming
// the argument: one the struct does not declare (naming those it does); a
// required one that is missing; a value of the wrong JSON kind; an integer
// out of its range (ranges, else its minimum and maximum tags); a string
// outside its enum. Arguments are checked in field order. A null string
// or bool counts as absent; a null integer is refused as missing.
func bindArgs(action string, args map[string]any, dst any, ranges ...argRange) error {
	v := reflect.ValueOf(dst).Elem()
	fields := argFields(v.Type())
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	keys := make([]string, 0, len(args))
	for k := range args {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		switch {
		case slices.Contains(names, k):
		case len(names) == 0:
			return argErr(action, k, "is not an argument of %s, which takes none", action)
		default:
			return argErr(action, k, "is not an argument of %s (takes: %s)", action, strings.Join(names, ", "))
		}
	}
	for _, f := range fields {
		raw, present := args[f.name]
		if f.kind != reflect.Int && raw == nil {
			present = false
		}
		if !present && !f.required {
			continue
		}
		out := v.Field(f.index)
		switch f.kind {
		case reflect.String:
			s, err := stringArg(action, f, raw)
			if err != nil {
				return err
			}
			out.SetString(s)
		case reflect.Bool:
			b, ok := raw.(bool)
			if !ok {
				if raw == nil {
					return argErr(action, f.name, "is required: true or false")
				}
				return argErr(action, f.name, "must be true or false, got %s", jsonKind(raw))
			}
			out.SetBool(b)
		case reflect.Int:
			lo, hi := math.MinInt, math.MaxInt
			if f.min != nil {
				lo = *f.min
			}
			if f.max != nil {
				hi = *f.max
			}
			for _, r := range ranges {
				if r.name == f.name {
					lo, hi = r.min, r.max
				}
			}
			n, err := intArg(action, f.name, raw, lo, hi)
			if err != nil {
				return err
			}
			out.SetInt(int64(n))
		}
	}
	return nil
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
