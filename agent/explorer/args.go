package explorer

import (
	"math/rand/v2"
	"slices"
)

// words are the strings the explorer types when a schema names no values.
var words = []string{"a", "go", "hello world", "42", "Zürich", "x-y_z", "CLI tool", "  spaced  ", "0"}

// maxDepth bounds how deep argument generation follows a schema.
const maxDepth = 8

// genArgs makes arguments valid under an object schema: every required
// property, and each optional one half the time.
func genArgs(rng *rand.Rand, schema map[string]any) map[string]any {
	v, _ := genValue(rng, schema, 0).(map[string]any)
	if v == nil {
		v = map[string]any{}
	}
	return v
}

func genValue(rng *rand.Rand, schema map[string]any, depth int) any {
	if depth > maxDepth || schema == nil {
		return nil
	}
	if enum, ok := schema["enum"].([]any); ok && len(enum) > 0 {
		return enum[rng.IntN(len(enum))]
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts, ok := schema[k].([]any); ok && len(alts) > 0 {
			alt, _ := alts[rng.IntN(len(alts))].(map[string]any)
			return genValue(rng, alt, depth+1)
		}
	}
	typ, _ := schema["type"].(string)
	if list, ok := schema["type"].([]any); ok && len(list) > 0 {
		typ, _ = list[rng.IntN(len(list))].(string)
	}
	switch typ {
	case "object", "":
		props, _ := schema["properties"].(map[string]any)
		if typ == "" && props == nil {
			return nil
		}
		var required []string
		if req, ok := schema["required"].([]any); ok {
			for _, r := range req {
				if s, ok := r.(string); ok {
					required = append(required, s)
				}
			}
		}
		names := make([]string, 0, len(props))
		for name := range props {
			names = append(names, name)
		}
		slices.Sort(names) // map order must not reach the random source
		out := map[string]any{}
		for _, name := range names {
			if !slices.Contains(required, name) && rng.IntN(2) == 0 {
				continue
			}
			sub, _ := props[name].(map[string]any)
			if v := genValue(rng, sub, depth+1); v != nil {
				out[name] = v
			}
		}
		return out
	case "integer":
		lo, hi := bounds(schema, 0, 10)
		switch rng.IntN(4) {
		case 0:
			return int(lo)
		case 1:
			return int(hi)
		}
		return int(lo) + rng.IntN(int(hi-lo)+1)
	case "number":
		lo, hi := bounds(schema, 0, 10)
		return lo + rng.Float64()*(hi-lo)
	case "boolean":
		return rng.IntN(2) == 0
	case "string":
		w := words[rng.IntN(len(words))]
		if n, ok := schema["maxLength"].(float64); ok && len(w) > int(n) {
			w = w[:int(n)]
		}
		if n, ok := schema["minLength"].(float64); ok {
			for len(w) < int(n) {
				w += "a"
			}
		}
		return w
	case "array":
		items, _ := schema["items"].(map[string]any)
		n := rng.IntN(3)
		out := make([]any, 0, n)
		for range n {
			out = append(out, genValue(rng, items, depth+1))
		}
		return out
	}
	return nil
}

// bounds reads minimum and maximum (default lo, and lo+span above the
// minimum), favouring the edges: a boundary is where off-by-one bugs live.
func bounds(schema map[string]any, lo, span float64) (float64, float64) {
	min, hasMin := schema["minimum"].(float64)
	max, hasMax := schema["maximum"].(float64)
	if !hasMin {
		min = lo
		if hasMax && max < min {
			min = max - span
		}
	}
	if !hasMax {
		max = min + span
	}
	if max < min {
		max = min
	}
	return min, max
}
