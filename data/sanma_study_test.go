package data_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// sanmaGoType is the GO type of Tenhou's 3-player Houou east-south games
// (0xB9): the only 3-player type of the shared corpus.
const sanmaGoType = 0xB9

// sanmaGames returns the complete 3-player games the corpus tests read
// (the sample, or every one with MJRANK_CORPUS=full), read from their
// mjlog files by INDEX.tsv; a file that does not read is an error, and
// so is a set without one.
func sanmaGames(t *testing.T) (names []string, games []*data.Game) {
	t.Helper()
	dir, set := shareddata.CorpusSet(t)
	idx := datatest.ReadIndex(t, dir)
	var rels []string
	for rel, row := range idx {
		if set[rel] && row.GoType == sanmaGoType && row.Complete {
			rels = append(rels, rel)
		}
	}
	slices.Sort(rels)
	for _, rel := range rels {
		g, err := datatest.ReadMjlogFile(t, filepath.Join(dir, filepath.FromSlash(rel)), filepath.Base(rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		names = append(names, rel)
		games = append(games, g)
	}
	if len(games) == 0 {
		t.Fatal("no complete 3-player game in the corpus set")
	}
	return names, games
}

// sanmaDora returns the dora kind an indicator points to in a 3-player
// game: the manzu have only 1 and 9, so each points to the other.
func sanmaDora(ind tile.Tile) tile.Kind {
	switch k := ind.Kind(); k {
	case tile.Man1:
		return tile.Man9
	case tile.Man9:
		return tile.Man1
	default:
		return k.DoraFrom()
	}
}

// sanmaStudy counts what the 3-player records show of Tenhou's rules.
type sanmaStudy struct {
	rounds, wins, draws, kitas, kans int
	exhaustive, draws55              int // exhaustive draws; those with 55 draws in all
	maxReplacements                  int // kans + kitas in one round
	kitaThenDora                     int // a new dora indicator right after a kita
	robbed, robbedChankan            int // wins on a kita; of those, with chankan (yaku 3)
	kitaTsumo, kitaTsumoRinshan      int // tsumo on a kita's replacement; of those, with rinshan (yaku 4)
	doraWins, doraWithKita           int // wins whose dora (yaku 52) count was checked; with kitas
	openKanDoraAtKita                int // an open kan's indicator revealed by its maker's kita
	ippatsuKita, ippatsuKitaYes      int // riichi wins in the ippatsu window with a kita in it; with ippatsu
	doubleAfterKita                  int // riichi wins declared on the first discard after a kita, no call
	doubleAfterKitaYes               int // of those, with double riichi
	ippatsuSelfKita                  int // of those, the kita was the winner's own
	ippatsuPlain, ippatsuPlainYes    int // the same without a kita
	doublePlain, doublePlainYes      int // the same without a kita
	manzuMiddle                      int // tiles 2m..8m seen (must be 0)
	kitaNotNorth                     int // kita events of another tile (must be 0)
	kitaNoDraw                       int // kita not followed by its seat's draw or a win on it (must be 0)
	seat3                            int // seat 3 with a hand, an event or points (must be 0)
	chi                              int // chi calls (must be 0)
	nine, nineAfterKita              int // nine-terminals draws; of those, after a kita (must be 0)
	secondNoHonba                    int // double rons' second winners, paid no honba
	noHonba                          int // other rons not paid 200 per honba (must be 0)
	doraMismatch                     []string
}

// TestSanmaRecordFacts reads the 3-player records for the facts the engine
// plays by (/work/notes/sanma-facts.md; docs/RULES.md): 108 tiles, seat 3
// empty, a kita is a North followed by its seat's replacement draw or a win
// on it, a kita reveals no dora indicator, an exhaustive draw comes after 55
// draws in all (the dead wall is replenished from the live wall for each
// replacement draw), and a win's dora (yaku 52) counts every North set
// aside as a dora, plus one more for each when North is dora.
func TestSanmaRecordFacts(t *testing.T) {
	names, games := sanmaGames(t)
	var s sanmaStudy
	for i, g := range games {
		if g.Players != 3 {
			t.Errorf("%s: %d players", names[i], g.Players)
			continue
		}
		for ri := range g.Rounds {
			s.round(names[i], &g.Rounds[ri])
		}
	}
	t.Logf("%d games, %d rounds, %d wins, %d draws, %d kitas, %d kans; at most %d replacement draws in a round",
		len(games), s.rounds, s.wins, s.draws, s.kitas, s.kans, s.maxReplacements)
	t.Logf("robbed kitas %d (with chankan %d); tsumo on a kita's replacement %d (with rinshan %d)",
		s.robbed, s.robbedChankan, s.kitaTsumo, s.kitaTsumoRinshan)
	t.Logf("wins in an ippatsu window with a kita %d (the winner's own %d; with ippatsu %d); riichi on the first discard after a kita %d (double riichi %d); open kan indicators revealed at a kita %d",
		s.ippatsuKita, s.ippatsuSelfKita, s.ippatsuKitaYes, s.doubleAfterKita, s.doubleAfterKitaYes, s.openKanDoraAtKita)
	t.Logf("without a kita: wins in an ippatsu window %d (with ippatsu %d); riichi on the first discard %d (double riichi %d)",
		s.ippatsuPlain, s.ippatsuPlainYes, s.doublePlain, s.doublePlainYes)
	t.Logf("dora checked on %d wins (%d with kitas); exhaustive draws %d, with 55 draws %d; nine-terminals draws %d, after a kita %d",
		s.doraWins, s.doraWithKita, s.exhaustive, s.draws55, s.nine, s.nineAfterKita)
	for _, m := range s.doraMismatch {
		t.Errorf("dora: %s", m)
	}
	if s.manzuMiddle+s.kitaNotNorth+s.kitaNoDraw+s.seat3+s.kitaThenDora+s.chi != 0 {
		t.Errorf("2m-8m %d, kita of another tile %d, kita without its draw %d, seat 3 used %d, dora after a kita %d, chi %d: all must be 0",
			s.manzuMiddle, s.kitaNotNorth, s.kitaNoDraw, s.seat3, s.kitaThenDora, s.chi)
	}
	t.Logf("rons in a round with honba paid 200 each, but for %d double rons' second winners, paid none", s.secondNoHonba)
	if s.noHonba != 0 || s.secondNoHonba == 0 {
		t.Errorf("%d rons other than a double ron's second not paid 200 per honba; %d second winners paid none", s.noHonba, s.secondNoHonba)
	}
	if s.draws55 != s.exhaustive {
		t.Errorf("%d of %d exhaustive draws come after 55 draws", s.draws55, s.exhaustive)
	}
	// A kita breaks ippatsu and the first go-around (double riichi; no
	// nine-terminals draw follows one), as a call does; a robbed
	// kita is no chankan; a tsumo on its replacement is rinshan kaihou.
	if s.ippatsuKitaYes != 0 || s.ippatsuPlainYes != s.ippatsuPlain || s.doubleAfterKitaYes != 0 || s.doublePlainYes != s.doublePlain {
		t.Errorf("ippatsu after a kita %d, without one %d of %d; double riichi after a kita %d, without one %d of %d",
			s.ippatsuKitaYes, s.ippatsuPlainYes, s.ippatsuPlain, s.doubleAfterKitaYes, s.doublePlainYes, s.doublePlain)
	}
	if s.nineAfterKita != 0 || s.nine == 0 {
		t.Errorf("%d of %d nine-terminals draws come after a kita", s.nineAfterKita, s.nine)
	}
	if s.robbedChankan != 0 || s.kitaTsumoRinshan != s.kitaTsumo {
		t.Errorf("robbed kitas with chankan %d; tsumo on a kita's replacement with rinshan %d of %d", s.robbedChankan, s.kitaTsumoRinshan, s.kitaTsumo)
	}
	if s.kitas == 0 || s.doraWithKita == 0 {
		t.Errorf("no kita seen (%d) or no win with one (%d)", s.kitas, s.doraWithKita)
	}
}

// round studies one round.
func (s *sanmaStudy) round(name string, rd *data.Round) {
	s.rounds++
	s.checkTiles(rd)
	if rd.Scores[3] != 0 || slices.ContainsFunc(rd.Hands[3][:], func(t tile.Tile) bool { return t != tile.NoTile }) {
		s.seat3++
	}
	var w windows
	draws, kitas, kans := 0, 0, 0
	lastKita := -1       // event index of the last kita
	openKanDora := false // an open kan's indicator is still to be revealed
	for ei, e := range rd.Events {
		if e.Seat == 3 {
			s.seat3++
		}
		w.see(e)
		switch e.Type {
		case data.EventDraw:
			draws++
		case data.EventDiscard, data.EventNewDora:
			openKanDora = false
		case data.EventCall:
			if e.Meld.Type == score.Chi {
				s.chi++
			}
			if e.Meld.Type.IsKan() {
				kans++
				openKanDora = e.Meld.Type != score.Ankan
			}
		case data.EventKita:
			kitas++
			lastKita = ei
			s.checkKita(rd, ei, openKanDora)
		case data.EventAgari:
			a := &rd.Agari[e.Index]
			s.wins++
			s.checkDora(name, rd, a)
			if rd.Honba > 0 && !a.Tsumo() {
				// Only a double ron's first winner is paid the honba, though
				// both AGARI show it in ba=.
				paid := a.Deltas[a.Who] - a.Points - 1000*a.Sticks
				switch {
				case e.Index > 0 && paid == 0:
					s.secondNoHonba++
				case e.Index > 0 || paid != 200*rd.Honba:
					s.noHonba++
				}
			}
			s.studyKitaWin(rd, ei, a, lastKita)
			s.studyWindows(&w, a, lastKita == ei-1 && !a.Tsumo())
		case data.EventRyuukyoku:
			s.draws++
			if rd.Ryuukyoku.Type == data.NineTerminals {
				s.nine++
				s.nineAfterKita += b2i(kitas > 0)
			}
			if rd.Ryuukyoku.Type == data.Exhaustive {
				s.exhaustive++
				if draws == 55 {
					s.draws55++
				}
			}
		}
	}
	s.kitas += kitas
	s.kans += kans
	s.maxReplacements = max(s.maxReplacements, kitas+kans)
}

// windows follows, seat by seat, the ippatsu window (from the riichi
// discard to the seat's next discard) and whether a kita or a call fell in
// it, and which riichi was declared on the seat's first discard with no call
// before it but after a kita.
type windows struct {
	riichi, open, kita, call [4]bool
	selfKita                 [4]bool // the riichi seat's own kita in its window
	before                   [4]bool // kita before the last kita: a win robbing keeps ippatsu
	discarded                [4]bool
	anyKita, anyCall         bool
	firstAfterKita           [4]bool
	first                    [4]bool // riichi on the first discard, no call or kita before
}

func (w *windows) see(e data.Event) {
	switch e.Type {
	case data.EventRiichi:
		if e.Step == 1 {
			w.riichi[e.Seat] = true
			first := !w.discarded[e.Seat] && !w.anyCall
			w.firstAfterKita[e.Seat] = first && w.anyKita
			w.first[e.Seat] = first && !w.anyKita
		}
	case data.EventDiscard:
		w.open[e.Seat] = w.riichi[e.Seat]
		w.riichi[e.Seat] = false
		w.kita[e.Seat], w.call[e.Seat], w.selfKita[e.Seat] = false, false, false
		w.discarded[e.Seat] = true
	case data.EventCall:
		w.anyCall = true
		w.call = [4]bool{true, true, true, true}
	case data.EventKita:
		w.anyKita = true
		w.before = w.kita
		w.kita = [4]bool{true, true, true, true}
		w.selfKita[e.Seat] = true
	}
}

// studyWindows counts the wins in an ippatsu window with a kita in it and
// no call, and the wins of a riichi declared on the first discard after
// another seat's kita: whether the record gives ippatsu (yaku 2) and double
// riichi (yaku 21).
func (s *sanmaStudy) studyWindows(w *windows, a *data.Agari, robbing bool) {
	has := func(id int) bool {
		return slices.ContainsFunc(a.Yaku, func(y data.Yaku) bool { return y.ID == id })
	}
	if a.Yakuman != nil {
		return // no yaku beside a yakuman
	}
	kita := w.kita[a.Who]
	if robbing {
		kita = w.before[a.Who] // the robbed kita is not done
	}
	if w.open[a.Who] && !w.call[a.Who] {
		if kita {
			s.ippatsuKita++
			s.ippatsuSelfKita += b2i(w.selfKita[a.Who])
			s.ippatsuKitaYes += b2i(has(2))
		} else {
			s.ippatsuPlain++
			s.ippatsuPlainYes += b2i(has(2))
		}
	}
	if w.first[a.Who] && (has(1) || has(21)) {
		s.doublePlain++
		s.doublePlainYes += b2i(has(21))
	}
	if w.firstAfterKita[a.Who] && (has(1) || has(21)) {
		s.doubleAfterKita++
		if has(21) {
			s.doubleAfterKitaYes++
		}
	}
}

// checkTiles counts tiles a 3-player game does not hold.
func (s *sanmaStudy) checkTiles(rd *data.Round) {
	see := func(t tile.Tile) {
		if k := t.Kind(); k > tile.Man1 && k < tile.Man9 {
			s.manzuMiddle++
		}
	}
	for seat := range 3 {
		for _, t := range rd.Hands[seat] {
			see(t)
		}
	}
	for _, e := range rd.Events {
		if e.Type == data.EventDraw || e.Type == data.EventNewDora {
			see(e.Tile)
		}
	}
	see(rd.DoraIndicator)
}

// checkKita checks the kita of event ei: a North, then its seat's draw or
// a win on it; never a new dora indicator.
func (s *sanmaStudy) checkKita(rd *data.Round, ei int, openKanDora bool) {
	e := rd.Events[ei]
	if e.Tile.Kind() != tile.North {
		s.kitaNotNorth++
	}
	if ei+1 >= len(rd.Events) {
		s.kitaNoDraw++
		return
	}
	n := rd.Events[ei+1]
	switch {
	case n.Type == data.EventDraw && n.Seat == e.Seat:
	case n.Type == data.EventAgari && rd.Agari[n.Index].From == int(e.Seat) && !rd.Agari[n.Index].Tsumo():
	case n.Type == data.EventNewDora && openKanDora:
		s.openKanDoraAtKita++
	case n.Type == data.EventNewDora:
		s.kitaThenDora++
	default:
		s.kitaNoDraw++
	}
}

// studyKitaWin counts wins on a kita (robbing it), tsumo wins on a kita's
// replacement draw, and ippatsu wins after a kita.
func (s *sanmaStudy) studyKitaWin(rd *data.Round, ei int, a *data.Agari, lastKita int) {
	has := func(id int) bool {
		return slices.ContainsFunc(a.Yaku, func(y data.Yaku) bool { return y.ID == id })
	}
	if lastKita >= 0 && lastKita == ei-1 && !a.Tsumo() {
		s.robbed++
		if has(3) {
			s.robbedChankan++
		}
	}
	if a.Tsumo() && lastKita >= 0 && lastKita == ei-2 && a.Yakuman == nil {
		s.kitaTsumo++
		if has(4) {
			s.kitaTsumoRinshan++
		}
	}
}

// checkDora compares a win's yaku 52 (dora) with the dora its tiles and
// kitas hold under the 3-player indicator order.
func (s *sanmaStudy) checkDora(name string, rd *data.Round, a *data.Agari) {
	rec, found := 0, false
	for _, y := range a.Yaku {
		if y.ID == data.YakuDora {
			rec, found = y.Han, true
		}
	}
	if a.Yakuman != nil {
		return
	}
	count := func(t tile.Tile) int {
		n := 0
		for _, ind := range a.Dora {
			if sanmaDora(ind) == t.Kind() {
				n++
			}
		}
		return n
	}
	want := 0
	for _, t := range a.Hand {
		want += count(t)
	}
	for _, m := range a.Melds {
		for _, t := range m.Tiles[:m.Type.Size()] {
			want += count(t)
		}
	}
	for _, t := range a.Kita {
		want += 1 + count(t)
	}
	s.doraWins++
	if len(a.Kita) > 0 {
		s.doraWithKita++
	}
	if want != rec || (want > 0) != found {
		s.doraMismatch = append(s.doraMismatch, fmt.Sprintf("%s %s: dora from tiles and kitas %d, record %d", name, rd.Name(), want, rec))
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
