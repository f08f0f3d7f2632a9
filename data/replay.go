package data

import (
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// EngineRules returns the rules sim/game plays for this record: Tenhou's
// ([game.Tenhou], or [game.TenhouSanma] for a 3-player record), with the
// record's length, red fives and kuitan, and what the logs show of other
// lobbies and eras:
//
//   - GO type bit 0x200 (the "chip" lobby) plays kiriage and reveals an open
//     or added kan's dora indicator at once (dnovikoff chip.xml_);
//   - bit 0x400 pays 1500 per honba (dnovikoff ratio1.xml_);
//   - games of 2009 have no tenpai-yame (bug1.xml plays on after a tenpai
//     all-last dealer in first place), and east-only games then had uma
//     +10/+5 (shuffle.xml, bye.xml) and an extension that went on into the
//     West (2009030812gm-00e1-0000-270195f3, 2009031016gm-00e1-0000-74513f2c:
//     nobody at 30,000 after South 4, the record plays West 1);
//   - games from 2023 on report final points unrounded (2023053016gm-0029,
//     newattr2023.xml); earlier ones rounded to thousands.
//
// The era is read from the record itself where it shows it (the 2009
// format, the final points, a West round), and from a log id only where it
// does not, so the same bytes get the same rules under any file name; see
// [Game.era]. Where neither decides, today's rules are played and a
// mismatch they may explain says what is unknown.
//
// Other bits above 0xFF mark special lobbies whose final points follow
// their own rules; see [Rules.FinalPointsKnown].
func (g *Game) EngineRules() game.Rules {
	r := g.Rules
	length := game.Tonpuusen
	if r.EastSouth {
		length = game.Hanchan
	}
	gr := baseRules(g.Players, length)
	gr.Score.RedFives = r.RedFives
	gr.Score.OpenTanyao = r.OpenTanyao
	if r.Type&0x200 != 0 {
		gr.Score.Kiriage = true
		gr.OpenKanDoraAtOnce = true
	}
	if r.Type&0x400 != 0 {
		gr.Score.HonbaPoints = 1500
	}
	e := g.era()
	if e.y2009 {
		gr.TenpaiYame = false
		if length == game.Tonpuusen {
			gr.Uma = [4]int{10, 5, -5, -10}
			gr.ExtensionWinds = 2
		}
	}
	gr.RoundPoints = e.rounded
	return gr
}

// baseRules returns Tenhou's rules today for the number of players.
func baseRules(players int, l game.Length) game.Rules {
	if players == 3 {
		return game.TenhouSanma(l)
	}
	return game.Tenhou(l)
}

// Year returns the year of the game's log id (Ref: the record's own, or
// one found in its file name) or, for the 2009 format (shuffle in INIT),
// 2009; 0 if unknown. [Game.EngineRules] prefers what the record's content
// shows.
func (g *Game) Year() int {
	if len(g.Ref) >= 4 {
		y := 0
		for _, c := range g.Ref[:4] {
			if c < '0' || c > '9' {
				y = -1
				break
			}
			y = y*10 + int(c-'0')
		}
		if y > 2000 {
			return y
		}
	}
	if g.oldFormat() {
		return 2009
	}
	return 0
}

// FinalPointsKnown reports whether the engine knows how the game's lobby
// turns final scores into points: not so for special lobbies (GO type bits
// above 0xFF other than the known 0x200 and 0x400 alone).
func (r Rules) FinalPointsKnown() bool { return r.Type&^0xFF == 0 }

// Mismatch is one place where the engine disagrees with a record: an action
// the engine refused, or a result it computed differently.
type Mismatch struct {
	Round string // "E1-0"
	Event int    // index into Round.Events; -1 for the round's start or the game's end
	What  string
}

func (m Mismatch) String() string {
	if m.Event < 0 {
		return fmt.Sprintf("%s: %s", m.Round, m.What)
	}
	return fmt.Sprintf("%s event %d: %s", m.Round, m.Event, m.What)
}

// ReplayReport counts what a replay checked and lists what disagreed.
type ReplayReport struct {
	Rounds     int // rounds replayed
	Wins       int // AGARI results compared
	Draws      int // RYUUKYOKU results compared
	Kitas      int // kitas (3-player games) the engine accepted
	Actions    int // actions the engine accepted
	Mismatches []Mismatch
	// Unchecked lists checks left out because the record's rules are not
	// known well enough (special lobbies' final points).
	Unchecked []string
	// Err is what stopped a replay: a record that cannot be replayed at all
	// (malformed). [Replay] also returns it.
	Err error
}

// Replay plays a record through sim/game: each round's wall is
// rebuilt from the record, every recorded action must pass the engine's own
// legality check, and every result — each win's yaku, han, fu, points and
// payments, each draw's payments and tenpai hands, the next round's start,
// and the final scores and points — is compared with the record. Disagreements
// are appended to rep.Mismatches; a round in which the engine refuses an
// action is abandoned there, and the next round starts from the record. The
// error is for records that cannot be replayed at all (malformed); it is
// also rep.Err. A 3-player record plays under the 3-player rules: its kitas
// are the engine's Kita actions, its replacement draws come from the dead
// wall ([game.Layout3]). [ReplaySteps] walks the same replay step by step.
func Replay(g *Game, rep *ReplayReport) error {
	err := replayUnder(g, g.EngineRules(), rep, nil)
	if err != nil {
		rep.Err = err
	}
	return err
}

// replayUnder is [Replay] under the given rules instead of the record's
// (tests use it to show what a rule switch changes), calling yield (which
// may be nil) at every step as [ReplaySteps] describes.
func replayUnder(g *Game, rules game.Rules, rep *ReplayReport, yield func(*ReplayStep) bool) error {
	if g.Players != 3 && g.Players != 4 {
		return fmt.Errorf("data: %w: %d players", ErrBadValue, g.Players)
	}
	if n := rules.Players(); n != g.Players {
		return fmt.Errorf("data: rules for %d players, a %d-player record", n, g.Players)
	}
	eng := game.NewGame(rules)
	p := replayer{rules: &rules, rep: rep, yield: yield}
	// Whether the game ends is what the 2009 rules change: a mismatch
	// there names what the record leaves unknown, if anything.
	endNote := ""
	if u := g.era().unknown; u != "" {
		endNote = " (" + u + ")"
	}
	for ri := range g.Rounds {
		rd := &g.Rounds[ri]
		p.ri, p.rd = ri, rd
		want := game.RoundSetup{Index: rd.Number, Honba: rd.Honba, Sticks: rd.Sticks, Dealer: uint8(rd.Dealer), Scores: rd.Scores}
		switch {
		case ri > 0 && eng.Over():
			p.mismatch(-1, "the engine ended the game after the previous round, the record goes on"+endNote)
		case ri > 0 || g.Owari != nil && g.Rules.FinalPointsKnown():
			// A whole game's first round starts as the rules start a game
			// (the start points); a cut record or a single round may start
			// anywhere, and special lobbies start with points of their own
			// (dnovikoff ratio.xml: 1,000 each).
			if got := eng.Next(); got != want {
				p.mismatch(-1, fmt.Sprintf("round start: engine %s, record %s", setupString(got), setupString(want)))
			}
		}
		if rd.Dealer < 0 || rd.Dealer >= g.Players {
			return fmt.Errorf("data: round %s: dealer %d", rd.Name(), rd.Dealer)
		}
		eng.SetNext(want)
		w, err := buildWall(rd, g.Players)
		if err != nil {
			return fmt.Errorf("data: round %s: %w", rd.Name(), err)
		}
		if err := p.r.Reset(&rules, want, &w); err != nil {
			return fmt.Errorf("data: round %s: %w", rd.Name(), err)
		}
		rep.Rounds++
		if !p.step(0, false) {
			return nil
		}
		if !p.play() {
			if p.stopped {
				return nil
			}
			continue // abandoned: the next round starts from the record
		}
		if !p.step(len(rd.Events), true) {
			return nil
		}
		if err := eng.EndRound(&p.r); err != nil {
			return err
		}
	}
	checkGameEnd(g, eng, rep, endNote)
	return nil
}

// checkGameEnd compares the end of a whole game (the record's owari)
// with the engine's: whether it is over, the final scores and points.
func checkGameEnd(g *Game, eng *game.Game, rep *ReplayReport, endNote string) {
	if g.Owari == nil || len(g.Rounds) == 0 {
		return
	}
	last := g.Rounds[len(g.Rounds)-1].Name()
	if !eng.Over() {
		rep.Mismatches = append(rep.Mismatches, Mismatch{last, -1, "the record ends the game, the engine would go on" + endNote})
	}
	scores, points, _ := eng.Final()
	if scores != g.Owari.Scores {
		rep.Mismatches = append(rep.Mismatches, Mismatch{last, -1,
			fmt.Sprintf("final scores: engine %v, record %v", scores, g.Owari.Scores)})
	}
	if !g.Rules.FinalPointsKnown() {
		rep.Unchecked = append(rep.Unchecked, fmt.Sprintf("final points: special lobby (GO type %#x)", g.Rules.Type))
		return
	}
	if points != g.Owari.RankPt {
		rep.Mismatches = append(rep.Mismatches, Mismatch{last, -1,
			fmt.Sprintf("final points: engine %v, record %v", points, g.Owari.RankPt)})
	}
}

func setupString(s game.RoundSetup) string {
	return fmt.Sprintf("round %d honba %d sticks %d dealer %d scores %v", s.Index, s.Honba, s.Sticks, s.Dealer, s.Scores)
}

// buildWall lays the record's tiles out as sim/game's wall for the
// record's number of players ([game.Layout]): the deal, the live draws in
// order, the replacement draws after a kan or a kita, dora and ura
// indicators; tiles the record never shows fill the remaining places in id
// order.
func buildWall(rd *Round, players int) (game.Wall, error) {
	b := wallBuilder{l: game.LayoutFor(players)}
	if err := b.placeDeal(rd); err != nil {
		return b.w, err
	}
	if err := b.placeEvents(rd.Events); err != nil {
		return b.w, err
	}
	if err := b.placeUra(rd.Agari); err != nil {
		return b.w, err
	}
	b.fillUnseen()
	return b.w, nil
}

// wallBuilder is a wall being laid out from a record.
type wallBuilder struct {
	l    game.Layout
	w    game.Wall
	set  [tile.NumTiles]bool // wall place filled
	used [tile.NumTiles]bool // tile placed
}

// put places t at wall index i, refusing a filled place, a tile not in
// play and a tile placed before; what names the tile in the error.
func (b *wallBuilder) put(i int, t tile.Tile, what string) error {
	if i >= b.l.Tiles || b.set[i] {
		return fmt.Errorf("%w: too many tiles for the wall (%s)", ErrBadValue, what)
	}
	if !t.Valid() {
		return fmt.Errorf("%w: %s: invalid tile %d", ErrBadValue, what, t)
	}
	if !b.l.InPlay(t) {
		return fmt.Errorf("%w: %s: tile %v (id %d) is not in a %d-player game", ErrBadValue, what, t, t, b.l.Players)
	}
	if b.used[t] {
		return fmt.Errorf("%w: %s: tile %v (id %d) appears twice", ErrBadValue, what, t, t)
	}
	b.w[i], b.set[i], b.used[t] = t, true, true
	return nil
}

// placeDeal places the starting hands, the dealer's first, and the first
// dora indicator.
func (b *wallBuilder) placeDeal(rd *Round) error {
	n := b.l.Players
	for seat := range n {
		rel := (seat - rd.Dealer + n) % n
		for i, t := range rd.Hands[seat] {
			if err := b.put(13*rel+i, t, "deal"); err != nil {
				return err
			}
		}
	}
	return b.put(b.l.Dora, rd.DoraIndicator, "dora indicator")
}

// placeEvents places the draws in order, from the dead wall after a kan or
// a kita, and the dora indicators kans reveal.
func (b *wallBuilder) placeEvents(events []Event) error {
	live, repl, dora := b.l.Deal, 0, 1
	replacement := false // the next draw is a replacement draw
	for _, e := range events {
		var err error
		switch e.Type {
		case EventCall:
			replacement = e.Meld.Type.IsKan()
		case EventKita:
			replacement = true
		case EventDraw:
			if replacement {
				if repl >= b.l.MaxReplacements {
					return fmt.Errorf("%w: more than %d replacement draws", ErrBadValue, b.l.MaxReplacements)
				}
				err = b.put(b.l.Replacement(repl), e.Tile, "replacement draw")
				repl++
			} else {
				if live >= b.l.LiveEnd(repl) {
					return fmt.Errorf("%w: more live draws than the wall holds", ErrBadValue)
				}
				err = b.put(live, e.Tile, "draw")
				live++
			}
			replacement = false
		case EventNewDora:
			if dora >= 5 {
				return fmt.Errorf("%w: more than 5 dora indicators", ErrBadValue)
			}
			err = b.put(b.l.Dora+dora, e.Tile, "new dora indicator")
			dora++
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// placeUra places the ura indicators the wins show (at most 5).
func (b *wallBuilder) placeUra(wins []Agari) error {
	for _, a := range wins {
		for i, t := range a.Ura {
			if i >= 5 {
				break
			}
			if b.set[b.l.Ura+i] && b.w[b.l.Ura+i] == t {
				continue // a double ron shows the same ura twice
			}
			if err := b.put(b.l.Ura+i, t, "ura indicator"); err != nil {
				return err
			}
		}
	}
	return nil
}

// fillUnseen fills the places no record tile took with the unused tiles in
// play, in id order, and the places past the layout's tiles with NoTile.
func (b *wallBuilder) fillUnseen() {
	next := tile.Tile(0)
	for i := range b.w {
		if i >= b.l.Tiles {
			b.w[i] = tile.NoTile
			continue
		}
		if b.set[i] {
			continue
		}
		for b.used[next] || !b.l.InPlay(next) {
			next++
		}
		b.w[i], b.used[next] = next, true
	}
}

type replayer struct {
	yield   func(*ReplayStep) bool // nil: no steps
	stopped bool                   // yield asked to stop
	st      ReplayStep
	rules   *game.Rules
	rep     *ReplayReport
	ri      int
	rd      *Round
	r       game.Round
	riichi  int // seat that declared riichi (step 1) and must now discard, or -1
	ei      int // event being replayed
}

// step yields the position before event ei of the round (its end if
// ended); it reports whether the replay goes on.
func (p *replayer) step(ei int, ended bool) bool {
	if p.yield == nil || p.stopped {
		return !p.stopped
	}
	p.st = ReplayStep{RoundIndex: p.ri, Round: p.rd, Event: ei, Engine: &p.r, ended: ended}
	p.stopped = !p.yield(&p.st)
	return !p.stopped
}

func (p *replayer) mismatch(ei int, what string) {
	p.rep.Mismatches = append(p.rep.Mismatches, Mismatch{p.rd.Name(), ei, what})
}

// apply performs a, recording a refusal; it reports success.
func (p *replayer) apply(a game.Action) bool {
	if err := p.r.Apply(a); err != nil {
		p.mismatch(p.ei, fmt.Sprintf("engine refuses the recorded action: %v", err))
		return false
	}
	p.rep.Actions++
	return true
}

// passAll answers Pass for every seat that still must answer, except those
// in keep.
func (p *replayer) passAll(keep uint8) bool {
	for p.r.Phase() == game.PhaseCall || p.r.Phase() == game.PhaseChankan {
		done := true
		for s := range 4 {
			if p.r.MustAnswer(s) && keep&(1<<s) == 0 {
				if !p.apply(game.Action{Type: game.Pass, Seat: uint8(s)}) {
					return false
				}
				done = false
				break
			}
		}
		if done {
			return true
		}
	}
	return true
}

// answer has seat answer a after the others who must answer pass.
func (p *replayer) answer(a game.Action) bool {
	if p.r.Phase() != game.PhaseCall && p.r.Phase() != game.PhaseChankan {
		p.mismatch(p.ei, fmt.Sprintf("%v: nothing to answer in phase %v", a, p.r.Phase()))
		return false
	}
	if !p.r.MustAnswer(int(a.Seat)) {
		p.mismatch(p.ei, fmt.Sprintf("engine does not let seat %d answer %v with %v", a.Seat, p.r.LastTile(), a.Type))
		return false
	}
	return p.apply(a)
}

// play replays the round's events; it reports whether the round reached its
// recorded end.
func (p *replayer) play() bool {
	p.riichi = -1
	events := p.rd.Events
	doras, doraEvent := 1, -1
	for ei := 0; ei < len(events); ei++ {
		if ei > 0 && !p.step(ei, false) {
			return false
		}
		if doraEvent >= 0 && ei > doraEvent+1 {
			p.checkDora(doraEvent, doras)
			doraEvent = -1
		}
		p.ei = ei
		e := events[ei]
		seat := uint8(e.Seat)
		switch e.Type {
		case EventDraw:
			if !p.draw(ei, e) {
				return false
			}
		case EventDiscard:
			typ := game.Discard
			if p.riichi == int(e.Seat) {
				typ, p.riichi = game.Riichi, -1
			}
			if !p.apply(game.Action{Type: typ, Seat: seat, Tile: e.Tile}) {
				return false
			}
		case EventRiichi:
			if e.Step == 1 {
				p.riichi = int(e.Seat)
				continue
			}
			p.checkRiichiStick(ei, e)
		case EventCall:
			if !p.call(e) {
				return false
			}
		case EventKita:
			if !p.apply(game.Action{Type: game.Kita, Seat: seat, Tile: e.Tile}) {
				return false
			}
			p.rep.Kitas++
		case EventNewDora:
			// Tenhou logs an open kan's indicator before the discard that
			// reveals it; check it after the next action.
			doras++
			doraEvent = ei
			if len(p.r.DoraIndicators()) >= doras {
				p.checkDora(doraEvent, doras)
				doraEvent = -1
			}
			continue
		case EventAgari:
			return p.agari(ei) && p.checkAgari()
		case EventRyuukyoku:
			return p.ryuukyoku(ei)
		}
	}
	p.mismatch(len(events), "the record's round has no result")
	return false
}

// draw checks the recorded draw of event ei against the engine's, after
// every seat passed the discard before it.
func (p *replayer) draw(ei int, e Event) bool {
	if !p.passAll(0) {
		return false
	}
	if p.r.Phase() != game.PhaseTurn || p.r.Current() != int(e.Seat) || p.r.Drawn() != e.Tile {
		p.mismatch(ei, fmt.Sprintf("record: seat %d draws %v; engine: phase %v, seat %d, drawn %v", e.Seat, e.Tile, p.r.Phase(), p.r.Current(), p.r.Drawn()))
		return false
	}
	return true
}

// checkRiichiStick checks a riichi's step 2: the stick is paid when the
// discard passes; the record shows the scores then.
func (p *replayer) checkRiichiStick(ei int, e Event) {
	want := p.r.Scores()
	if !p.r.RiichiAccepted(int(e.Seat)) {
		want[e.Seat] -= 1000
	}
	for i := range 4 {
		if int(e.Scores[i]) != want[i] {
			p.mismatch(ei, fmt.Sprintf("scores after riichi: engine %v, record %v", want, e.Scores))
			return
		}
	}
}

// call applies a recorded call: a closed or added kan at the seat's turn,
// else a call of the discard (the other seats passing it).
func (p *replayer) call(e Event) bool {
	seat := uint8(e.Seat)
	switch e.Meld.Type {
	case score.Ankan:
		return p.apply(game.Action{Type: game.Ankan, Seat: seat, Tile: e.Meld.Tiles[0]})
	case score.Kakan:
		return p.apply(game.Action{Type: game.Kakan, Seat: seat, Tile: e.Meld.Tiles[3]})
	}
	typ := callAction(e.Meld.Type)
	return p.passAll(1<<seat) && p.answer(game.Action{Type: typ, Seat: seat, Meld: e.Meld}) && p.passAll(0)
}

// agari applies the win of event ei: a tsumo, or the rons of every
// consecutive win event, all on the same tile.
func (p *replayer) agari(ei int) bool {
	events := p.rd.Events
	e := events[ei]
	if p.rd.Agari[e.Index].Tsumo() {
		return p.apply(game.Action{Type: game.Tsumo, Seat: uint8(e.Seat), Tile: p.r.Drawn()})
	}
	var keep uint8
	var seats []uint8
	for j := ei; j < len(events) && events[j].Type == EventAgari; j++ {
		keep |= 1 << uint8(events[j].Seat)
		seats = append(seats, uint8(events[j].Seat))
	}
	for _, s := range seats {
		if !p.answer(game.Action{Type: game.Ron, Seat: s, Tile: p.r.LastTile()}) || !p.passAll(keep) {
			return false
		}
	}
	return true
}

func (p *replayer) checkDora(ei, n int) {
	ind := p.r.DoraIndicators()
	if len(ind) < n || ind[n-1] != p.rd.Events[ei].Tile {
		p.mismatch(ei, fmt.Sprintf("record reveals dora indicator %d (%v); engine has %v", n, p.rd.Events[ei].Tile, ind))
	}
}

func (p *replayer) checkAgari() bool {
	res := p.r.Result()
	if p.r.Phase() != game.PhaseEnd || res.Kind != game.Agari {
		p.mismatch(p.ei, fmt.Sprintf("record: agari; engine: %v", res.Kind))
		return false
	}
	if int(res.NumWins) != len(p.rd.Agari) {
		p.mismatch(p.ei, fmt.Sprintf("record: %d winners; engine: %d", len(p.rd.Agari), res.NumWins))
		return false
	}
	for i := range p.rd.Agari {
		p.rep.Wins++
		a := &p.rd.Agari[i]
		wr := &res.Wins[i]
		var diffs []string
		diff := func(what string, eng, rec any) {
			diffs = append(diffs, fmt.Sprintf("%s engine %v record %v", what, eng, rec))
		}
		if int(wr.Seat) != a.Who || int(wr.From) != a.From {
			diff("winner/from", [2]uint8{wr.Seat, wr.From}, [2]int{a.Who, a.From})
		}
		sr := &wr.Score
		if a.Fu != 0 && sr.Fu != a.Fu { // tenhou.net/6 leaves fu out of limit hands
			diff("fu", sr.Fu, a.Fu)
		}
		if sr.Points != a.Points {
			diff("points", sr.Points, a.Points)
		}
		if sr.Limit.TenhouCode() != a.Limit {
			diff("limit", sr.Limit.TenhouCode(), a.Limit)
		}
		var yaku []int
		yaku = sr.TenhouYaku(yaku)
		var rec []int
		for _, y := range a.Yaku {
			rec = append(rec, y.ID, y.Han)
		}
		if !samePairs(yaku, rec) {
			diff("yaku", yaku, rec)
		}
		ym := sr.TenhouYakuman(nil)
		if !sameSet(ym, a.Yakuman) {
			diff("yakuman", ym, a.Yakuman)
		}
		if sr.Payments != a.Deltas {
			diff("payments", sr.Payments, a.Deltas)
		}
		w := &wr.Win
		if !sameTileSet(w.Dora[:w.NumDora], a.Dora) {
			diff("dora indicators", w.Dora[:w.NumDora], a.Dora)
		}
		if len(a.Ura) > 0 && !sameTileSet(w.UraDora[:w.NumUraDora], a.Ura) {
			diff("ura indicators", w.UraDora[:w.NumUraDora], a.Ura)
		}
		if int(w.Kita) != len(a.Kita) {
			diff("kitas", w.Kita, len(a.Kita))
		}
		if !sameTileSet(w.Hand[:w.NumHand], a.Hand) {
			diff("hand", tile.Format(w.Hand[:w.NumHand]), tile.Format(a.Hand))
		}
		if pao := liable(int(wr.Pao), a); pao != a.Pao {
			diff("pao", pao, a.Pao)
		}
		// The engine accepted the record's calls: the win must show them.
		if _, err := MatchShown(a, ShownMelds(p.rd.Events[:p.ei], a.Who)); err != nil {
			diffs = append(diffs, "melds: "+err.Error())
		}
		for _, d := range diffs {
			p.mismatch(p.ei, fmt.Sprintf("agari %d (seat %d): %s", i, a.Who, d))
		}
	}
	return true
}

func (p *replayer) ryuukyoku(ei int) bool {
	rk := p.rd.Ryuukyoku
	if rk == nil {
		p.mismatch(ei, "ryuukyoku event without a ryuukyoku record")
		return false
	}
	p.rep.Draws++
	ok := true
	switch rk.Type {
	case NineTerminals:
		ok = p.apply(game.Action{Type: game.KyuushuKyuuhai, Seat: uint8(p.r.Current())})
	case TripleRon:
		for s := range 4 {
			if s != p.r.Current() && ok {
				ok = p.answer(game.Action{Type: game.Ron, Seat: uint8(s), Tile: p.r.LastTile()})
			}
		}
	default:
		ok = p.passAll(0)
	}
	if !ok {
		return false
	}
	res := p.r.Result()
	want := map[RyuukyokuType]game.EndKind{
		Exhaustive: game.ExhaustiveDraw, NagashiMangan: game.ExhaustiveDraw, NineTerminals: game.NineTerminals,
		FourRiichi: game.FourRiichi, TripleRon: game.TripleRon, FourKans: game.FourKans, FourWinds: game.FourWinds,
	}[rk.Type]
	if p.r.Phase() != game.PhaseEnd || res.Kind != want {
		p.mismatch(ei, fmt.Sprintf("record: ryuukyoku %v; engine: phase %v, %v", rk.Type, p.r.Phase(), res.Kind))
		return false
	}
	nagashi := false
	for _, n := range res.Nagashi {
		nagashi = nagashi || n
	}
	if nagashi != (rk.Type == NagashiMangan) {
		p.mismatch(ei, fmt.Sprintf("record: ryuukyoku %v; engine nagashi %v", rk.Type, res.Nagashi))
	}
	if res.Deltas != rk.Deltas {
		p.mismatch(ei, fmt.Sprintf("draw payments: engine %v, record %v", res.Deltas, rk.Deltas))
	}
	if rk.Type == Exhaustive || (rk.Type == NagashiMangan && shown(rk) != [4]bool{}) {
		// A tenhou.net/6 nagashi record shows no hands: tenpai is unknown.
		for s := range 4 {
			if res.Tenpai[s] != (rk.Hands[s] != nil) {
				p.mismatch(ei, fmt.Sprintf("tenpai: engine %v, record shows hands of %v", res.Tenpai, shown(rk)))
				break
			}
		}
	}
	return true
}

// liable returns the engine's pao seat as Tenhou records it: none (-1)
// when the liable seat is the discarder, who pays the whole ron anyway
// (2026012122gm-00b9-0000-bba8b0f3 S1-2: a daisangen robbing the kita of the
// seat that fed the third dragon, no paoWho).
func liable(pao int, a *Agari) int {
	if pao < 0 || (!a.Tsumo() && pao == a.From) {
		return -1
	}
	return pao
}

func shown(rk *Ryuukyoku) [4]bool {
	var s [4]bool
	for i, h := range rk.Hands {
		s[i] = h != nil
	}
	return s
}

// samePairs compares (id, han) lists in any order.
func samePairs(a, b []int) bool {
	if len(a) != len(b) || len(a)%2 != 0 {
		return false
	}
	pa := make([][2]int, 0, len(a)/2)
	pb := make([][2]int, 0, len(b)/2)
	for i := 0; i < len(a); i += 2 {
		pa = append(pa, [2]int{a[i], a[i+1]})
		pb = append(pb, [2]int{b[i], b[i+1]})
	}
	cmp := func(x, y [2]int) int {
		if x[0] != y[0] {
			return x[0] - y[0]
		}
		return x[1] - y[1]
	}
	slices.SortFunc(pa, cmp)
	slices.SortFunc(pb, cmp)
	return slices.Equal(pa, pb)
}

func sameSet(a, b []int) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func sameTileSet(a, b []tile.Tile) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
