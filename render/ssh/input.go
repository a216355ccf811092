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

	// Keys go straight into the pipe, window changes in between (a
	// pipe's writes never interleave): no copy of each read, nor a third
	// goroutine to merge them. The reading goroutine reads the channel
	// until the client closes it; a read in progress when ctx ends
	// finishes when the server closes the channel after the handler
	// returns. A client that sends no more keys (its stdin ended) may
	// still watch and resize.
	go func() {
		// Keys come a few bytes at a time; a paste takes as many reads as
		// it needs. The terminal decodes each write as one read (see its
		// input decoder), 1 KB at most.
		buf := make([]byte, 1<<10)
		for {
			n, err := src.Read(buf)
			if n > 0 {
				active()
				if _, werr := pw.Write(buf[:n]); werr != nil {
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
			select {
			case <-ctx.Done():
				return
			case w, ok := <-winch:
				if !ok {
					return
				}
				active()
				if _, err := pw.Write(limit.sizeReport(w)); err != nil {
					return
				}
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
