package observe

import (
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Observer builds every seat's [Observation] of a live round as it is
// played (three seats under three-player rules, seat 3 empty): [Observer.Start] takes up a freshly dealt round and
// [Observer.Update], called after every action, appends to each seat's
// observation the events the action made public (another seat's draw
// hidden). [Observer.Hooks] gives the play loop's hooks that do both, so
// that a [game.Hooks.Decision] hook, or anything that runs between
// actions, can read [Observer.Observation] of the seat to act. The
// observations it builds are the ones a record of the same round gives
// (data.ObservationAt), event for event, in the records' order: a dora
// indicator that a discard reveals (an open or added kan's) comes before
// that discard, as Tenhou logs it; a closed kan's comes right after the
// kan, and one a kita reveals right after the kita.
//
// Why not from a [game.View] at a decision: a View shows the seat's hand,
// but not which of its tiles were dealt and which drawn when, and those
// places in the wall are part of the observation (a determinization puts
// every seen tile where it came from); nor the order of two kans one seat
// makes in one turn (both have the same MeldInfo.Turn). The rivers' turns and
// the melds' sources would give the rest, but an event stream fed as the
// round goes is exact and costs a few comparisons per action. A Player,
// which sees only Views, can be given the observations of an Observer
// that the loop feeds.
//
// The Observer only reads the round, through its accessors: Update
// compares it with what the observations hold (rivers, melds, riichi
// sticks, dora indicators, draws) and never looks at the action, so a
// record replay that applies several actions per record event (passes,
// then a call) can feed it too, as long as each Update sees at most one
// discard and one draw. After an error the observations are out of step
// with the round until the next Start.
//
// Feeding allocates nothing once each observation's events have grown to a
// round's length: an Observer reused from round to round (as the hooks of
// [game.PlayGameHooked] do) keeps that memory. The zero Observer is ready
// to Start.
type Observer struct {
	obs  [game.NumSeats]Observation
	last observed
	np   int  // seats in play
	ok   bool // started and in step
}

// observed is what the observations hold of the round: the counts Update
// compares the round with.
type observed struct {
	rivers   [game.NumSeats]uint8 // discards per seat
	melds    [game.NumSeats]uint8 // melds per seat
	kakans   [game.NumSeats]uint8 // bit i: meld i is an added kan
	accepted [game.NumSeats]bool  // riichi stick paid
	dora     int                  // indicators shown
	kita     [game.NumSeats]uint8 // Norths set aside (three players)
	live     int                  // live draws made (Round.Draws)
	rinshan  int                  // replacement draws made, after kans and kitas
}

// observe reads the counts of r.
func observe(r *game.Round) observed {
	var o observed
	for s := range game.NumSeats {
		melds := r.Melds(s)
		o.rivers[s], o.melds[s] = uint8(len(r.River(s))), uint8(len(melds))
		o.accepted[s] = r.RiichiAccepted(s)
		for i, m := range melds {
			if m.Type == score.Kakan {
				o.kakans[s] |= 1 << i
			}
		}
	}
	if r.Players() == 3 {
		for s := range 3 {
			o.kita[s] = uint8(r.Kita(s))
		}
	}
	o.dora = len(r.DoraIndicators())
	o.live, o.rinshan = r.Draws()
	return o
}

// Start begins the observations of r, which must be freshly dealt
// ([game.NewRound] or [game.Round.Reset]: the dealer has drawn, nothing
// else has happened): each seat's deal, the first dora indicator and the
// dealer's draw. It has the signature of [game.Hooks.Start].
func (ob *Observer) Start(r *game.Round) error {
	ob.ok = false
	if live, rinshan := r.Draws(); r.Phase() != game.PhaseTurn || r.Turns() != 0 || live != 1 || rinshan != 0 || r.Current() != r.Dealer() {
		return fmt.Errorf("observe: observer: the round is not freshly dealt (phase %v, %d discards)", r.Phase(), r.Turns())
	}
	rules, w := r.Rules(), r.Wall()
	np := r.Players()
	lay := game.LayoutFor(np)
	setup := game.RoundSetup{Index: r.Index(), Honba: r.Honba(), Sticks: r.Sticks(), Dealer: uint8(r.Dealer()), Scores: r.Scores()}
	for s := range np {
		rel := (s + np - r.Dealer()) % np
		if err := ob.obs[s].reset(&rules, setup, s, [13]tile.Tile(w[13*rel:13*rel+13]), w[lay.Dora]); err != nil {
			return fmt.Errorf("observe: observer: seat %d: %w", s, err)
		}
	}
	ob.np = np
	ob.last = observed{dora: 1}
	ob.ok = true
	return ob.Update(r)
}

// Update appends to every seat's observation what r has made public since
// the last Start or Update, in the order the round did it: the dora
// indicators a discard revealed, the discard, or a closed or added kan; a
// riichi stick paid; a call; the other dora indicators; a draw (hidden
// from the other seats). Wins and draws that end the round are not
// events.
func (ob *Observer) Update(r *game.Round) error {
	if !ob.ok {
		return fmt.Errorf("observe: observer: not started, or out of step after an error")
	}
	now := observe(r)
	last := &ob.last
	discarder := -1
	for s := range game.NumSeats {
		switch d := int(now.rivers[s]) - int(last.rivers[s]); {
		case d == 1 && discarder < 0:
			discarder = s
		case d != 0:
			return ob.fail(fmt.Errorf("observe: observer: seat %d's river went from %d to %d tiles", s, last.rivers[s], now.rivers[s]))
		}
	}
	if discarder >= 0 {
		if err := ob.emitDora(r, now.dora); err != nil {
			return err
		}
		d := r.River(discarder)[now.rivers[discarder]-1]
		if err := ob.emit(ObsEvent{Type: ObsDiscard, Seat: uint8(discarder), Tile: d.Tile, Tsumogiri: d.Tsumogiri, Riichi: d.Riichi}); err != nil {
			return err
		}
	}
	for s := range game.NumSeats {
		if now.accepted[s] && !last.accepted[s] {
			if err := ob.emit(ObsEvent{Type: ObsRiichiAccepted, Seat: uint8(s), Tile: tile.NoTile}); err != nil {
				return err
			}
		}
	}
	for s := range game.NumSeats {
		if now.kita[s] != last.kita[s] {
			if err := ob.emitKita(r, s, int(now.kita[s])-int(last.kita[s])); err != nil {
				return err
			}
		}
		melds, infos := r.Melds(s), r.MeldInfos(s)
		if added := now.kakans[s] &^ last.kakans[s]; added != 0 {
			for i, m := range melds {
				if added&(1<<i) != 0 {
					if err := ob.emit(ObsEvent{Type: ObsKakan, Seat: uint8(s), Tile: m.Tiles[3]}); err != nil {
						return err
					}
				}
			}
		}
		for i := last.melds[s]; i < now.melds[s]; i++ {
			e := ObsEvent{Type: ObsCall, Seat: uint8(s), Tile: tile.NoTile, From: infos[i].From, Meld: melds[i]}
			if e.Meld.Type == score.Ankan {
				e.Type, e.From = ObsAnkan, 0
			}
			if err := ob.emit(e); err != nil {
				return err
			}
		}
	}
	if err := ob.emitDora(r, now.dora); err != nil {
		return err
	}
	live, rinshan := now.live-last.live, now.rinshan-last.rinshan
	switch {
	case live+rinshan > 1:
		return ob.fail(fmt.Errorf("observe: observer: %d live and %d rinshan draws at once", live, rinshan))
	case live+rinshan == 1 && r.Phase() != game.PhaseEnd:
		if err := ob.emit(ObsEvent{Type: ObsDraw, Seat: uint8(r.Current()), Tile: r.Drawn(), Rinshan: rinshan == 1}); err != nil {
			return err
		}
	}
	ob.last = now
	return nil
}

// Applied is [Observer.Update] with the signature of [game.Hooks.Applied].
func (ob *Observer) Applied(r *game.Round, _ game.Action) error { return ob.Update(r) }

// Hooks returns play loop hooks that feed ob: Start and Applied. Set
// Decision and End (or wrap these) for more.
func (ob *Observer) Hooks() game.Hooks { return game.Hooks{Start: ob.Start, Applied: ob.Applied} }

// Observation returns seat's observation of the round being observed, or
// nil for a seat not in play (seat 3 of a three-player round). It belongs
// to ob and changes with every Update; Clone it to keep it.
func (ob *Observer) Observation(seat int) *Observation {
	if seat >= ob.np && ob.np > 0 {
		return nil
	}
	return &ob.obs[seat]
}

// emitKita appends the n Norths seat has set aside since the last Update.
// The round does not say which North went: it is the one that left the
// seat's hand, which its own observation holds.
func (ob *Observer) emitKita(r *game.Round, seat, n int) error {
	for ; n > 0; n-- {
		t := tile.NoTile
		for _, h := range ob.obs[seat].Hand() {
			if h.Kind() == tile.North && !slices.Contains(r.Hand(seat), h) {
				t = h
				break
			}
		}
		if t == tile.NoTile {
			return ob.fail(fmt.Errorf("observe: observer: seat %d set a North aside that its hand %s did not hold",
				seat, tile.Format(ob.obs[seat].Hand())))
		}
		if err := ob.emit(ObsEvent{Type: ObsKita, Seat: uint8(seat), Tile: t}); err != nil {
			return err
		}
	}
	return nil
}

// emitDora shows the dora indicators of r up to n.
func (ob *Observer) emitDora(r *game.Round, n int) error {
	for ; ob.last.dora < n; ob.last.dora++ {
		if err := ob.emit(ObsEvent{Type: ObsDora, Tile: r.DoraIndicators()[ob.last.dora]}); err != nil {
			return err
		}
	}
	return nil
}

// emit appends e to every seat's observation, hiding other seats' draws.
func (ob *Observer) emit(e ObsEvent) error {
	for s := range ob.obs[:ob.np] {
		ev := e
		if e.Type == ObsDraw && int(e.Seat) != s {
			ev.Tile = tile.NoTile
		}
		if err := ob.obs[s].Append(ev); err != nil {
			return ob.fail(fmt.Errorf("observe: observer: seat %d: %w", s, err))
		}
	}
	return nil
}

func (ob *Observer) fail(err error) error {
	ob.ok = false
	return err
}
