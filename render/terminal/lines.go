package terminal

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// lineScreen draws frames on a terminal by itself, in place of Bubble
// Tea's renderer (see WithLineOutput): it keeps the lines it last drew and
// writes only the rows that changed, and of each only the part that did
// (changeOf). A frame is a list of styled lines already laid out to the
// screen's width, so there is nothing to parse into cells, no cell buffers
// to keep and no 60-a-second tick: a key that changes a count costs the
// count's digits.
//
// It sets the terminal up as Bubble Tea does for the adapter's view (the
// alternate screen, no cursor, bracketed paste, all mouse motion, the
// window title, the keyboard enhancements) and puts it back on close. It
// draws in the colour profile Bubble Tea reports (ColorProfileMsg),
// downsampling each line as Bubble Tea's renderer downsamples each cell,
// and uses synchronized output and Unicode core mode (2026, 2027) when the
// terminal says it has them, as Bubble Tea does.
//
// A lineScreen belongs to one program's event loop and is not safe for
// concurrent use.
type lineScreen struct {
	w     io.Writer
	title string
	// profile is the colour profile to draw in; profiled is set once
	// Bubble Tea has said which (nothing is drawn before).
	profile  colorprofile.Profile
	profiled bool
	// syncOutput and unicode are set when the terminal reported modes
	// 2026 and 2027.
	syncOutput, unicode bool
	// started is set once the set-up sequence is written.
	started bool
	// width and height are the size of the last frame drawn; lines are
	// its lines as the layout gave them (before downsampling), to compare
	// the next frame's with.
	width, height int
	lines         []string
	buf           bytes.Buffer
	conv          colorprofile.Writer
	// part is scratch space for what line writes.
	part []byte
	// err is the first write error: the terminal is gone, and nothing
	// more is written.
	err error
}

func newLineScreen(w io.Writer, title string) *lineScreen {
	s := &lineScreen{w: w, title: title}
	s.conv.Forward = &s.buf
	return s
}

// message takes the Bubble Tea messages that change how the screen draws:
// the colour profile and the terminal's answers about modes 2026 and 2027.
// A new profile redraws every line.
func (s *lineScreen) message(msg bt.Msg) {
	switch msg := msg.(type) {
	case bt.ColorProfileMsg:
		if !s.profiled || msg.Profile != s.profile {
			s.profile, s.profiled = msg.Profile, true
			s.lines = nil
		}
	case bt.ModeReportMsg:
		switch msg.Mode {
		case ansi.ModeSynchronizedOutput:
			if msg.Value == ansi.ModeReset {
				s.syncOutput = true
			}
		case ansi.ModeUnicodeCore:
			if !s.unicode && (msg.Value == ansi.ModeReset || msg.Value == ansi.ModeSet || msg.Value == ansi.ModePermanentlySet) {
				s.unicode = true
				s.buf.WriteString(ansi.SetModeUnicodeCore)
			}
		}
	}
}

// draw shows a frame of width x height cells whose rows are lines (styled,
// each exactly width cells; rows past the end are blank). Only the rows
// that differ from the last frame's are written, unless the size changed:
// then the screen is cleared and every row written. Nothing is drawn
// before the colour profile is known.
func (s *lineScreen) draw(lines []string, width, height int) {
	if s.err != nil || !s.profiled || width <= 0 || height <= 0 {
		return
	}
	s.conv.Profile = s.profile
	if !s.started {
		s.started = true
		s.buf.WriteString(s.setUp())
		s.lines = nil
	}
	mark := s.buf.Len()
	if s.syncOutput {
		s.buf.WriteString(ansi.SetModeSynchronizedOutput)
	}
	body := s.buf.Len()
	if width != s.width || height != s.height || s.lines == nil {
		s.width, s.height = width, height
		s.lines = make([]string, height)
		s.buf.WriteString(ansi.CursorHomePosition + ansi.EraseEntireScreen)
		for y := range height {
			if y < len(lines) && lines[y] != "" {
				s.line(y, lines[y])
			}
		}
	} else {
		for y := range height {
			l := ""
			if y < len(lines) {
				l = lines[y]
			}
			if l != s.lines[y] {
				s.line(y, l)
			}
		}
	}
	switch {
	case s.buf.Len() == body:
		s.buf.Truncate(mark) // nothing changed
	case s.syncOutput:
		s.buf.WriteString(ansi.ResetModeSynchronizedOutput)
	}
	s.flush()
}

