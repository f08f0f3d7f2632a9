package datatest

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/kindlevel"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// DiffGames describes the first differences between two games.
func DiffGames(a, b *data.Game) string {
	var out []string
	add := func(format string, args ...any) {
		if len(out) < 8 {
			out = append(out, fmt.Sprintf(format, args...))
		}
	}
	ga, gb := *a, *b
	ga.Rounds, gb.Rounds = nil, nil
	if !reflect.DeepEqual(ga, gb) {
		add("header: %+v\n     vs %+v", ga, gb)
		if a.Owari != nil && b.Owari != nil {
			add("owari %+v vs %+v", *a.Owari, *b.Owari)
		}
	}
	if len(a.Rounds) != len(b.Rounds) {
		add("%d rounds vs %d", len(a.Rounds), len(b.Rounds))
	}
	for i := range min(len(a.Rounds), len(b.Rounds)) {
		ra, rb := a.Rounds[i], b.Rounds[i]
		for j := range min(len(ra.Events), len(rb.Events)) {
			if ra.Events[j] != rb.Events[j] {
				add("round %d (%s) event %d: %v vs %v (%+v vs %+v)", i+1, ra.Name(), j+1, ra.Events[j], rb.Events[j], ra.Events[j], rb.Events[j])
				break
			}
		}
		if len(ra.Events) != len(rb.Events) {
			add("round %d: %d events vs %d", i+1, len(ra.Events), len(rb.Events))
		}
		if !reflect.DeepEqual(ra.Agari, rb.Agari) {
			add("round %d agari:\n  %+v\nvs %+v", i+1, ra.Agari, rb.Agari)
		}
		if !reflect.DeepEqual(ra.Ryuukyoku, rb.Ryuukyoku) {
			add("round %d ryuukyoku:\n  %+v\nvs %+v", i+1, ra.Ryuukyoku, rb.Ryuukyoku)
		}
		ra.Events, rb.Events, ra.Agari, rb.Agari, ra.Ryuukyoku, rb.Ryuukyoku = nil, nil, nil, nil, nil, nil
		if !reflect.DeepEqual(ra, rb) {
			add("round %d: %+v\n      vs %+v", i+1, ra, rb)
		}
	}
	if len(out) == 0 {
		return "no difference found"
	}
	s := ""
	for _, o := range out {
		s += o + "\n"
	}
	return s
}

// CmpOpts says what a comparison of games across formats leaves out.
type CmpOpts struct {
	Header       bool // compare names, ranks, rates, sexes, rules
	SeatEvents   bool // compare disconnections and reconnections
	FuLimit      bool // compare the fu of limit hands
	NagashiHands bool // compare the hands shown at a nagashi mangan
	// ConnAfterRiichi compares a disconnection or reconnection just
	// before a riichi declaration or acceptance as if it came just after
	// (tenhou.net/6 does not keep that order).
	ConnAfterRiichi bool
	// doraMoved, if not nil, lets new dora indicators sit elsewhere in the
	// round (the same ones, in the same order) and counts such rounds.
	DoraMoved *int
	plain     bool // set by CompareGames: the first game has no red fives
}

// Faces returns the sorted faces of ts (kinds alone if plain).
func Faces(ts []tile.Tile, plain bool) string {
	fs := make([]int, 0, len(ts))
	for _, t := range ts {
		if !t.Valid() {
			fs = append(fs, 99)
			continue
		}
		fs = append(fs, int(ruleFace(t, plain)))
	}
	slices.Sort(fs)
	return fmt.Sprint(fs)
}

// ruleFace is t's face in a game with red fives, or its kind in one
// without (plain): there ids 16, 52 and 88 are fives like the others, and
// no format but mjlog tells them apart.
func ruleFace(t tile.Tile, plain bool) kindlevel.Face {
	if plain {
		return kindlevel.Face(t.Kind())
	}
	return kindlevel.FaceOf(t)
}

