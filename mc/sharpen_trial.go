package mc

import (
	"math"
	"os"
	"strconv"

	"github.com/mjrank/mjrank/sim/tile"
)

// A trial, not kept (docs/STRENGTH.md, "What knowing the hidden tiles is
// worth"): with --mc-ablation oracle-tenpai as the carrier of the truth,
// MJRANK_SHARPEN_TRIAL=beta leaves P(tenpai) predicted and moves a tenpai
// opponent's predicted waits beta toward its true ron kinds in log-odds.
var sharpenBeta, _ = strconv.ParseFloat(os.Getenv("MJRANK_SHARPEN_TRIAL"), 64)

func sharpenTrial(o *Options, s int, op *oppRoot) {
	if sharpenBeta <= 0 || o.Truth == nil || o.Oracle != OracleTenpai {
		return
	}
	tmp := *op
	tmp.truth(o.Truth, s, OracleHands)
	op.pTenpai = op.readTenpai
	if tmp.pTenpai != 1 {
		return
	}
	for k := range tile.Kind(tile.NumKinds) {
		p := min(max(op.waitP[k], 1e-6), 1-1e-6)
		l := math.Log(p/(1-p)) - sharpenBeta
		if tmp.waitP[k] == 1 {
			l += 2 * sharpenBeta
		}
		op.waitP[k] = 1 / (1 + math.Exp(-l))
	}
	op.readWaitP = op.waitP
}
