package ssh

import (
	"fmt"

	bt "charm.land/bubbletea/v2"
	charmssh "charm.land/ssh"
)

// Window sizes.
const (
	// defaultWidth and defaultHeight are the size of a client that reports
	// none (a zero width or height).
	defaultWidth  = 80
	defaultHeight = 24
	// DefaultMaxWidth and DefaultMaxHeight are the largest window a client
	// gets when Options.MaxWidth and Options.MaxHeight are zero.
	DefaultMaxWidth  = 1000
	DefaultMaxHeight = 500
)

// windowLimit is the largest window the server draws for a client: a
// program's screen buffers grow with the window it is told, so a client
// asking for 30000x30000 cells must not get them.
type windowLimit struct{ width, height int }

// clamp is the window a client that reports width x height gets: the
// default size when it reports none, and at most the limit in each
// dimension.
func (l windowLimit) clamp(width, height int) (int, int) {
	if width <= 0 || height <= 0 {
		width, height = defaultWidth, defaultHeight
	}
	return min(width, l.width), min(height, l.height)
}

// sizeReport is the in-band window size report (CSI 48 ; rows ; cols ;
// height px ; width px t, terminal mode 2048) for the window w, clamped.
// Pixel sizes are scaled down with the cells they cover.
func (l windowLimit) sizeReport(w charmssh.Window) []byte {
	width, height := l.clamp(w.Width, w.Height)
	px := func(pixels, asked, given int) int {
		if pixels <= 0 || asked <= 0 || given >= asked {
			return max(pixels, 0)
		}
		return int(int64(pixels) * int64(given) / int64(asked))
	}
	return fmt.Appendf(nil, "\x1b[48;%d;%d;%d;%dt", height, width,
		px(w.HeightPixels, w.Height, height), px(w.WidthPixels, w.Width, width))
}

// filter is the Bubble Tea message filter of a connection's program. It
// clamps every window size the program is told, including a size report a
// client types into its own input stream, and turns a suspend into a
// resume: a remote session must never suspend the server.
func (l windowLimit) filter(_ bt.Model, msg bt.Msg) bt.Msg {
	switch msg := msg.(type) {
	case bt.SuspendMsg:
		return bt.ResumeMsg{}
	case bt.WindowSizeMsg:
		msg.Width, msg.Height = l.clamp(msg.Width, msg.Height)
		return msg
	}
	return msg
}
