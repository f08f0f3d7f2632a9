package pkg

import "os"

var one, two = os.Getenv("MJRANK_ONE"), os.Getenv("MJRANK_TWO")

var gone = os.Getenv("MJRANK_GONE")
