package trace_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/trace"
)

func TestAsciicastIsV2WithOneEventPerFrame(t *testing.T) {
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps, trace.Options{})
	entries, _ := trace.Read(bytes.NewReader(data))
	var cast bytes.Buffer
	if err := trace.Asciicast(&cast, entries); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(cast.String()), "\n")
	var head struct{ Version, Width, Height int }
	if err := json.Unmarshal([]byte(lines[0]), &head); err != nil || head.Version != 2 || head.Width < 60 || head.Height < 16 {
		t.Fatalf("header %s: %+v %v", lines[0], head, err)
	}
	frames := 0
	for _, e := range entries {
		if e.Kind == trace.KindFrame {
			frames++
		}
	}
	if len(lines)-1 != frames {
		t.Errorf("%d events for %d frames", len(lines)-1, frames)
	}
	last := 0.0
	for _, l := range lines[1:] {
		var ev []any
		if err := json.Unmarshal([]byte(l), &ev); err != nil || len(ev) != 3 || ev[1] != "o" {
			t.Fatalf("event %s: %v", l, err)
		}
		if at := ev[0].(float64); at < last {
			t.Errorf("event at %v after %v", at, last)
		} else {
			last = at
		}
	}
}

// TestAsciinemaPlaysTheCast has Debian's asciinema read the cast: cat
// prints every event's output, so the last frame's count is there.
func TestAsciinemaPlaysTheCast(t *testing.T) {
	bin, err := exec.LookPath("asciinema")
	if err != nil {
		t.Skip("asciinema is not installed (apt-get install asciinema): the cast is not played")
	}
	app, _ := playground.Lookup("counter")
	data := record(t, "counter", app.New(), sessions[0].steps[:2], trace.Options{})
	entries, _ := trace.Read(bytes.NewReader(data))
	path := filepath.Join(t.TempDir(), "counter.cast")
	var cast bytes.Buffer
	if err := trace.Asciicast(&cast, entries); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, cast.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// asciinema reads /dev/tty: util-linux's script gives it a terminal.
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script (util-linux) is not installed: asciinema needs a terminal")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, args := range []string{"cat " + path, "play --idle-time-limit 0.01 " + path} {
		cmd := exec.CommandContext(ctx, script, "-qec", bin+" "+args, "/dev/null")
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "TERM=xterm-256color")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("asciinema %s: %v\n%s", args, err, out)
		}
		if !bytes.Contains(out, []byte("Count: 3")) {
			t.Errorf("asciinema %s did not show the last frame (Count: 3):\n%q", args, out)
		}
	}
}
