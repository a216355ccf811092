package ssh

import (
	"context"
	"encoding/binary"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	bt "charm.land/bubbletea/v2"
	charmssh "charm.land/ssh"
)

// The payloads below are decoded as charm.land/ssh decodes them (RFC 4254:
// a pty-req carries TERM, the window in cells and pixels, and the terminal
// modes; a window-change carries the window alone), each field a
// big-endian uint32 turned into an int. Fuzzing checks that whatever a
// client sends, what reaches the program is a window within the limit.

// parseUint32 reads one big-endian uint32 field.
func parseUint32(b []byte) (int, []byte, bool) {
	if len(b) < 4 {
		return 0, nil, false
	}
	return int(binary.BigEndian.Uint32(b)), b[4:], true
}

// parseWindowPayload decodes a window-change payload.
func parseWindowPayload(b []byte) (w charmssh.Window, rest []byte, ok bool) {
	fields := make([]int, 4)
	for i := range fields {
		if fields[i], b, ok = parseUint32(b); !ok {
			return w, nil, false
		}
	}
	return charmssh.Window{Width: fields[0], Height: fields[1], WidthPixels: fields[2], HeightPixels: fields[3]}, b, true
}

// parsePtyPayload decodes a pty-req payload's TERM and window.
func parsePtyPayload(b []byte) (term string, w charmssh.Window, ok bool) {
	n, b, ok := parseUint32(b)
	if !ok || n < 0 || n > len(b) {
		return "", w, false
	}
	term, b = string(b[:n]), b[n:]
	w, _, ok = parseWindowPayload(b)
	return term, w, ok
}

var report = regexp.MustCompile(`^\x1b\[48;(\d+);(\d+);(\d+);(\d+)t$`)

// checkWindow checks everything the server makes of a client's window w
// under the limit l.
func checkWindow(t *testing.T, l windowLimit, w charmssh.Window) {
	t.Helper()
	width, height := l.clamp(w.Width, w.Height)
	if width < 1 || width > l.width || height < 1 || height > l.height {
		t.Fatalf("clamp(%d, %d) under %dx%d = %dx%d", w.Width, w.Height, l.width, l.height, width, height)
	}
	if w.Width > 0 && w.Height > 0 && (width != min(w.Width, l.width) || height != min(w.Height, l.height)) {
		t.Fatalf("clamp(%d, %d) under %dx%d = %dx%d: a size within the limit must stay as it is", w.Width, w.Height, l.width, l.height, width, height)
	}

	// The window change as the program reads it, through the input.
	winch := make(chan charmssh.Window, 1)
	winch <- w
	in := newInput(context.Background(), strings.NewReader(""), winch, l, func() {})
	defer in.Close()
	buf := make([]byte, 256)
	n, err := io.ReadAtLeast(in, buf, 1)
	if err != nil {
		t.Fatalf("reading the size report: %v", err)
	}
	m := report.FindSubmatch(buf[:n])
	if m == nil {
		t.Fatalf("size report %q is not CSI 48 ; rows ; cols ; height px ; width px t", buf[:n])
	}
	num := func(b []byte) int {
		v, err := strconv.Atoi(string(b))
		if err != nil {
			t.Fatalf("size report %q: %v", buf[:n], err)
		}
		return v
	}
	if rows, cols := num(m[1]), num(m[2]); rows != height || cols != width {
		t.Fatalf("window %+v reported as %dx%d, want %dx%d", w, cols, rows, width, height)
	}
	if hpx, wpx := num(m[3]), num(m[4]); hpx > max(w.HeightPixels, 0) || wpx > max(w.WidthPixels, 0) {
		t.Fatalf("window %+v reported %dx%d pixels, more than it has", w, wpx, hpx)
	}

	// The program's own filter, for a size report typed in the input.
	got := l.filter(nil, bt.WindowSizeMsg{Width: w.Width, Height: w.Height})
	if got != (bt.WindowSizeMsg{Width: width, Height: height}) {
		t.Fatalf("filter(%dx%d) = %+v, want %dx%d", w.Width, w.Height, got, width, height)
	}
}

// fuzzLimit is the limit a fuzz input chooses: the default, or a small one.
func fuzzLimit(small bool, width, height uint16) windowLimit {
	if !small {
		return Options{}.window()
	}
	return Options{MaxWidth: int(width%2000) + 1, MaxHeight: int(height%2000) + 1}.window()
}

// ptyPayload encodes a pty-req payload.
func ptyPayload(term string, cols, rows, wpx, hpx uint32) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(term)))
	b = append(b, term...)
	for _, v := range []uint32{cols, rows, wpx, hpx} {
		b = binary.BigEndian.AppendUint32(b, v)
	}
	return append(binary.BigEndian.AppendUint32(b, 1), 0) // modes: TTY_OP_END
}

func FuzzPtyRequest(f *testing.F) {
	f.Add(ptyPayload("xterm-256color", 80, 24, 640, 480), false, uint16(0), uint16(0))
	f.Add(ptyPayload("xterm", 30000, 30000, 0, 0), false, uint16(0), uint16(0))
	f.Add(ptyPayload("xterm", 1<<32-1, 1<<31, 1<<32-1, 7), false, uint16(0), uint16(0))
	f.Add(ptyPayload("", 0, 0, 0, 0), false, uint16(0), uint16(0))
	f.Add(ptyPayload("vt100", 200, 60, 1600, 960), true, uint16(120), uint16(40))
	f.Add([]byte{0, 0, 0, 5, 'x'}, false, uint16(0), uint16(0))
	f.Fuzz(func(t *testing.T, payload []byte, small bool, width, height uint16) {
		_, w, ok := parsePtyPayload(payload)
		if !ok {
			return // charm.land/ssh refuses the request
		}
		checkWindow(t, fuzzLimit(small, width, height), w)
	})
}

func FuzzWindowChange(f *testing.F) {
	for _, w := range [][4]uint32{{80, 24, 0, 0}, {30000, 30000, 0, 0}, {1<<32 - 1, 1<<32 - 1, 1<<32 - 1, 1<<32 - 1}, {0, 50, 0, 0}, {1001, 501, 8008, 8016}} {
		var b []byte
		for _, v := range w {
			b = binary.BigEndian.AppendUint32(b, v)
		}
		f.Add(b, false, uint16(0), uint16(0))
		f.Add(b, true, uint16(99), uint16(30))
	}
	f.Fuzz(func(t *testing.T, payload []byte, small bool, width, height uint16) {
		w, _, ok := parseWindowPayload(payload)
		if !ok {
			return // charm.land/ssh refuses the request
		}
		checkWindow(t, fuzzLimit(small, width, height), w)
	})
}
