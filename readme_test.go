package facet_test

import (
	"os"
	"strings"
	"testing"
)

// fencedBlocks returns the contents of README's fenced code blocks whose
// info string is lang.
func fencedBlocks(t *testing.T, readme, lang string) []string {
	t.Helper()
	var blocks []string
	rest := readme
	for {
		_, after, ok := strings.Cut(rest, "```"+lang+"\n")
		if !ok {
			return blocks
		}
		body, tail, ok := strings.Cut(after, "```\n")
		if !ok {
			t.Fatalf("README has an unclosed ```%s block", lang)
		}
		blocks = append(blocks, body)
		rest = tail
	}
}

func TestReadmeExampleIsExampleTestGoWordForWord(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(t, string(readme), "go")
	if len(blocks) != 1 {
		t.Fatalf("README has %d Go blocks, want exactly 1 (the minimal app)", len(blocks))
	}
	if blocks[0] != string(example) {
		t.Fatal("README's Go example differs from example_test.go: copy the file into the README again")
	}
}

func TestReadmeQuickStartIsTwoCommands(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, quick, ok := strings.Cut(string(readme), "## Quick start\n")
	if !ok {
		t.Fatal("README has no Quick start section")
	}
	blocks := fencedBlocks(t, quick, "sh")
	if len(blocks) == 0 {
		t.Fatal("Quick start has no commands")
	}
	if want := "go run ./cmd/playground\ngo test -race ./...\n"; blocks[0] != want {
		t.Fatalf("Quick start commands = %q, want %q", blocks[0], want)
	}
}
