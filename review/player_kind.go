package review

import "github.com/mjrank/mjrank/sim/game"

// Kind is the kind of a decision: what the player was choosing between.
// It is set from the decision's legal moves and the move played
// ([KindOf]), so that a player's figures can be read by kind.
type Kind string

// Kinds of decision.
const (
	// KindDiscard: a turn with no riichi, kan or kyuushu kyuuhai to
	// declare: which tile to discard (a declined tsumo is one too).
	KindDiscard Kind = "discard"
	// KindRiichi: a turn where riichi is legal (riichi or dama, and with
	// which tile).
	KindRiichi Kind = "riichi"
	// KindCall: an answer to a discard the player could chi or pon (call
	// or pass); a declined ron is one too.
	KindCall Kind = "call"
	// KindKan: a decision where a kan is legal (an ankan or kakan on a
	// turn, a daiminkan in answer to a discard), whatever was played.
	KindKan Kind = "kan"
	// KindKyuushu: a first turn where kyuushu kyuuhai is legal (abort the
	// hand or play on).
	KindKyuushu Kind = "kyuushu"
	// KindKita: a turn of a 3-player game where setting a North aside is
	// legal (the kita, or keeping the North), with no riichi or kan to
	// declare.
	KindKita Kind = "kita"
)

// Kinds lists the kinds in the order the figures are shown.
var Kinds = []Kind{KindDiscard, KindRiichi, KindCall, KindKan, KindKyuushu, KindKita}

// KindOf returns the kind of a decision whose legal moves are legal, in
// which the player played played; turn says it is the player's turn (else
// an answer to a discard). A decision offering several kinds of choice is
// of the rarest: kyuushu kyuuhai first; then a riichi or a kan when it is
// what was played; then a kan, then a riichi when it was legal; then a
// kita, played or legal. A player's
// discard from a turn where riichi was legal is thus a riichi-or-dama
// decision, which is the question a reviewer of that turn asks.
func KindOf(turn bool, legal []game.Action, played game.Action) Kind {
	var kan, riichi, kyuushu, kita bool
	for _, a := range legal {
		switch a.Type {
		case game.Kita:
			kita = true
		case game.Ankan, game.Kakan, game.Daiminkan:
			kan = true
		case game.Riichi:
			riichi = true
		case game.KyuushuKyuuhai:
			kyuushu = true
		}
	}
	switch {
	case kyuushu:
		return KindKyuushu
	case played.Type == game.Riichi:
		return KindRiichi
	case played.Type == game.Ankan || played.Type == game.Kakan || played.Type == game.Daiminkan:
		return KindKan
	case kan:
		return KindKan
	case riichi:
		return KindRiichi
	case kita || played.Type == game.Kita:
		return KindKita
	case turn:
		return KindDiscard
	}
	return KindCall
}
