package derive

// Portable returns schema in the subset of JSON Schema that OpenAI's,
// Anthropic's and Gemini's function declarations all accept: no
// additionalProperties anywhere (Gemini refuses it; unknown arguments are
// refused at call time instead), no empty properties object (a tool without
// arguments is just {"type": "object"}), and no type unions (a "type" list
// keeps its first type that is not "null"). Every other keyword (pattern,
// enum, minimum, maximum, maxLength, ...) stays. schema is not modified.
func Portable(schema map[string]any) map[string]any {
	out, _ := portable(schema).(map[string]any)
	if out == nil {
		out = map[string]any{}
	}
	if _, ok := out["type"]; !ok {
		out["type"] = "object"
	}
	return out
}

func portable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			switch k {
			case "additionalProperties":
				continue
			case "properties":
				if m, ok := val.(map[string]any); ok && len(m) == 0 {
					continue
				}
			case "type":
				if list, ok := val.([]any); ok {
					val = firstType(list)
				}
				if list, ok := val.([]string); ok {
					anys := make([]any, len(list))
					for i, s := range list {
						anys[i] = s
					}
					val = firstType(anys)
				}
			}
			out[k] = portable(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = portable(e)
		}
		return out
	}
	return v
}

// firstType is the first type of a type union that is not "null" ("string"
// when there is none).
func firstType(types []any) string {
	for _, t := range types {
		if s, ok := t.(string); ok && s != "null" {
			return s
		}
	}
	return "string"
}
