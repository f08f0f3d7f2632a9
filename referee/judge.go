package referee

import (
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// judge turns seat s's reply into one of the legal actions, or says why
// it is none of them. A riichi is two replies: "reach" to the draw, then,
// once the reach event went out, the "dahai" of the riichi tile.
func (t *table) judge(s int, v game.View, legal []game.Action, e *mjai.Event) (game.Action, error) {
	if e.Type != "none" && (e.Actor == nil || *e.Actor != s) {
		return game.Action{}, fmt.Errorf("%w: its actor is not the seat (%d)", ErrIllegal, s)
	}
	turn := v.Phase() == game.PhaseTurn
	switch e.Type {
	case "none":
		if a, ok := find(legal, game.Pass); ok {
			return a, nil
		}
		return game.Action{}, fmt.Errorf("%w: the seat must move", ErrIllegal)
	case "dahai":
		return discard(v, legal, game.Discard, e)
	case "reach":
		if _, ok := find(legal, game.Riichi); !ok {
			return game.Action{}, fmt.Errorf("%w: no riichi is legal", ErrIllegal)
		}
		t.reached[s] = true
		a := s
		t.broadcast(func(int) (mjai.Event, bool) { return mjai.Event{Type: "reach", Actor: &a}, true })
		if t.seats[s].dead {
			t.played[s]++
			return fallbackRiichi(v, legal), nil
		}
		reply, line, prompt := t.take(s)
		act, err := discard(v, legal, game.Riichi, &reply)
		if err == nil && (reply.Actor == nil || *reply.Actor != s) {
			err = fmt.Errorf("%w: its actor is not the seat (%d)", ErrIllegal, s)
		}
		if err != nil {
			// The reach went out: the riichi stands, on the drawn tile.
			t.violation(s, prompt, line, err)
			t.played[s]++
			return fallbackRiichi(v, legal), nil
		}
		return act, nil
	case "hora":
		typ := game.Ron
		if turn {
			typ = game.Tsumo
		}
		if a, ok := find(legal, typ); ok {
			return a, nil
		}
		return game.Action{}, fmt.Errorf("%w: no %v is legal", ErrIllegal, typ)
	case "ryukyoku":
		if a, ok := find(legal, game.KyuushuKyuuhai); ok {
			return a, nil
		}
		return game.Action{}, fmt.Errorf("%w: no nine-terminal draw is legal", ErrIllegal)
	case "ankan", "kakan":
		return kan(legal, e)
	case "nukidora", "kita":
		return kita(v, legal, e)
	case "chi", "pon", "daiminkan":
		if e.Type == "chi" && v.Players() == 3 {
			return game.Action{}, fmt.Errorf("%w: no chi with three players", ErrIllegal)
		}
		return call(v, legal, e)
	}
	return game.Action{}, fmt.Errorf("%w: unknown reply type %q", ErrIllegal, e.Type)
}

func find(legal []game.Action, t game.ActionType) (game.Action, bool) {
	for _, a := range legal {
		if a.Type == t {
			return a, true
		}
	}
	return game.Action{}, false
}

// face reads an mjai tile name.
func face(s string) (tile.Tile, error) {
	t, err := tile.ParseMjai(s)
	if err != nil {
		return tile.NoTile, fmt.Errorf("%w: %q is not a tile", ErrIllegal, s)
	}
	return t, nil
}

func sameFace(a, b tile.Tile) bool { return a.Kind() == b.Kind() && a.Red() == b.Red() }

// discard finds the legal discard (or riichi discard, typ) of e's tile.
// The legal list names each face once, by the drawn tile when it has that
// face; a reply that says it is not a tsumogiri gets another copy from
// the hand when there is one, as a record would show it.
func discard(v game.View, legal []game.Action, typ game.ActionType, e *mjai.Event) (game.Action, error) {
	if e.Type != "dahai" {
		return game.Action{}, fmt.Errorf("%w: a %s where a dahai is due", ErrIllegal, mjai.Excerpt([]byte(e.Type), mjai.ExcerptLen))
	}
	t, err := face(e.Pai)
	if err != nil {
		return game.Action{}, err
	}
	for _, a := range legal {
		if a.Type != typ || !sameFace(a.Tile, t) {
			continue
		}
		tsumogiri := e.Tsumogiri != nil && *e.Tsumogiri
		if tsumogiri && a.Tile != v.Drawn() {
			return game.Action{}, fmt.Errorf("%w: %s is not the drawn tile", ErrIllegal, e.Pai)
		}
		if !tsumogiri && a.Tile == v.Drawn() {
			for _, h := range v.Hand() {
				if h != a.Tile && sameFace(h, t) {
					a.Tile = h
					break
				}
			}
		}
		return a, nil
	}
	what := "discard"
	if typ == game.Riichi {
		what = "riichi discard"
	}
	return game.Action{}, fmt.Errorf("%w: no legal %s of %s", ErrIllegal, what, e.Pai)
}

// fallbackRiichi is the riichi that stands when the reach went out but its
// dahai was rejected: on the drawn tile when it may be, else the first.
func fallbackRiichi(v game.View, legal []game.Action) game.Action {
	first, found := game.Action{}, false
	for _, a := range legal {
		if a.Type == game.Riichi {
			if a.Tile == v.Drawn() {
				return a
			}
			if !found {
				first, found = a, true
			}
		}
	}
	return first
}

// kan finds the legal closed or added kan of e's tiles.
func kan(legal []game.Action, e *mjai.Event) (game.Action, error) {
	typ, name := game.Ankan, e.Pai
	if e.Type == "kakan" {
		typ = game.Kakan
	} else if len(e.Consumed) > 0 {
		name = e.Consumed[0]
	}
	t, err := face(name)
	if err != nil {
		return game.Action{}, err
	}
	for _, a := range legal {
		if a.Type == typ && a.Tile.Kind() == t.Kind() {
			return a, nil
		}
	}
	return game.Action{}, fmt.Errorf("%w: no legal %s of %s", ErrIllegal, e.Type, t.Kind())
}

// kita finds the legal kita (nukidora) of e's tile: a North, with three
// players only.
func kita(v game.View, legal []game.Action, e *mjai.Event) (game.Action, error) {
	if v.Players() != 3 {
		return game.Action{}, fmt.Errorf("%w: no %s with %d players (three only)", ErrIllegal, e.Type, v.Players())
	}
	t, err := face(e.Pai)
	if err != nil {
		return game.Action{}, err
	}
	if t.Kind() != tile.North {
		return game.Action{}, fmt.Errorf("%w: a %s of %s: only a North (N) is set aside", ErrIllegal, e.Type, t.Kind())
	}
	if a, ok := find(legal, game.Kita); ok {
		return a, nil
	}
	return game.Action{}, fmt.Errorf("%w: no legal %s", ErrIllegal, e.Type)
}

// call finds the legal chi, pon or daiminkan of the last discard with e's
// consumed tiles (faces compared, in any order).
func call(v game.View, legal []game.Action, e *mjai.Event) (game.Action, error) {
	typ := map[string]game.ActionType{"chi": game.Chi, "pon": game.Pon, "daiminkan": game.Daiminkan}[e.Type]
	if e.Target == nil || *e.Target != v.Current() {
		return game.Action{}, fmt.Errorf("%w: its target is not the discarder (%d)", ErrIllegal, v.Current())
	}
	want := make([]tile.Tile, 0, len(e.Consumed))
	for _, s := range e.Consumed {
		t, err := face(s)
		if err != nil {
			return game.Action{}, err
		}
		want = append(want, t)
	}
	key := func(ts []tile.Tile) []int {
		out := make([]int, len(ts))
		for i, t := range ts {
			out[i] = int(t.Kind()) * 2
			if t.Red() {
				out[i]++
			}
		}
		slices.Sort(out)
		return out
	}
	for _, a := range legal {
		if a.Type == typ && slices.Equal(key(a.Meld.TilesSlice()[1:]), key(want)) {
			return a, nil
		}
	}
	return game.Action{}, fmt.Errorf("%w: no legal %s with %v", ErrIllegal, e.Type, e.Consumed)
}
