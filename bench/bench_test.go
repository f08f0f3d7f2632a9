package bench

import (
	"context"
	"testing"
)

// TestSignatureIgnoresWorkers runs a tiny suite at 1 and 2 workers: the
// timings differ, the signature must not.
func TestSignatureIgnoresWorkers(t *testing.T) {
	var sigs []string
	for _, w := range []int{1, 2} {
		rep, err := Run(context.Background(), Config{Workers: w, Scale: 0.005})
		if err != nil {
			t.Fatal(err)
		}
		if rep.ShantenNs.One <= 0 || rep.ScoreNs.One <= 0 || rep.SelfPlayHanchanPerS.All <= 0 {
			t.Errorf("workers %d: missing timings: %+v", w, rep)
		}
		if rep.VerifyGamesPerS != nil {
			t.Error("verify measured without a corpus")
		}
		sigs = append(sigs, rep.Signature)
	}
	if sigs[0] != sigs[1] {
		t.Errorf("signature %s at 1 worker, %s at 2", sigs[0], sigs[1])
	}
}

func TestFixedInputs(t *testing.T) {
	hs := Hands(100)
	for i := range hs {
		if hs[i].Total() != 14 {
			t.Fatalf("hand %d holds %d tiles", i, hs[i].Total())
		}
	}
	wins, err := Wins(context.Background(), 50)
	if err != nil || len(wins) != 50 {
		t.Fatalf("Wins: %d, %v", len(wins), err)
	}
}
