package game

import (
	"context"
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Player chooses actions for one seat. Act gets what that seat may see and
// the legal actions (never empty) and returns one of them; the round
// validates it again, so a Player cannot cheat.
type Player interface {
	Act(v View, legal []Action) Action
}

// View is a seat's window on a round: its own hand and everything public.
// It holds no copy of the round; it is valid while the round is.
type View struct {
	r    *Round
	seat uint8
}

// ViewOf returns seat's view of r.
func ViewOf(r *Round, seat int) View { return View{r: r, seat: uint8(seat)} }

// Seat returns the viewing seat.
func (v View) Seat() int { return int(v.seat) }

// Hand returns the seat's concealed tiles (do not modify).
func (v View) Hand() []tile.Tile { return v.r.Hand(int(v.seat)) }

// Counts returns the seat's concealed tiles by kind.
func (v View) Counts() tile.Counts { return v.r.seats[v.seat].counts }

// Drawn returns the tile the seat just drew, or NoTile.
func (v View) Drawn() tile.Tile {
	if v.r.cur == v.seat && v.r.phase == PhaseTurn {
		return v.r.drawn
	}
	return tile.NoTile
}

// Waits returns the seat's waits when its hand holds 3n+1 tiles.
func (v View) Waits() tile.KindSet { return v.r.seats[v.seat].waits }

// Furiten reports whether the seat may not ron now.
func (v View) Furiten() bool { return v.r.seats[v.seat].furiten() }

// Melds returns any seat's melds.
func (v View) Melds(seat int) []score.Meld { return v.r.Melds(seat) }

// MeldInfos returns where and when each of any seat's melds came from.
func (v View) MeldInfos(seat int) []MeldInfo { return v.r.MeldInfos(seat) }

// River returns any seat's discards.
func (v View) River(seat int) []RiverTile { return v.r.River(seat) }

// Turns returns the number of discards made in the round so far.
func (v View) Turns() int { return v.r.turns }

// InRiichi reports whether a seat has declared riichi.
func (v View) InRiichi(seat int) bool { return v.r.InRiichi(seat) }

// RiichiAccepted reports whether seat's riichi stick is on the table (its
// declaration discard was not ronned).
func (v View) RiichiAccepted(seat int) bool { return v.r.RiichiAccepted(seat) }

// Scores returns the current scores.
func (v View) Scores() [NumSeats]int { return v.r.scores }

// DoraIndicators returns the revealed dora indicators.
func (v View) DoraIndicators() []tile.Tile { return v.r.DoraIndicators() }

// RoundIndex returns 0 for East 1, 4 for South 1, and so on.
func (v View) RoundIndex() int { return v.r.index }

// RoundWind returns the prevailing wind.
func (v View) RoundWind() tile.Kind { return v.r.RoundWind() }

// SeatWind returns a seat's wind.
func (v View) SeatWind(seat int) tile.Kind { return v.r.SeatWind(seat) }

// Dealer returns the dealer's seat.
func (v View) Dealer() int { return int(v.r.dealer) }

// Honba returns the repeat counter.
func (v View) Honba() int { return v.r.honba }

// Sticks returns the riichi sticks on the table.
func (v View) Sticks() int { return v.r.sticks }

// LiveRemaining returns how many live tiles are left to draw.
func (v View) LiveRemaining() int { return v.r.LiveRemaining() }

// Phase returns what the round waits for.
func (v View) Phase() Phase { return v.r.phase }

// Current returns the player to move, or the seat being answered.
func (v View) Current() int { return int(v.r.cur) }

// LastTile returns the discard or kan tile being answered.
func (v View) LastTile() tile.Tile { return v.r.lastTile }

// Players returns the number of seats in play, 4 or 3.
func (v View) Players() int { return int(v.r.np) }

// Kita returns how many Norths a seat has set aside (nukidora) this round.
func (v View) Kita(seat int) int { return v.r.Kita(seat) }

// Visible returns the counts of every tile the seat can see: its own hand,
// all melds, all rivers (called tiles counted once, in the meld), the
// Norths set aside and the dora indicators.
func (v View) Visible() tile.Counts {
	c := v.Counts()
	for s := range NumSeats {
		c[tile.North] += uint8(v.r.Kita(s))
		for _, m := range v.r.Melds(s) {
			for _, t := range m.TilesSlice() {
				c[t.Kind()]++
			}
		}
		for _, d := range v.r.River(s) {
			if !d.Called {
				c[d.Tile.Kind()]++
			}
		}
	}
	for _, t := range v.r.DoraIndicators() {
		c[t.Kind()]++
	}
	return c
}

// Hooks are the optional callbacks of the play loop ([Round.PlayHooked],
// [PlayGameHooked]): tests check invariants in them, the arena records
// games and gathers statistics, an analysis can watch every decision. A
// nil field is skipped and a nil *Hooks means none, so a loop without
// hooks costs a comparison per step. The round passed is the one being
// played: a hook may read it, but must not change it. An error a hook
// returns stops the play, and the loop returns it wrapped (errors.Is
// finds it).
type Hooks struct {
	// Start is called when the loop takes up a round: for PlayGameHooked,
	// after each deal (the dealer has drawn), before the first decision.
	Start func(r *Round) error
	// Decision is called before seat is asked to choose among legal
	// (which it must not modify).
	Decision func(r *Round, seat int, legal []Action) error
	// Applied is called after a, the choice of seat a.Seat, was applied.
	Applied func(r *Round, a Action) error
	// End is called once the round has ended (PhaseEnd), before a game
	// records it.
	End func(r *Round) error
}

// Play runs r to its end, asking players for every decision. buf is scratch
// space for legal actions (nil is fine).
func (r *Round) Play(players *[NumSeats]Player, buf []Action) error {
	return r.PlayHooked(players, buf, nil)
}

// PlayHooked is [Round.Play] calling the hooks of h (which may be nil). It
// is the one loop every player-driven round runs through.
func (r *Round) PlayHooked(players *[NumSeats]Player, buf []Action, h *Hooks) error {
	if h != nil && h.Start != nil {
		if err := h.Start(r); err != nil {
			return fmt.Errorf("game: round %d: start hook: %w", r.index, err)
		}
	}
	for r.phase != PhaseEnd {
		seat := r.ToAct()
		buf = r.Legal(seat, buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("game: round %d seat %d has no legal action in phase %v", r.index, seat, r.phase)
		}
		if h != nil && h.Decision != nil {
			if err := h.Decision(r, seat, buf); err != nil {
				return fmt.Errorf("game: round %d seat %d: decision hook: %w", r.index, seat, err)
			}
		}
		a := players[seat].Act(View{r, uint8(seat)}, buf)
		if err := r.Apply(a); err != nil {
			return fmt.Errorf("game: round %d: player %d: %w", r.index, seat, err)
		}
		if h != nil && h.Applied != nil {
			if err := h.Applied(r, a); err != nil {
				return fmt.Errorf("game: round %d: after %v: %w", r.index, a, err)
			}
		}
	}
	if h != nil && h.End != nil {
		if err := h.End(r); err != nil {
			return fmt.Errorf("game: round %d: end hook: %w", r.index, err)
		}
	}
	return nil
}

// PlayGame plays a whole game from seed: round i's wall is
// NewWallFor(rules.Players(), seed, index, honba), NewWall(seed, index,
// honba) with four players. It checks ctx between rounds. With three
// players players[3] is never asked (nil is fine).
func PlayGame(ctx context.Context, rules Rules, seed uint64, players *[NumSeats]Player) (*Game, error) {
	return PlayGameHooked(ctx, rules, seed, players, nil)
}

// PlayGameHooked is [PlayGame] playing every round with
// [Round.PlayHooked] and the hooks of h (which may be nil).
func PlayGameHooked(ctx context.Context, rules Rules, seed uint64, players *[NumSeats]Player, h *Hooks) (*Game, error) {
	g := NewGame(rules)
	var r Round
	buf := make([]Action, 0, 64)
	for !g.Over() {
		if err := ctx.Err(); err != nil {
			return g, err
		}
		setup := g.Next()
		w := NewWallFor(g.Rules.Players(), seed, setup.Index, setup.Honba)
		if err := r.Reset(&g.Rules, setup, &w); err != nil {
			return g, err
		}
		if err := r.PlayHooked(players, buf, h); err != nil {
			return g, err
		}
		if err := g.EndRound(&r); err != nil {
			return g, err
		}
	}
	return g, nil
}

// Kuikae returns the kinds the seat may not discard now: after its chi or
// pon, the called kind and, for a chi on an end, the kind on the other
// side (Tenhou's rule, [KuikaeBan]); none otherwise.
func (v View) Kuikae() tile.KindSet {
	if v.r.cur != v.seat || v.r.phase != PhaseTurn {
		return 0
	}
	return v.r.kuikae
}
