package mc

import "github.com/mjrank/mjrank/sim/game"

// Oracle is what an oracle analysis reads from Lab.Truth, the round's
// hidden state that no player sees. Oracle runs measure what the hidden
// information is worth to the engine, and which part of it
// (docs/STRENGTH.md, "What knowing the hidden tiles is worth"): the
// search turns exact knowledge into strength, so the gap between an
// oracle and the engine is what better opponent predictors could buy.
// Never set it when playing.
type Oracle uint8

// Oracle parts.
const (
	OracleNone   Oracle = iota // Truth is not read
	OracleAll                  // the opponents' hands and the draws
	OracleHands                // each opponent's tenpai, ron kinds and hand value; the draws as without
	OraclePool                 // the draws: the opponents' concealed tiles leave the pool; their states predicted
	OracleTenpai               // whether each opponent is tenpai (with a yaku for a ron); its ron kinds and value predicted
)

// pool reports whether the oracle takes the opponents' concealed tiles out
// of the pool of draws.
func (m Oracle) pool() bool { return m == OracleAll || m == OraclePool }

// hands reports whether the oracle reads the opponents' states from their
// hands (all of it, or OracleTenpai's part).
func (m Oracle) hands() bool { return m == OracleAll || m == OracleHands || m == OracleTenpai }

// poolTruth is the round whose concealed tiles leave the pool of draws:
// o.Truth when the oracle reads the pool, else nil.
func (o *Lab) poolTruth() *game.Round {
	if o.Oracle.pool() {
		return o.Truth
	}
	return nil
}

// handsTruth is the round the opponents' states are read from: o.Truth
// when the oracle reads their hands, else nil.
func (o *Lab) handsTruth() *game.Round {
	if o.Oracle.hands() {
		return o.Truth
	}
	return nil
}
