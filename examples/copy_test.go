package examples_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAnExampleCopiedIntoAnotherModulePassesItsTest copies examples/todo,
// as a user would, into a module of its own that requires Facet (with a
// replace line to this checkout, as README says until a release is
// tagged), and runs go test there: the example and its test import only
// what another module can.
func TestAnExampleCopiedIntoAnotherModulePassesItsTest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of its own")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files, err := filepath.Glob("todo/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no todo sources: %v", err)
	}
	for _, f := range files {
		copyFile(t, f, filepath.Join(dir, filepath.Base(f)))
	}
	// The checkout's sums: the module needs no download the checkout did not.
	copyFile(t, filepath.Join(repo, "go.sum"), filepath.Join(dir, "go.sum"))
	goMod := "module example.com/todo\n\ngo 1.26.8\n\nrequire github.com/facetui/facet v0.0.0\n\nreplace github.com/facetui/facet => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"mod", "tidy"}, {"vet", "./..."}, {"test", "-count=1", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s in the copy: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// copyFile copies the file from to the file to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
