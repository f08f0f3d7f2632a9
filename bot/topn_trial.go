package bot

import (
	"os"
	"strconv"

	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/tile"
)

// A trial, not kept (docs/ENGINE.md, item 1): MJRANK_TOPN_TRIAL=n: the rollout model's best n candidates, the
// policy's choice among them (MJRANK_TOPN_LIMIT=1: look-ahead for those only).
var topnTop, _ = strconv.Atoi(os.Getenv("MJRANK_TOPN_TRIAL"))
var topnLimit = os.Getenv("MJRANK_TOPN_LIMIT") == "1"

func (b *Rollout) topnDiscard() (tile.Kind, bool) {
	if topnTop <= 0 {
		return 0, false
	}
	m, err := policy.Default()
	if err != nil {
		panic(err)
	}
	return policy.TopNTrial(&b.pos, b.m, m, topnTop, topnLimit)
}
