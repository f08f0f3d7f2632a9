//go:build !linux

package train

import "os/exec"

// runMeasured runs cmd to its end; the peak resident size is 0 (unknown)
// off Linux, where training runs.
func runMeasured(cmd *exec.Cmd) (int64, error) { return 0, cmd.Run() }

// selfRSS returns 0 (unknown) off Linux.
func selfRSS() int64 { return 0 }
