package game

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Three-player rules (issue 54), each on a constructed wall, and the
// self-play invariants of three-player games.

var sanmaEven = [4]int{35000, 35000, 35000, 0}

// scenario3 builds a three-player round (East 1, seat 0 deals) laid out
// as Layout3 by layWall: hands by seat, the live draws, the replacement
// draws and the dora indicators.
func scenario3(t testing.TB, hands [3]string, draws, repl, dora string, scores [4]int) *Round {
	t.Helper()
	return scenarioRound(t, TenhouSanma(Hanchan), layWall(t, &Layout3, hands[:], draws, repl, dora), scores)
}

// discardKind discards a tile of kind s from the hand of the seat to move.
func discardKind(t testing.TB, r *Round, s string) {
	t.Helper()
	mustApply(t, r, Action{Type: Discard, Seat: uint8(r.Current()), Tile: find(t, r, r.Current(), s)})
}

func TestSanmaDealAndTurnOrder(t *testing.T) {
	r := scenario3(t, [3]string{"19m19p19s1234567z", "2233445566778p", "2233445566778s"}, "9p9s9m", "", "", sanmaEven)
	if r.Players() != 3 || len(r.Hand(3)) != 0 || r.Scores()[3] != 0 {
		t.Fatalf("players %d, seat 3 holds %d tiles, score %d", r.Players(), len(r.Hand(3)), r.Scores()[3])
	}
	if got := r.LiveRemaining(); got != 54 {
		t.Errorf("after the dealer's first draw %d live tiles, want 54", got)
	}
	winds := []tile.Kind{r.SeatWind(0), r.SeatWind(1), r.SeatWind(2)}
	if winds[0] != tile.East || winds[1] != tile.South || winds[2] != tile.West {
		t.Errorf("seat winds %v", winds)
	}
	var order []int
	for range 4 {
		order = append(order, r.Current())
		discardKind(t, r, r.Hand(r.Current())[0].Kind().String())
		passAll(t, r)
	}
	if fmt.Sprint(order) != "[0 1 2 0]" {
		t.Errorf("turn order %v, want [0 1 2 0]", order)
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
}

// sanmaPlayer is randomPlayer that mostly sets its Norths aside.
type sanmaPlayer struct{ randomPlayer }

func (p *sanmaPlayer) Act(v View, legal []Action) Action {
	for _, a := range legal {
		if a.Type == Kita && p.rng.IntN(4) != 0 {
			return a
		}
	}
	return p.randomPlayer.Act(v, legal)
}

// sanmaTally counts what three-player self-play exercised.
type sanmaTally struct {
	games, rounds, kitas, robbed, kitaRinshan int
	ends                                      map[EndKind]int
}

// playSanmaChecked plays a three-player hanchan of random players,
// checking the invariants after every action and the three-player rules
// that hold whatever is played.
func playSanmaChecked(seed uint64, tl *sanmaTally) error {
	var players [NumSeats]Player // seat 3 stays nil: asking it would panic
	for i := range 3 {
		players[i] = &sanmaPlayer{randomPlayer{rand.New(rand.NewPCG(seed, uint64(i)))}}
	}
	kitaTurn := false // the last action was a kita not robbed: the seat plays on its replacement
	applied := func(r *Round, a Action) error {
		if a.Type == Chi || a.Seat == 3 || r.Index()%4 == 3 {
			return fmt.Errorf("%v in round %d of a three-player game", a, r.Index())
		}
		if kitaTurn && a.Type == Tsumo {
			tl.kitaRinshan++
			if w := r.Result().Wins[0].Win; !w.Rinshan {
				return fmt.Errorf("tsumo on a kita's replacement without rinshan")
			}
		}
		kitaTurn = false
		switch {
		case a.Type == Kita:
			tl.kitas++
			kitaTurn = true
		case a.Type == Ron && r.pendingKan.Type == Kita && r.LastTile() == r.pendingKan.Tile && r.LastTile().Kind() == tile.North:
			if res := r.Result(); res.Kind == Agari && res.Wins[0].From == r.pendingKan.Seat {
				tl.robbed++
				if res.Wins[0].Win.Chankan {
					return fmt.Errorf("robbing a kita scored as chankan")
				}
			}
		}
		if r.Phase() == PhaseEnd {
			res := r.Result()
			sum := 0
			for _, d := range res.Deltas {
				sum += d
			}
			if res.Deltas[3] != 0 || (res.Kind != Agari && sum != 0) {
				return fmt.Errorf("round end %v: deltas %v", res.Kind, res.Deltas)
			}
		}
		return nil
	}
	g, ends, err := playCheckedWith(TenhouSanma(Hanchan), seed, &players, applied)
	if err != nil {
		return err
	}
	tl.games++
	tl.rounds += g.Rounds()
	for k, v := range ends {
		tl.ends[k] += v
	}
	if err := checkFinalSums(g, 105000); err != nil {
		return fmt.Errorf("seed %d: %w", seed, err)
	}
	if scores, points, rank := g.Final(); scores[3] != 0 || rank[3] != 0 || points[3] != 0 {
		return fmt.Errorf("seed %d: the empty seat 3 has final score %d, points %v, rank %d", seed, scores[3], points[3], rank[3])
	}
	return nil
}

// TestSanmaSelfPlayInvariants plays three-player hanchans of random
// players (1,000; 150 under -short), checking tile and point conservation
// after every action: kitas, robbed kitas and rinshan tsumo on a kita's
// replacement must all occur, four winds, four riichi and triple ron never.
func TestSanmaSelfPlayInvariants(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 150
	}
	tl := sanmaTally{ends: map[EndKind]int{}}
	for seed := range uint64(n) {
		if err := playSanmaChecked(seed, &tl); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	t.Logf("%d games, %d rounds, %d kitas, %d robbed, %d rinshan tsumo after a kita, endings %v",
		tl.games, tl.rounds, tl.kitas, tl.robbed, tl.kitaRinshan, tl.ends)
	if tl.kitas == 0 || tl.robbed == 0 || tl.kitaRinshan == 0 || tl.ends[Agari] == 0 || tl.ends[ExhaustiveDraw] == 0 {
		t.Errorf("self-play missed a case: %+v", tl)
	}
	if tl.ends[FourWinds]+tl.ends[FourRiichi]+tl.ends[TripleRon] != 0 {
		t.Errorf("a four-player abortive draw in three-player games: %v", tl.ends)
	}
}

func TestSanmaKitaAndReplacement(t *testing.T) {
	// Seat 0 sets its North aside and draws the first replacement tile,
	// w[94]; the live wall ends one tile sooner.
	r := scenario3(t, [3]string{"19m19p258s12356z4z", "2233p5577s66z777z", "445566p8899s112z"}, "3s", "9s7p", "", sanmaEven)
	live := r.LiveRemaining()
	if !hasAction(r, 0, Kita) || !hasAction(r, 0, KyuushuKyuuhai) {
		t.Fatalf("no kita or no kyuushu among %v", r.Legal(0, nil))
	}
	north := find(t, r, 0, "4z")
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: north})
	if r.Phase() != PhaseTurn || r.Current() != 0 {
		t.Fatalf("after an unrobbable kita: phase %v, seat %d to move", r.Phase(), r.Current())
	}
	if r.Drawn() != r.Wall()[Layout3.Replacement(0)] || r.Drawn().Kind() != tile.MustParseKind("9s") {
		t.Errorf("replacement draw %v, want w[%d] = 9s", r.Drawn(), Layout3.Replacement(0))
	}
	if r.Kita(0) != 1 || ViewOf(r, 1).Kita(0) != 1 || r.LiveRemaining() != live-1 {
		t.Errorf("kita %d, live %d (want 1, %d)", r.Kita(0), r.LiveRemaining(), live-1)
	}
	if liveDraws, repl := r.Draws(); liveDraws != 1 || repl != 1 {
		t.Errorf("Draws() = %d live, %d replacement; want 1, 1", liveDraws, repl)
	}
	if v := ViewOf(r, 2).Visible(); v[tile.North] != 1 {
		t.Errorf("seat 2 sees %d Norths, want the one set aside", v[tile.North])
	}
	// Nine kinds still, but no kyuushu: the kita ended the first
	// go-around (3-player records: 0 of 1,146 first draws with nine kinds
	// after a kita declared it, 1,249 of 1,497 without one).
	if hasAction(r, 0, KyuushuKyuuhai) {
		t.Error("nine terminals offered after a kita: the kita ends the first go-around")
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestSanmaKitaRefused(t *testing.T) {
	hands := [3]string{"19m258s369p1235z4z", "2233p5577s66z777z", "445566p8899s112z"}
	r := scenario3(t, hands, "3s", "", "", sanmaEven)
	refuse(t, r, Action{Type: Kita, Seat: 0, Tile: find(t, r, 0, "1z")}, "an East set aside")
	refuse(t, r, Action{Type: Kita, Seat: 1, Tile: find(t, r, 1, "6z")}, "out of turn")
	refuse(t, r, Action{Type: Kita, Seat: 0, Tile: tile.Tile(tile.North)*4 + 3}, "a North not in the hand")

	// Four players: no kita.
	four := scenario(t, [4]string{"19m258s369p1235z4z", "2233p5577s66z777z", "445566p8899s112z", "1112223334446m"}, "3s", even)
	refuse(t, four, Action{Type: Kita, Seat: 0, Tile: find(t, four, 0, "4z")}, "kita with four players")
	if hasAction(four, 0, Kita) {
		t.Error("kita listed with four players")
	}

	// Just after a pon a discard is due.
	r = scenario3(t, [3]string{"19m258s369p1235z4z", "2233p5577s11677z", "445566p8899s233z"}, "3s", "", "", sanmaEven)
	discardKind(t, r, "1z")
	mustApply(t, r, legalOf(t, r, 1, Pon))
	if r.Current() != 1 || !r.afterCall {
		t.Fatalf("the pon was not made: %v", r.Legal(1, nil))
	}
	r.seats[1].remove(find(t, r, 1, "2p")) // give seat 1 a North to try
	r.seats[1].add(tile.Tile(tile.North)*4 + 3)
	refuse(t, r, Action{Type: Kita, Seat: 1, Tile: tile.Tile(tile.North)*4 + 3}, "kita just after a pon")
}

func TestSanmaKitaInRiichi(t *testing.T) {
	// Seat 0 is in riichi with a North in hand (a tanki wait): only a
	// drawn North may be set aside.
	r := scenario3(t, [3]string{"123456789p111s4z", "2233p5577s66z777z", "445566p8899s112z"}, "9s6s6s2s3s3s4z", "", "", sanmaEven)
	mustApply(t, r, Action{Type: Riichi, Seat: 0, Tile: find(t, r, 0, "9s")})
	passAll(t, r)
	tsumogiri(t, r)
	tsumogiri(t, r)
	// Seat 0 drew 2s.
	refuse(t, r, Action{Type: Kita, Seat: 0, Tile: find(t, r, 0, "4z")}, "kita in riichi of a North not just drawn")
	if hasAction(r, 0, Kita) {
		t.Error("kita listed in riichi without a drawn North")
	}
	tsumogiri(t, r)
	tsumogiri(t, r)
	tsumogiri(t, r)
	if r.Drawn().Kind() != tile.North || !hasAction(r, 0, Kita) {
		t.Fatalf("seat 0 drew %v, legal %v: want a kita of the drawn North", r.Drawn(), r.Legal(0, nil))
	}
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: r.Drawn()})
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
}

