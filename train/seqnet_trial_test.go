package train

// A trial, not kept (docs/MODELS.md, "Wait model"): the tenpai samples written
// out for a sequence model of the opponent's river (trained outside Go, by
// the script beside this file), with the wait features and the shipped
// trees' probabilities, to find whether the river in order reads waits the
// trees do not.

import (
	"bufio"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

const (
	seqTokens   = 40 // the opponent's river and meld tiles, oldest dropped beyond
	seqTokBytes = 6
)

// seqRecord is one tenpai sample: game int32, held uint8, ron uint64 (kind
// bits), tokens [seqTokens][seqTokBytes]uint8, features [34][NumWaitFeatures]
// float16, tree [34]float32.
func seqRecordSize() int {
	return 4 + 1 + 8 + seqTokens*seqTokBytes + tile.NumKinds*opponent.NumWaitFeatures*2 + tile.NumKinds*4
}

func f16(v float64) uint16 {
	f := float32(v)
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int((b>>23)&0xff) - 127 + 15
	man := b & 0x7fffff
	switch {
	case f != f:
		return 0x7e00
	case exp >= 31:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		man |= 0x800000
		return sign | uint16(man>>uint(14-exp))
	}
	return sign | uint16(exp)<<10 | uint16(man>>13)
}

func TestSeqNetExport(t *testing.T) {
	games := trials(t)
	out := os.Getenv("MJRANK_SEQNET_OUT")
	if out == "" {
		t.Skip("set MJRANK_SEQNET_OUT to a directory")
	}
	b, err := os.ReadFile(os.Getenv("MJRANK_WAIT_NEW"))
	if err != nil {
		t.Skip("set MJRANK_WAIT_NEW to the shipped wait model")
	}
	tree, err := xgbmodel.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	keep := 0.35
	if v, err := strconv.ParseFloat(os.Getenv("MJRANK_SEQNET_KEEP"), 64); err == nil {
		keep = v
	}
	files := map[bool]*os.File{}
	bufs := map[bool]*bufio.Writer{}
	for _, held := range []bool{false, true} {
		name := "train.bin"
		if held {
			name = "held.bin"
		}
		f, err := os.Create(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		files[held], bufs[held] = f, bufio.NewWriterSize(f, 1<<20)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	rec := make([]byte, seqRecordSize())
	xf := make([]float64, opponent.NumWaitFeatures)
	pr := make([]float64, 1)
	counts := map[bool]int{}
	for gi, gr := range games {
		held := dataset.HeldOut(gr.Key)
		err := VisitGame(gr.Game, Visitor{Discard: func(s *DiscardSample) {
			if !s.Tenpai || s.Away || (!held && rng.Float64() >= keep) {
				return
			}
			clear(rec)
			binary.LittleEndian.PutUint32(rec[0:], uint32(gi))
			if held {
				rec[4] = 1
			}
			binary.LittleEndian.PutUint64(rec[5:], uint64(s.Ron))
			seqTokensOf(s, rec[13:13+seqTokens*seqTokBytes])
			o := 13 + seqTokens*seqTokBytes
			for k := range tile.Kind(tile.NumKinds) {
				s.Pub.WaitFeatures(k, xf)
				for _, v := range xf {
					binary.LittleEndian.PutUint16(rec[o:], f16(v))
					o += 2
				}
			}
			for k := range tile.Kind(tile.NumKinds) {
				s.Pub.WaitFeatures(k, xf)
				if err := tree.Predict(xf, pr); err != nil {
					t.Fatal(err)
				}
				binary.LittleEndian.PutUint32(rec[o:], math.Float32bits(float32(pr[0])))
				o += 4
			}
			bufs[held].Write(rec)
			counts[held]++
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	for held, w := range bufs {
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		_ = files[held]
	}
	t.Logf("train %d samples, held-out %d samples, %d bytes each", counts[false], counts[true], len(rec))
}

// seqTokensOf writes the opponent's river in order, then its meld tiles, as
// tokens: kind+1, role (1 river, 2 chi, 3 pon, 4 kan), flags (1 tsumogiri,
// 2 riichi tile, 4 called, 8 after riichi, 16 red), the discard's turn in the
// round's order, its river index, and the number of tedashi before it.
func seqTokensOf(s *DiscardSample, dst []byte) {
	river := s.Round.River(s.Seat)
	melds := s.Round.Melds(s.Seat)
	nm := 0
	for _, m := range melds {
		nm += m.Type.Size()
	}
	drop := max(0, len(river)+nm-seqTokens)
	i := 0
	put := func(tok [seqTokBytes]byte) {
		copy(dst[i*seqTokBytes:], tok[:])
		i++
	}
	riichi, tedashi := false, 0
	for ri, rt := range river {
		var fl byte
		if rt.Tsumogiri {
			fl |= 1
		}
		if rt.Riichi {
			fl |= 2
		}
		if rt.Called {
			fl |= 4
		}
		if riichi {
			fl |= 8
		}
		if rt.Tile.Red() {
			fl |= 16
		}
		if ri >= drop {
			put([seqTokBytes]byte{byte(rt.Tile.Kind()) + 1, 1, fl, rt.Turn, byte(ri), byte(tedashi)})
		}
		if rt.Riichi {
			riichi = true
		}
		if !rt.Tsumogiri {
			tedashi++
		}
	}
	for _, m := range melds {
		role := byte(4)
		switch m.Type {
		case score.Chi:
			role = 2
		case score.Pon:
			role = 3
		}
		for _, tl := range m.TilesSlice() {
			var fl byte
			if tl.Red() {
				fl |= 16
			}
			put([seqTokBytes]byte{byte(tl.Kind()) + 1, role, fl, 0, 0, 0})
		}
	}
}
