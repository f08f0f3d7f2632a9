package opponent_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"path/filepath"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// featuresHash is the hash TestFeaturesUnchanged pins. It was measured
// before passOrder read the discards' turns instead of rebuilding their
// order, and is the same after. When the corpus grew (2026-11-25) the test
// moved from the first 300 games in file order to the first 300 of the
// sample; the old 300 still gave the old hash, 0x25e43042fa0303fc.
// Wait schema 4 appended 21 wait features (fillExtra): 0xde79682fb61d809f
// before, with the same tenpai features and the same first 90 wait
// features (their code did not change).
const featuresHash = 0xa0641b136786cfec

// TestFeaturesUnchanged hashes every tenpai and wait feature vector of
// every seat after every event of the first 300 four-player games of the
// corpus tests' fixed sample (internal/shareddata/sample.txt, in path
// order): the shipped models were trained on these values, so a change
// must bump Schema (WaitSchema for a wait feature) and retrain. It reads
// the sample even under MJRANK_CORPUS=full, so the hash stays one.
func TestFeaturesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 300 games")
	}
	dir := shareddata.Dir(t, "tenhou")
	var files []string
	for _, rel := range shareddata.SampleRels() {
		files = append(files, filepath.Join(dir, filepath.FromSlash(rel)))
	}
	h := fnv.New64a()
	var b [8]byte
	put := func(v float64) {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		h.Write(b[:])
	}
	var pub opponent.Public
	var x [opponent.NumWaitFeatures]float64
	var y [opponent.NumTenpaiFeatures]float64
	games, obs := 0, 0
	for _, f := range files {
		if games >= 300 {
			break
		}
		refs, err := dataset.ReadFile(f)
		if err != nil {
			continue
		}
		for _, ref := range refs {
			if games >= 300 {
				break
			}
			if ref.Game.Players != game.NumSeats {
				continue
			}
			games++
			var rep data.ReplayReport
			// Every step after a round's start: after each event, and the end.
			for st := range data.ReplaySteps(ref.Game, &rep) {
				if st.Event == 0 {
					continue
				}
				r := st.Engine
				for seat := range game.NumSeats {
					obs++
					pub.Reset(game.ViewOf(r, seat), seat)
					pub.TenpaiFeatures(y[:])
					for _, v := range y {
						put(v)
					}
					for k := range tile.NumKinds {
						pub.WaitFeatures(tile.Kind(k), x[:])
						for _, v := range x {
							put(v)
						}
					}
				}
			}
			if rep.Err != nil {
				t.Fatalf("%s: %v", f, rep.Err)
			}
		}
	}
	if got := h.Sum64(); got != featuresHash {
		t.Errorf("%d games, %d observations: feature hash %#016x, want %#016x", games, obs, got, uint64(featuresHash))
	}
}