// tsumogiri discards the tile the seat to move drew and passes all answers.
func tsumogiri(t testing.TB, r *Round) {
	t.Helper()
	mustApply(t, r, Action{Type: Discard, Seat: uint8(r.Current()), Tile: r.Drawn()})
	passAll(t, r)
}

func TestSanmaRobbingAKita(t *testing.T) {
	// Seat 1 waits on a North (ittsu, tanki); seat 0's kita gives it the
	// chance to rob it: a ron the kita maker pays, without chankan.
	hands := [3]string{"19m258s369p1235z4z", "123456789p111s4z", "445566p8899s233z"}
	r := scenario3(t, hands, "3s", "7s", "", sanmaEven)
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: find(t, r, 0, "4z")})
	if r.Phase() != PhaseChankan || !r.MustAnswer(1) || r.MustAnswer(2) || r.MustAnswer(3) {
		t.Fatalf("after the kita: phase %v, answers %v %v %v", r.Phase(), r.MustAnswer(1), r.MustAnswer(2), r.MustAnswer(3))
	}
	for _, a := range r.Legal(1, nil) {
		if a.Type == Pon || a.Type == Daiminkan {
			t.Errorf("%v offered on a kita", a)
		}
	}
	robbed := *r
	mustApply(t, &robbed, Action{Type: Ron, Seat: 1, Tile: robbed.LastTile()})
	res := robbed.Result()
	w := res.Wins[0]
	if res.Kind != Agari || w.Seat != 1 || w.From != 0 || w.Win.Chankan || w.Win.Rinshan {
		t.Fatalf("robbed kita: %v, win %+v", res.Kind, w)
	}
	if res.Deltas[0] >= 0 || res.Deltas[2] != 0 || res.Deltas[3] != 0 || res.Deltas[0]+res.Deltas[1] != 0 {
		t.Errorf("deltas %v: the kita maker pays alone", res.Deltas)
	}
	if err := robbed.Check(); err != nil {
		t.Fatal(err)
	}

	// Robbing a kita is no chankan, so a hand whose only yaku that would
	// be may not rob it.
	noYaku := scenario3(t, [3]string{hands[0], "123p456p789s111s4z", hands[2]}, "3s", "7s", "", sanmaEven)
	mustApply(t, noYaku, Action{Type: Kita, Seat: 0, Tile: find(t, noYaku, 0, "4z")})
	if noYaku.Phase() != PhaseTurn || hasAction(noYaku, 1, Ron) {
		t.Errorf("a hand without yaku may rob a kita: phase %v", noYaku.Phase())
	}

	// Passed, the North makes seat 1 furiten until its next discard, and
	// seat 0 draws its replacement.
	mustApply(t, r, Action{Type: Pass, Seat: 1})
	if !r.Furiten(1) || r.Drawn() != r.Wall()[Layout3.Replacement(0)] {
		t.Errorf("after a passed kita: furiten %v, drawn %v", r.Furiten(1), r.Drawn())
	}
}

