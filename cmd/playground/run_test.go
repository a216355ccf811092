package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/internal/termtest"
	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
)

func TestRunListPrintsTheCatalog(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"--list"}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run --list: %v", err)
	}
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	apps := playground.Catalog()
	if len(lines) != len(apps) {
		t.Fatalf("%d lines, want one per demo (%d):\n%s", len(lines), len(apps), out.String())
	}
	for i, a := range apps {
		fields := strings.Fields(lines[i])
		if len(fields) == 0 || fields[0] != a.Name || !strings.Contains(lines[i], a.Title) || !strings.HasSuffix(lines[i], a.Description) {
			t.Errorf("line %d = %q, want %s, its title and its description", i, lines[i], a.Name)
		}
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr: %q", errOut.String())
	}
}

func TestRunRejectsBadCommandLinesWithStatus2(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr []string
	}{
		{"unknown demo", []string{"--demo", "pong"}, append([]string{`"pong"`}, playground.Names()...)},
		{"unknown flag", []string{"--frobnicate"}, []string{"frobnicate"}},
		{"stray argument", []string{"search"}, []string{`"search"`, "--demo NAME"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), tt.args, strings.NewReader(""), &out, &errOut)
			if err == nil {
				t.Fatal("run succeeded")
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
			var report bytes.Buffer
			if code := exitCode(err, &report); code != 2 {
				t.Errorf("exit status %d, want 2", code)
			}
			if !strings.Contains(report.String(), err.Error()) {
				t.Errorf("stderr report %q does not carry the error", report.String())
			}
		})
	}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{nil, 0},
		{flag.ErrHelp, 0},
		{&usageError{err: errors.New("bad flag")}, 2},
		{errors.New("terminal broke"), 1},
		{context.Canceled, 1},
	}
	for _, tt := range tests {
		if got := exitCode(tt.err, io.Discard); got != tt.want {
			t.Errorf("exitCode(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

// TestRunTerminalOpensADemoAndQuitsOnQ drives the real terminal mode on an
// emulated 100x30 terminal: the counter demo opens directly, Enter presses
// its focused button, Esc goes back to the catalog and q quits.
func TestRunTerminalOpensADemoAndQuitsOnQ(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	term := termtest.NewTerminal(t, 100, 30)
	opts, err := parseOptions([]string{"--demo", "counter"})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- runTerminal(ctx, opts, term, term, terminal.WithSize(100, 30)) }()
	term.WaitFor(t, "Count: 0")
	term.WaitFor(t, "esc: back to catalog · q / ctrl+c: quit")
	term.Type(t, "\r")
	term.WaitFor(t, "Count: 1")
	// No MCP server shares this terminal: Ctrl+] is not a detach key here.
	term.Type(t, "\x1d\r")
	term.WaitFor(t, "Count: 2")
	if strings.Contains(term.Screen(), "agents detached") {
		t.Fatalf("Ctrl+] toggled agents on a terminal no agent can reach:\n%s", term.Screen())
	}
	term.Type(t, "\x1b")
	term.WaitFor(t, "Repository search")
	term.Type(t, "q")
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run = %v, want nil after q", err)
		}
	case <-ctx.Done():
		t.Fatalf("run did not return after q; the screen shows:\n%s", term.Screen())
	}
}
