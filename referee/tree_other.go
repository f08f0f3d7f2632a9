//go:build !linux

package referee

import (
	"os/exec"
	"syscall"
)

// tree is a program's processes where no supervisor runs them: its
// process group.
type tree struct{}

// programCmd returns the command that runs a seat's program (by /bin/sh)
// in a process group of its own.
func programCmd(command string) (*exec.Cmd, *tree, error) {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, &tree{}, nil
}

func (*tree) started() {}

// kill kills the program's process group.
func (*tree) kill(pid int) {
	if pid > 0 { // never kill(0): the referee's own group
		syscall.Kill(-pid, syscall.SIGKILL)
	}
}

// outcome returns whether the program's group still held processes,
// which it kills, and how the program ended (Wait's error).
func (*tree) outcome(waitErr error, pid int) ([]string, error) {
	if syscall.Kill(-pid, syscall.SIGKILL) == nil {
		return []string{"its process group"}, waitErr
	}
	return nil, waitErr
}
