package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

func TestHelpGoesToStdoutWithStatus0(t *testing.T) {
	for _, arg := range []string{"--help", "-help", "-h"} {
		t.Run(arg, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), []string{arg}, strings.NewReader(""), &out, &errOut)
			if code := exitCode(err, &errOut); code != 0 {
				t.Fatalf("exit status %d, want 0 (err %v)", code, err)
			}
			if errOut.Len() != 0 {
				t.Errorf("help wrote to stderr:\n%s", errOut.String())
			}
			for _, want := range []string{"Usage: playground", "--demo NAME", "--list", "--version", "--http ADDR", "search"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("usage lacks %q:\n%s", want, out.String())
				}
			}
			if m := regexp.MustCompile(`(?m)^\s+-[a-z]`).FindString(out.String()); m != "" {
				t.Errorf("usage spells a flag with one dash (%q):\n%s", m, out.String())
			}
		})
	}
}

func TestVersionPrintsToStdout(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"--version"}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run --version: %v", err)
	}
	if !regexp.MustCompile(`^playground \S+ \(github.com/facetui/facet( v\S+)?, go\S+ \S+/\S+\)\n$`).MatchString(out.String()) {
		t.Errorf("--version printed %q", out.String())
	}
	if errOut.Len() != 0 {
		t.Errorf("stderr: %q", errOut.String())
	}
}

func TestUsageErrorsSpellFlagsWithTwoDashes(t *testing.T) {
	for _, args := range [][]string{{"--frobnicate"}, {"--demo"}, {"--max-sessions", "x"}} {
		err := run(context.Background(), args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
		var ue *usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "--"+strings.TrimLeft(args[0], "-")) {
			t.Errorf("run %q = %v, want a usage error naming %s", args, err, args[0])
		}
	}
}

func TestWithoutATerminalTheTerminalModeSaysWhatToUse(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	var out, errOut bytes.Buffer
	err = run(context.Background(), nil, devNull, &out, &errOut)
	if !errors.Is(err, errNoTerminal) {
		t.Fatalf("run with stdin %s = %v, want errNoTerminal", os.DevNull, err)
	}
	var report bytes.Buffer
	if code := exitCode(err, &report); code != 2 {
		t.Errorf("exit status %d, want 2", code)
	}
	for _, want := range []string{"not a terminal", "--mcp", "--http ADDR", "--ssh ADDR", "--web ADDR"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report lacks %q: %s", want, report.String())
		}
	}
	if strings.Contains(report.String(), "epoll") {
		t.Errorf("report leaks the epoll error: %s", report.String())
	}
}
