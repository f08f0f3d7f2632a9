package observe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// The JSON form of an observation (docs/OBSERVATION.md). Tiles are single
// tiles in tenhou notation ("5m", "0p" for a red five, "7z"); mjai names
// ("5pr", "E") are read too. A hidden draw has no tile (or "?").

type obsJSON struct {
	Rules         *rulesJSON  `json:"rules,omitempty"`
	Round         *int        `json:"round"`
	Honba         *int        `json:"honba"`
	Sticks        *int        `json:"sticks"`
	Dealer        *int        `json:"dealer"`
	Scores        []int       `json:"scores"`
	Seat          *int        `json:"seat"`
	Hand          []string    `json:"hand"`
	DoraIndicator string      `json:"dora_indicator"`
	Events        []FaceEvent `json:"events"`
}

type rulesJSON struct {
	Players           *int         `json:"players,omitempty"`
	Score             *score.Rules `json:"score,omitempty"`
	Length            string       `json:"length,omitempty"`
	StartPoints       *int         `json:"start_points,omitempty"`
	ReturnPoints      *int         `json:"return_points,omitempty"`
	ExtensionWinds    *int         `json:"extension_winds,omitempty"`
	Uma               []int        `json:"uma,omitempty"`
	RoundPoints       *bool        `json:"round_points,omitempty"`
	TenpaiYame        *bool        `json:"tenpai_yame,omitempty"`
	OpenKanDoraAtOnce *bool        `json:"open_kan_dora_at_once,omitempty"`
}

// FaceEvent is one event of an observation with its tiles named by face
// (tenhou notation, or mjai names): the JSON form of docs/OBSERVATION.md,
// which protocols that name faces (mjai) translate to. Type is draw,
// discard, chi, pon, daiminkan, ankan, kakan, dora, riichi_accepted or
// kita.
type FaceEvent struct {
	Type      string   `json:"type"`
	Seat      *int     `json:"seat,omitempty"`
	Tile      string   `json:"tile,omitempty"`
	Tiles     []string `json:"tiles,omitempty"`
	From      *int     `json:"from,omitempty"`
	Rinshan   bool     `json:"rinshan,omitempty"`
	Tsumogiri bool     `json:"tsumogiri,omitempty"`
	Riichi    bool     `json:"riichi,omitempty"`
}

func intp(x int) *int    { return &x }
func boolp(x bool) *bool { return &x }

// faceName writes t in tenhou notation; without red fives the red ids are
// plain fives.
func (o *Observation) faceName(t tile.Tile) string {
	if !t.Valid() {
		return "?"
	}
	if !o.rules.Score.RedFives {
		return t.Kind().String()
	}
	return t.String()
}

func (o *Observation) faceNames(ts []tile.Tile) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = o.faceName(t)
	}
	return out
}

// sortFaces sorts tiles in place as tenhou notation lists them: by kind, a
// red five before the plain ones. The JSON form lists the dealt tiles and a
// meld's own tiles so, whatever order a record gave them in.
func sortFaces(ts []tile.Tile) []tile.Tile {
	key := func(t tile.Tile) int {
		if t.Red() {
			return 2 * int(t.Kind())
		}
		return 2*int(t.Kind()) + 1
	}
	slices.SortFunc(ts, func(a, b tile.Tile) int { return key(a) - key(b) })
	return ts
}

