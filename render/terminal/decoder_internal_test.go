package terminal

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	bt "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// decoderCorpus is what a terminal may send: every byte alone and after
// an escape, the key sequences of ultraviolet's key table (CSI and SS3
// function keys with every modifier, CSI n ~, modifyOtherKeys, the CSI 1 ;
// m R that the table reads as F3), the Kitty keyboard, mouse reports,
// focus, bracketed pastes, replies to queries, cancelled and unknown
// sequences, text, and several keys in one read.
func decoderCorpus() []string {
	var c []string
	for b := range 0x80 {
		c = append(c, string(rune(b)), "\x1b"+string(rune(b)))
	}
	for m := 1; m <= 16; m++ {
		for _, f := range "ABCDEFHPQRS" {
			c = append(c, fmt.Sprintf("\x1b[1;%d%c", m, f))
		}
		for _, f := range "MXjklmnopqrstuvwxyPQRS" {
			c = append(c, fmt.Sprintf("\x1bO%d%c", m, f))
		}
		for n := 1; n <= 34; n++ {
			c = append(c, fmt.Sprintf("\x1b[%d;%d~", n, m))
		}
		for _, code := range []int{8, 9, 13, 27, 127} {
			c = append(c, fmt.Sprintf("\x1b[27;%d;%d~", m, code))
		}
		c = append(c, fmt.Sprintf("\x1b[97;%du", m), fmt.Sprintf("\x1b[13;%du", m))
	}
	for _, f := range "ABCDEFHPQRSZ" {
		c = append(c, "\x1b["+string(f), "\x1bO"+string(f))
	}
	for n := range 35 {
		c = append(c, fmt.Sprintf("\x1b[%d~", n), fmt.Sprintf("\x1b[%d^", n), fmt.Sprintf("\x1b[%d$", n), fmt.Sprintf("\x1b[%d@", n))
	}
	return append(c,
		"\x1b[<0;10;5M", "\x1b[<0;10;5m", "\x1b[<35;1;1M", "\x1b[<64;3;4M", "\x1b[M !!", "\x1b[I", "\x1b[O",
		"\x1b[200~hello\x1b[201~", "\x1b[200~a\rb\x1b[Ac\x1b[201~", "\x1b[200~\xff\xfeok\xef\xbf\xbd\x1b[201~",
		"\x1b[200~tab\there\x1b[201~x", "\x1b[200~\x1b[201~", "\x1b[200~part",
		"\x1b]11;rgb:0000/0000/0000\x07", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\", "\x1b[?2026;2$y", "\x1b[?2027;1$y",
		"\x1b[?1u", "\x1b[12;40R", "\x1b[?62;22c", "\x1bP>|xterm(390)\x1b\\",
		"\x1bPq\x18", "\x1bPq\x1a", "\x1b]11;x\x18", "\x1b[?999$z", "\x1b[", "\x1bO", "\x1b[1;", "\x1b[<0;1",
		"héllo", "日本語", "\r\r\r", "abc\r", "q", "\x1b\x1b", "\x1b\x1b[A", "\x1b[A\x1b[B", "\x1b[1;5R\x1b[A",
		"\x7f\x08", "\x00\x1c\x1d",
	)
}

// TestDecoderDecodesAsBubbleTeasReader sends each of the corpus's inputs
// to ultraviolet's TerminalReader (what Bubble Tea reads with) and to the
// decoder, in one read that the end of the input follows, and wants the
// same events.
func TestDecoderDecodesAsBubbleTeasReader(t *testing.T) {
	for _, in := range decoderCorpus() {
		want := readerEvents(t, in)
		got := decoderEvents(in)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: decoder %#v, Bubble Tea's reader %#v", in, got, want)
		}
	}
}

// readerEvents are the events ultraviolet's reader makes of in.
func readerEvents(t *testing.T, in string) []uv.Event {
	t.Helper()
	pr, pw := io.Pipe()
	r := uv.NewTerminalReader(pr, "xterm-256color")
	events := make(chan uv.Event)
	done := make(chan error, 1)
	go func() {
		done <- r.StreamEvents(context.Background(), events)
		close(events)
	}()
	go func() {
		_, _ = pw.Write([]byte(in))
		_ = pw.Close()
	}()
	var got []uv.Event
	for ev := range events {
		got = append(got, ev)
	}
	if err := <-done; err != nil {
		t.Fatalf("%q: StreamEvents: %v", in, err)
	}
	return got
}

// decoderEvents are the events the decoder makes of in.
func decoderEvents(in string) []uv.Event {
	var got []uv.Event
	readInput(strings.NewReader(in), func(m bt.Msg) { got = append(got, m) })
	return got
}

// A sequence split over two reads decodes as one, however the bytes are
// split.
func TestDecoderJoinsSplitSequences(t *testing.T) {
	for _, in := range []string{"\x1b[1;5A", "\x1b[<0;10;5M", "\x1b[200~pasted\x1b[201~", "\x1b]11;rgb:ffff/ffff/ffff\x07", "日本"} {
		want := decoderEvents(in)
		for i := 1; i < len(in); i++ {
			var got []uv.Event
			d := &inputDecoder{send: func(m bt.Msg) { got = append(got, m) }, wait: time.Hour}
			d.feed([]byte(in[:i]))
			d.feed([]byte(in[i:]))
			d.expire()
			if d.timer != nil {
				d.timer.Stop()
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%q split at %d: %#v, want %#v", in, i, got, want)
			}
		}
	}
}

// An escape alone is the Escape key once nothing more follows in time.
func TestDecoderLoneEscapeIsEscapeAfterTheTimeout(t *testing.T) {
	pr, pw := io.Pipe()
	t.Cleanup(func() { _ = pw.Close() })
	got := make(chan bt.Msg, 4)
	go readInput(pr, func(m bt.Msg) { got <- m })
	if _, err := pw.Write([]byte("\x1b")); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		if k, ok := m.(uv.KeyPressEvent); !ok || k.Code != uv.KeyEscape {
			t.Fatalf("got %#v, want the Escape key", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no key for a lone escape")
	}
}

// A key read during a paste goes into the paste, and the decoder keeps no
// big paste buffer once a paste ends.
func TestDecoderDropsABigPastesBuffer(t *testing.T) {
	var got []uv.Event
	d := &inputDecoder{send: func(m bt.Msg) { got = append(got, m) }, wait: time.Hour}
	big := strings.Repeat("x", 2*maxKeptPaste)
	d.feed([]byte("\x1b[200~" + big + "\x1b[201~"))
	if len(got) != 3 || got[1] != (uv.PasteEvent{Content: big}) {
		t.Fatalf("got %d events, want start, the paste and end", len(got))
	}
	if d.paste != nil {
		t.Errorf("the decoder keeps a paste buffer of %d bytes", cap(d.paste))
	}
}
