package trace

import (
	"encoding/json"
	"github.com/facetui/facet/internal/jsonstring"
	"strconv"
)

// appendEntry appends e as json.Marshal encodes it, byte for byte, without
// reflection: a recording writes a few entries per input, and encoding
// them through encoding/json cost more than the runtime's work for a
// click. The message (already JSON), a call's arguments and the header's
// start time, which encoding/json encodes, are the only parts left to it.
// msgMarshalled says e.Msg is as json.Marshal wrote it (the recorder's
// messages are): it is then copied without being checked.
func appendEntry(b []byte, e *Entry, msgMarshalled bool) ([]byte, error) {
	b = append(b, `{"k":`...)
	b = jsonstring.Append(b, e.Kind)
	b = append(b, `,"t":`...)
	b = strconv.AppendInt(b, e.T, 10)
	b = appendStringField(b, "by", e.By)
	b = appendStringField(b, "type", e.Type)
	if len(e.Msg) > 0 {
		// As json.Marshal does, the message is written compact.
		b = append(b, `,"msg":`...)
		n := len(b)
		var err error
		if msgMarshalled {
			b = append(b, e.Msg...)
		} else if b, err = appendCompact(b, e.Msg); err != nil {
			return b[:n], err
		}
	}
	if e.Via != nil {
		b = append(b, `,"via":{"widget":`...)
		b = jsonstring.Append(b, e.Via.Widget)
		b = append(b, `,"action":`...)
		b = jsonstring.Append(b, e.Via.Action)
		if len(e.Via.Args) > 0 {
			args, err := json.Marshal(e.Via.Args)
			if err != nil {
				return b, err
			}
			b = append(b, `,"args":`...)
			b = append(b, args...)
		}
		b = append(b, '}')
	}
	b = appendStringField(b, "masked", e.Masked)
	if e.Version != 0 {
		b = append(b, `,"v":`...)
		b = strconv.AppendUint(b, e.Version, 10)
	}
	b = appendStringField(b, "frame", e.Frame)
	if len(e.Lines) > 0 {
		b = append(b, `,"lines":[`...)
		for i, l := range e.Lines {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"n":`...)
			b = strconv.AppendInt(b, int64(l.N), 10)
			b = append(b, `,"s":`...)
			b = jsonstring.Append(b, l.Text)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = appendIntField(b, "rows", int64(e.Rows))
	b = appendIntField(b, "format", int64(e.Format))
	b = appendStringField(b, "app", e.App)
	b = appendStringField(b, "session", e.Session)
	b = appendIntField(b, "width", int64(e.Width))
	b = appendIntField(b, "height", int64(e.Height))
	if !e.Start.IsZero() {
		t, err := e.Start.MarshalJSON()
		if err != nil {
			return b, err
		}
		b = append(b, `,"start":`...)
		b = append(b, t...)
	}
	b = appendIntField(b, "from", e.From)
	b = appendStringField(b, "note", e.Note)
	return append(b, '}'), nil
}

// appendCompact appends the JSON raw as json.Marshal writes a
// json.RawMessage (compact, <, > and & escaped), or returns an error when
// raw is not JSON. A message json.Marshal encoded is already so, and is
// only checked.
func appendCompact(b, raw []byte) ([]byte, error) {
	if marshalled(raw) && json.Valid(raw) {
		return append(b, raw...), nil
	}
	out, err := json.Marshal(json.RawMessage(raw))
	if err != nil {
		return b, err
	}
	return append(b, out...), nil
}

// marshalled reports whether raw has nothing json.Marshal would change in
// it: no space, tab or line break outside its strings, and no <, >, &,
// U+2028 or U+2029 anywhere.
func marshalled(raw []byte) bool {
	in := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '<' || c == '>' || c == '&':
			return false
		case c == 0xe2 && i+2 < len(raw) && raw[i+1] == 0x80 && (raw[i+2] == 0xa8 || raw[i+2] == 0xa9):
			return false
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return false
		}
	}
	return true
}

// appendStringField appends ,"name":s unless s is empty (omitempty).
func appendStringField(b []byte, name, s string) []byte {
	if s == "" {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return jsonstring.Append(b, s)
}

// appendIntField appends ,"name":n unless n is 0 (omitempty).
func appendIntField(b []byte, name string, n int64) []byte {
	if n == 0 {
		return b
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return strconv.AppendInt(b, n, 10)
}
