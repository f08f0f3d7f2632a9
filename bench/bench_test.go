package bench

import (
	"context"
	"strings"
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

// TestCorpusMustHoldRecords: a corpus given that is missing or holds no
// record file stops Run before the suite (it was skipped without a word,
// or timed 0 games into a NaN efficiency).
func TestCorpusMustHoldRecords(t *testing.T) {
	for _, corpus := range []string{"no-such-corpus", t.TempDir()} {
		if _, err := Run(context.Background(), Config{Corpus: corpus, Scale: 0.001}); err == nil || !strings.Contains(err.Error(), corpus) {
			t.Errorf("corpus %s: %v, want an error naming it", corpus, err)
		}
	}
}

// wantSignature is the bench signature of this commit. A change of
// behaviour (rules, bots, models, engine) moves it: update it here and end
// the commit message with "Bench: <signature>"; a change that does not move
// it says "No functional change".
const wantSignature = "a60f678538096cd2"

// TestSignaturePinned: the suite's signature is the pinned one (the
// signature's work does not depend on Scale).
func TestSignaturePinned(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the signature arena and the engine positions")
	}
	rep, err := Run(context.Background(), Config{Workers: 1, Scale: 0.001})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Signature != wantSignature {
		t.Errorf("bench signature %s, pinned %s: a behaviour change; if intended, update wantSignature and say Bench: %s in the commit", rep.Signature, wantSignature, rep.Signature)
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
