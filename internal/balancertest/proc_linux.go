package balancertest

import "syscall"

// endWithParent has the kernel kill a child when this process ends, so
// that no node or balancer outlives a load run or a test that died.
func endWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
