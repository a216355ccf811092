package derive

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDeriveImportsNoMCPSDK holds the seam: derivation is Facet's own rules
// and compiles without any MCP SDK, so moving to another SDK is a change to
// render/mcp's adapter and transports only.
func TestDeriveImportsNoMCPSDK(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, sdk := range []string{"github.com/mark3labs/mcp-go", "github.com/modelcontextprotocol/go-sdk"} {
			if dep == sdk || strings.HasPrefix(dep, sdk+"/") {
				t.Errorf("render/mcp/internal/derive depends on %s: derivation must not import an MCP SDK", dep)
			}
		}
	}
}