// MarshalJSON writes the observation in the form docs/OBSERVATION.md
// specifies. Tiles are written as faces: ids of plain copies are not kept.
func (o *Observation) MarshalJSON() ([]byte, error) {
	r := &o.rules
	length := "hanchan"
	if r.Length == game.Tonpuusen {
		length = "tonpuusen"
	}
	sr := r.Score
	np := o.lay.Players
	j := obsJSON{
		Rules: &rulesJSON{Score: &sr, Length: length, StartPoints: intp(r.StartPoints), ReturnPoints: intp(r.ReturnPoints),
			ExtensionWinds: intp(r.ExtensionWinds), Uma: r.Uma[:], RoundPoints: boolp(r.RoundPoints),
			TenpaiYame: boolp(r.TenpaiYame), OpenKanDoraAtOnce: boolp(r.OpenKanDoraAtOnce)},
		Round: intp(o.setup.Index), Honba: intp(o.setup.Honba), Sticks: intp(o.setup.Sticks),
		Dealer: intp(int(o.setup.Dealer)), Scores: o.setup.Scores[:np], Seat: intp(int(o.seat)),
		Hand: o.faceNames(sortFaces(slices.Clone(o.dealt[:]))), DoraIndicator: o.faceName(o.dora[0]),
		Events: make([]FaceEvent, 0, len(o.events)),
	}
	// Four-player observations keep the form they had before three
	// players.
	if np != game.NumSeats {
		j.Rules.Players = intp(np)
	}
	for _, e := range o.events {
		ej := FaceEvent{Seat: intp(int(e.Seat))}
		switch e.Type {
		case ObsDraw:
			ej.Type, ej.Rinshan = "draw", e.Rinshan
			if e.Tile.Valid() {
				ej.Tile = o.faceName(e.Tile)
			}
		case ObsDiscard:
			ej.Type, ej.Tile, ej.Tsumogiri, ej.Riichi = "discard", o.faceName(e.Tile), e.Tsumogiri, e.Riichi
		case ObsCall:
			ej.Type, ej.From = e.Meld.Type.String(), intp(int(e.From))
			ej.Tile, ej.Tiles = o.faceName(e.Meld.Tiles[0]), o.faceNames(sortFaces(slices.Clone(e.Meld.TilesSlice()[1:])))
		case ObsAnkan:
			ej.Type, ej.Tiles = "ankan", o.faceNames(sortFaces(slices.Clone(e.Meld.Tiles[:])))
		case ObsKakan:
			ej.Type, ej.Tile = "kakan", o.faceName(e.Tile)
		case ObsDora:
			ej.Type, ej.Seat, ej.Tile = "dora", nil, o.faceName(e.Tile)
		case ObsRiichiAccepted:
			ej.Type = "riichi_accepted"
		case ObsKita:
			ej.Type, ej.Tile = "kita", o.faceName(e.Tile)
		default:
			return nil, fmt.Errorf("observe: observation JSON: event type %v", e.Type)
		}
		j.Events = append(j.Events, ej)
	}
	return json.Marshal(&j)
}

// obsDecoder gives the faces read a free id each.
type obsDecoder struct {
	used [tile.NumKinds]uint8 // copies handed out, as bits
	red  bool
}

// tile reads a face and hands out an id of it.
func (d *obsDecoder) tile(s, field string) (tile.Tile, error) {
	t, err := tile.ParseTile(s)
	if err != nil {
		return tile.NoTile, fmt.Errorf("%s: %q is not a tile", field, s)
	}
	k := t.Kind()
	u := &d.used[k]
	if t.Red() && d.red {
		if *u&1 != 0 {
			return tile.NoTile, fmt.Errorf("%s: a second red %v", field, k)
		}
		*u |= 1
		return t, nil
	}
	order := [4]uint8{0, 1, 2, 3}
	if k.IsFive() {
		order = [4]uint8{1, 2, 3, 0}
	}
	for _, c := range order {
		if c == 0 && k.IsFive() && d.red {
			break
		}
		if *u&(1<<c) == 0 {
			*u |= 1 << c
			return tile.Tile(uint8(k)*4 + c), nil
		}
	}
	return tile.NoTile, fmt.Errorf("%s: a fifth %v", field, k)
}

// own finds a tile of face s in the observer's hand for a tile leaving it:
// prefer is taken when it has the face (the drawn tile of a tsumogiri),
// avoid only when no other has it, and none of taken.
func (d *obsDecoder) own(o *Observation, s, field string, prefer, avoid tile.Tile, taken []tile.Tile) (tile.Tile, error) {
	t, err := tile.ParseTile(s)
	if err != nil {
		return tile.NoTile, fmt.Errorf("%s: %q is not a tile", field, s)
	}
	face := o.faceName(t)
	best := tile.NoTile
	for _, h := range o.hand[:o.n] {
		if o.faceName(h) != face || containsTile(taken, h) {
			continue
		}
		if h == prefer {
			return h, nil
		}
		if best == tile.NoTile || best == avoid {
			best = h
		}
	}
	if best == tile.NoTile {
		return tile.NoTile, fmt.Errorf("%s: no %s in the hand %s", field, face, tile.Format(o.hand[:o.n]))
	}
	return best, nil
}