func TestSanmaKitaAndIppatsu(t *testing.T) {
	// Seat 1 declares riichi waiting on a North, then seat 0 sets a North
	// aside: robbing it keeps ippatsu, as chankan does; passed, the kita
	// ends it.
	hands := [3]string{"19m258s369p1235z4z", "123456789p111s9s", "445566p8899s233z"}
	r := scenario3(t, hands, "7s4z7s4z", "7s", "", sanmaEven)
	tsumogiri(t, r)                                                           // seat 0: 7s
	mustApply(t, r, Action{Type: Riichi, Seat: 1, Tile: find(t, r, 1, "9s")}) // drew 4z: tanki 4z
	passAll(t, r)
	tsumogiri(t, r) // seat 2: 7s
	if !r.seats[1].ippatsu {
		t.Fatal("seat 1 has no ippatsu after its riichi")
	}
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: r.Drawn()}) // seat 0 drew 4z
	robbed := *r
	mustApply(t, &robbed, Action{Type: Ron, Seat: 1, Tile: robbed.LastTile()})
	if w := robbed.Result().Wins[0].Win; !w.Ippatsu || w.Chankan {
		t.Errorf("robbing a kita in the ippatsu turn: ippatsu %v, chankan %v; want true, false", w.Ippatsu, w.Chankan)
	}
	mustApply(t, r, Action{Type: Pass, Seat: 1})
	if r.seats[1].ippatsu {
		t.Error("ippatsu survives a kita")
	}
}

