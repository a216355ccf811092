package widgets

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// An action's arguments are declared as a Go struct, one exported field
// per argument, the way the MCP go-sdk declares a tool's input:
//
//   - the json tag names the argument (without one, the field's name; "-"
//     leaves the field out); with omitempty it is optional (an absent one is
//     left zero), without it the argument is required;
//   - the jsonschema tag (or a description tag) describes it; without one,
//     its schema has no description;
//   - minimum and maximum bound an integer or a number, minItems and
//     maxItems a list's length, and enum (comma-separated values) limits a
//     string.
//
// Fields are strings, bools, integers (int, int8, ..., uint64), numbers
// (float32, float64) or lists of strings. newArgSpec reads a struct's tags
// once, into an argSpec that never changes; its schema is the JSON Schema
// an action offers, and bind checks what an agent sent against the struct
// and fills one, refusing with an error that names the argument and the
// rule. Every widget's actions and a Bubble's typed actions use it.

// noArgs is the argument struct of an action that takes none.
type noArgs struct{}

// noArgsSpec checks that an action got no argument.
var noArgsSpec = newArgSpec[noArgs]()

// argSpec is what argument struct T declares, read once from its tags.
type argSpec[T any] struct {
	fields []argField
	// names lists the arguments for an error: "text, append".
	names string
	// shared is schema's answer, built once: every widget of a kind, in
	// every session, offers the one map (see schema).
	shared map[string]any
}

// newArgSpec reads the arguments T declares. T that is not a struct, a
// field of a kind no argument has, or a bound that is not a number is a
// mistake in the program, and panics.
func newArgSpec[T any]() argSpec[T] {
	fields := argFields(reflect.TypeFor[T]())
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	s := argSpec[T]{fields: fields, names: strings.Join(names, ", ")}
	s.shared = s.fresh()
	return s
}

// argKind is the JSON an argument takes.
type argKind int

const (
	argString argKind = iota
	argBool
	argInt
	argNumber
	argList // of strings
)

// kindOf is the argKind of a field of type t, false for a type no
// argument has.
func kindOf(t reflect.Type) (argKind, bool) {
	switch t.Kind() {
	case reflect.String:
		return argString, true
	case reflect.Bool:
		return argBool, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return argInt, true
	case reflect.Float32, reflect.Float64:
		return argNumber, true
	case reflect.Slice:
		return argList, t.Elem().Kind() == reflect.String
	}
	return 0, false
}

// jsonType names an argument kind as JSON Schema does.
func (k argKind) jsonType() string {
	switch k {
	case argBool:
		return "boolean"
	case argInt:
		return "integer"
	case argNumber:
		return "number"
	case argList:
		return "array"
	}
	return "string"
}

// boundKeys are the names of the tags, and of the JSON Schema keywords,
// that bound an argument of kind k: its value, or a list's length.
func (k argKind) boundKeys() (lo, hi string) {
	if k == argList {
		return "minItems", "maxItems"
	}
	return "minimum", "maximum"
}

// argField is one argument: a field of an argument struct.
type argField struct {
	name     string
	index    int
	typ      reflect.Type
	kind     argKind
	required bool
	desc     string
	// min and max bound an integer or a number, or a list's length.
	min, max *int
	enum     []string
}

