package widgets

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/facetui/facet/tea"
)

// write declares a state-changing action: it is always sensitive.
func write(name, description string, schema map[string]any) tea.Action {
	return tea.Action{Name: name, Description: description, InputSchema: schema,
		Annotations: map[string]any{"sensitive": true}}
}

// read declares a read-only action: never sensitive.
func read(name, description string, schema map[string]any) tea.Action {
	return tea.Action{Name: name, Description: description, InputSchema: schema}
}

// object builds a JSON Schema object with the given properties and required
// names; nil props means no arguments.
func object(props map[string]any, required ...string) map[string]any {
	if props == nil {
		props = map[string]any{}
	}
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// integer is a JSON Schema integer property.
func integer(description string, min int) map[string]any {
	return map[string]any{"type": "integer", "description": description, "minimum": min}
}

// str is a JSON Schema string property.
func str(description string) map[string]any {
	return map[string]any{"type": "string", "description": description}
}

// enum is a JSON Schema string property limited to values.
func enum(description string, values ...string) map[string]any {
	return map[string]any{"type": "string", "description": description, "enum": values}
}

// boolean is a JSON Schema boolean property.
func boolean(description string) map[string]any {
	return map[string]any{"type": "boolean", "description": description}
}

func argErr(action, arg, format string, a ...any) error {
	return &tea.ArgumentError{Action: action, Arg: arg, Rule: fmt.Sprintf(format, a...)}
}

// argInt reads a required integer argument in [min, max]. JSON numbers arrive
// as float64; a fractional number, a string or a missing value is refused
// with the valid range. Ranges are compared before converting, so a value
// past int32 inside a wide range is accepted and a huge one cannot overflow.
func argInt(action string, args map[string]any, name string, min, max int) (int, error) {
	v, ok := args[name]
	if !ok || v == nil {
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

// jsonKind names the JSON kind of a decoded argument, as an agent wrote it:
// "a number", "a string", "true/false", "an object", "a list" or "null".
// A value JSON cannot hold (an argument built in Go) is named by its Go type.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case float64, float32, int, int64, int32, uint, uint64, uint32, json.Number:
		return "a number"
	case string:
		return "a string"
	case bool:
		return "true/false"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	switch reflect.TypeOf(v).Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return fmt.Sprintf("a %T", v)
}

// argString reads a string argument; required says whether it may be absent
// (absent gives "").
func argString(action string, args map[string]any, name string, required bool) (string, error) {
	v, ok := args[name]
	if !ok || v == nil {
		if required {
			return "", argErr(action, name, "is required: a string")
		}
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", argErr(action, name, "must be a string, got %s", jsonKind(v))
	}
	return s, nil
}

// argBool reads an optional boolean argument.
func argBool(action string, args map[string]any, name string, def bool) (bool, error) {
	v, ok := args[name]
	if !ok || v == nil {
		return def, nil
	}
	b, ok := v.(bool)
	if !ok {
		return false, argErr(action, name, "must be true or false, got %s", jsonKind(v))
	}
	return b, nil
}

// argEnum reads a required string argument that must be one of values.
func argEnum(action string, args map[string]any, name string, values []string) (string, error) {
	s, err := argString(action, args, name, true)
	if err != nil {
		return "", argErr(action, name, "is required: one of %s", strings.Join(values, ", "))
	}
	for _, v := range values {
		if s == v {
			return s, nil
		}
	}
	return "", argErr(action, name, "%q is not valid: one of %s", s, strings.Join(values, ", "))
}

// noArgs refuses any argument for an action that takes none.
func noArgs(action string, args map[string]any) error {
	for k := range args {
		return argErr(action, k, "is not an argument of %s, which takes none", action)
	}
	return nil
}

// onlyArgs refuses arguments an action does not take, naming the ones it
// does.
func onlyArgs(action string, args map[string]any, names ...string) error {
	for k := range args {
		if !slices.Contains(names, k) {
			return argErr(action, k, "is not an argument of %s (takes: %s)", action, strings.Join(names, ", "))
		}
	}
	return nil
}

// ruleOf returns an *tea.ArgumentError's rule, or the error's text.
func ruleOf(err error) string {
	var ae *tea.ArgumentError
	if errors.As(err, &ae) {
		return ae.Rule
	}
	return err.Error()
}

// actionOffered reports whether action is among offered.
func actionOffered(offered []tea.Action, action string) bool {
	for _, a := range offered {
		if a.Name == action {
			return true
		}
	}
	return false
}
