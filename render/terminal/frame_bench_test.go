package terminal

import (
	"context"
	"fmt"
	"io"
	"testing"

	uv "github.com/charmbracelet/ultraviolet"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// counterView is the playground's counter as the SSH load test sees it: a
// titled box with the count, three buttons and a hint, on an 80x24 screen.
func counterView(n int) tea.Node {
	return tea.Box{Title: "Counter", Child: tea.Vertical(
		tea.Text{Content: fmt.Sprintf("Count: %d", n), Bold: true},
		tea.Spacer{Lines: 1},
		tea.Horizontal(
			widgets.Button{ID: "inc", Label: "+1", OnClick: 1},
			widgets.Button{ID: "dec", Label: "−1", OnClick: -1},
			widgets.Button{ID: "reset", Label: "Reset", OnClick: 0},
		),
		tea.Spacer{Lines: 1},
		tea.Text{Content: "tab: next button · enter/space: press", Muted: true},
	)}
}

// counterSnapshots are snapshots of the counter at consecutive counts, as
// a terminal receives them while a person presses Enter.
func counterSnapshots(n int) []tea.Snapshot {
	out := make([]tea.Snapshot, n)
	for i := range out {
		out[i] = tea.Snapshot{View: counterView(i), Focus: "inc", Version: uint64(i + 1)}
	}
	return out
}

// frameWays are the two ways a terminal can turn a snapshot into what
// Bubble Tea draws: everything laid out again and every line padded to
// the width (how it was), or only what changed laid out again (the memo)
// and the padding left out (how Run does it).
var frameWays = []struct {
	name    string
	content func(a *adapter) string
}{
	{"redraw_all", func(a *adapter) string {
		a.frame = layout(a.snap.View, a.width, a.height, a.snap.Focus, a.snap.Hover, snapshotStatus(a.snap, a.detachKey), chromeHelp{}, a.theme)
		return a.frame.Styled()
	}},
	{"memo", func(a *adapter) string {
		a.relayout()
		return a.View().Content
	}},
}

// BenchmarkSnapshotFrame is a terminal's work for one snapshot of the
// counter: lay it out and produce the content Bubble Tea draws.
func BenchmarkSnapshotFrame(b *testing.B) {
	snaps := counterSnapshots(64)
	for _, way := range frameWays {
		b.Run(way.name, func(b *testing.B) {
			a := newBenchAdapter()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				a.snap = snaps[i%len(snaps)]
				_ = way.content(&a)
				i++
			}
		})
	}
}

// BenchmarkSnapshotFlush is BenchmarkSnapshotFrame followed by what Bubble
// Tea's renderer does with the content on every change (its flush on the
// alternate screen): clear its 80x24 cell buffer, draw the content into it,
// diff it against the screen and write the difference.
func BenchmarkSnapshotFlush(b *testing.B) {
	snaps := counterSnapshots(64)
	for _, way := range frameWays {
		b.Run(way.name, func(b *testing.B) {
			a := newBenchAdapter()
			buf := uv.NewScreenBuffer(80, 24)
			scr := newBenchRenderer(io.Discard)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				a.snap = snaps[i%len(snaps)]
				content := way.content(&a)
				buf.Clear()
				uv.NewStyledString(content).Draw(buf, buf.Bounds())
				scr.Render(buf.RenderBuffer)
				if err := scr.Flush(); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

func newBenchAdapter() adapter {
	return adapter{sh: &shared{memo: newMemo()}, theme: defaultTheme, width: 80, height: 24}
}

// BenchmarkBrowserCounterFrame is BenchmarkSnapshotFrame's memo way on
// what the SSH load test draws: the playground's counter in its browser,
// a box as tall as the 80x24 screen, most of whose rows are empty.
func BenchmarkBrowserCounterFrame(b *testing.B) {
	m, err := playground.NewBrowserAt("counter")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	rt, err := tea.Start(ctx, m)
	if err != nil {
		b.Fatal(err)
	}
	defer rt.Stop()
	if _, err := rt.Dispatch(ctx, tea.WindowSizeMsg{Width: 80, Height: 24}); err != nil {
		b.Fatal(err)
	}
	snaps := make([]tea.Snapshot, 64)
	for i := range snaps {
		snaps[i] = rt.Snapshot()
		if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: tea.Key{Code: tea.KeyEnter}}); err != nil {
			b.Fatal(err)
		}
	}
	a := newBenchAdapter()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		a.snap = snaps[i%len(snaps)]
		a.relayout()
		i++
	}
}

// newBenchRenderer is Bubble Tea's cell renderer as a full-screen 80x24
// program sets it up, writing to w.
func newBenchRenderer(w io.Writer) *uv.TerminalRenderer {
	scr := uv.NewTerminalRenderer(w, []string{"TERM=xterm-256color"})
	scr.SetFullscreen(true)
	scr.SetRelativeCursor(false)
	scr.SetScrollOptim(true)
	scr.Resize(80, 24)
	return scr
}
