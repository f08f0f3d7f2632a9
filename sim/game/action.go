package game

import (
	"errors"
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// ActionType is what a player does. The zero ActionType is Pass.
type ActionType uint8

// Action types. Turn actions come from the player to move; call actions
// answer another player's discard or added kan.
const (
	Pass           ActionType = iota // decline to call (call phase only)
	Discard                          // discard Tile
	Riichi                           // declare riichi and discard Tile
	Tsumo                            // win on the drawn tile
	Ankan                            // closed kan of Tile's kind (Tile: one of the four)
	Kakan                            // add Tile to a pon of its kind
	KyuushuKyuuhai                   // abort with nine terminal and honour kinds
	Ron                              // win on the discard (or the kan tile)
	Chi                              // call a sequence: Meld
	Pon                              // call a triplet: Meld
	Daiminkan                        // call an open kan: Meld
	// Kita sets a North aside (nukidora; three players only): Tile, a
	// North in the hand. The others may rob it by Ron (PhaseChankan), else
	// the seat draws a replacement from the dead wall and plays on.
	Kita
)

var actionNames = [...]string{"pass", "discard", "riichi", "tsumo", "ankan", "kakan", "kyuushu", "ron", "chi", "pon", "daiminkan", "kita"}

func (t ActionType) String() string {
	if int(t) < len(actionNames) {
		return actionNames[t]
	}
	return fmt.Sprintf("ActionType(%d)", uint8(t))
}

// Action is one decision of one seat. Tile is the discarded tile (Discard,
// Riichi), the kan tile (Ankan, Kakan), the North set aside (Kita); Meld is the called meld (Chi, Pon,
// Daiminkan) with the called tile first.
type Action struct {
	Type ActionType
	Seat uint8
	Tile tile.Tile
	Meld score.Meld
}

func (a Action) String() string {
	switch a.Type {
	case Discard, Riichi, Ankan, Kakan, Kita:
		return fmt.Sprintf("seat %d %v %v", a.Seat, a.Type, a.Tile)
	case Chi, Pon, Daiminkan:
		return fmt.Sprintf("seat %d %v", a.Seat, a.Meld)
	}
	return fmt.Sprintf("seat %d %v", a.Seat, a.Type)
}

// ErrIllegalAction is wrapped by every error for an action the rules or the
// phase do not allow.
var ErrIllegalAction = errors.New("illegal action")

// Phase is what a round waits for.
type Phase uint8

// Phases.
const (
	PhaseTurn    Phase = iota // the player to move acts on their hand
	PhaseCall                 // the others answer a discard
	PhaseChankan              // the others may rob a kan, or a kita's North
	PhaseEnd                  // the round is over; see Round.Result
)

func (p Phase) String() string {
	return [...]string{"turn", "call", "chankan", "end"}[p]
}
