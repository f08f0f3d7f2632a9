package game

import (
	"errors"
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
)

// Bounds of a game's numbers that every entry point (observation JSON, the
// mjai protocol, the service) checks through [Rules.Check] and
// [RoundSetup.Check]: far above any real game, and low enough that no sum
// of payments, scores or rank points overflows.
const (
	MaxPoints         = 1_000_000 // a seat's score at a round start; the start and return points
	MaxUma            = 1000      // each uma, in thousands of points
	MaxExtensionWinds = 2         // a hanchan's extension then runs to North 4
	MaxHonba          = score.MaxHonba
	MaxSticks         = score.MaxRiichiSticks
)

// ErrBadSetup is the cause of every [Rules.Check] and [RoundSetup.Check]
// error.
var ErrBadSetup = errors.New("impossible position")

func badSetup(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrBadSetup}, args...)...)
}

// Check refuses rules no game can be played under, naming the field and
// the range it must be in.
func (r *Rules) Check() error {
	switch {
	case r.Length != Hanchan && r.Length != Tonpuusen:
		return badSetup("length %d: want hanchan or tonpuusen", r.Length)
	case r.StartPoints < 100 || r.StartPoints > MaxPoints:
		return badSetup("start_points %d: want 100 to %d", r.StartPoints, MaxPoints)
	case r.ReturnPoints < 0 || r.ReturnPoints > MaxPoints:
		return badSetup("return_points %d: want 0 to %d", r.ReturnPoints, MaxPoints)
	case r.ExtensionWinds < 0 || r.ExtensionWinds > MaxExtensionWinds:
		return badSetup("extension_winds %d: want 0 to %d", r.ExtensionWinds, MaxExtensionWinds)
	}
	for i, u := range r.Uma {
		if u < -MaxUma || u > MaxUma {
			return badSetup("uma[%d] %d: want %d to %d (thousands of points)", i, u, -MaxUma, MaxUma)
		}
	}
	if err := r.Score.Check(); err != nil {
		return fmt.Errorf("%w: %w", ErrBadSetup, err)
	}
	if r.Players() == 3 && r.Uma[3] != 0 {
		return badSetup("uma[3] %d: a three-player game has no fourth place (want 0)", r.Uma[3])
	}
	return nil
}

// LastRound returns the index of the last round the rules can reach: the
// last regular one (East 4 or South 4) and the extension's winds after it.
func (r *Rules) LastRound() int { return r.lastRegular() + 4*r.ExtensionWinds }

// RoundName names a round index as Tenhou does: E1 … E4, S1 …, W1 …, N1 …
// (three players skip E4, S4, …).
func RoundName(index int) string {
	if index < 0 || index >= 16 {
		return fmt.Sprintf("round %d", index)
	}
	return fmt.Sprintf("%c%d", "ESWN"[index/4], index%4+1)
}

// Check refuses a round start no game under r reaches: a round past the
// rules' last, a dealer that is not the round's (seat 0 deals East 1, as
// at Tenhou and in mjai), counters or scores out of range. The error names
// the field and its range; with three players no round's index is 3 mod 4
// (there is no fourth dealer) and seat 3 is empty. It does not ask the
// scores and sticks to add up to the starting points, which every real
// game does: hand-made records (mjai-reviewer's fixtures) do not.
func (s RoundSetup) Check(r *Rules) error {
	last := r.LastRound()
	np := r.Players()
	switch {
	case s.Index < 0 || s.Index > last:
		return badSetup("round %d: want 0 (E1) to %d (%s) under these rules", s.Index, last, RoundName(last))
	case np == 3 && s.Index%4 == 3:
		return badSetup("round %d (%s): no such round with three players", s.Index, RoundName(s.Index))
	case np == 3 && s.Scores[3] != 0:
		return badSetup("scores[3] %d: seat 3 is empty with three players (want 0)", s.Scores[3])
	case int(s.Dealer) != s.Index%NumSeats:
		return badSetup("dealer %d: the dealer of %s is seat %d", s.Dealer, RoundName(s.Index), s.Index%NumSeats)
	case s.Honba < 0 || s.Honba > MaxHonba:
		return badSetup("honba %d: want 0 to %d", s.Honba, MaxHonba)
	case s.Sticks < 0 || s.Sticks > MaxSticks:
		return badSetup("sticks %d: want 0 to %d", s.Sticks, MaxSticks)
	}
	for i, p := range s.Scores {
		// A score below zero ends the game (Tenhou's bust): no round
		// starts with one.
		if p < 0 || p > MaxPoints {
			return badSetup("scores[%d] %d: want 0 to %d (a score below zero ends the game)", i, p, MaxPoints)
		}
	}
	return nil
}
