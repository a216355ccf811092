package trace

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// Version is the recording format's version, in its header. Version 2
// stores a frame as the lines that changed; Read
// reads versions 1 and 2.
const Version = 2

// The kinds of Entry, one per line of a recording.
const (
	// KindHeader is the first line: the format, app, session, size and
	// start time.
	KindHeader = "header"
	// KindInput is a message handed to the runtime: a key, a mouse event,
	// a focus change, an agent's message (By names the agent).
	KindInput = "input"
	// KindCommand is a command's result as it arrived.
	KindCommand = "command"
	// KindTimer is a timer's message as it arrived (a Tick's, a
	// notification expiring).
	KindTimer = "timer"
	// KindUpdate is a message the model's Update applied.
	KindUpdate = "update"
	// KindFrame is the screen after a snapshot, when it changed.
	KindFrame = "frame"
	// KindEnd is the last line: why the recording stopped.
	KindEnd = "end"
)

// Entry is one line of a recording.
type Entry struct {
	Kind string `json:"k"`
	// T is the time since the recording started, in microseconds.
	T int64 `json:"t"`
	// By names the agent that sent an input ("" for the person).
	By string `json:"by,omitempty"`
	// Type is the message's Go type ("tea.KeyInputMsg"); for an agent's
	// message, the type of the message it carried.
	Type string `json:"type,omitempty"`
	// Msg is the message as JSON, where it encodes.
	Msg json.RawMessage `json:"msg,omitempty"`
	// Via is the widget action that makes the message again, for an
	// input whose type does not decode (a Button's click).
	Via *Call `json:"via,omitempty"`
	// Masked names the masked widget whose value was left out.
	Masked string `json:"masked,omitempty"`
	// Version is a frame's snapshot version.
	Version uint64 `json:"v,omitempty"`
	// Frame is the screen as text. A recording may store a frame as the
	// Lines that changed since the frame before it (and its Rows when
	// their number changed); Read fills Frame in from them.
	Frame string      `json:"frame,omitempty"`
	Lines []FrameLine `json:"lines,omitempty"`
	Rows  int         `json:"rows,omitempty"`

	// Header fields.
	Format  int       `json:"format,omitempty"`
	App     string    `json:"app,omitempty"`
	Session string    `json:"session,omitempty"`
	Width   int       `json:"width,omitempty"`
	Height  int       `json:"height,omitempty"`
	Start   time.Time `json:"start,omitzero"`
	// From is how many inputs the session had taken when the recording
	// started; 0 when it starts with the session (or before its first
	// input), so that a fresh session of the app replays it.
	From int64 `json:"from,omitempty"`

	// Note says why a recording ended.
	Note string `json:"note,omitempty"`
}

// Call is a widget's action with its arguments.
type Call struct {
	Widget string         `json:"widget"`
	Action string         `json:"action"`
	Args   map[string]any `json:"args,omitempty"`
}

// At returns the entry's time since the recording started.
func (e Entry) At() time.Duration { return time.Duration(e.T) * time.Microsecond }

// Read reads a recording's entries. The first must be a header of a
// format this package reads.
func Read(r io.Reader) ([]Entry, error) {
	var out []Entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	for line := 1; sc.Scan(); line++ {
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("trace: line %d: %w", line, err)
		}
		if line == 1 && (e.Kind != KindHeader || e.Format < 1 || e.Format > Version) {
			return nil, fmt.Errorf("trace: line 1 is not the header of a recording of version 1 to %d", Version)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("trace: empty recording")
	}
	frames(out)
	return out, nil
}