func TestSanmaKitaRinshanTsumo(t *testing.T) {
	// Seat 0 waits on 5s; its kita's replacement draw is 5s: a tsumo on it
	// is rinshan kaihou, and the North counts as one dora (Win.Kita).
	hands := [3]string{"123456789p11s55s", "2233p6677s66z777z", "445566p8899s233z"}
	r := scenario3(t, hands, "4z", "5s", "", sanmaEven)
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: r.Drawn()})
	if !hasAction(r, 0, Tsumo) {
		t.Fatalf("no tsumo on the replacement %v: %v", r.Drawn(), r.Legal(0, nil))
	}
	mustApply(t, r, Action{Type: Tsumo, Seat: 0, Tile: r.Drawn()})
	w := r.Result().Wins[0]
	if !w.Win.Rinshan || w.Win.Kita != 1 || w.Win.Tenhou {
		t.Errorf("tsumo on a kita's replacement: rinshan %v, kita %d, tenhou %v; want true, 1, false", w.Win.Rinshan, w.Win.Kita, w.Win.Tenhou)
	}
	d := r.Result().Deltas
	// A dealer's tsumo: the two others pay alike, and nobody pays the
	// empty seat's share (tsumo-son).
	if d[1] != d[2] || d[3] != 0 || d[0] != -d[1]-d[2] || d[0] != w.Score.Payments[0] {
		t.Errorf("dealer tsumo deltas %v, payments %v", d, w.Score.Payments)
	}
}

