package derive

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"unicode"
)

// Limits on a tool's input schema: deeper or larger specs are refused so one
// bad provider cannot make every client's tools/list unencodable or hold up
// every render while it is cleaned.
const (
	MaxSchemaDepth  = 32
	MaxSchemaValues = 10000
)

// ErrBadSpec is matched (errors.Is) by every error CleanSchema returns.
var ErrBadSpec = errors.New("tool spec refused")

// CleanText removes every character a model could read as an instruction
// it cannot see: control and format characters (bidi overrides, zero-width
// characters, the BOM, tag characters), line and paragraph separators,
// private-use characters, variation selectors, the combining grapheme
// joiner, the Hangul fillers and the braille blank.
func CleanText(s string) string {
	clean := true
	for _, r := range s {
		if strip(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if strip(r) {
			return -1
		}
		return r
	}, s)
}

func strip(r rune) bool {
	switch {
	case r == unicode.ReplacementChar:
		return false
	case unicode.IsControl(r), unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r),
		unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r):
		return true
	case r >= 0xFE00 && r <= 0xFE0F, r >= 0xE0100 && r <= 0xE01EF: // variation selectors
		return true
	case r == 0x034F: // combining grapheme joiner
		return true
	case r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0: // Hangul fillers
		return true
	case r == 0x2800: // braille blank
		return true
	case r >= 0xF0000: // supplementary private use areas
		return true
	}
	return false
}

// CleanSchema returns a copy of schema with every string and key cleaned by
// CleanText, as plain JSON values (map[string]any, []any, string, float64,
// bool, nil). It refuses, wrapping ErrBadSpec, a value JSON cannot encode,
// two keys that are equal once cleaned, nesting deeper than MaxSchemaDepth
// and more than MaxSchemaValues values (each map, list and leaf counts one).
func CleanSchema(schema map[string]any) (map[string]any, error) {
	c := cleaner{}
	out, err := c.value(reflect.ValueOf(schema), 1, "inputSchema")
	if err != nil {
		return nil, err
	}
	m, _ := out.(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return m, nil
}

type cleaner struct{ count int }

func (c *cleaner) value(v reflect.Value, depth int, path string) (any, error) {
	c.count++
	if c.count > MaxSchemaValues {
		return nil, fmt.Errorf("%w: the input schema holds more than %d values", ErrBadSpec, MaxSchemaValues)
	}
	if depth > MaxSchemaDepth {
		return nil, fmt.Errorf("%w: the input schema nests deeper than %d levels at %s", ErrBadSpec, MaxSchemaDepth, path)
	}
	if !v.IsValid() {
		return nil, nil
	}
	switch v.Kind() {
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			return nil, nil
		}
		if v.Kind() == reflect.Pointer {
			return nil, fmt.Errorf("%w: %s holds a %s, which is not a JSON value", ErrBadSpec, path, v.Type())
		}
		c.count--
		return c.value(v.Elem(), depth, path)
	case reflect.String:
		return CleanText(v.String()), nil
	case reflect.Bool:
		return v.Bool(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return float64(v.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return float64(v.Uint()), nil
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%w: %s holds %v, which JSON cannot encode", ErrBadSpec, path, f)
		}
		return f, nil
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			return []any{}, nil
		}
		out := make([]any, v.Len())
		for i := range out {
			x, err := c.value(v.Index(i), depth+1, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return nil, fmt.Errorf("%w: %s has %s keys; JSON keys are strings", ErrBadSpec, path, v.Type().Key())
		}
		out := make(map[string]any, v.Len())
		iter := v.MapRange()
		for iter.Next() {
			raw := iter.Key().String()
			k := CleanText(raw)
			if strings.HasPrefix(strings.ToLower(k), "x-mcp-") {
				// x-mcp-header and its kin bind arguments to transport
				// headers; a widget has no business setting them, and the
				// SDK rejects malformed ones by panicking.
				return nil, fmt.Errorf("%w: %s has the key %q; x-mcp-* keys are reserved for the transport", ErrBadSpec, path, k)
			}
			if _, dup := out[k]; dup {
				return nil, fmt.Errorf("%w: %s has two keys equal to %q once cleaned", ErrBadSpec, path, k)
			}
			x, err := c.value(iter.Value(), depth+1, path+"."+k)
			if err != nil {
				return nil, err
			}
			out[k] = x
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: %s holds a %s, which is not a JSON value", ErrBadSpec, path, v.Type())
}
