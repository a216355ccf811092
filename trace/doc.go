// Package trace records a session and replays it.
//
// A Recorder is a runtime's observer (tea.WithObserver): it writes, as
// JSON lines, every input in order with who sent it (the person's keys, an
// agent's messages), the messages Update applied, the results of commands
// and timers as they arrived, and the frames the terminal would draw, each
// with its time. Masked values never enter a recording: a message for a
// masked widget and a key typed into one are written redacted. A recording
// is bounded: past its byte cap it stops and says so in its last line.
//
// Replay runs a recording's inputs into a fresh session of the same app on
// a virtual clock, so ticks fire where they fired, and compares each
// input's frame with the recorded one: the first difference stops the
// replay with a *DivergenceError that names the input. Asciicast writes a
// recording's frames as an asciicast v2 file for asciinema.
package trace