func TestSanmaNoChi(t *testing.T) {
	// Seat 1 holds 23p and seat 0 discards 1p: a chi with four players,
	// none with three; seat 2's pon keeps the call phase open.
	hands := [3]string{"19m258s369p1235z4z", "23p5577s66z777z11s", "1144p66p8899s233z"}
	fourHands := [4]string{hands[0], hands[1], hands[2], "2346789s234567m"}
	four := scenario(t, fourHands, "1p", even)
	mustApply(t, four, Action{Type: Discard, Seat: 0, Tile: four.Drawn()})
	if !hasAction(four, 1, Chi) {
		t.Fatal("the four-player control offers no chi")
	}
	r := scenario3(t, hands, "1p", "", "", sanmaEven)
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: r.Drawn()})
	if r.Phase() != PhaseCall || !hasAction(r, 2, Pon) {
		t.Fatalf("seat 2 may not pon: phase %v", r.Phase())
	}
	if r.MustAnswer(1) || hasAction(r, 1, Chi) {
		t.Error("chi offered with three players")
	}
	m := score.Meld{Type: score.Chi, Tiles: [4]tile.Tile{r.LastTile(), find(t, r, 1, "2p"), find(t, r, 1, "3p")}}
	if r.canCall(1, Chi, m) {
		t.Error("canCall allows a chi with three players")
	}
	refuse(t, r, Action{Type: Chi, Seat: 1, Meld: m}, "chi with three players")
}

func TestSanmaExhaustiveDrawPayments(t *testing.T) {
	// Tenpai payments are 2,000 in all with three players; nagashi mangan
	// is paid as a mangan tsumo without the missing seat's share (as
	// 3-player Tenhou records pay them).
	cases := []struct {
		name            string
		tenpai, nagashi [3]bool
		want            [4]int
		renchan         bool
	}{
		{"nobody tenpai", [3]bool{}, [3]bool{}, [4]int{}, false},
		{"dealer alone tenpai", [3]bool{true, false, false}, [3]bool{}, [4]int{2000, -1000, -1000, 0}, true},
		{"one non-dealer tenpai", [3]bool{false, false, true}, [3]bool{}, [4]int{-1000, -1000, 2000, 0}, false},
		{"two tenpai", [3]bool{true, true, false}, [3]bool{}, [4]int{1000, 1000, -2000, 0}, true},
		{"all tenpai", [3]bool{true, true, true}, [3]bool{}, [4]int{}, true},
		{"dealer nagashi", [3]bool{}, [3]bool{true, false, false}, [4]int{8000, -4000, -4000, 0}, false},
		{"non-dealer nagashi", [3]bool{true, false, false}, [3]bool{false, true, false}, [4]int{-4000, 6000, -2000, 0}, true},
		{"two nagashi", [3]bool{}, [3]bool{false, true, true}, [4]int{-8000, 4000, 4000, 0}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := scenario3(t, [3]string{"19m258s369p1235z4z", "2233p5577s66z777z", "445566p8899s233z"}, "", "", "", sanmaEven)
			for i := range 3 {
				s := &r.seats[i]
				s.waits = 0
				if c.tenpai[i] {
					s.waits = tile.KindSet(0).Add(tile.MustParseKind("5p"))
				}
				s.nagashi = c.nagashi[i]
				s.nRiver = 1
			}
			r.endExhaustive()
			res := r.Result()
			if res.Deltas != c.want || res.Renchan != c.renchan {
				t.Errorf("deltas %v renchan %v, want %v %v", res.Deltas, res.Renchan, c.want, c.renchan)
			}
			if res.Tenpai[3] || res.Nagashi[3] {
				t.Error("the empty seat is tenpai or nagashi")
			}
		})
	}
}

