package mc

import (
	"os"
	"strconv"

	"github.com/mjrank/mjrank/policy"
)

// A trial, not kept (docs/ENGINE.md, item 1): see bot/topn_trial.go.
var topnTop, _ = strconv.Atoi(os.Getenv("MJRANK_TOPN_TRIAL"))
var topnLimit = os.Getenv("MJRANK_TOPN_LIMIT") == "1"
var topnPolicy, _ = policy.Default()
