package pkg

import "os"

// One and Two read MJRANK_ONE and MJRANK_TWO.
func One() string { return os.Getenv("MJRANK_ONE") }

func Two() string { return os.Getenv("MJRANK_TWO") }
