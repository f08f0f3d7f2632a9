package data

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// ObservationAt returns what seat knew of round number round of g (an
// index into g.Rounds) just after the event at index event of that round's
// Events: the deal, the seat's own draws, every discard, call, kan, dora
// indicator and accepted riichi up to and including that event, with the
// other seats' draws hidden. Event −1 is the deal, before the dealer's first
// draw.
//
// A riichi declaration (EventRiichi step 1) joins the discard after it:
// the observation just after the declaration is the one before it. Wins and
// draws end the observation: at or after a result event it holds the play
// before it. Disconnections are not events of an observation.
//
// The knowledge before the seat's decision recorded at event e (a discard,
// a call, a kan) is ObservationAt(g, round, e−1, seat); [ObservationBefore]
// says so. Records whose other seats' tiles are hidden (mjai "?") work the
// same; the seat's own dealt tiles and draws must be known.
//
// A 3-player record (g.Players 3) gives 3-player observations: seats 0 to
// 2, each kita an [observe.ObsKita] followed by its replacement draw.
func ObservationAt(g *Game, round, event, seat int) (*observe.Observation, error) {
	if g.Players != 3 && g.Players != 4 {
		return nil, fmt.Errorf("data: observation: %w: %d players", ErrBadValue, g.Players)
	}
	if round < 0 || round >= len(g.Rounds) {
		return nil, fmt.Errorf("data: observation: round %d of %d", round, len(g.Rounds))
	}
	rd := &g.Rounds[round]
	if event < -1 || event >= len(rd.Events) {
		return nil, fmt.Errorf("data: observation: round %s: event %d of %d", rd.Name(), event, len(rd.Events))
	}
	if seat < 0 || seat >= g.Players {
		return nil, fmt.Errorf("data: observation: seat %d of a %d-player game", seat, g.Players)
	}
	if rd.Dealer < 0 || rd.Dealer >= g.Players {
		return nil, fmt.Errorf("data: observation: round %s: dealer %d", rd.Name(), rd.Dealer)
	}
	setup := game.RoundSetup{Index: rd.Number, Honba: rd.Honba, Sticks: rd.Sticks, Dealer: uint8(rd.Dealer), Scores: rd.Scores}
	o, err := observe.NewObservation(g.EngineRules(), setup, seat, rd.Hands[seat], rd.DoraIndicator)
	if err != nil {
		return nil, fmt.Errorf("data: observation: round %s seat %d: %w", rd.Name(), seat, err)
	}
	var declared [4]bool
	afterKan := false
	for ei, e := range rd.Events[:event+1] {
		var oe observe.ObsEvent
		switch e.Type {
		case EventDraw:
			t := e.Tile
			if int(e.Seat) != seat {
				t = tile.NoTile
			}
			oe = observe.ObsEvent{Type: observe.ObsDraw, Seat: uint8(e.Seat), Tile: t, Rinshan: afterKan}
		case EventDiscard:
			oe = observe.ObsEvent{Type: observe.ObsDiscard, Seat: uint8(e.Seat), Tile: e.Tile, Tsumogiri: e.Tsumogiri, Riichi: declared[e.Seat&3]}
			declared[e.Seat&3] = false
		case EventCall:
			switch e.Meld.Type {
			case score.Ankan:
				oe = observe.ObsEvent{Type: observe.ObsAnkan, Seat: uint8(e.Seat), Tile: tile.NoTile, Meld: e.Meld}
			case score.Kakan:
				oe = observe.ObsEvent{Type: observe.ObsKakan, Seat: uint8(e.Seat), Tile: e.Meld.Tiles[3], Meld: e.Meld}
			default:
				oe = observe.ObsEvent{Type: observe.ObsCall, Seat: uint8(e.Seat), Tile: tile.NoTile, From: uint8(e.From), Meld: e.Meld}
			}
		case EventRiichi:
			if e.Step == 1 {
				declared[e.Seat&3] = true
				continue
			}
			oe = observe.ObsEvent{Type: observe.ObsRiichiAccepted, Seat: uint8(e.Seat), Tile: tile.NoTile}
		case EventKita:
			oe = observe.ObsEvent{Type: observe.ObsKita, Seat: uint8(e.Seat), Tile: e.Tile}
		case EventNewDora:
			oe = observe.ObsEvent{Type: observe.ObsDora, Tile: e.Tile}
		case EventAgari, EventRyuukyoku:
			return o, nil
		case EventBye, EventReconnect:
			continue
		default:
			return nil, fmt.Errorf("data: observation: round %s event %d: %w: %v", rd.Name(), ei, ErrUnsupported, e.Type)
		}
		switch e.Type {
		case EventCall:
			afterKan = e.Meld.Type.IsKan()
		case EventKita:
			afterKan = true // its replacement draw comes from the dead wall too
		case EventDraw:
			afterKan = false
		}
		if err := o.Append(oe); err != nil {
			return nil, fmt.Errorf("data: observation: round %s event %d seat %d: %w", rd.Name(), ei, seat, err)
		}
	}
	return o, nil
}

// ObservationBefore returns what seat knew just before the event at index
// event happened: ObservationAt(g, round, event−1, seat). For the seat's
// own discard, call or kan at that event it is the knowledge its decision
// was made on.
func ObservationBefore(g *Game, round, event, seat int) (*observe.Observation, error) {
	return ObservationAt(g, round, event-1, seat)
}
