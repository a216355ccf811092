package vhs_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/facetui/facet/playground"
	"github.com/facetui/facet/render/terminal"
	"github.com/facetui/facet/tea"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata from the replays")

// settleQuiet is how long a demo must publish nothing to count as idle;
// settleMax bounds the wait for demos that tick (the player, the runtime
// monitor). A tape's Sleep durations are ignored: the replay waits for the
// demo instead, so it is fast and its result does not depend on timing.
const (
	settleQuiet = 40 * time.Millisecond
	settleMax   = 400 * time.Millisecond
)

func tapes(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob("*.tape")
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

func TestEveryDemoHasATapeAndEveryTapeAGolden(t *testing.T) {
	var names []string
	for _, p := range tapes(t) {
		names = append(names, strings.TrimSuffix(p, ".tape"))
	}
	want := append(playground.Names(), "mcp")
	for _, n := range want {
		if !slices.Contains(names, n) {
			t.Errorf("no tape for %s: add vhs/%s.tape", n, n)
		}
	}
	for _, n := range names {
		if !slices.Contains(want, n) {
			t.Errorf("vhs/%s.tape is not a demo's tape (demos: %s, and mcp)", n, strings.Join(playground.Names(), ", "))
		}
	}
}

var demoCommand = regexp.MustCompile(`^go run \./cmd/playground --demo ([a-z]+)$`)

func TestTapesReplayToTheirGoldenScreens(t *testing.T) {
	for _, path := range tapes(t) {
		tp, err := parseTape(path)
		if err != nil {
			t.Fatal(err)
		}
		if tp.name == "mcp" {
			continue // TestMCPTapeReplaysItsExchange
		}
		t.Run(tp.name, func(t *testing.T) {
			t.Parallel()
			demo := startedDemo(t, tp)
			if demo != tp.name {
				t.Fatalf("%s.tape starts demo %q", tp.name, demo)
			}
			compareGolden(t, tp.name, replayDemo(t, tp))
		})
	}
}

// startedDemo returns the demo the tape's hidden commands start, failing
// the test when they do not run the playground.
func startedDemo(t *testing.T, tp *tape) string {
	t.Helper()
	for _, s := range tp.hidden {
		if m := demoCommand.FindStringSubmatch(s.text); m != nil {
			return m[1]
		}
	}
	t.Fatalf("%s.tape: no hidden Type \"go run ./cmd/playground --demo NAME\" before Show", tp.name)
	return ""
}

// replayDemo runs the playground browser opened at the tape's demo, at the
// tape's size, presses the tape's keys and returns the final screen.
func replayDemo(t *testing.T, tp *tape) string {
	t.Helper()
	b, err := playground.NewBrowserAt(tp.name)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rt, err := tea.Start(ctx, b, tea.WithSize(tp.cols, tp.rows))
	if err != nil {
		t.Fatal(err)
	}
	defer rt.Stop()
	screen := func() string {
		s := rt.Snapshot()
		return terminal.Draw(s.View, tp.cols, tp.rows, s.Focus)
	}
	settle(rt)
	// The hidden Wait that tells VHS the demo is up must hold at the start.
	for _, st := range tp.hidden {
		if st.kind == stepWait && !st.pattern.MatchString(screen()) {
			t.Fatalf("%s.tape: %s: the demo's first screen does not match; it shows:\n%s", tp.name, st.command, screen())
		}
	}
	for _, st := range tp.steps {
		switch st.kind {
		case stepKeys:
			for _, k := range st.keys {
				if _, err := rt.Dispatch(ctx, tea.KeyInputMsg{Key: k}); err != nil {
					t.Fatalf("%s.tape: %s: key %s: %v\nscreen:\n%s", tp.name, st.command, k, err, screen())
				}
			}
		case stepSleep:
			settle(rt)
		case stepWait:
			settle(rt)
			if !st.pattern.MatchString(screen()) {
				t.Fatalf("%s.tape: %s: the screen does not match; it shows:\n%s", tp.name, st.command, screen())
			}
		}
	}
	settle(rt)
	return screen()
}

// settle waits until the runtime has published nothing for settleQuiet
// (its commands have answered), or settleMax has passed.
func settle(rt *tea.Runtime) {
	deadline := time.Now().Add(settleMax)
	last := rt.Snapshot().Version
	for time.Now().Before(deadline) {
		time.Sleep(settleQuiet)
		v := rt.Snapshot().Version
		if v == last {
			return
		}
		last = v
	}
}

// compareGolden compares got with testdata/NAME.golden, or rewrites it
// under -update.
func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	got = strings.TrimRight(got, "\n") + "\n"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./vhs -update to create it)", err)
	}
	if string(want) != got {
		t.Fatalf("%s does not match the replay (go test ./vhs -update rewrites it)\n%s", path, diff(string(want), got))
	}
}

// diff shows the first lines where want and got differ.
func diff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(wl), len(gl)) && shown < 8; i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			fmt.Fprintf(&b, "line %d\nwant: %s\n got: %s\n", i+1, w, g)
			shown++
		}
	}
	return b.String()
}
