package terminal_test

import (
	"context"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/widgets"
)

// BenchmarkPaste pastes text into a focused field of a running program
// (bracketed paste on its input, as a terminal sends it) and waits until
// the app's model holds all of it: the time a person waits for a paste to
// show.
func BenchmarkPaste(b *testing.B) {
	for _, bc := range []struct {
		name, id string
		chars    int
	}{
		{"text_input_4000", "field", 4000},
		{"text_area_60000", "area", 60000},
	} {
		b.Run(bc.name, func(b *testing.B) {
			rt, err := tea.Start(context.Background(), newPasteApp(), tea.WithSize(100, 30))
			if err != nil {
				b.Fatal(err)
			}
			defer rt.Stop()
			if _, err := rt.Dispatch(context.Background(), tea.FocusMsg{ID: bc.id}); err != nil {
				b.Fatal(err)
			}
			inR, inW := io.Pipe()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- terminal.Run(ctx, nil, terminal.WithRuntime(rt), terminal.WithInput(inR),
					terminal.WithOutput(io.Discard), terminal.WithSize(100, 30))
			}()
			defer func() {
				cancel()
				<-done
				_ = inW.Close()
			}()
			// Lines of 80 characters, as pasted prose or code would be.
			line := strings.Repeat("abcdefghij", 8)[:79] + "\n"
			text := strings.Repeat(line, bc.chars/len(line)+1)[:bc.chars]
			paste := "\x1b[200~" + text + "\x1b[201~"
			value := func() string {
				m := rt.Snapshot().Model.(pasteApp)
				if bc.id == "field" {
					return m.field.Value
				}
				return m.area.Value
			}
			snaps, unsubscribe := rt.Subscribe()
			defer unsubscribe()
			b.ResetTimer()
			for b.Loop() {
				b.StopTimer()
				if _, err := rt.Dispatch(context.Background(), widgets.TextChanged{ID: bc.id}); err != nil {
					b.Fatal(err)
				}
				for len(snaps) > 0 {
					<-snaps
				}
				b.StartTimer()
				if _, err := io.WriteString(inW, paste); err != nil {
					b.Fatal(err)
				}
				for utf8.RuneCountInString(value()) < bc.chars {
					select {
					case <-snaps:
					case err := <-done:
						b.Fatalf("the program ended before the paste showed: %v", err)
					}
				}
			}
		})
	}
}