// line writes row y as l and remembers it: the part of it that differs
// from what the row shows (see changeOf).
func (s *lineScreen) line(y int, l string) {
	t := trimPadding(l)
	ch := lineChange{to: len(t), width: -1}
	if was := s.lines[y]; was != "" {
		ch = changeOf(trimPadding(was), t)
	}
	s.lines[y] = l
	// CUP row;col, then the pen and the part in one pass through the
	// colour conversion.
	s.part = append(s.part[:0], "\x1b["...)
	s.part = strconv.AppendInt(s.part, int64(y+1), 10)
	s.part = append(s.part, ';')
	s.part = strconv.AppendInt(s.part, int64(ch.col+1), 10)
	s.part = append(s.part, 'H')
	s.buf.Write(s.part)
	s.part = s.part[:0]
	for _, seq := range ch.pen.seqs[:ch.pen.n] {
		s.part = append(s.part, seq...)
	}
	s.part = append(s.part, t[ch.from:ch.to]...)
	_, _ = s.conv.Write(s.part)
	// The style ends with the part written, so that erasing the rest of
	// the row leaves blank cells. A line that fills the row erases
	// nothing: the cursor waits on its last cell, which an erase would
	// clear.
	s.buf.WriteString(ansi.ResetStyle)
	if ch.tail {
		return
	}
	if ch.width < 0 {
		ch.width = cellWidth(t)
	}
	if ch.width < s.width {
		s.buf.WriteString(ansi.EraseLineRight)
	}
}

// flush writes what draw or message queued.
func (s *lineScreen) flush() {
	if s.buf.Len() == 0 {
		return
	}
	if _, err := s.w.Write(s.buf.Bytes()); err != nil {
		s.err = fmt.Errorf("terminal: drawing: %w", err)
	}
	s.buf.Reset()
}

// setUp is what Bubble Tea writes when it starts the adapter's view: the
// queries for synchronized output, Unicode core mode and the background
// colour, then the alternate screen, a hidden cursor, bracketed paste,
// mouse motion, the title and the keyboard enhancements (modifyOtherKeys,
// the Kitty protocol's disambiguation).
func (s *lineScreen) setUp() string {
	seq := ansi.RequestModeSynchronizedOutput + ansi.RequestModeUnicodeCore + ansi.RequestBackgroundColor +
		ansi.ResetModifyOtherKeys + ansi.SetModeAltScreenSaveCursor + ansi.HideCursor +
		ansi.SetModeBracketedPaste + ansi.SetModeMouseAnyEvent + ansi.SetModeMouseExtSgr
	if s.title != "" {
		seq += ansi.SetWindowTitle(s.title)
	}
	return seq + ansi.SetModifyOtherKeys2 + ansi.PushKittyKeyboard(ansi.KittyDisambiguateEscapeCodes) + ansi.RequestKittyKeyboard
}

// close puts the terminal back as Bubble Tea does when it ends: the
// keyboard as it was, the main screen, the cursor, no bracketed paste or
// mouse reports, no title.
func (s *lineScreen) close() error {
	if !s.started || s.err != nil {
		return s.err
	}
	s.buf.WriteString(ansi.ResetModifyOtherKeys + ansi.PopKittyKeyboard(1))
	s.buf.WriteString(ansi.CursorPosition(1, max(s.height, 1)))
	s.buf.WriteString(ansi.ResetModeAltScreenSaveCursor + ansi.ShowCursor + ansi.ResetModeBracketedPaste +
		ansi.ResetModeMouseButtonEvent + ansi.ResetModeMouseAnyEvent + ansi.ResetModeMouseExtSgr)
	if s.title != "" {
		s.buf.WriteString(ansi.SetWindowTitle(""))
	}
	if s.unicode {
		s.buf.WriteString(ansi.ResetModeUnicodeCore)
	}
	s.started = false
	s.flush()
	return s.err
}
