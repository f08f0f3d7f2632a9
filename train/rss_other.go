//go:build !linux

package train

import "os"

// processRSS returns 0 (unknown): ru_maxrss is in KiB on Linux only, in
// bytes or absent elsewhere, and training runs on Linux.
func processRSS(*os.ProcessState) int64 { return 0 }

// selfRSS returns 0, 0 (unknown) off Linux.
func selfRSS() (self, children int64) { return 0, 0 }