func TestSanmaHaiteiMovesWithKitas(t *testing.T) {
	// One kita: 54 live draws and the replacement, then the draw; a
	// tsumo on the last live tile is haitei.
	r := scenario3(t, [3]string{"19m258s369p1235z4z", "2233p5577s66z777z", "445566p8899s233z"}, "", "", "", sanmaEven)
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: find(t, r, 0, "4z")})
	passAll(t, r)
	for r.Phase() != PhaseEnd {
		if r.LiveRemaining() == 0 {
			if live, repl := r.Draws(); live != 54 || repl != 1 {
				t.Errorf("at the last discard: %d live draws, %d replacement; want 54, 1", live, repl)
			}
			w := r.winInput(uint8(r.Current()), r.Drawn(), true, false, uint8(r.Current()))
			if !w.Haitei {
				t.Error("a tsumo on the last live tile would not be haitei")
			}
		}
		tsumogiri(t, r)
		if err := r.Check(); err != nil {
			t.Fatal(err)
		}
	}
	if r.Result().Kind != ExhaustiveDraw {
		t.Errorf("round ended by %v", r.Result().Kind)
	}
}

func TestSanmaRoundFlow(t *testing.T) {
	hanchan, tonpuu := TenhouSanma(Hanchan), TenhouSanma(Tonpuusen)
	low := [4]int{36000, 35000, 34000, 0}  // nobody has the 40,000 return
	high := [4]int{45000, 30000, 30000, 0} // seat 0 has it
	top2 := [4]int{30000, 30000, 45000, 0} // seat 2 has it
	bust := [4]int{-1000, 60000, 46000, 0} // seat 0 busted
	cases := []struct {
		name    string
		rules   *Rules
		index   int
		scores  [4]int
		kind    EndKind
		renchan bool
		next    int // index of the next round
		dealer  uint8
		honba   int
		over    bool
	}{
		{"E1 dealer loses", &hanchan, 0, low, Agari, false, 1, 1, 0, false},
		{"E3 to S1", &hanchan, 2, low, Agari, false, 4, 0, 0, false},
		{"E3 draw to S1", &hanchan, 2, low, ExhaustiveDraw, false, 4, 0, 1, false},
		{"E2 dealer repeats", &hanchan, 1, low, ExhaustiveDraw, true, 1, 1, 1, false},
		{"S3 to the West", &hanchan, 6, low, Agari, false, 8, 0, 0, false},
		{"S3 ends at 40,000", &hanchan, 6, high, Agari, false, 8, 0, 0, true},
		{"S3 dealer first: agari-yame", &hanchan, 6, top2, Agari, true, 6, 2, 1, true},
		{"S3 dealer not first plays on", &hanchan, 6, high, Agari, true, 6, 2, 1, false},
		{"W3 ends", &hanchan, 10, low, Agari, false, 12, 0, 0, true},
		{"S3 dealer tenpai first: tenpai-yame", &hanchan, 6, top2, ExhaustiveDraw, true, 6, 2, 1, true},
		{"S3 dealer tenpai not first", &hanchan, 6, high, ExhaustiveDraw, true, 6, 2, 1, false},
		{"bust", &hanchan, 1, bust, Agari, false, 2, 2, 0, true},
		{"tonpuusen E3 to S1", &tonpuu, 2, low, Agari, false, 4, 0, 0, false},
		{"tonpuusen E3 ends", &tonpuu, 2, high, Agari, false, 4, 0, 0, true},
		{"tonpuusen S3 ends", &tonpuu, 6, low, Agari, false, 8, 0, 0, true},
	}
	for _, c := range cases {
		cur := RoundSetup{Index: c.index, Dealer: uint8(c.index % 4), Scores: c.scores}
		next, over := c.rules.Next(cur, c.scores, 0, c.kind, c.renchan)
		if next.Index != c.next || next.Dealer != c.dealer || next.Honba != c.honba || over != c.over {
			t.Errorf("%s: next %s dealer %d honba %d over %v; want %s dealer %d honba %d over %v", c.name,
				RoundName(next.Index), next.Dealer, next.Honba, over, RoundName(c.next), c.dealer, c.honba, c.over)
		}
		if !over {
			if err := next.Check(c.rules); err != nil {
				t.Errorf("%s: the next round fails its check: %v", c.name, err)
			}
		}
	}
}

