package mcp

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/facetui/facet/internal/jsonstring"
)

// A write's answer is encoded on every write. encoding/json reaches its
// widgets' states through reflection, copying each key and value of each
// map out to encode it; appendJSON writes the same bytes by hand, and
// hands encoding/json only the values it has no fast path for
// (visibleEncoded uses it).

// appendJSON appends r as json.Marshal encodes it.
func (r WriteResult) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"applied":`...)
	dst = strconv.AppendBool(dst, r.Applied)
	dst = append(dst, `,"tool":`...)
	dst = jsonstring.Append(dst, r.Tool)
	dst = append(dst, `,"changed":`...)
	dst = appendStrings(dst, r.Changed)
	if len(r.Widgets) > 0 {
		dst = append(dst, `,"widgets":`...)
		var err error
		if dst, err = appendObject(dst, r.Widgets, WidgetNow.appendJSON); err != nil {
			return nil, err
		}
	}
	if len(r.ToolsAdded) > 0 {
		dst = append(dst, `,"tools_added":`...)
		dst = appendStrings(dst, r.ToolsAdded)
	}
	if len(r.Notifications) > 0 {
		b, err := json.Marshal(r.Notifications)
		if err != nil {
			return nil, err
		}
		dst = append(dst, `,"notifications":`...)
		dst = append(dst, b...)
	}
	if r.Masked {
		dst = append(dst, `,"masked":true`...)
	}
	dst = append(dst, `,"revision":`...)
	dst = strconv.AppendUint(dst, r.Revision, 10)
	return append(dst, '}'), nil
}

// sizeHint is about how many bytes r's JSON takes, for one buffer to hold
// it.
func (r WriteResult) sizeHint() int {
	n := 96 + len(r.Tool) + 24*(len(r.Changed)+len(r.ToolsAdded)) + 160*len(r.Notifications)
	for id, w := range r.Widgets {
		n += 40 + len(id) + len(w.Kind) + len(w.Label) + 40*len(w.State)
	}
	return n
}

// appendJSON appends w as json.Marshal encodes it.
func (w WidgetNow) appendJSON(dst []byte) ([]byte, error) {
	dst = append(dst, `{"kind":`...)
	dst = jsonstring.Append(dst, w.Kind)
	if w.Label != "" {
		dst = append(dst, `,"label":`...)
		dst = jsonstring.Append(dst, w.Label)
	}
	if len(w.State) > 0 {
		dst = append(dst, `,"state":`...)
		var err error
		if dst, err = appendObject(dst, w.State, func(v any, dst []byte) ([]byte, error) { return appendValue(dst, v) }); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendObject appends m as json.Marshal encodes a map: its keys in
// order, each value appended by appendV.
func appendObject[V any](dst []byte, m map[string]V, appendV func(V, []byte) ([]byte, error)) ([]byte, error) {
	dst = append(dst, '{')
	for i, k := range sortedKeys(m) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonstring.Append(dst, k)
		dst = append(dst, ':')
		var err error
		if dst, err = appendV(m[k], dst); err != nil {
			return nil, err
		}
	}
	return append(dst, '}'), nil
}

// appendValue appends v as json.Marshal encodes it: the kinds a widget's
// state holds most by hand, any other through json.Marshal.
func appendValue(dst []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...), nil
	case string:
		return jsonstring.Append(dst, x), nil
	case bool:
		return strconv.AppendBool(dst, x), nil
	case int:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case []string:
		return appendStrings(dst, x), nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

// appendStrings appends ss as json.Marshal encodes a []string: null when
// it is nil.
func appendStrings(dst []byte, ss []string) []byte {
	if ss == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = jsonstring.Append(dst, s)
	}
	return append(dst, ']')
}

// sortedKeys are m's keys in order, as encoding/json writes a map's.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
