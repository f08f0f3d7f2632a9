package data_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/score"
)

// TestSanmaDecidingGames lists the records that show a 3-player rule the
// rules have no switch for: each game replays with no mismatch, and the
// named round shows the rule (what the engine would get wrong without it).
func TestSanmaDecidingGames(t *testing.T) {
	agari := func(rd *data.Round) *data.Agari {
		if len(rd.Agari) == 0 {
			return &data.Agari{}
		}
		return &rd.Agari[0]
	}
	has := func(a *data.Agari, id int) bool {
		return slices.ContainsFunc(a.Yaku, func(y data.Yaku) bool { return y.ID == id })
	}
	draw := func(rd *data.Round, typ data.RyuukyokuType, deltas [4]int) bool {
		return rd.Ryuukyoku != nil && rd.Ryuukyoku.Type == typ && rd.Ryuukyoku.Deltas == deltas
	}
	count := func(rd *data.Round, typ data.EventType) int {
		n := 0
		for _, e := range rd.Events {
			n += b2i(e.Type == typ)
		}
		return n
	}
	lastTwo := func(rd *data.Round) (data.Event, data.Event) {
		ev := rd.Events
		return ev[len(ev)-3], ev[len(ev)-2]
	}
	tests := []struct {
		file, round, rule string
		shows             func(rd *data.Round) bool
	}{
		{sanma2020 + "2020010100gm-00b9-0000-2eca4cd0.txt", "S2-0", "tsumo-son: a dealer baiman tsumo is 8,000 from each of the two others",
			func(rd *data.Round) bool {
				a := agari(rd)
				return a.Tsumo() && a.Limit == 3 && a.Deltas == [4]int{-8000, 16000, -8000, 0}
			}},
		{sanma2020 + "2020010100gm-00b9-0000-314e6580.txt", "S1-3", "tenpai payments: one tenpai takes 2,000, 1,000 from each",
			func(rd *data.Round) bool { return draw(rd, data.Exhaustive, [4]int{-1000, 2000, -1000, 0}) }},
		{sanma2020 + "2020010100gm-00b9-0000-2eca4cd0.txt", "E3-0", "tenpai payments: two tenpai take 1,000 each from the third",
			func(rd *data.Round) bool { return draw(rd, data.Exhaustive, [4]int{-2000, 1000, 1000, 0}) }},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", "E3-0", "a kita's replacement comes from the dead wall: 55 draws in all with 3 kitas",
			func(rd *data.Round) bool {
				return draw(rd, data.Exhaustive, rd.Ryuukyoku.Deltas) && count(rd, data.EventKita) == 3 && count(rd, data.EventDraw) == 55
			}},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", "E2-0", "a tsumo on a kita's replacement draw is rinshan kaihou",
			func(rd *data.Round) bool {
				k, _ := lastTwo(rd)
				return k.Type == data.EventKita && agari(rd).Tsumo() && has(agari(rd), 4)
			}},
		{sanma2020 + "2020010101gm-00b9-0000-99e4d1b9.txt", "S3-2", "a kita can be robbed by a ron, without chankan",
			func(rd *data.Round) bool {
				_, k := lastTwo(rd)
				a := agari(rd)
				return k.Type == data.EventKita && !a.Tsumo() && a.From == int(k.Seat) && !has(a, 3)
			}},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", "S1-1", "each kita is a dora (yaku 52), as a North when North is dora",
			func(rd *data.Round) bool { a := agari(rd); return len(a.Kita) == 2 && has(a, data.YakuDora) }},
		{sanma2020 + "2020010100gm-00b9-0000-2eca4cd0.txt", "E2-3", "a kita breaks ippatsu: riichi, own kita, tsumo on the replacement, no ippatsu",
			func(rd *data.Round) bool { a := agari(rd); return has(a, 1) && has(a, 4) && !has(a, 2) }},
		{sanma2020 + "2020010113gm-00b9-0000-d272b7a0.txt", "S1-0", "an added kan's indicator is revealed at its maker's kita, before the replacement draw",
			func(rd *data.Round) bool {
				ev := rd.Events
				n := len(ev)
				kan := ev[n-6].Type == data.EventCall && ev[n-6].Meld.Type == score.Kakan
				return kan && ev[n-4].Type == data.EventKita && ev[n-3].Type == data.EventNewDora && agari(rd).Tsumo() && len(agari(rd).Dora) == 2
			}},
		{sanma2026 + "2026011721gm-00b9-0000-3c410cc2.xml", "S2-0", "a closed kan in riichi needs the same waits only (4p kind in another reading)",
			func(rd *data.Round) bool { return riichiAnkan(rd, 47) }},
		{sanma2018 + "scc2018110823/mj_data_81.txt", "S3-0", "a closed kan in riichi needs the same waits only (8s kind in another reading)",
			func(rd *data.Round) bool { return riichiAnkan(rd, 107) }},
		{sanma2020 + "2020010100gm-00b9-0000-7a6863a8.txt", "S1-0", "nine terminals (kyuushu kyuuhai) in 3-player",
			func(rd *data.Round) bool { return draw(rd, data.NineTerminals, [4]int{}) }},
		{sanma2026 + "2026011617gm-00b9-0000-4033cf97.xml", "S2-0", "four kans by more than one seat end the round",
			func(rd *data.Round) bool { return draw(rd, data.FourKans, [4]int{}) }},
		{sanma2020 + "2020010121gm-00b9-0000-785b0516.txt", "S2-1", "nagashi mangan is a mangan tsumo without a North share: 4,000 + 2,000",
			func(rd *data.Round) bool { return draw(rd, data.NagashiMangan, [4]int{6000, -4000, -2000, 0}) }},
	}
	for _, tc := range tests {
		g := readRecord(t, tc.file, 3)
		name := filepath.Base(tc.file)
		var rep data.ReplayReport
		if err := data.Replay(g, &rep); err != nil || len(rep.Mismatches) > 0 {
			t.Errorf("%s (%s): %v %v", name, tc.rule, err, rep.Mismatches)
		}
		i := slices.IndexFunc(g.Rounds, func(rd data.Round) bool { return rd.Name() == tc.round })
		if i < 0 || !tc.shows(&g.Rounds[i]) {
			t.Errorf("%s %s does not show %s", name, tc.round, tc.rule)
		}
	}
}

// riichiAnkan reports whether event ei of the round is a closed kan by a
// seat that declared riichi before it.
func riichiAnkan(rd *data.Round, ei int) bool {
	if ei >= len(rd.Events) {
		return false
	}
	e := rd.Events[ei]
	if e.Type != data.EventCall || e.Meld.Type != score.Ankan {
		return false
	}
	return slices.ContainsFunc(rd.Events[:ei], func(r data.Event) bool { return r.Type == data.EventRiichi && r.Seat == e.Seat })
}
