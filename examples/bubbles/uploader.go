package main

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/progress"
	"charm.land/bubbles/v2/spinner"
	bt "charm.land/bubbletea/v2"
)

// uploader is an ordinary Bubble Tea component, as you may already have
// one: a spinner and a progress bar that pretend to upload a file. It
// knows nothing of Facet.
type uploader struct {
	spin   spinner.Model
	bar    progress.Model
	file   string
	busy   bool
	status string
	// step is the time between two chunks.
	step time.Duration
}

// startUpload starts uploading a file.
type startUpload struct{ file string }

// chunkSent is one chunk of the upload done.
type chunkSent struct{}

func newUploader(step time.Duration) uploader {
	return uploader{spin: spinner.New(spinner.WithSpinner(spinner.Dot)), bar: progress.New(progress.WithWidth(30)),
		status: "Nothing uploaded yet.", step: step}
}

// Update implements the Bubbles component shape: it returns its own type.
func (u uploader) Update(msg bt.Msg) (uploader, bt.Cmd) {
	switch msg := msg.(type) {
	case startUpload:
		if u.busy || msg.file == "" {
			return u, nil
		}
		u.busy, u.file, u.status = true, msg.file, "Uploading "+msg.file+"…"
		// A batch: the spinner's tick, the bar's reset and the first chunk
		// all run.
		return u, bt.Batch(u.spin.Tick, u.bar.SetPercent(0), u.nextChunk())
	case chunkSent:
		cmd := u.bar.IncrPercent(0.25)
		if u.bar.Percent() >= 1 {
			u.busy, u.status = false, fmt.Sprintf("Uploaded %s.", u.file)
			return u, cmd
		}
		return u, bt.Batch(cmd, u.nextChunk())
	case spinner.TickMsg:
		if !u.busy {
			return u, nil
		}
		var cmd bt.Cmd
		u.spin, cmd = u.spin.Update(msg)
		return u, cmd
	case progress.FrameMsg:
		var cmd bt.Cmd
		u.bar, cmd = u.bar.Update(msg)
		return u, cmd
	}
	return u, nil
}

func (u uploader) nextChunk() bt.Cmd {
	return bt.Tick(u.step, func(time.Time) bt.Msg { return chunkSent{} })
}

// View implements the Bubbles component shape.
func (u uploader) View() string {
	spin := "  "
	if u.busy {
		spin = u.spin.View() + " "
	}
	return spin + u.status + "\n" + u.bar.View()
}
