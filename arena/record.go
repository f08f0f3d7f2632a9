package arena

import (
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// recorder turns a game played by the engine into a data.Game record: a
// observe.Observer in the play loop's hooks finds what each action made
// public, in the records' order, and the recorder writes those events in
// the record model — draws (their tiles from the drawing seat's
// observation), discards, riichi steps, calls, dora indicators — and the
// results. With three players it records the kitas too.
type recorder struct {
	g  data.Game
	rd *data.Round
	ob observe.Observer
	n  int // observation events recorded
}

// newRecorder starts a record of a game with the rules and names given.
func newRecorder(rules game.Rules, ref string, names [game.NumSeats]string) *recorder {
	rec := &recorder{}
	np := rules.Players()
	typ := 0xA9 // Tenhou's lobby type: the Houou room's hanchan
	if rules.Length == game.Tonpuusen {
		typ = 0xA1
	}
	if np == 3 {
		typ |= 0x10 // its 3-player game
	}
	rec.g = data.Game{Ref: ref, Players: np, Rules: data.RulesFromType(typ)}
	rec.g.Names = names
	for i := range rec.g.Sex[:np] {
		rec.g.Sex[i] = "C"
	}
	return rec
}

// startRound records r's start (r is freshly reset: the dealer has drawn).
func (rec *recorder) startRound(r *game.Round) error {
	rec.g.Rounds = append(rec.g.Rounds, data.Round{
		Number: r.Index(), Honba: r.Honba(), Sticks: r.Sticks(), Scores: r.Scores(),
		Dealer: r.Dealer(), DoraIndicator: r.DoraIndicators()[0],
	})
	rd := &rec.g.Rounds[len(rec.g.Rounds)-1]
	rec.rd = rd
	w := r.Wall()
	np := r.Players()
	for seat := range np {
		rel := (seat - rd.Dealer + np) % np
		copy(rd.Hands[seat][:], w[13*rel:13*rel+13])
	}
	rec.n = 0
	if err := rec.ob.Start(r); err != nil {
		return err
	}
	rec.record(r)
	return nil
}

// applied records what a, just applied to r, did.
func (rec *recorder) applied(r *game.Round, a game.Action) error {
	if err := rec.ob.Applied(r, a); err != nil {
		return err
	}
	rec.record(r)
	if r.Phase() == game.PhaseEnd {
		return rec.end(r)
	}
	return nil
}

// record adds the observation events not recorded yet.
func (rec *recorder) record(r *game.Round) {
	rd := rec.rd
	add := func(e data.Event) { rd.Events = append(rd.Events, e) }
	evs := rec.ob.Observation(0).Events()
	for i := rec.n; i < len(evs); i++ {
		e := &evs[i]
		seat := int(e.Seat)
		switch e.Type {
		case observe.ObsDraw:
			add(data.Draw(seat, rec.ob.Observation(seat).Events()[i].Tile))
		case observe.ObsDiscard:
			if e.Riichi {
				add(data.Riichi(seat, 1, [4]int{}))
			}
			add(data.Discard(seat, e.Tile, e.Tsumogiri))
		case observe.ObsCall:
			add(data.Call(seat, e.Meld, int(e.From)))
		case observe.ObsAnkan:
			add(data.Call(seat, e.Meld, seat))
		case observe.ObsKakan:
			for i, m := range r.Melds(seat) {
				if m == e.Meld {
					add(data.Call(seat, m, int(r.MeldInfos(seat)[i].From)))
				}
			}
		case observe.ObsKita:
			add(data.Kita(seat, e.Tile))
		case observe.ObsDora:
			add(data.NewDora(e.Tile))
		case observe.ObsRiichiAccepted:
			add(data.Riichi(seat, 2, r.Scores()))
		}
	}
	rec.n = len(evs)
}

// end records the round's result.
func (rec *recorder) end(r *game.Round) error {
	rd := rec.rd
	res := r.Result()
	before := r.Scores()
	for i, d := range res.Deltas {
		before[i] -= d
	}
	if res.Kind == game.Agari {
		cur := before
		for i := range res.Wins[:res.NumWins] {
			w := &res.Wins[i]
			sr := &w.Score
			a := data.Agari{
				Who: int(w.Seat), From: int(w.From), Pao: int(w.Pao),
				Hand:    slices.Sorted(slices.Values(w.Win.Hand[:w.Win.NumHand])),
				Melds:   slices.Clone(w.Win.Melds[:w.Win.NumMelds]),
				WinTile: w.Win.WinTile, Fu: sr.Fu, Points: sr.Points, Limit: sr.Limit.TenhouCode(),
				Dora:  slices.Clone(w.Win.Dora[:w.Win.NumDora]),
				Honba: w.Win.Honba, Sticks: w.Win.RiichiSticks, Scores: cur, Deltas: sr.Payments,
			}
			if w.Win.Riichi {
				a.Ura = slices.Clone(w.Win.UraDora[:w.Win.NumUraDora])
			}
			a.Kita = kitasOf(rd.Events, int(w.Seat))
			ys := sr.TenhouYaku(nil)
			for j := 0; j+1 < len(ys); j += 2 {
				a.Yaku = append(a.Yaku, data.Yaku{ID: ys[j], Han: ys[j+1]})
			}
			a.Yakuman = sr.TenhouYakuman(nil)
			for j, p := range sr.Payments {
				cur[j] += p
			}
			rd.Agari = append(rd.Agari, a)
			rd.Events = append(rd.Events, data.Event{Type: data.EventAgari, Seat: int8(w.Seat), Tile: tile.NoTile, From: -1, Index: uint8(i)})
		}
		return nil
	}
	d := &data.Ryuukyoku{Honba: r.Honba(), Sticks: r.Sticks(), Scores: before, Deltas: res.Deltas}
	show := func(s int) { d.Hands[s] = slices.Sorted(slices.Values(r.Hand(s))) }
	switch res.Kind {
	case game.ExhaustiveDraw:
		d.Type = data.Exhaustive
		for s := range game.NumSeats {
			if res.Nagashi[s] {
				d.Type = data.NagashiMangan
			}
			if res.Tenpai[s] {
				show(s)
			}
		}
	case game.NineTerminals:
		d.Type = data.NineTerminals
		show(r.Current())
	case game.FourWinds:
		d.Type = data.FourWinds
	case game.FourRiichi:
		d.Type = data.FourRiichi
	case game.FourKans:
		d.Type = data.FourKans
	case game.TripleRon:
		d.Type = data.TripleRon
	default:
		return fmt.Errorf("arena: record: round ended with %v", res.Kind)
	}
	rd.Ryuukyoku = d
	rd.Events = append(rd.Events, data.Event{Type: data.EventRyuukyoku, Seat: -1, Tile: tile.NoTile, From: -1})
	return nil
}

// finish records the game's final result and returns the record.
func (rec *recorder) finish(g *game.Game) *data.Game {
	scores, points, _ := g.Final()
	rec.g.Owari = &data.Owari{Scores: scores, RankPt: points}
	return &rec.g
}

// kitasOf returns the Norths seat set aside in events, in order (nil for
// none, as in every 4-player round).
func kitasOf(events []data.Event, seat int) []tile.Tile {
	var out []tile.Tile
	for _, e := range events {
		if e.Type == data.EventKita && int(e.Seat) == seat {
			out = append(out, e.Tile)
		}
	}
	return out
}