func meldFaces(m score.Meld, plain bool) string {
	n := m.Type.Size()
	if n == 0 {
		return "none"
	}
	if m.Type == score.Ankan {
		return "ankan " + Faces(m.Tiles[:4], plain)
	}
	return fmt.Sprintf("%v %v %s", m.Type, ruleFace(m.Tiles[0], plain), Faces(m.Tiles[1:n], plain))
}

// eventKey describes an event at the level of faces.
func eventKey(e data.Event, plain bool) string {
	switch e.Type {
	case data.EventCall:
		return fmt.Sprintf("%d call %s from %d", e.Seat, meldFaces(e.Meld, plain), e.From)
	case data.EventRiichi:
		return fmt.Sprintf("%d riichi %d %v", e.Seat, e.Step, e.Scores)
	case data.EventDraw, data.EventDiscard, data.EventNewDora, data.EventKita:
		f := "?"
		if e.Tile.Valid() {
			f = ruleFace(e.Tile, plain).String()
		}
		return fmt.Sprintf("%d %v %s %v", e.Seat, e.Type, f, e.Tsumogiri)
	}
	return fmt.Sprintf("%d %v %d", e.Seat, e.Type, e.Index)
}

func agariKey(a *data.Agari, o CmpOpts) string {
	var ms []string
	for _, m := range a.Melds {
		ms = append(ms, meldFaces(m, o.plain))
	}
	slices.Sort(ms)
	fu := a.Fu
	if a.Limit > 0 && !o.FuLimit {
		fu = 0
	}
	k := fmt.Sprintf("who %d from %d pao %d hand %s melds %v win %v fu %d points %d limit %d yaku %v yakuman %v dora %s ura %s ba %d,%d scores %v deltas %v",
		a.Who, a.From, a.Pao, Faces(a.Hand, o.plain), ms, ruleFace(a.WinTile, o.plain), fu, a.Points, a.Limit, a.Yaku, a.Yakuman,
		Faces(a.Dora, o.plain), Faces(a.Ura, o.plain), a.Honba, a.Sticks, a.Scores, a.Deltas)
	if len(a.Kita) > 0 { // 3-player games only: the 4-player keys stay as they were
		k += " kita " + Faces(a.Kita, o.plain)
	}
	return k
}

func ryuukyokuKey(d *data.Ryuukyoku, o CmpOpts) string {
	if d == nil {
		return "none"
	}
	s := fmt.Sprintf("%v ba %d,%d scores %v deltas %v", d.Type, d.Honba, d.Sticks, d.Scores, d.Deltas)
	if d.Type != data.NagashiMangan || o.NagashiHands {
		for i, h := range d.Hands {
			if h != nil {
				s += fmt.Sprintf(" hand%d %s", i, Faces(h, o.plain))
			}
		}
	}
	return s
}

