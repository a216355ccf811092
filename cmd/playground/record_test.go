package main

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/trace"
)

// TestRecordWritesTheTerminalSessionAndItReplays records a terminal
// session with --record and replays the file into a fresh catalog: the
// same frames.
func TestRecordWritesTheTerminalSessionAndItReplays(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	dir := t.TempDir()
	term := termtest.NewTerminal(t, 100, 30)
	opts, err := parseOptions([]string{"--demo", "counter", "--record", dir})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- runTerminal(ctx, opts, term, term, terminal.WithSize(100, 30)) }()
	term.WaitFor(t, "Count: 0")
	term.Type(t, "\r")
	term.WaitFor(t, "Count: 1")
	term.Type(t, "\r")
	term.WaitFor(t, "Count: 2")
	term.Type(t, "q")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "terminal-*.facetrec"))
	if len(files) != 1 {
		t.Fatalf("recordings %v, want one", files)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	entries, err := trace.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	m, _ := playground.NewBrowserAt("counter")
	res, err := trace.Replay(ctx, entries, m, trace.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Inputs < 3 {
		t.Errorf("replayed %+v, want the size and three keys at least", res)
	}
}

// TestRecordGivesAgentsTheRecordingTool: with --record, --mcp lists the
// recording tool (trace/recordtool); without it, the base list keeps to
// its budget and has none.
func TestRecordGivesAgentsTheRecordingTool(t *testing.T) {
	if _, ok := stdioPlayground(t, "--record", t.TempDir()).tools()["recording"]; !ok {
		t.Error("--mcp --record does not list the recording tool")
	}
	if _, ok := stdioPlayground(t).tools()["recording"]; ok {
		t.Error("--mcp without --record lists the recording tool")
	}
}
