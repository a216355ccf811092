package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/facetui/facet/tea"
	"github.com/facetui/facet/trace"
)

// addRecordFlag declares --record.
func addRecordFlag(fs *flag.FlagSet, dir *string) {
	fs.StringVar(dir, "record", "", "record every session into `DIR`, one DIR/<session>-<time>.facetrec file each (see the README's \"Recording and replay\")")
}

// recorders writes one recording per session into a directory.
type recorders struct {
	dir    string
	stderr io.Writer
	mu     sync.Mutex
	open   map[string]*recording
}

type recording struct {
	rec  *trace.Recorder
	file *os.File
}

func newRecorders(dir string, stderr io.Writer) (*recorders, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("--record: %w", err)
	}
	return &recorders{dir: dir, stderr: stderr, open: map[string]*recording{}}, nil
}

// option starts recording session id of app and returns the runtime
// option that feeds the recording (none when the file cannot be made).
func (r *recorders) option(id, app string) []tea.Option {
	name := filepath.Join(r.dir, fmt.Sprintf("%s-%s.facetrec", id, time.Now().UTC().Format("20060102T150405.000")))
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		fmt.Fprintf(r.stderr, "playground: session %s is not recorded: %v\n", id, err)
		return nil
	}
	rec := trace.New(f, trace.Options{App: app, Session: id})
	r.mu.Lock()
	r.open[id] = &recording{rec: rec, file: f}
	r.mu.Unlock()
	return []tea.Option{rec.Option()}
}

// close ends session id's recording, saying so when it stopped at its
// cap.
func (r *recorders) close(id string) {
	r.mu.Lock()
	c := r.open[id]
	delete(r.open, id)
	r.mu.Unlock()
	if c == nil {
		return
	}
	if err := c.rec.Stopped(); err != nil {
		fmt.Fprintf(r.stderr, "playground: session %s: %v\n", id, err)
	}
	if err := c.rec.Close(); err != nil {
		fmt.Fprintf(r.stderr, "playground: session %s: recording: %v\n", id, err)
	}
	_ = c.file.Close()
}

// attach records every session sessions starts from now on; the returned
// function ends the recordings still open.
func (r *recorders) attach(sessions *tea.Sessions) (stop func()) {
	sessions.StartOptions(r.option)
	cancel := sessions.Watch(func(ev tea.SessionEvent) {
		if !ev.Started {
			r.close(ev.Session.ID)
		}
	})
	return func() {
		cancel()
		r.mu.Lock()
		ids := make([]string, 0, len(r.open))
		for id := range r.open {
			ids = append(ids, id)
		}
		r.mu.Unlock()
		for _, id := range ids {
			r.close(id)
		}
	}
}
