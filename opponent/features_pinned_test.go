package opponent_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
	"github.com/mjrank/mjrank/train"
)

// featuresHash is the hash TestFeaturesUnchanged pins. It was measured
// before passOrder read the discards' turns instead of rebuilding their
// order, and is the same after.
const featuresHash = 0x25e43042fa0303fc

// TestFeaturesUnchanged hashes every tenpai and wait feature vector of
// every seat after every event of the first 300 four-player games of
// ../shared/data/tenhou (in file name order): the shipped models were
// trained on these values, so a change must bump Schema and retrain. If
// the corpus itself changed (files added before the first 300 games),
// measure the hash at the commit before yours and pin that.
func TestFeaturesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 300 games")
	}
	dir := shareddata.Dir(t, "tenhou")
	files, _, err := records.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
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
		refs, err := train.ReadFile(f)
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
			err := data.ReplayObserved(ref.Game, &rep, func(rd *data.Round, ei int, r *game.Round) {
				if ei < 0 {
					return
				}
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
			})
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
		}
	}
	if got := h.Sum64(); got != featuresHash {
		t.Errorf("%d games, %d observations: feature hash %#016x, want %#016x", games, obs, got, uint64(featuresHash))
	}
}
