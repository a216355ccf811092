package vhs_test

import (
	"errors"
	"strings"
	"testing"
)

func TestEveryTapePassesVHSParser(t *testing.T) {
	for _, path := range tapes(t) {
		if _, err := parseTape(path); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// minimalTape is a tape the replay accepts, with body appended.
const minimalTape = `# facet: cols=80 rows=24
Output vhs/t.gif
Set FontSize 16
Set Width 1000
Set Height 640
Hide
Type "go run ./cmd/playground --demo t"
Enter
Show
`

func TestReadTapeFollowsVHSParser(t *testing.T) {
	tests := []struct {
		name     string
		body     string
		rejected bool   // VHS's parser refuses it
		err      string // or the replay refuses it with this text
		keys     []string
	}{
		{name: "End is not a VHS command", body: "End\n", rejected: true},
		{name: "Home is not a VHS command", body: "Home\n", rejected: true},
		{name: "an unknown setting", body: "Set Colour red\n", rejected: true},
		{name: "Ctrl needs a key", body: "Ctrl\n", rejected: true},
		{name: "Wait+Line is not replayable", body: "Wait+Line /x/\n", err: "use Wait+Screen"},
		{name: "Screenshot is not replayable", body: "Screenshot vhs/t.png\n", err: "does not interpret Screenshot"},
		{name: "keys with counts and speeds", body: "PageDown 3\nDown@50ms 2\nEnter\n", keys: []string{"pgdown", "pgdown", "pgdown", "down", "down", "enter"}},
		{name: "modifiers", body: "Ctrl+U\nShift+Tab\nAlt+b\nCtrl+Alt+x\n", keys: []string{"ctrl+u", "shift+tab", "alt+b", "ctrl+alt+x"}},
		{name: "Type types each character", body: `Type "a b"` + "\n", keys: []string{"a", "space", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tp, err := readTape("t", minimalTape+tt.body)
			switch {
			case tt.rejected:
				if !errors.Is(err, errVHSRejects) {
					t.Fatalf("readTape: %v, want VHS's parser to reject the tape", err)
				}
				return
			case tt.err != "":
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("readTape: %v, want an error containing %q", err, tt.err)
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			var got []string
			for _, s := range tp.steps {
				for _, k := range s.keys {
					got = append(got, k.String())
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.keys, " ") {
				t.Fatalf("keys %q, want %q", got, tt.keys)
			}
			if tp.cols != 80 || tp.rows != 24 {
				t.Fatalf("size %dx%d, want 80x24 from the facet comment", tp.cols, tp.rows)
			}
		})
	}
}
