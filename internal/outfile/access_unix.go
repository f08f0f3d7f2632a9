//go:build unix

package outfile

import "syscall"

// writable reports access(2)'s verdict on writing path: the permission
// bits, a read-only file system, the process's user (root passes the
// bits).
func writable(path string) error {
	return syscall.Access(path, 2) // W_OK
}
