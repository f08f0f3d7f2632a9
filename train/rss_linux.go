package train

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// hwmPoll is how often runMeasured reads a child's peak resident size.
const hwmPoll = 20 * time.Millisecond

// runMeasured runs cmd (not started) to its end and returns the peak
// resident size of the program it ran, in bytes (0 if unknown), and
// cmd.Wait's error.
//
// The child's ru_maxrss (wait4, ProcessState.SysUsage) is no measure of
// it: at exec Linux folds the high-water mark of the memory the process
// leaves into ru_maxrss, and a child between fork (or vfork, which os/exec
// uses) and exec has this process's memory, so every child reported at
// least mjrank's own peak. The peak of the program's own memory is its
// VmHWM in /proc/PID/status, read every hwmPoll while it runs through a
// file opened once (a pid reused after the child is reaped cannot answer)
// and kept up to the last read before the exit: growth in the last
// hwmPoll is missed. ru_maxrss is taken instead when it exceeds this
// process's own peak, as it then must be the child's (or, for a wrapper
// script, its children's).
func runMeasured(cmd *exec.Cmd) (int64, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	var peak int64
	status, err := os.Open("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status")
	done := make(chan struct{})
	var wg sync.WaitGroup
	if err == nil {
		wg.Go(func() {
			defer status.Close()
			buf := make([]byte, 4096)
			tick := time.NewTicker(hwmPoll)
			defer tick.Stop()
			for {
				n, _ := status.ReadAt(buf, 0)
				peak = max(peak, vmHWM(buf[:n]))
				select {
				case <-done:
					return
				case <-tick.C:
				}
			}
		})
	}
	err = cmd.Wait()
	close(done)
	wg.Wait()
	if ru := processRSS(cmd.ProcessState); ru > peak {
		if ru > selfRSS() {
			peak = ru
		}
	}
	return peak, err
}

// vmHWM returns the VmHWM line of a /proc/PID/status text in bytes; 0
// without one (a process that has exited).
func vmHWM(status []byte) int64 {
	_, rest, ok := bytes.Cut(status, []byte("\nVmHWM:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	kb, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(line), []byte("kB")))), 10, 64)
	if err != nil {
		return 0
	}
	return kb << 10
}

// processRSS returns ru_maxrss of an ended process, in bytes (Linux
// reports it in KiB); 0 if unknown. See runMeasured for what it holds.
func processRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}

// selfRSS returns this process's peak resident size so far, in bytes
// (getrusage RUSAGE_SELF).
func selfRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss * 1024
}
