package examples_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExamplesImportOnlyWhatAUserCan fails for an example, or its test,
// that imports an internal package: a user who copies the example into
// their own module cannot import it.
func TestExamplesImportOnlyWhatAUserCan(t *testing.T) {
	files, err := filepath.Glob("*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no example sources found")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		parsed, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains("/"+path+"/", "/internal/") {
				t.Errorf("%s imports %s: a user who copies the example cannot import an internal package", f, path)
			}
		}
	}
}

// TestEveryExampleStartsThroughFacet fails for an example whose main.go
// does not start through package facet (Main or Run): start-up code of its
// own would be the copy every example used to carry.
func TestEveryExampleStartsThroughFacet(t *testing.T) {
	mains, err := filepath.Glob("*/main.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(mains) == 0 {
		t.Fatal("no example main.go found")
	}
	for _, f := range mains {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "facet.Main(") && !strings.Contains(string(src), "facet.Run(") {
			t.Errorf("%s starts without facet.Main or facet.Run", f)
		}
	}
}
