package trace

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Asciicast writes a recording's frames as an asciicast v2 file: a header
// line, then one [time, "o", data] event per frame, each clearing the
// screen and drawing the frame, so asciinema plays the session with its
// timing.
func Asciicast(w io.Writer, entries []Entry) error {
	if len(entries) == 0 || entries[0].Kind != KindHeader {
		return fmt.Errorf("trace: a recording starts with its header")
	}
	head := entries[0]
	width, height := head.Width, head.Height
	// A frame's size is its snapshot's: the cast is as large as the
	// largest frame.
	for _, e := range entries {
		if e.Kind != KindFrame {
			continue
		}
		lines := strings.Split(e.Frame, "\n")
		height = max(height, len(lines))
		for _, l := range lines {
			width = max(width, len([]rune(l)))
		}
	}
	type header struct {
		Version   int               `json:"version"`
		Width     int               `json:"width"`
		Height    int               `json:"height"`
		Timestamp int64             `json:"timestamp,omitempty"`
		Title     string            `json:"title,omitempty"`
		Env       map[string]string `json:"env,omitempty"`
	}
	title := head.App
	if head.Session != "" {
		title += " (" + head.Session + ")"
	}
	b, err := json.Marshal(header{Version: 2, Width: width, Height: height, Timestamp: head.Start.Unix(), Title: title,
		Env: map[string]string{"TERM": "xterm-256color"}})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
		return err
	}
	for _, e := range entries {
		if e.Kind != KindFrame {
			continue
		}
		data := "\x1b[H\x1b[2J" + strings.ReplaceAll(e.Frame, "\n", "\r\n")
		ev, err := json.Marshal([]any{float64(e.T) / 1e6, "o", data})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s\n", ev); err != nil {
			return err
		}
	}
	return nil
}
