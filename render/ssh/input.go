package ssh

import (
	"context"
	"io"

	charmssh "charm.land/ssh"
)

// input is what a connection's program reads: the client's keystrokes, with
// every window change the client reports written in between as the in-band
// size report a terminal sends in mode 2048 (CSI 48 ; rows ; cols ;
// height px ; width px t). Bubble Tea reads that report as a WindowSizeMsg,
// so the program follows the client's window through its ordinary input
// without a real PTY (which would stop window changes from arriving).
type input struct {
	*io.PipeReader
	stop context.CancelFunc
}

// newInput starts copying src and window changes into the returned input
// until ctx ends or Close is called. It calls active for every keystroke
// chunk and window change. Window sizes are clamped to limit.
func newInput(ctx context.Context, src io.Reader, winch <-chan charmssh.Window, limit windowLimit, active func()) *input {
	ctx, stop := context.WithCancel(ctx)
	pr, pw := io.Pipe()
	// Ending unblocks a write that nobody will read any more.
	context.AfterFunc(ctx, func() {
		_ = pr.Close()
		_ = pw.Close()
	})

	chunks := make(chan []byte)
	// Reads the channel until the client closes it; a read in progress
	// when ctx ends finishes when the server closes the channel after the
	// handler returns.
	go func() {
		defer close(chunks)
		buf := make([]byte, 4096)
		for {
			n, err := src.Read(buf)
			if n > 0 {
				select {
				case chunks <- append([]byte(nil), buf[:n]...):
				case <-ctx.Done():
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	go func() {
		for {
			var data []byte
			select {
			case <-ctx.Done():
				return
			case c, ok := <-chunks:
				if !ok {
					// The client sends no more keys (its stdin ended);
					// it may still watch and resize.
					chunks = nil
					continue
				}
				data = c
			case w, ok := <-winch:
				if !ok {
					winch = nil
					continue
				}
				data = limit.sizeReport(w)
			}
			active()
			if _, err := pw.Write(data); err != nil {
				return
			}
		}
	}()
	return &input{PipeReader: pr, stop: stop}
}

// Close stops the copying; the program reads EOF.
func (in *input) Close() error {
	in.stop()
	return nil
}
