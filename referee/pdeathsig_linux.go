package referee

import "syscall"

// setPdeathsig has the kernel kill a seat's program when the referee dies
// without closing it (SIGKILL): the group kill on every exit path cannot
// run then.
func setPdeathsig(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
