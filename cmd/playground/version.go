package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version spells the binary's version: its module version ("(devel)" when
// built from a checkout), the Go toolchain and the platform.
func version() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	return fmt.Sprintf("playground %s (github.com/facetui/facet, %s %s/%s)", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