func TestSanmaFinalPoints(t *testing.T) {
	// Tenhou 3-player owari: final scores (hundreds) and points, return
	// 40,000, oka to first, uma +20/0/-20, thousands rounded half away
	// from zero (2022010102gm-00b9-0000-814b0f6a and others).
	cases := []struct {
		scores [3]int
		points [3]float64
	}{
		{[3]int{70000, 18000, 17000}, [3]float64{65, -22, -43}},
		{[3]int{34700, 27500, 42800}, [3]float64{-5, -32, 37}},
		{[3]int{-5700, 72200, 38500}, [3]float64{-66, 67, -1}},
		{[3]int{-4500, 82000, 27500}, [3]float64{-65, 77, -12}},
	}
	for _, c := range cases {
		g := NewGame(TenhouSanma(Hanchan))
		g.SetNext(RoundSetup{Scores: [4]int{c.scores[0], c.scores[1], c.scores[2], 0}})
		_, points, rank := g.Final()
		if [3]float64(points[:3]) != c.points || points[3] != 0 || rank[3] != 0 {
			t.Errorf("scores %v: points %v ranks %v, want %v", c.scores, points, rank, c.points)
		}
	}
	g := NewGame(TenhouSanma(Hanchan))
	if g.Scores != sanmaEven {
		t.Errorf("start scores %v, want %v", g.Scores, sanmaEven)
	}
}

func TestSanmaRulesAndSetupCheck(t *testing.T) {
	r := TenhouSanma(Hanchan)
	if err := r.Check(); err != nil || r.Players() != 3 {
		t.Fatalf("TenhouSanma: players %d, check %v", r.Players(), err)
	}
	if r4 := Tenhou(Hanchan); r4.Players() != 4 {
		t.Errorf("Tenhou: players %d", r4.Players())
	}
	bad := r
	bad.Uma[3] = 10
	if err := bad.Check(); err == nil {
		t.Error("a fourth-place uma accepted with three players")
	}
	for _, s := range []RoundSetup{
		{Index: 3, Dealer: 3, Scores: sanmaEven},
		{Index: 0, Dealer: 0, Scores: [4]int{35000, 35000, 35000, 1000}},
		{Index: 11, Dealer: 3, Scores: sanmaEven},
	} {
		if err := s.Check(&r); err == nil {
			t.Errorf("%+v accepted with three players", s)
		}
	}
	if err := (RoundSetup{Index: 8, Dealer: 0, Scores: sanmaEven}).Check(&r); err != nil {
		t.Errorf("West 1: %v", err)
	}
	// A round refuses a four-player wall and a dealer out of the three.
	w4 := NewWall(1, 0, 0)
	if _, err := NewRound(&r, RoundSetup{Scores: sanmaEven}, &w4); err == nil {
		t.Error("a three-player round dealt from a four-player wall")
	}
	w3 := NewWallFor(3, 1, 0, 0)
	if _, err := NewRound(&r, RoundSetup{Dealer: 3, Scores: sanmaEven}, &w3); err == nil {
		t.Error("seat 3 deals a three-player round")
	}
	if _, err := NewRound(&r, RoundSetup{Scores: [4]int{35000, 35000, 35000, 5000}}, &w3); err == nil {
		t.Error("the empty seat 3 scores in a three-player round")
	}
}

func TestSanmaRiichiNeedsThreeLiveTiles(t *testing.T) {
	// Seats 0 and 1 stay tenpai by tsumogiri: riichi is open to seat 0
	// with 3 live tiles left (a draw for each seat), not to seat 1 with 2
	// (3-player Tenhou records: riichi with 3 left, never 2).
	r := scenario3(t, [3]string{"123456789p111s9s", "123456789s111p9p", "445566p8899s233z"}, "", "", "", sanmaEven)
	for r.LiveRemaining() > 3 {
		tsumogiri(t, r)
	}
	if r.Current() != 0 || !hasAction(r, 0, Riichi) {
		t.Fatalf("seat %d to move with %d live tiles: seat 0 may not riichi", r.Current(), r.LiveRemaining())
	}
	tsumogiri(t, r)
	if r.Current() != 1 || r.LiveRemaining() != 2 || hasAction(r, 1, Riichi) {
		t.Fatalf("seat %d to move with %d live tiles: riichi offered", r.Current(), r.LiveRemaining())
	}
}

