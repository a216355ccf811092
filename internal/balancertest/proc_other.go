//go:build !linux

package balancertest

import "syscall"

// endWithParent is nil where the kernel cannot end a child with its
// parent: the caller stops what it started.
func endWithParent() *syscall.SysProcAttr { return nil }
