package mc

import "errors"

// TallyTurns is the number of turn buckets of an OpponentTally: by an
// opponent's discards so far, 1 to TallyTurns (the last bucket holds the
// later ones too).
const TallyTurns = 24

// OpponentTally counts how the rollout's opponents play, turn by turn, so
// that they can be set beside the players of real games (mceval's
// opponent report, issue 21 item 2). Each count is the expected number
// over the simulations of a decision: the simulations' sum divided by
// their number, so that one decision weighs one whatever its budget, as
// one real round continuation does.
type OpponentTally struct {
	// Discards counts the opponents' discards after the root by their
	// discards so far (index turn−1): Tenpai, Riichi and Open count the
	// ones after which it is tenpai, in riichi (declared with it or
	// before) and has called.
	Discards [TallyTurns]float64 `json:"discards"`
	Tenpai   [TallyTurns]float64 `json:"tenpai"`
	Riichi   [TallyTurns]float64 `json:"riichi"`
	Open     [TallyTurns]float64 `json:"open"`
	// Calls counts the opponents' calls, Rounds the decisions tallied.
	Calls  float64 `json:"calls"`
	Rounds float64 `json:"decisions"`
	// How the rounds ended for the opponents: Tsumo by an opponent's
	// tsumo, RonOpponent by an opponent's ron on another opponent (a
	// double ron once); Wins counts the opponents' wins (on anyone) and
	// WinPoints their hands' points (before honba and sticks).
	Tsumo       float64 `json:"tsumo"`
	RonOpponent float64 `json:"ron_on_opponent"`
	Wins        float64 `json:"wins"`
	WinPoints   float64 `json:"win_points"`
	// DealIn counts the deciding seat's deal-ins by its state after the
	// discard that dealt in (DealInRiichi …): where the rollout's own play
	// pushes or folds unlike the players.
	DealIn [NumDealInStates]float64 `json:"deal_in"`
	// SeatWin counts the deciding seat's wins by its hand when it won
	// (WinRiichi …) and how: [state][0] by ron, [state][1] by tsumo.
	SeatWin [NumWinStates][2]float64 `json:"seat_win"`
}

// The deciding seat's hands when it wins, OpponentTally.SeatWin's first
// index: in riichi, closed without riichi, open.
const (
	WinRiichi = iota
	WinDama
	WinOpen
	NumWinStates
)

// WinState is the index into OpponentTally.SeatWin of a seat that won in
// riichi or not, with an open hand or not.
func WinState(riichi, open bool) int {
	switch {
	case riichi:
		return WinRiichi
	case open:
		return WinOpen
	}
	return WinDama
}

// SeatWon counts one win of the deciding seat in riichi or not, open or
// not, by tsumo or ron.
func (t *OpponentTally) SeatWon(riichi, open, tsumo bool) {
	t.SeatWin[WinState(riichi, open)][b2i(tsumo)]++
}

// The deciding seat's states when it deals in, OpponentTally.DealIn's
// index: in riichi, tenpai without riichi, not tenpai with an opponent in
// riichi, not tenpai otherwise.
const (
	DealInRiichi = iota
	DealInDama
	DealInNotenRiichi
	DealInNoten
	NumDealInStates
)

// DealInState is the index into OpponentTally.DealIn of a seat that
// dealt in from riichi, tenpai or not, an opponent in riichi or not.
func DealInState(riichi, tenpai, oppRiichi bool) int {
	switch {
	case riichi:
		return DealInRiichi
	case tenpai:
		return DealInDama
	case oppRiichi:
		return DealInNotenRiichi
	}
	return DealInNoten
}

// Win counts one opponent win worth points.
func (t *OpponentTally) Win(points int) {
	t.Wins++
	t.WinPoints += float64(points)
}

// Add adds u's counts into t.
func (t *OpponentTally) Add(u *OpponentTally) { t.addScaled(u, 1) }

// addScaled adds w × u's counts into t.
func (t *OpponentTally) addScaled(u *OpponentTally, w float64) {
	for i := range t.Discards {
		t.Discards[i] += w * u.Discards[i]
		t.Tenpai[i] += w * u.Tenpai[i]
		t.Riichi[i] += w * u.Riichi[i]
		t.Open[i] += w * u.Open[i]
	}
	t.Calls += w * u.Calls
	t.Rounds += w * u.Rounds
	t.Tsumo += w * u.Tsumo
	t.RonOpponent += w * u.RonOpponent
	t.Wins += w * u.Wins
	t.WinPoints += w * u.WinPoints
	for i := range t.DealIn {
		t.DealIn[i] += w * u.DealIn[i]
	}
	for i := range t.SeatWin {
		for j := range t.SeatWin[i] {
			t.SeatWin[i][j] += w * u.SeatWin[i][j]
		}
	}
}

// Discard counts one opponent discard, its turn-th, after which it is
// tenpai, in riichi, open or not, with weight w.
func (t *OpponentTally) Discard(turn int, tenpai, riichi, open bool, w float64) {
	i := min(max(turn, 1), TallyTurns) - 1
	t.Discards[i] += w
	t.Tenpai[i] += w * b2f(tenpai)
	t.Riichi[i] += w * b2f(riichi)
	t.Open[i] += w * b2f(open)
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// addDecision adds the counts u of one analysis's sims simulations into t
// as one decision. The simulations count in whole numbers, which float64
// holds exactly, so the order they ran in does not matter.
func (t *OpponentTally) addDecision(u *OpponentTally, sims int) {
	if sims == 0 {
		return
	}
	t.addScaled(u, 1/float64(sims))
	t.Rounds++
}

// errTallyWorkers: the tally's counts are kept by one worker.
var errTallyWorkers = errors.New("mc: Lab.Tally is read by Predict with one worker")
