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

func TestReadmeGoBlocksAreTheirFilesWordForWord(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	// Each Go block, in order, is a file that go test compiles.
	files := []string{
		"examples/shared/main.go", // Serve your own app everywhere
		"example_test.go",         // A minimal app
	}
	blocks := fencedBlocks(t, string(readme), "go")
	if len(blocks) != len(files) {
		t.Fatalf("README has %d Go blocks, want %d (%s)", len(blocks), len(files), strings.Join(files, ", "))
	}
	for i, name := range files {
		file, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if blocks[i] != string(file) {
			t.Errorf("README's Go block %d differs from %s: copy the file into the README again", i+1, name)
		}
	}
}

func TestReadmeServesAnAppEverywhereInFifteenLines(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## Serve your own app everywhere\n")
	if !ok {
		t.Fatal("README has no \"Serve your own app everywhere\" section")
	}
	blocks := fencedBlocks(t, section, "go")
	if len(blocks) == 0 {
		t.Fatal("the section has no program")
	}
	if n := strings.Count(blocks[0], "\n"); n > 15 {
		t.Fatalf("the program is %d lines, want 15 or fewer:\n%s", n, blocks[0])
	}
	for _, want := range []string{"package main", "func main()", "facet.Main("} {
		if !strings.Contains(blocks[0], want) {
			t.Errorf("the program lacks %q:\n%s", want, blocks[0])
		}
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
