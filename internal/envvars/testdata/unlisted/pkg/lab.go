//go:build experiments

package pkg

import "os"

// Four is read only under the tag.
func Four() string {
	return os.Getenv("MJRANK_FOUR")
}
