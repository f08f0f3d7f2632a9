package review

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// seatTable is one seat at a decision as everyone at the table saw it.
type seatTable struct {
	Name   string
	Wind   tile.Kind
	Score  int
	Riichi bool // declared, its stick paid or not
	// River is every discard in order, called ones included, with its
	// tsumogiri, riichi and called flags.
	River []game.RiverTile
	Melds []score.Meld
	From  []int // per meld: the seat its called tile came from (the owner for an ankan)
	Kita  int   // Norths set aside (three players)
}

// table is the table at one decision: the public state, and the deciding
// seat's own hand.
type table struct {
	Wind       tile.Kind // the round wind
	Hand       int       // the hand number in the wind, 1-4
	Honba      int
	Sticks     int
	Left       int // live wall tiles left
	Dora       []tile.Tile
	Seats      [game.NumSeats]seatTable // seats 0 to Players-1 in play
	Players    int                      // 3 or 4
	Me         int
	Concealed  []tile.Tile // the seat's concealed tiles but Drawn, sorted
	Drawn      tile.Tile   // the tile the seat just drew; NoTile if none
	Offer      int         // the seat whose tile is answered; -1 on the seat's own turn
	OfferTile  tile.Tile   // the tile answered (a discard, or a kan's tile to rob)
	OfferIsKan bool        // the answered tile is an added kan's (chankan), not in a river
	Dealer     int
}

// tableOf reads the table from the round just before seat me decides.
func tableOf(r *game.Round, me int, names [4]string) *table {
	t := &table{Wind: r.RoundWind(), Hand: r.Index()%4 + 1, Honba: r.Honba(), Sticks: r.Sticks(), Left: r.LiveRemaining(),
		Dora: slices.Clone(r.DoraIndicators()), Me: me, Drawn: tile.NoTile, Offer: -1, OfferTile: tile.NoTile,
		Dealer: r.Dealer(), Players: r.Players()}
	scores := r.Scores()
	for s := range t.Players {
		st := &t.Seats[s]
		st.Name, st.Wind, st.Score, st.Riichi, st.Kita = names[s], r.SeatWind(s), scores[s], r.InRiichi(s), r.Kita(s)
		st.River = slices.Clone(r.River(s))
		st.Melds = slices.Clone(r.Melds(s))
		for _, mi := range r.MeldInfos(s) {
			st.From = append(st.From, int(mi.From))
		}
	}
	hand := slices.Clone(r.Hand(me))
	switch {
	case r.Phase() == game.PhaseTurn && r.Current() == me:
		if d := r.Drawn(); d != tile.NoTile {
			if i := slices.Index(hand, d); i >= 0 {
				hand = slices.Delete(hand, i, i+1)
				t.Drawn = d
			}
		}
	case r.Phase() == game.PhaseCall || r.Phase() == game.PhaseChankan:
		t.Offer, t.OfferTile, t.OfferIsKan = r.Current(), r.LastTile(), r.Phase() == game.PhaseChankan
	}
	sortTiles(hand)
	t.Concealed = hand
	return t
}

// sortTiles sorts as tile.Format writes: by kind, a red five first.
func sortTiles(ts []tile.Tile) {
	slices.SortFunc(ts, func(a, b tile.Tile) int {
		if a.Kind() != b.Kind() {
			return int(a.Kind()) - int(b.Kind())
		}
		return int(a) - int(b)
	})
}

// RoundTitle names the table's round in words, "East 1".
func (t *table) RoundTitle() string { return roundWindWord(t.Wind) + " " + fmt.Sprint(t.Hand) }

func roundWindWord(k tile.Kind) string {
	if k >= tile.East && k <= tile.North {
		return [...]string{"East", "South", "West", "North"}[k-tile.East]
	}
	return k.String()
}

// moveTile returns the hand tile a move string (mc.Candidate's String:
// "discard 5m", "riichi 0p", "chi=345m, discard 9s", "ankan 1z", "kita",
// "pass") takes out of the hand, or NoTile when it names none.
func moveTile(move string) tile.Tile {
	words := strings.Fields(strings.ReplaceAll(move, ",", " "))
	out := tile.NoTile
	if len(words) == 1 && words[0] == "kita" {
		return tile.Tile(tile.North * 4) // a North: the mark goes by face
	}
	for i := 0; i+1 < len(words); i++ {
		switch words[i] {
		case "discard", "riichi", "ankan", "kakan":
			if t, err := tile.ParseTile(words[i+1]); err == nil {
				out = t
			}
		}
	}
	return out
}

// playedTile returns the hand tile the played move takes out of the hand:
// the exact tile the record names, or NoTile.
func (d *Decision) playedTile() tile.Tile {
	switch d.played.Type {
	case game.Discard, game.Riichi, game.Ankan, game.Kakan, game.Kita:
		return d.played.Tile
	case game.Chi, game.Pon:
		return d.follow
	}
	return tile.NoTile
}

// marks says which of the hand's tiles (Concealed, then Drawn) the played
// and the best move take out: an index into that order, -1 for none.
type marks struct{ Played, Best int }

// markTiles finds the played tile (exactly) and the best move's tile (by
// face: the played tile itself when the faces match) in the hand.
func markTiles(t *table, played, best tile.Tile) marks {
	all := append(slices.Clone(t.Concealed), t.Drawn)
	m := marks{Played: slices.Index(all, played), Best: -1}
	if played == tile.NoTile {
		m.Played = -1
	}
	if best == tile.NoTile {
		return m
	}
	same := func(x tile.Tile) bool { return x != tile.NoTile && x.Kind() == best.Kind() && x.Red() == best.Red() }
	if m.Played >= 0 && same(all[m.Played]) {
		m.Best = m.Played
		return m
	}
	for i := len(all) - 1; i >= 0; i-- {
		if same(all[i]) {
			m.Best = i
			break
		}
	}
	return m
}