// argFields reads the arguments an argument struct declares, in field
// order.
func argFields(t reflect.Type) []argField {
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("widgets: the arguments of an action are a struct, not %s", t))
	}
	out := make([]argField, 0, t.NumField())
	for i := range t.NumField() {
		sf := t.Field(i)
		name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if !sf.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		kind, ok := kindOf(sf.Type)
		if !ok {
			panic(fmt.Sprintf("widgets: argument %s of %s is a %s: an argument is a string, a bool, an integer, a number or a list of strings", name, t, sf.Type))
		}
		f := argField{name: name, index: i, typ: sf.Type, kind: kind,
			required: !slices.Contains(strings.Split(opts, ","), "omitempty")}
		f.desc = sf.Tag.Get("jsonschema")
		if f.desc == "" {
			f.desc = sf.Tag.Get("description")
		}
		lo, hi := kind.boundKeys()
		f.min, f.max = tagInt(t, sf, lo), tagInt(t, sf, hi)
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

// schema is the JSON Schema of the arguments T declares (see fresh), the
// same map every time: it must not be changed. A widget's actions are
// asked for on every render that changes it, in every session; one map
// for them all is what an idle session then holds of them.
func (s argSpec[T]) schema() map[string]any { return s.shared }

// fresh is the JSON Schema of the arguments T declares: an object of its
// arguments, each with its type, description and bounds, that takes no
// other property. It is a new map each time, for the caller to change.
func (s argSpec[T]) fresh() map[string]any {
	props := make(map[string]any, len(s.fields))
	var required []string
	for _, f := range s.fields {
		p := map[string]any{"type": f.kind.jsonType()}
		if f.desc != "" { // an argument its action's description explains has none
			p["description"] = f.desc
		}
		if f.kind == argList {
			p["items"] = map[string]any{"type": "string"}
		}
		lo, hi := f.kind.boundKeys()
		if f.min != nil {
			p[lo] = *f.min
		}
		if f.max != nil {
			p[hi] = *f.max
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
// wrong JSON kind; an integer or number out of its range (ranges, else its
// minimum and maximum tags, else its Go type's); a string outside its
// enum; a list of the wrong length or with an item that is not a string.
// Arguments are checked in field order; an optional one that is absent is
// left zero. A null string, bool or list counts as absent; a null integer
// or number is refused as missing.
func (s argSpec[T]) bind(action string, args map[string]any, ranges ...argRange) (T, error) {
	var out T
	if err := s.unknown(action, args); err != nil {
		return out, err
	}
	v := reflect.ValueOf(&out).Elem()
	for _, f := range s.fields {
		raw, present := args[f.name]
		if f.kind != argInt && f.kind != argNumber && raw == nil {
			present = false
		}
		if !present && !f.required {
			continue
		}
		if err := f.set(action, v.Field(f.index), raw, ranges); err != nil {
			return out, err
		}
	}
	return out, nil
}

// set checks raw, what an agent sent for f, and stores it in field.
func (f argField) set(action string, field reflect.Value, raw any, ranges []argRange) error {
	switch f.kind {
	case argString:
		str, err := stringArg(action, f, raw)
		if err != nil {
			return err
		}
		field.SetString(str)
	case argBool:
		b, ok := raw.(bool)
		if !ok {
			if raw == nil {
				return argErr(action, f.name, "is required: true or false")
			}
			return argErr(action, f.name, "must be true or false, got %s", jsonKind(raw))
		}
		field.SetBool(b)
	case argInt:
		lo, hi := f.bounds(ranges)
		n, err := intArg(action, f.name, raw, lo, hi)
		if err != nil {
			return err
		}
		if field.CanInt() {
			field.SetInt(int64(n))
		} else {
			field.SetUint(uint64(n))
		}
	case argNumber:
		lo, hi := f.bounds(ranges)
		x, err := numberArg(action, f.name, raw, lo, hi)
		if err != nil {
			return err
		}
		if field.OverflowFloat(x) {
			return argErr(action, f.name, "%v is out of range: too large for a %s", x, f.typ)
		}
		field.SetFloat(x)
	case argList:
		lo, hi := f.bounds(ranges)
		l, err := listArg(action, f.name, raw, lo, hi)
		if err != nil {
			return err
		}
		field.Set(reflect.ValueOf(l).Convert(f.typ))
	}
	return nil
}

// unknown refuses the first argument, in name order, that T does not
// declare.
func (s argSpec[T]) unknown(action string, args map[string]any) error {
	bad, found := "", false
	for k := range args {
		if !s.declares(k) && (!found || k < bad) {
			bad, found = k, true
		}
	}
	switch {
	case !found:
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

// bounds is the range of a number or an integer, or of a list's length:
// its entry in ranges, else its tags, else (for an integer) every value
// its Go type holds, up to int's. math.MinInt and math.MaxInt stand for no
// bound.
func (f argField) bounds(ranges []argRange) (lo, hi int) {
	for _, r := range ranges {
		if r.name == f.name {
			return r.min, r.max
		}
	}
	lo, hi = math.MinInt, math.MaxInt
	if f.kind == argInt {
		lo, hi = intTypeBounds(f.typ)
	}
	if f.min != nil {
		lo = *f.min
	}
	if f.max != nil {
		hi = *f.max
	}
	return lo, hi
}

// intTypeBounds is the range of integer type t, cut to int's.
func intTypeBounds(t reflect.Type) (lo, hi int) {
	bits := t.Bits()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if bits >= strconv.IntSize {
			return math.MinInt, math.MaxInt
		}
		return -1 << (bits - 1), 1<<(bits-1) - 1
	}
	if bits >= strconv.IntSize {
		return 0, math.MaxInt
	}
	return 0, 1<<bits - 1
}

// span words the range [lo, hi] ("1 to 9", "at least 1", "at most 9"), ""
// for no bound.
func span(lo, hi int) string {
	switch {
	case lo == math.MinInt && hi == math.MaxInt:
		return ""
	case lo == math.MinInt:
		return fmt.Sprintf("at most %d", hi)
	case hi == math.MaxInt:
		return fmt.Sprintf("at least %d", lo)
	}
	return fmt.Sprintf("%d to %d", lo, hi)
}

// valueIn words a value of noun in [lo, hi]: "an integer from 1 to 9",
// "a number of at least 1", "an integer".
func valueIn(noun string, lo, hi int) string {
	switch {
	case lo == math.MinInt && hi == math.MaxInt:
		return noun
	case lo == math.MinInt || hi == math.MaxInt:
		return noun + " of " + span(lo, hi)
	}
	return noun + " from " + span(lo, hi)
}

// outOfRange refuses x, a value past [lo, hi].
func outOfRange(action, name, x string, lo, hi int) error {
	if hi < lo {
		return argErr(action, name, "%s is out of range: there is nothing to choose from", x)
	}
	return argErr(action, name, "%s is out of range: valid %s", x, span(lo, hi))
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
	what := valueIn("an integer", min, max)
	if v == nil {
		return 0, argErr(action, name, "is required: %s", what)
	}
	f, ok := asNumber(v)
	switch {
	case !ok:
		return 0, argErr(action, name, "must be %s, got %s", what, jsonKind(v))
	case f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f):
		return 0, argErr(action, name, "must be %s, got %v", what, f)
	}
	if max < min || f < float64(min) || f > float64(max) {
		return 0, outOfRange(action, name, fmt.Sprintf("%.0f", f), min, max)
	}
	return int(f), nil
}

// asNumber is v as a float64 when it is a number: JSON's float64, or an
// int a Go caller built.
func asNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	}
	return 0, false
}

// numberArg checks a number argument in [min, max].
func numberArg(action, name string, v any, min, max int) (float64, error) {
	what := valueIn("a number", min, max)
	if v == nil {
		return 0, argErr(action, name, "is required: %s", what)
	}
	x, ok := asNumber(v)
	if !ok {
		return 0, argErr(action, name, "must be %s, got %s", what, jsonKind(v))
	}
	// math.MinInt and math.MaxInt are no bound: a number may pass them.
	if max < min || (min != math.MinInt && x < float64(min)) || (max != math.MaxInt && x > float64(max)) {
		return 0, outOfRange(action, name, fmt.Sprint(x), min, max)
	}
	return x, nil
}

// listArg checks a list of strings whose length is in [min, max].
func listArg(action, name string, v any, min, max int) ([]string, error) {
	what := "a list of strings"
	if s := span(min, max); s != "" {
		what = "a list of " + s + " strings"
	}
	var out []string
	switch l := v.(type) {
	case nil:
		return nil, argErr(action, name, "is required: %s", what)
	case []string:
		out = slices.Clone(l)
	case []any:
		out = make([]string, len(l))
		for i, item := range l {
			s, ok := item.(string)
			if !ok {
				return nil, argErr(action, name, "item %d must be a string, got %s", i, jsonKind(item))
			}
			out[i] = s
		}
	default:
		return nil, argErr(action, name, "must be %s, got %s", what, jsonKind(v))
	}
	if len(out) < min || len(out) > max {
		return nil, argErr(action, name, "has %d items: it takes %s", len(out), span(min, max))
	}
	return out, nil
}
