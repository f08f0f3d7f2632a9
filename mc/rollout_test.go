package mc

import (
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// tenpai25 is the seat's usual hand: tanyao, pinfu-shaped, waiting on
// 2m and 5m (a ron on 5m is worth 30 fu 2 han: 2,000 from a non-dealer,
// 2,900 from the dealer; a tsumo 20 fu 3 han: 700/1,300).
const tenpai25 = "234m456p678s55s34m"

// TestRolloutScenarios: the round's end on fixed worlds. Unless a case says
// otherwise the seat (0) is not the dealer (seat 1 deals East 2), everyone
// has 25,000, the dora is 5z (indicator 7z) and nobody holds it.
func TestRolloutScenarios(t *testing.T) {
	e := scenarioEngine(t)
	tests := []struct {
		sc   scenario
		want scenarioEnd
	}{
		// --- furiten ---
		{scenario{name: "not furiten: the seat rons the winning tile",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m9p9s5m"},
			scenarioEnd{kind: game.Agari, scores: sc25(2000, -2000, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "furiten by its own discard: no ron, the tsumo wins",
			index: 1, dealer: 1, hand: tenpai25 + "1z", river: "5m", move: discardOf("1z"),
			draws: "5m9p9s5m", live: 6},
			scenarioEnd{kind: game.Agari, scores: sc25(2700, -1300, -700, -700), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a passed winning tile: no ron until its own discard, the tsumo wins",
			index: 1, dealer: 1, hand: tenpai25, answer: "5m", from: 1, move: pass,
			draws: "2m9s5m", live: 4},
			scenarioEnd{kind: game.Agari, scores: sc25(2700, -1300, -700, -700), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a passed winning tile: its own discard ends the furiten",
			index: 1, dealer: 1, hand: tenpai25, answer: "5m", from: 1, move: pass,
			draws: "9p9s1z5m", live: 5},
			scenarioEnd{kind: game.Agari, scores: sc25(2000, -2000, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "riichi furiten lasts past its own discard; the tsumo wins",
			index: 1, dealer: 1, sticks: 1, hand: tenpai25, riichi: true, answer: "5m", from: 1, move: pass,
			draws: "9p9s1z2m8p8s5m", live: 8, ura: "6z"},
			// riichi, tsumo, tanyao, pinfu: 20 fu 4 han, 1,300/2,600; the stick.
			scenarioEnd{kind: game.Agari, scores: sc25(6200, -2600, -1300, -1300), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		{scenario{name: "houtei: a ron on the last discard",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 1},
			// tanyao, pinfu, houtei: 30 fu 3 han.
			scenarioEnd{kind: game.Agari, scores: sc25(3900, -3900, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "haitei: a tsumo on the last tile",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "9p9s8p5m", live: 4},
			// tanyao, pinfu, tsumo, haitei: 20 fu 4 han.
			scenarioEnd{kind: game.Agari, scores: sc25(5200, -2600, -1300, -1300), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		// --- the first go-around: double riichi, ippatsu, chiihou ---
		{scenario{name: "a riichi on the first uninterrupted discard is a double riichi",
			index: 1, dealer: 1, firstTurn: true, hand: tenpai25 + "1z", move: riichiOf("1z"),
			draws: "5m", live: 60, ura: "6z"},
			// double riichi, ippatsu, tanyao, pinfu: mangan, and its stick back.
			scenarioEnd{kind: game.Agari, scores: sc25(8000, -8000, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a double riichi declared before the root counts in the win",
			index: 1, dealer: 1, sticks: 1, riichi: true, doubleRiichi: true, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 40, ura: "6z"},
			// double riichi, tanyao, pinfu: 30 fu 4 han.
			scenarioEnd{kind: game.Agari, scores: sc25(8700, -7700, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a tsumo on the first uninterrupted draw is a chiihou",
			index: 1, dealer: 1, firstTurn: true, hand: tenpai25 + "5m", move: game.Action{Type: game.Tsumo},
			live: 60},
			scenarioEnd{kind: game.Agari, scores: sc25(32000, -16000, -8000, -8000), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "an opponent's call ends the seat's ippatsu",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: riichiOf("1z"),
			opp:   [4]oppSpec{1: {tenpai: true}},
			then:  func(s *sim) { s.callBy(1) },
			draws: "9p9s8p5m", live: 5, ura: "6z"},
			// riichi, tsumo, tanyao, pinfu (no ippatsu): 20 fu 4 han, and
			// its stick back.
			scenarioEnd{kind: game.Agari, scores: sc25(5200, -2600, -1300, -1300), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		{scenario{name: "the seat's closed kan: its rinshan tsumo scores, without ippatsu",
			index: 1, dealer: 1, sticks: 1, riichi: true, ippatsu: true, hand: "234m456p999s55s34m9s",
			move:  game.Action{Type: game.Ankan, Tile: tileOf("9s")},
			draws: "5m", live: 20, ura: "6z"},
			// riichi, tsumo, rinshan (no ippatsu): 60 fu 3 han, 2,000/3,900.
			scenarioEnd{kind: game.Agari, scores: sc25(8900, -3900, -2000, -2000), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		// --- kan dora ---
		{scenario{name: "an open kan's indicator waiting at the root shows after the seat's discard",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			kanDora: "3p", pendingDora: 1,
			draws: "5m", live: 4},
			// tanyao, pinfu, dora 4p: 30 fu 3 han.
			scenarioEnd{kind: game.Agari, scores: sc25(3900, -3900, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a closed kan shows its indicator at once: the rinshan tsumo counts it",
			index: 1, dealer: 1, hand: "234m456p999s55s34m9s", move: game.Action{Type: game.Ankan, Tile: tileOf("9s")},
			kanDora: "8s",
			draws:   "5m", live: 20},
			// tsumo, rinshan, dora 9s ×4: haneman.
			scenarioEnd{kind: game.Agari, scores: sc25(12000, -6000, -3000, -3000), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "an added kan shows its indicator after the discard: the rinshan tsumo does not count it",
			index: 1, dealer: 1, hand: "234m456p55s34m9s", pon: []string{"999s"}, move: game.Action{Type: game.Kakan, Tile: tileOf("9s")},
			kanDora: "8s",
			draws:   "5m", live: 20},
			// rinshan: 40 fu 1 han, 400/700.
			scenarioEnd{kind: game.Agari, scores: sc25(1500, -700, -400, -400), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		// --- a yaku is needed ---
		{scenario{name: "an open hand without yaku cannot ron; tenpai at the draw",
			index: 1, dealer: 1, hand: "234m456p55s34s1z", chi: []string{"789p"}, move: discardOf("1z"),
			draws: "2s9m9s"},
			scenarioEnd{kind: game.ExhaustiveDraw, scores: sc25(3000, -1000, -1000, -1000),
				next: game.RoundSetup{Index: 2, Honba: 1, Dealer: 2}}},
		{scenario{name: "a yakuhai pon gives the open hand its ron",
			index: 1, dealer: 1, hand: "234m456p55s34s1z", pon: []string{"777z"}, move: discardOf("1z"),
			draws: "2s9m9s"},
			// chun, 30 fu 1 han: 1,000.
			scenarioEnd{kind: game.Agari, scores: sc25(1000, -1000, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a closed hand without yaku cannot ron but wins by tsumo",
			index: 1, dealer: 1, hand: "123m456p789s11z34s9m", move: discardOf("9m"),
			draws: "2s9p8p5s", live: 5},
			// menzen tsumo, 30 fu (the round wind's pair) 1 han: 300/500.
			scenarioEnd{kind: game.Agari, scores: sc25(1100, -500, -300, -300), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		// --- riichi sticks and honba ---
		{scenario{name: "the seat's ron takes the honba and the sticks, its own included",
			index: 1, dealer: 1, honba: 2, sticks: 1, hand: tenpai25 + "1z", move: riichiOf("1z"),
			draws: "5m", live: 4, ura: "6z"},
			// riichi, ippatsu, tanyao, pinfu: 30 fu 4 han 7,700 + 600 + 2 sticks.
			scenarioEnd{kind: game.Agari, scores: sc25(9300, -8300, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "the seat's tsumo takes the honba from each and the sticks",
			index: 1, dealer: 1, honba: 1, sticks: 2, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "9p9s8p5m", live: 5},
			scenarioEnd{kind: game.Agari, scores: sc25(5000, -1400, -800, -800), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "an opponent's ron on the seat: the seat pays the honba, the winner takes the sticks",
			index: 1, dealer: 1, honba: 1, sticks: 2, hand: tenpai25 + "9s", move: discardOf("9s"),
			opp:   [4]oppSpec{2: {waits: "9s", value: 3900}},
			draws: "9p9m8p"},
			scenarioEnd{kind: game.Agari, scores: sc25(-4200, 0, 6200, 0), dealtIn: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "an opponent's ron on another opponent",
			index: 1, dealer: 1, honba: 1, sticks: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{2: {waits: "9p", value: 2000}},
			draws: "9p9m8p"},
			scenarioEnd{kind: game.Agari, scores: sc25(0, -2300, 3300, 0),
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "a non-dealer opponent's tsumo: the dealer pays half, honba 100 each",
			index: 1, dealer: 1, honba: 1, sticks: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{3: {waits: "9p", value: 8000}},
			draws: "1p1s9p"},
			scenarioEnd{kind: game.Agari, scores: sc25(-2100, -4100, -2100, 9300),
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "the dealer opponent's tsumo: a third each, the deal is kept",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{1: {waits: "9p", value: 12000}},
			draws: "9p"},
			scenarioEnd{kind: game.Agari, renchan: true, scores: sc25(-4000, 12000, -4000, -4000),
				next: game.RoundSetup{Index: 1, Honba: 1, Dealer: 1}}},

		// --- double ron and triple ron ---
		{scenario{name: "double ron on the seat's discard: it pays both, the first in turn order takes honba and sticks",
			index: 1, dealer: 1, honba: 1, sticks: 1, hand: tenpai25 + "9s", move: discardOf("9s"),
			opp:   [4]oppSpec{1: {waits: "9s", value: 3900}, 2: {waits: "9s", value: 2000}},
			draws: "9p", live: 10},
			// The dealer (seat 1) is among the winners: the deal is kept.
			scenarioEnd{kind: game.Agari, renchan: true, scores: sc25(-6200, 5200, 2000, 0), dealtIn: true,
				next: game.RoundSetup{Index: 1, Honba: 2, Dealer: 1}}},
		{scenario{name: "double ron with the seat second: no honba, no sticks for it",
			index: 1, dealer: 1, honba: 2, sticks: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{3: {waits: "5m", value: 1000}},
			draws: "9p5m", live: 10},
			scenarioEnd{kind: game.Agari, scores: sc25(2000, 0, -3600, 2600), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "double ron with the seat first: the honba and sticks are its",
			index: 1, dealer: 1, honba: 2, sticks: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{1: {waits: "5m", value: 2900}},
			draws: "9p9s5m", live: 10},
			scenarioEnd{kind: game.Agari, renchan: true, scores: sc25(3600, 2900, 0, -5500), won: true,
				next: game.RoundSetup{Index: 1, Honba: 3, Dealer: 1}}},
		{scenario{name: "the seat's ron candidate with an opponent before it in turn order also winning",
			index: 1, dealer: 1, honba: 1, sticks: 1, hand: tenpai25, answer: "5m", from: 1, move: ron,
			opp:  [4]oppSpec{2: {waits: "5m", value: 1000}},
			live: 10},
			scenarioEnd{kind: game.Agari, scores: sc25(2000, -3300, 2300, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "the seat passes its ron, an opponent wins",
			index: 1, dealer: 1, honba: 1, sticks: 1, hand: tenpai25, answer: "5m", from: 1, move: pass,
			opp:  [4]oppSpec{2: {waits: "5m", value: 1000}},
			live: 10},
			scenarioEnd{kind: game.Agari, scores: sc25(0, -1300, 2300, 0),
				next: game.RoundSetup{Index: 2, Dealer: 2}}},
		{scenario{name: "triple ron aborts the round: no payment, no riichi stick, the deal kept",
			index: 1, dealer: 1, hand: tenpai25 + "9s", move: riichiOf("9s"),
			opp:   [4]oppSpec{1: {waits: "9s", value: 3900}, 2: {waits: "9s", value: 2000}, 3: {waits: "9s", value: 1000}},
			draws: "9p", live: 10},
			scenarioEnd{kind: game.TripleRon, renchan: true, scores: sc25(0, 0, 0, 0),
				next: game.RoundSetup{Index: 1, Honba: 1, Dealer: 1}}},

		{scenario{name: "a riichi declared with the discard answered at the root: its stick is paid when nobody rons it",
			index: 1, dealer: 1, hand: tenpai25, answer: "9p", from: 1, pendingRiichi: true, move: pass,
			opp:   [4]oppSpec{1: {waits: "7p", value: 3900, riichi: true}},
			draws: "1p1s", live: 2},
			// An exhaustive draw with the seat and seat 1 tenpai.
			scenarioEnd{kind: game.ExhaustiveDraw, renchan: true, scores: sc25(1500, 500, -1500, -1500), sticks: 1,
				next: game.RoundSetup{Index: 1, Honba: 1, Dealer: 1}}},
		{scenario{name: "a ron on a riichi declaration tile: its stick is not paid",
			index: 1, dealer: 1, hand: tenpai25, answer: "5m", from: 1, pendingRiichi: true, move: ron,
			opp:  [4]oppSpec{1: {waits: "7p", value: 3900, riichi: true}},
			live: 10},
			scenarioEnd{kind: game.Agari, scores: sc25(2000, -2000, 0, 0), won: true,
				next: game.RoundSetup{Index: 2, Dealer: 2}}},

		// --- exhaustive draws ---
		{scenario{name: "draw: the seat alone tenpai",
			index: 1, dealer: 1, honba: 2, sticks: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, scores: sc25(3000, -1000, -1000, -1000), sticks: 1,
				next: game.RoundSetup{Index: 2, Honba: 3, Dealer: 2}}},
		{scenario{name: "draw: two tenpai, the dealer among them keeps the deal",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{1: {waits: "7p", value: 2900}},
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, renchan: true, scores: sc25(1500, 1500, -1500, -1500),
				next: game.RoundSetup{Index: 1, Honba: 1, Dealer: 1}}},
		{scenario{name: "draw: three tenpai",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{1: {waits: "7p", value: 2900}, 3: {waits: "7s", value: 2000}},
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, renchan: true, scores: sc25(1000, 1000, -3000, 1000),
				next: game.RoundSetup{Index: 1, Honba: 1, Dealer: 1}}},
		{scenario{name: "draw: four tenpai, nobody pays",
			index: 1, dealer: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			opp:   [4]oppSpec{1: {waits: "7p", value: 2900}, 2: {waits: "6z", value: 2000}, 3: {waits: "7s", value: 2000}},
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, renchan: true, scores: sc25(0, 0, 0, 0),
				next: game.RoundSetup{Index: 1, Honba: 1, Dealer: 1}}},
		{scenario{name: "draw: everyone noten, nobody pays, the deal moves",
			index: 1, dealer: 1, hand: "147m258p369s1234z6z", move: discardOf("6z"),
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, scores: sc25(0, 0, 0, 0),
				next: game.RoundSetup{Index: 2, Honba: 1, Dealer: 2}}},

		// --- dealer repeat ---
		{scenario{name: "the dealer's win keeps the deal",
			index: 0, dealer: 0, honba: 1, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			// dealer ron 30 fu 2 han: 2,900 + 300.
			scenarioEnd{kind: game.Agari, renchan: true, scores: sc25(3200, -3200, 0, 0), won: true,
				next: game.RoundSetup{Index: 0, Honba: 2, Dealer: 0}}},

		// --- the end of the game ---
		{scenario{name: "South 4: a non-dealer's win ends the game",
			index: 7, dealer: 3, scores: [4]int{28000, 30000, 22000, 20000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			scenarioEnd{kind: game.Agari, scores: [4]int{30000, 28000, 22000, 20000}, won: true,
				next: game.RoundSetup{Index: 8, Dealer: 0}, over: true, rank: 1}},
		{scenario{name: "South 4: a draw ends the game with the sticks to the top",
			index: 7, dealer: 3, sticks: 2, scores: [4]int{29000, 30000, 20000, 19000},
			hand: "147m258p369s1234z6z", move: discardOf("6z"),
			opp:   [4]oppSpec{1: {waits: "7p", value: 2000}},
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, scores: [4]int{28000, 33000, 19000, 18000}, sticks: 2,
				next: game.RoundSetup{Index: 8, Honba: 1, Dealer: 0}, over: true, rank: 2}},
		{scenario{name: "all-last: the dealer's win on top ends the game (agari-yame)",
			index: 7, dealer: 0, scores: [4]int{30000, 26000, 24000, 20000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			scenarioEnd{kind: game.Agari, renchan: true, scores: [4]int{32900, 23100, 24000, 20000}, won: true,
				next: game.RoundSetup{Index: 7, Honba: 1, Dealer: 0}, over: true, rank: 1}},
		{scenario{name: "all-last: the dealer's win not on top plays on",
			index: 7, dealer: 0, scores: [4]int{20000, 32000, 26000, 22000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			scenarioEnd{kind: game.Agari, renchan: true, scores: [4]int{22900, 29100, 26000, 22000}, won: true,
				next: game.RoundSetup{Index: 7, Honba: 1, Dealer: 0}}},
		{scenario{name: "all-last: the dealer tenpai on top at the draw ends the game (tenpai-yame)",
			index: 7, dealer: 0, scores: [4]int{31000, 25000, 24000, 20000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "9p9s1p"},
			scenarioEnd{kind: game.ExhaustiveDraw, renchan: true, scores: [4]int{34000, 24000, 23000, 19000},
				next: game.RoundSetup{Index: 7, Honba: 1, Dealer: 0}, over: true, rank: 1}},
		{scenario{name: "South 4 without 30,000: the game goes on into the West",
			index: 7, dealer: 3, scores: [4]int{26000, 25000, 25000, 24000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			scenarioEnd{kind: game.Agari, scores: [4]int{28000, 23000, 25000, 24000}, won: true,
				next: game.RoundSetup{Index: 8, Dealer: 0}}},
		{scenario{name: "a bust ends the game in the East",
			index: 2, dealer: 2, scores: [4]int{30000, 1000, 35000, 34000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			scenarioEnd{kind: game.Agari, scores: [4]int{32000, -1000, 35000, 34000}, won: true,
				next: game.RoundSetup{Index: 3, Dealer: 3}, over: true, rank: 3}},
		{scenario{name: "East 4 of an east-only game ends it",
			length: game.Tonpuusen, index: 3, dealer: 3, scores: [4]int{28000, 30000, 22000, 20000}, hand: tenpai25 + "1z", move: discardOf("1z"),
			draws: "5m", live: 4},
			scenarioEnd{kind: game.Agari, scores: [4]int{30000, 28000, 22000, 20000}, won: true,
				next: game.RoundSetup{Index: 4, Dealer: 0}, over: true, rank: 1}},
	}
	for i := range tests {
		tc := &tests[i]
		t.Run(tc.sc.name, func(t *testing.T) {
			s := runScenario(t, e, &tc.sc)
			tc.sc.check(t, s, &tc.want)
		})
	}
}
