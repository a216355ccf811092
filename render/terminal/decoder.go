package terminal

import (
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	bt "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
)

// inputDecoder turns what a remote terminal sends into Bubble Tea's input
// messages, as Bubble Tea's own reader (ultraviolet's TerminalReader) does:
// the same decoder (uv.EventDecoder), the same wait for the rest of an
// escape sequence (uv.DefaultEscTimeout), bracketed paste gathered into one
// message. It keeps no key table: every TerminalReader builds its own map
// of 1,320 legacy key sequences (about 120 KB a connection, the largest
// thing a connection held), and all but 15 of them decode the same without
// it (see legacyKey). Nor does it copy a 4 KB buffer for every read, or run
// two goroutines: Run reads with one, and the escape timeout is a timer.
// Windows' win32-input-mode is not decoded: nothing here asks a terminal
// for it (mode 9001), so none sends it. One difference: ultraviolet looks a
// read up in its table even in the middle of a bracketed paste, so a read
// that is exactly one key sequence there (an arrow's ESC [ A) is a key
// press and leaves the paste; here it stays in the paste.
type inputDecoder struct {
	send func(bt.Msg)
	// wait is how long the rest of an escape sequence may take to come.
	wait time.Duration

	mu  sync.Mutex
	dec uv.EventDecoder
	// buf holds what was read and not decoded yet: the start of an
	// escape sequence, waiting for the rest or for the timeout.
	buf []byte
	// pasting is set between the start and the end of a bracketed paste,
	// whose text gathers in paste.
	pasting bool
	paste   []byte
	// timer ends the wait for the rest of an escape sequence; nil until
	// the first wait.
	timer *time.Timer
}

// readInput decodes r until it ends, sending each message with send.
// Reading stops at r's first error; what is left then decodes as is.
func readInput(r io.Reader, send func(bt.Msg)) {
	d := &inputDecoder{send: send, wait: uv.DefaultEscTimeout}
	// Keys come a few bytes at a time; a paste fills the buffer as often
	// as it needs. A sequence still unfinished (a long clipboard reply) is
	// decoded again from its start after each read, as ultraviolet's
	// reader does it: with 1 KB reads, a 100 KB reply is scanned 100
	// times (25 with ultraviolet's 4 KB, kept by every connection).
	buf := make([]byte, 1<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			d.feed(buf[:n])
		}
		if err != nil {
			d.expire()
			return
		}
	}
}

// feed decodes p after what was left.
func (d *inputDecoder) feed(p []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.timer != nil {
		d.timer.Stop()
	}
	d.buf = append(d.buf, p...)
	d.consume(d.scan(d.buf, false))
	if len(d.buf) > 0 {
		if d.timer == nil {
			d.timer = time.AfterFunc(d.wait, d.expire)
		} else {
			d.timer.Reset(d.wait)
		}
	}
}

// expire decodes what is left as it is: no more of it came in time.
func (d *inputDecoder) expire() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for len(d.buf) > 0 {
		n := d.scan(d.buf, true)
		if n == 0 {
			break
		}
		d.consume(n)
	}
}

// consume drops the first n bytes of buf, keeping its array.
func (d *inputDecoder) consume(n int) {
	if n == 0 {
		return
	}
	d.buf = d.buf[:copy(d.buf, d.buf[n:])]
}

// scan sends the events at the start of buf and returns how many bytes
// they took; the rest waits for more input unless expired. It is
// ultraviolet's eventScanner.scanEvents without the win32 input.
func (d *inputDecoder) scan(buf []byte, expired bool) int {
	if len(buf) == 0 {
		return 0
	}
	if k, ok := legacyKey(buf); ok {
		d.emit(uv.KeyPressEvent(k))
		return len(buf)
	}
	total := 0
	for len(buf) > 0 {
		esc := buf[0] == ansi.ESC
		n, ev := d.dec.Decode(buf)
		if n <= 0 {
			n = 1 // never: the decoder takes at least a byte
		}
		if d.pasting {
			if _, end := ev.(uv.PasteEndEvent); !end {
				if !d.gather(buf[:n], ev, esc, expired) {
					return total
				}
				buf = buf[n:]
				total += n
				continue
			}
		}
		unknown := false
		switch ev.(type) {
		case uv.UnknownEvent:
			unknown = true
			if !expired {
				return total
			}
			d.emit(ev)
		case uv.PasteStartEvent:
			d.pasting, d.paste = true, d.paste[:0]
		case uv.PasteEndEvent:
			d.emit(uv.PasteEvent{Content: validRunes(d.paste)})
			d.pasting = false
			if cap(d.paste) > maxKeptPaste {
				d.paste = nil
			}
		}
		if !unknown && ev != nil && !cancelledSequence(ev) {
			if esc && n <= 2 && !expired {
				// An escape, or an alt key: wait for the rest.
				return total
			}
			d.emit(ev)
		}
		buf = buf[n:]
		total += n
	}
	return total
}