func TestSanmaKitaRevealsPendingDora(t *testing.T) {
	// Seat 0 calls an open kan, whose indicator waits for its discard, and
	// sets a North aside first: the indicator shows at the kita, as at a
	// kan (3-player Tenhou records, e.g. 2022010223gm-00b9-0000-5a73a5e1).
	r := scenario3(t, [3]string{"777p19m258s1235z4z", "2233p5577s66z777z", "445566p8899s233z"}, "1s7p", "3s6s", "", sanmaEven)
	tsumogiri(t, r)
	mustApply(t, r, Action{Type: Discard, Seat: 1, Tile: r.Drawn()})
	mustApply(t, r, legalOf(t, r, 0, Daiminkan))
	passAll(t, r)
	if len(r.DoraIndicators()) != 1 {
		t.Fatalf("%d indicators right after an open kan", len(r.DoraIndicators()))
	}
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: find(t, r, 0, "4z")})
	if n := len(r.DoraIndicators()); n != 2 {
		t.Errorf("%d indicators after the kita, want 2", n)
	}
	if r.Drawn() != r.Wall()[Layout3.Replacement(1)] {
		t.Errorf("the kita after a kan drew %v, want w[%d]", r.Drawn(), Layout3.Replacement(1))
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestSanmaRiichiAnkan(t *testing.T) {
	// Seat 0 in riichi on 123p 444p 6777p 567s (waits 5p 6p 8p) draws the
	// fourth 4p: the kan keeps the waits, though 4p is no triplet in the
	// reading 123p 44p 456p 777p 567s of a 5p win. Tenhou allowed it
	// (2026011721gm-00b9-0000-3c410cc2 S2, 3-player).
	r := scenario3(t, [3]string{"1234446777p567s", "2233p5577s66z777z", "556688p8899s233z"}, "9s1s1s4p", "", "", sanmaEven)
	mustApply(t, r, Action{Type: Riichi, Seat: 0, Tile: r.Drawn()})
	passAll(t, r)
	tsumogiri(t, r)
	tsumogiri(t, r)
	if !hasAction(r, 0, Ankan) {
		t.Errorf("ankan of 4p not legal: %v", r.Legal(0, nil))
	}
}

func TestRiichiAnkanKeepsWaits(t *testing.T) {
	for _, c := range []struct {
		before, kind string
		want         bool
	}{
		{"1234446777p567s", "4p", true},    // the record above: waits 5p 6p 8p before and after
		{"12305567888s55z", "8s", true},    // scc2018110823/mj_data_81 S3 (3-player): waits 5s 8s 5z
		{"3334567p678s111s", "3p", false},  // waits 2p 4p 5p 8p, then 4p 7p
		{"1112345678999p", "1p", false},    // chuuren: nine waits, then three
		{"123p456p789s1s777z", "7z", true}, // a tanki, a triplet of honours
	} {
		before := tile.MustParseCounts(c.before)
		if got := RiichiAnkanKeepsWaits(&before, tile.MustParseKind(c.kind)); got != c.want {
			t.Errorf("%s, kan of %s: %v, want %v", c.before, c.kind, got, c.want)
		}
	}
}

func TestSanmaNineTerminals(t *testing.T) {
	// Nine terminal and honour kinds on the dealer's first draw: an
	// abortive draw with three players as with four; the dealer keeps the
	// deal.
	r := scenario3(t, [3]string{"19m19p19s12356z88s", "2233p5577s66z777z", "445566p8899s233z"}, "3s", "", "", sanmaEven)
	if !hasAction(r, 0, KyuushuKyuuhai) {
		t.Fatalf("no kyuushu among %v", r.Legal(0, nil))
	}
	mustApply(t, r, Action{Type: KyuushuKyuuhai, Seat: 0})
	res := r.Result()
	if res.Kind != NineTerminals || !res.Renchan || res.Deltas != [4]int{} {
		t.Errorf("kyuushu: %v renchan %v deltas %v", res.Kind, res.Renchan, res.Deltas)
	}
}

func TestSanmaSameSeedSameGame(t *testing.T) {
	var finals [2][4]int
	for i := range finals {
		var players [NumSeats]Player
		for s := range 3 {
			players[s] = &sanmaPlayer{randomPlayer{rand.New(rand.NewPCG(42, uint64(s)))}}
		}
		g, err := PlayGame(context.Background(), TenhouSanma(Hanchan), 42, &players)
		if err != nil {
			t.Fatal(err)
		}
		finals[i] = g.Scores
	}
	if finals[0] != finals[1] || finals[0] == sanmaEven {
		t.Errorf("seed 42 twice: %v and %v", finals[0], finals[1])
	}
}
