package train

import (
	"os"
	"syscall"
)

// processRSS returns the peak resident size of an ended process, in bytes
// (Linux reports ru_maxrss in KiB); 0 if unknown.
func processRSS(ps *os.ProcessState) int64 {
	if ps == nil {
		return 0
	}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss * 1024
	}
	return 0
}

// selfRSS returns this process's peak resident size so far and that of
// the largest of its children waited for, in bytes (getrusage
// RUSAGE_SELF and RUSAGE_CHILDREN).
func selfRSS() (self, children int64) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		self = ru.Maxrss * 1024
	}
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) == nil {
		children = ru.Maxrss * 1024
	}
	return self, children
}