// cancelledSequence reports whether ev is a cancelled sequence, which ultraviolet's
// reader drops.
func cancelledSequence(ev uv.Event) bool {
	t := ignoredEventType()
	return t != nil && reflect.TypeOf(ev) == t
}

// maxKeptPaste is the largest paste buffer a decoder keeps for the next
// paste.
const maxKeptPaste = 4 << 10

// gather adds seq, which decoded to ev, to the paste under way, and
// reports false when it must wait for more input instead.
func (d *inputDecoder) gather(seq []byte, ev uv.Event, esc, expired bool) bool {
	switch ev := ev.(type) {
	case uv.KeyPressEvent:
		if len(ev.Text) > 0 {
			d.paste = append(d.paste, ev.Text...)
			return true
		}
		// A key of Windows' win32-input-mode (CSI ... _): its Enter and
		// control keys paste as themselves, the rest as nothing.
		win32 := len(seq) > 2 && seq[0] == ansi.ESC && seq[1] == '[' && seq[len(seq)-1] == '_'
		switch {
		case win32 && ev.Code == uv.KeyEnter && ev.Code == ev.BaseCode:
			d.paste = append(d.paste, '\n')
		case win32 && unicode.IsControl(ev.Code) && ev.Code == ev.BaseCode:
			d.paste = utf8.AppendRune(d.paste, ev.Code)
		case !win32:
			if esc && len(seq) <= 2 && !expired {
				return false
			}
			d.paste = append(d.paste, seq...)
		}
	case uv.UnknownEvent:
		if !expired {
			return false
		}
	}
	return true
}

// emit sends ev, each of a MultiEvent's events in turn.
func (d *inputDecoder) emit(ev uv.Event) {
	if m, ok := ev.(uv.MultiEvent); ok {
		for _, e := range m {
			d.send(e)
		}
		return
	}
	d.send(ev)
}

// validRunes is p's text without its invalid bytes and replacement
// characters, as ultraviolet hands a paste over.
func validRunes(p []byte) string {
	var b strings.Builder
	b.Grow(len(p))
	for len(p) > 0 {
		r, w := utf8.DecodeRune(p)
		if r != utf8.RuneError {
			b.WriteRune(r)
		}
		p = p[w:]
	}
	return b.String()
}

// legacyKey reads buf, when it is one whole CSI 1 ; modifier R, as F3 with
// that modifier: the entries of ultraviolet's key table that its decoder
// reads otherwise (as F3 and a cursor position report, which the same
// bytes are too). A TerminalReader looks the whole of what it read up in
// its table first; every other sequence of the table decodes to the same
// key without it.
func legacyKey(buf []byte) (uv.Key, bool) {
	rest, ok := strings.CutPrefix(string(buf), "\x1b[1;")
	if !ok {
		return uv.Key{}, false
	}
	rest, ok = strings.CutSuffix(rest, "R")
	if !ok || len(rest) == 0 || len(rest) > 2 || rest[0] == '0' {
		return uv.Key{}, false
	}
	m, err := strconv.Atoi(rest)
	if err != nil || m < 2 || m > 16 {
		return uv.Key{}, false
	}
	return uv.Key{Code: uv.KeyF3, Mod: uv.KeyMod(m - 1)}, true
}

// ignoredEventType is the type of what ultraviolet's decoder returns for a
// string sequence the terminal cancelled (CAN or SUB in an OSC or APC):
// its reader drops them, and the type is unexported. Nil if the decoder
// ever reads the sample as something it exports.
var ignoredEventType = sync.OnceValue(func() reflect.Type {
	_, ev := (&uv.EventDecoder{}).Decode([]byte("\x1b_a\x18"))
	switch ev.(type) {
	case nil, uv.UnknownEvent, uv.KeyPressEvent:
		return nil
	}
	return reflect.TypeOf(ev)
})