func containsTile(ts []tile.Tile, t tile.Tile) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// tiles reads n tiles; for the observer (mine) they come from its hand.
func (d *obsDecoder) tiles(o *Observation, mine bool, ss []string, n int, field string) ([]tile.Tile, error) {
	if len(ss) != n {
		return nil, fmt.Errorf("%s: %d tiles, want %d", field, len(ss), n)
	}
	out := make([]tile.Tile, 0, n)
	for i, s := range ss {
		f := fmt.Sprintf("%s[%d]", field, i)
		var t tile.Tile
		var err error
		if mine {
			t, err = d.own(o, s, f, tile.NoTile, tile.NoTile, out)
		} else {
			t, err = d.tile(s, f)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// rules reads the rules: Tenhou's of the length and the number of players
// (game.Tenhou, or game.TenhouSanma for 3), then the fields given. The
// number of players is "players", else the score rules' ("tenhou-sanma"),
// else 4; "players" and the score rules must agree.
func (j *rulesJSON) rules() (game.Rules, error) {
	length := game.Hanchan
	switch j.Length {
	case "", "hanchan":
	case "tonpuusen":
		length = game.Tonpuusen
	default:
		return game.Rules{}, fmt.Errorf("rules.length: %q is neither hanchan nor tonpuusen", j.Length)
	}
	np := game.NumSeats
	switch {
	case j.Players != nil:
		np = *j.Players
	case j.Score != nil:
		np = j.Score.NumPlayers()
	}
	var r game.Rules
	switch np {
	case 4:
		r = game.Tenhou(length)
	case 3:
		r = game.TenhouSanma(length)
	default:
		return game.Rules{}, fmt.Errorf("rules.players: %d (want 3 or 4)", np)
	}
	if j.Score != nil {
		if sp := j.Score.NumPlayers(); sp != np {
			return game.Rules{}, fmt.Errorf("rules.score: rules for %d players, but players is %d", sp, np)
		}
		r.Score = *j.Score
	}
	setInt := func(dst *int, p *int) {
		if p != nil {
			*dst = *p
		}
	}
	setBool := func(dst *bool, p *bool) {
		if p != nil {
			*dst = *p
		}
	}
	setInt(&r.StartPoints, j.StartPoints)
	setInt(&r.ReturnPoints, j.ReturnPoints)
	setInt(&r.ExtensionWinds, j.ExtensionWinds)
	if j.Uma != nil {
		if len(j.Uma) != 4 {
			return game.Rules{}, fmt.Errorf("rules.uma: %d values, want 4", len(j.Uma))
		}
		copy(r.Uma[:], j.Uma)
	}
	setBool(&r.RoundPoints, j.RoundPoints)
	setBool(&r.TenpaiYame, j.TenpaiYame)
	setBool(&r.OpenKanDoraAtOnce, j.OpenKanDoraAtOnce)
	return r, nil
}

// UnmarshalJSON reads an observation in the form docs/OBSERVATION.md
// specifies, strictly: unknown or misplaced fields, missing ones, and
// events the seat could not have seen are errors naming the field or the
// event index. Each tile gets a free id of its face.
func (o *Observation) UnmarshalJSON(b []byte) error {
	v, err := decodeObservation(b)
	if err != nil {
		return err
	}
	*o = *v
	return nil
}

// ParseObservation reads the JSON form of an observation; see
// [Observation.UnmarshalJSON].
func ParseObservation(b []byte) (*Observation, error) { return decodeObservation(b) }

func decodeObservation(b []byte) (*Observation, error) {
	var j obsJSON
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return nil, fmt.Errorf("observe: observation JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("observe: observation JSON: data after the object")
	}
	fail := func(format string, args ...any) (*Observation, error) {
		return nil, fmt.Errorf("observe: observation JSON: "+format, args...)
	}
	rules := game.Tenhou(game.Hanchan)
	if j.Rules != nil {
		var err error
		if rules, err = j.Rules.rules(); err != nil {
			return fail("%v", err)
		}
	}
	for _, f := range []struct {
		name string
		p    *int
	}{{"round", j.Round}, {"honba", j.Honba}, {"sticks", j.Sticks}, {"dealer", j.Dealer}, {"seat", j.Seat}} {
		if f.p == nil {
			return fail("%s: missing", f.name)
		}
	}
	np := rules.Players()
	if len(j.Scores) != np {
		return fail("scores: %d values, want %d (one per player)", len(j.Scores), np)
	}
	if *j.Dealer < 0 || *j.Dealer >= np {
		return fail("dealer: %d is not a seat of %d players", *j.Dealer, np)
	}
	setup := game.RoundSetup{Index: *j.Round, Honba: *j.Honba, Sticks: *j.Sticks, Dealer: uint8(*j.Dealer)}
	copy(setup.Scores[:], j.Scores)
	f, err := newFaceObservation(rules, setup, *j.Seat, j.Hand, j.DoraIndicator)
	if err != nil {
		return nil, err
	}
	for i := range j.Events {
		if err := f.append(&j.Events[i], fmt.Sprintf("events[%d]", i)); err != nil {
			return nil, err
		}
	}
	return f.o, nil
}

// FaceObservation builds an [Observation] from events that name faces,
// giving each tile a free id of its face as [Observation.UnmarshalJSON]
// does: a protocol that names faces (the mjai bot's) feeds it one event at
// a time.
type FaceObservation struct {
	d obsDecoder
	o *Observation
}

// NewFaceObservation starts seat's observation of a round from the setup,
// the seat's 13 dealt tiles and the first dora indicator, named by face.
func NewFaceObservation(rules game.Rules, setup game.RoundSetup, seat int, hand []string, dora string) (*FaceObservation, error) {
	return newFaceObservation(rules, setup, seat, hand, dora)
}

func newFaceObservation(rules game.Rules, setup game.RoundSetup, seat int, hand []string, doraFace string) (*FaceObservation, error) {
	fail := func(err error) (*FaceObservation, error) {
		return nil, fmt.Errorf("observe: observation JSON: %w", err)
	}
	f := &FaceObservation{d: obsDecoder{red: rules.Score.RedFives}}
	dealt, err := f.d.tiles(nil, false, hand, 13, "hand")
	if err != nil {
		return fail(err)
	}
	dora, err := f.d.tile(doraFace, "dora_indicator")
	if err != nil {
		return fail(err)
	}
	if f.o, err = NewObservation(rules, setup, seat, [13]tile.Tile(dealt), dora); err != nil {
		return nil, err
	}
	return f, nil
}

// Append adds the next event; an error names the event (by its index in
// the observation) and the reason, and leaves the observation unchanged.
func (f *FaceObservation) Append(e *FaceEvent) error {
	return f.append(e, fmt.Sprintf("events[%d]", len(f.o.events)))
}

func (f *FaceObservation) append(fe *FaceEvent, field string) error {
	saved := f.d
	e, err := f.o.eventFromJSON(&f.d, fe, field)
	if err == nil {
		err = f.o.Append(e)
		if err != nil {
			f.d = saved
			return err
		}
		return nil
	}
	f.d = saved
	return fmt.Errorf("observe: observation JSON: %w", err)
}

// Observation returns the observation built so far (not a copy).
func (f *FaceObservation) Observation() *Observation { return f.o }

// faceFields is what a face-named event of one type carries.
type faceFields struct {
	seat, tile, from, rinshan, tsumogiri, riichi bool
	tiles                                        int            // how many tiles in "tiles"
	meld                                         score.MeldType // a call's meld
}

// faceEventType reads ej's type and checks that it holds no field its
// type does not use; field names it in errors.
func faceEventType(ej *FaceEvent, field string) (ObsEventType, faceFields, error) {
	var t ObsEventType
	var u faceFields
	switch ej.Type {
	case "draw":
		t, u = ObsDraw, faceFields{seat: true, tile: true, rinshan: true}
	case "discard":
		t, u = ObsDiscard, faceFields{seat: true, tile: true, tsumogiri: true, riichi: true}
	case "chi", "pon":
		t, u = ObsCall, faceFields{seat: true, tile: true, from: true, tiles: 2, meld: score.Chi}
		if ej.Type == "pon" {
			u.meld = score.Pon
		}
	case "daiminkan":
		t, u = ObsCall, faceFields{seat: true, tile: true, from: true, tiles: 3, meld: score.Daiminkan}
	case "ankan":
		t, u = ObsAnkan, faceFields{seat: true, tiles: 4}
	case "kakan":
		t, u = ObsKakan, faceFields{seat: true, tile: true}
	case "dora":
		t, u = ObsDora, faceFields{tile: true}
	case "riichi_accepted":
		t, u = ObsRiichiAccepted, faceFields{seat: true}
	case "kita":
		t, u = ObsKita, faceFields{seat: true, tile: true}
	default:
		return t, u, fmt.Errorf("%s.type: unknown event type %q", field, ej.Type)
	}
	for _, f := range []struct {
		name      string
		set, used bool
	}{
		{"seat", ej.Seat != nil, u.seat}, {"tile", ej.Tile != "", u.tile},
		{"tiles", ej.Tiles != nil, u.tiles > 0}, {"from", ej.From != nil, u.from},
		{"rinshan", ej.Rinshan, u.rinshan}, {"tsumogiri", ej.Tsumogiri, u.tsumogiri},
		{"riichi", ej.Riichi, u.riichi},
	} {
		if f.set && !f.used {
			return t, u, fmt.Errorf("%s.%s: not a field of a %s event", field, f.name, ej.Type)
		}
	}
	return t, u, nil
}

// eventFromJSON reads one event; field names it in errors.
func (o *Observation) eventFromJSON(d *obsDecoder, ej *FaceEvent, field string) (ObsEvent, error) {
	e := ObsEvent{Tile: tile.NoTile}
	var u faceFields
	var err error
	if e.Type, u, err = faceEventType(ej, field); err != nil {
		return e, err
	}
	if u.seat {
		if ej.Seat == nil || *ej.Seat < 0 || *ej.Seat >= o.lay.Players {
			return e, fmt.Errorf("%s.seat: missing or not a seat of %d players", field, o.lay.Players)
		}
		e.Seat = uint8(*ej.Seat)
	}
	e.Rinshan, e.Tsumogiri, e.Riichi = ej.Rinshan, ej.Tsumogiri, ej.Riichi
	mine := u.seat && e.Seat == o.seat
	switch e.Type {
	case ObsDraw:
		if ej.Tile != "" && ej.Tile != "?" {
			e.Tile, err = d.tile(ej.Tile, field+".tile")
		}
	case ObsDiscard, ObsKakan, ObsKita:
		if !mine {
			e.Tile, err = d.tile(ej.Tile, field+".tile")
			break
		}
		prefer, avoid := o.drawn, o.drawn
		if e.Type == ObsDiscard && !e.Tsumogiri {
			prefer = tile.NoTile
		}
		e.Tile, err = d.own(o, ej.Tile, field+".tile", prefer, avoid, nil)
	case ObsDora:
		e.Tile, err = d.tile(ej.Tile, field+".tile")
	case ObsCall:
		err = o.callFromJSON(d, ej, field, mine, u, &e)
	case ObsAnkan:
		e.Meld.Type = score.Ankan
		var ts []tile.Tile
		if ts, err = d.tiles(o, mine, ej.Tiles, 4, field+".tiles"); err == nil {
			copy(e.Meld.Tiles[:], ts)
		}
	}
	return e, err
}

// callFromJSON reads the meld of a chi, pon or daiminkan (u.meld, with
// u.tiles tiles from the caller's hand) on the last discard of seat
// "from" into e.
func (o *Observation) callFromJSON(d *obsDecoder, ej *FaceEvent, field string, mine bool, u faceFields, e *ObsEvent) error {
	if ej.From == nil || *ej.From < 0 || *ej.From >= o.lay.Players {
		return fmt.Errorf("%s.from: missing or not a seat of %d players", field, o.lay.Players)
	}
	e.From = uint8(*ej.From)
	river := o.River(int(e.From))
	if len(river) == 0 || river[len(river)-1].Called {
		return fmt.Errorf("%s.from: seat %d has no discard to call", field, e.From)
	}
	called := river[len(river)-1].Tile
	if ej.Tile != "" {
		if t, err := tile.ParseTile(ej.Tile); err != nil || o.faceName(t) != o.faceName(called) {
			return fmt.Errorf("%s.tile: %q is not the last discard %s", field, ej.Tile, o.faceName(called))
		}
	}
	e.Meld.Type = u.meld
	e.Meld.Tiles[0] = called
	own, err := d.tiles(o, mine, ej.Tiles, u.tiles, field+".tiles")
	if err == nil {
		copy(e.Meld.Tiles[1:], own)
	}
	return err
}
