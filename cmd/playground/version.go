package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/facetui/facet/internal/version"
)

// versionLine spells the binary's version: Facet's version (package
// internal/version, which CHANGELOG.md's newest section names), then the
// module and, when the build recorded one, the module version it was built
// as (a tag, or a commit's pseudo-version), the Go toolchain and the
// platform.
func versionLine() string {
	module := "github.com/facetui/facet"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" && bi.Main.Version != "v"+version.Version {
		module += " " + bi.Main.Version
	}
	return fmt.Sprintf("playground %s (%s, %s %s/%s)", version.Version, module, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
