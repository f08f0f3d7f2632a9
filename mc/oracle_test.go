package mc

import (
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
)

// TestOracleParts checks what each oracle part reads from the truth at
// real positions: the pool loses exactly the opponents' concealed tiles
// (OracleAll, OraclePool), the opponents' states become their hands'
// (OracleAll, OracleHands; OracleTenpai only whether they are tenpai),
// and nothing else changes; OracleNone ignores Truth.
func TestOracleParts(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	tenpai := 0
	for _, p := range positions(t, 40, 5) {
		v := game.ViewOf(&p.round, p.seat)
		var pub opponent.Public
		base := e.newRoot(v, &p.rules, &config{Options: Options{Rules: &p.rules}}, &pub)
		concealed := 0
		for s := range game.NumSeats {
			if s != p.seat {
				concealed += len(p.round.Hand(s))
			}
		}
		for _, m := range []Oracle{OracleNone, OracleAll, OracleHands, OraclePool, OracleTenpai} {
			o := config{Options: Options{Rules: &p.rules}, Lab: Lab{Truth: &p.round, Oracle: m}}
			r := e.newRoot(v, &p.rules, &o, &pub)
			wantUnseen := base.nUnseen
			if m == OracleAll || m == OraclePool {
				wantUnseen -= concealed
			}
			if r.nUnseen != wantUnseen {
				t.Fatalf("%s, oracle %d: %d unseen tiles, want %d", p.name, m, r.nUnseen, wantUnseen)
			}
			for s := range game.NumSeats {
				if s == p.seat {
					continue
				}
				got, pred := &r.opp[s], &base.opp[s]
				if got.readTenpai != pred.pTenpai || got.readWaitP != pred.waitP {
					t.Fatalf("%s, oracle %d, seat %d: the seat's reading changed", p.name, m, s)
				}
				if m == OracleNone || m == OraclePool {
					if got.pTenpai != pred.pTenpai || got.waitP != pred.waitP || got.value != pred.value {
						t.Fatalf("%s, oracle %d, seat %d: the predicted state changed", p.name, m, s)
					}
					continue
				}
				var truth oppRoot
				truth.truth(&p.round, s, OracleAll)
				if got.pTenpai != truth.pTenpai {
					t.Fatalf("%s, oracle %d, seat %d: P(tenpai) %v, the hand's %v", p.name, m, s, got.pTenpai, truth.pTenpai)
				}
				if truth.pTenpai == 1 {
					tenpai++
				}
				wantWait, wantValue := truth.waitP, truth.value
				if truth.pTenpai == 0 {
					wantValue = pred.value // a noten hand's value stays predicted
				}
				if m == OracleTenpai {
					wantWait, wantValue = pred.waitP, pred.value
				}
				if got.waitP != wantWait || got.value != wantValue {
					t.Fatalf("%s, oracle %d, seat %d: waits or value not as the oracle reads them", p.name, m, s)
				}
			}
		}
	}
	if tenpai == 0 {
		t.Fatal("no tenpai opponent among the positions: the hands' part went unchecked")
	}
}
