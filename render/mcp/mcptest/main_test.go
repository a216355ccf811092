package mcptest_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/facetui/facet/render/mcp/mcptest"
)

// reportDir is where this package's tests have their failure reports
// written, so that the failures they provoke do not fill the system's
// temporary directory.
var reportDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcptest-reports")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	reportDir = dir
	if err := os.Setenv(mcptest.ReportDirEnv, dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}
