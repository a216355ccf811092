package terminal

import (
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	bt "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// countingWriter counts the bytes written to it.
type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}

// BenchmarkFrameOutput is what one snapshot of the counter costs a
// connection to put on its terminal once it is laid out, and the bytes it
// writes (B/frame), drawn by Bubble Tea's renderer (what its flush does on
// the alternate screen: clear the cell buffer, draw the content into it,
// diff it against the screen's and write the difference) and by the line
// renderer (WithLineOutput), in 256 colours as an xterm-256color client
// gets.
func BenchmarkFrameOutput(b *testing.B) {
	snaps := counterSnapshots(64)
	frames := make([]adapter, len(snaps))
	a := newBenchAdapter()
	for i, s := range snaps {
		a.snap = s
		a.relayout()
		frames[i] = a
	}
	b.Run("bubbletea", func(b *testing.B) {
		var out countingWriter
		buf := uv.NewScreenBuffer(80, 24)
		scr := newBenchRenderer(&out)
		scr.SetColorProfile(colorprofile.ANSI256)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			content := frames[i%len(frames)].shown().screen()
			buf.Clear()
			uv.NewStyledString(content).Draw(buf, buf.Bounds())
			scr.Render(buf.RenderBuffer)
			if err := scr.Flush(); err != nil {
				b.Fatal(err)
			}
			i++
		}
		b.ReportMetric(float64(out.n)/float64(i), "B/frame")
	})
	b.Run("lines", func(b *testing.B) {
		var out countingWriter
		s := newLineScreen(&out, "counter")
		s.message(bt.ColorProfileMsg{Profile: colorprofile.ANSI256})
		s.draw(frames[len(frames)-1].lines(), 80, 24)
		out.n = 0
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			f := frames[i%len(frames)]
			s.draw(f.lines(), f.width, f.height)
			i++
		}
		b.ReportMetric(float64(out.n)/float64(i), "B/frame")
	})
}
