package facet_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestFacetBuildsWithoutTheHeavyModules fails when package facet, which a
// user's own program imports, pulls a module only the playground needs:
// each of them costs minutes of a first build.
func TestFacetBuildsWithoutTheHeavyModules(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	heavy := []string{"github.com/nats-io/", "github.com/chromedp/", "github.com/charmbracelet/vhs",
		"github.com/openai/", "github.com/anthropics/"}
	for _, dep := range strings.Fields(string(out)) {
		for _, h := range heavy {
			if strings.HasPrefix(dep, h) {
				t.Errorf("package facet depends on %s", dep)
			}
		}
	}
}
