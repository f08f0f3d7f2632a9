package other

import "os"

// Two is read here, not by its owner.
func Two() string { return os.Getenv("MJRANK_TWO") }
