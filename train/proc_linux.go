package train

import (
	"os/exec"
	"syscall"
)

// ownGroup puts cmd's process into a process group of its own, killed
// whole (SIGKILL) when cmd's context ends, and has the kernel kill the
// process when mjrank dies.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
