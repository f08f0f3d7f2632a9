package mc

import (
	"os"
	"strconv"
)

// A trial, not kept (removed by the next commit): MJRANK_BELIEF_TRIAL=w
// sets the decision rule's default belief weight (docs/STRENGTH.md).
var beliefTrial, _ = strconv.ParseFloat(os.Getenv("MJRANK_BELIEF_TRIAL"), 64)
