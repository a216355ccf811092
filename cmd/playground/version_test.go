package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/facetui/facet/internal/version"
)

// TestVersionIsTheChangelogs reads the newest section of CHANGELOG.md and
// what --version prints: both name one version. While the section is
// unreleased ("## 0.1.0 (unreleased)") the binary is that version with
// "-dev"; released ("## 0.1.0 (2026-09-01)"), that version.
func TestVersionIsTheChangelogs(t *testing.T) {
	changelog, err := os.ReadFile("../../CHANGELOG.md")
	if err != nil {
		t.Fatal(err)
	}
	heading := regexp.MustCompile(`(?m)^## (.*)$`).FindStringSubmatch(string(changelog))
	if heading == nil {
		t.Fatal("CHANGELOG.md has no version section (## ...)")
	}
	m := regexp.MustCompile(`^(\d+\.\d+\.\d+) \((unreleased|\d{4}-\d{2}-\d{2})\)$`).FindStringSubmatch(heading[1])
	if m == nil {
		t.Fatalf("CHANGELOG.md's newest section is %q, want \"## X.Y.Z (unreleased)\" or \"## X.Y.Z (YYYY-MM-DD)\"", heading[0])
	}
	want := m[1]
	if m[2] == "unreleased" {
		want += "-dev"
	}
	if version.Version != want {
		t.Fatalf("CHANGELOG.md's newest section is %q, so the version is %s; internal/version says %s", heading[0], want, version.Version)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"--version"}, strings.NewReader(""), &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "playground "+want+" (") {
		t.Fatalf("--version printed %q, want playground %s", out.String(), want)
	}
}