// CompareGames compares two games at the level of faces (kind and red; kind
// alone in a game without red fives), as far as o says, and describes up to 10 differences.
func CompareGames(a, b *data.Game, o CmpOpts) []string {
	o.plain = !a.Rules.RedFives
	var out []string
	add := func(format string, args ...any) {
		if len(out) < 10 {
			out = append(out, fmt.Sprintf(format, args...))
		}
	}
	if o.Header {
		ra, rb := a.Rules, b.Rules
		ra.Type, rb.Type = 0, 0
		if a.Names != b.Names || a.Dan != b.Dan || a.Rate != b.Rate || a.Sex != b.Sex || ra != rb || a.Players != b.Players {
			add("header %v %v %v %v %+v vs %v %v %v %v %+v", a.Names, a.Dan, a.Rate, a.Sex, ra, b.Names, b.Dan, b.Rate, b.Sex, rb)
		}
	}
	if (a.Owari == nil) != (b.Owari == nil) || (a.Owari != nil && *a.Owari != *b.Owari) {
		add("owari %v vs %v", a.Owari, b.Owari)
	}
	if len(a.Rounds) != len(b.Rounds) {
		add("%d rounds vs %d", len(a.Rounds), len(b.Rounds))
		return out
	}
	for i := range a.Rounds {
		ra, rb := &a.Rounds[i], &b.Rounds[i]
		name := fmt.Sprintf("round %d (%s)", i+1, ra.Name())
		if ra.Number != rb.Number || ra.Honba != rb.Honba || ra.Sticks != rb.Sticks || ra.Scores != rb.Scores || ra.Dealer != rb.Dealer || ruleFace(ra.DoraIndicator, o.plain) != ruleFace(rb.DoraIndicator, o.plain) {
			add("%s: start %d %d %d %v %d %v vs %d %d %d %v %d %v", name, ra.Number, ra.Honba, ra.Sticks, ra.Scores, ra.Dealer, ra.DoraIndicator, rb.Number, rb.Honba, rb.Sticks, rb.Scores, rb.Dealer, rb.DoraIndicator)
		}
		for s := range 4 {
			if Faces(ra.Hands[s][:], o.plain) != Faces(rb.Hands[s][:], o.plain) {
				add("%s: hand %d %s vs %s", name, s, Faces(ra.Hands[s][:], o.plain), Faces(rb.Hands[s][:], o.plain))
			}
		}
		ea, eb := EventKeys(ra, o), EventKeys(rb, o)
		if o.DoraMoved != nil && !slices.Equal(ea, eb) {
			da, na := splitDora(ea)
			db, nb := splitDora(eb)
			if slices.Equal(da, db) && slices.Equal(na, nb) {
				*o.DoraMoved++
				ea, eb = na, nb
			}
		}
		for j := range max(len(ea), len(eb)) {
			x, y := "end", "end"
			if j < len(ea) {
				x = ea[j]
			}
			if j < len(eb) {
				y = eb[j]
			}
			if x != y {
				add("%s: event %d: %s vs %s", name, j+1, x, y)
				break
			}
		}
		if len(ra.Agari) != len(rb.Agari) {
			add("%s: %d agari vs %d", name, len(ra.Agari), len(rb.Agari))
		} else {
			for j := range ra.Agari {
				if x, y := agariKey(&ra.Agari[j], o), agariKey(&rb.Agari[j], o); x != y {
					add("%s: agari %d:\n  %s\nvs %s", name, j+1, x, y)
				}
			}
		}
		if x, y := ryuukyokuKey(ra.Ryuukyoku, o), ryuukyokuKey(rb.Ryuukyoku, o); x != y {
			add("%s: ryuukyoku:\n  %s\nvs %s", name, x, y)
		}
	}
	return out
}

// EventKeys describes a round's events at the level of faces (see
// CompareGames), leaving out disconnections unless o.SeatEvents.
func EventKeys(rd *data.Round, o CmpOpts) []string {
	var ks []string
	for _, e := range rd.Events {
		if !o.SeatEvents && (e.Type == data.EventBye || e.Type == data.EventReconnect) {
			continue
		}
		ks = append(ks, eventKey(e, o.plain))
		if o.ConnAfterRiichi && e.Type == data.EventRiichi {
			// Move the riichi before the connections just before it.
			i := len(ks) - 1
			for i > 0 && isConnKey(ks[i-1]) {
				ks[i-1], ks[i] = ks[i], ks[i-1]
				i--
			}
		}
	}
	return ks
}

// isConnKey reports whether an event key is a disconnection or reconnection.
func isConnKey(k string) bool {
	return strings.Contains(k, " "+data.EventBye.String()+" ") || strings.Contains(k, " "+data.EventReconnect.String()+" ")
}

// splitDora separates the dora events from the others.
func splitDora(keys []string) (dora, rest []string) {
	for _, k := range keys {
		if strings.Contains(k, " dora ") {
			dora = append(dora, k)
		} else {
			rest = append(rest, k)
		}
	}
	return dora, rest
}
