package train

import (
	"errors"
	"fmt"
	"hash/fnv"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// keep returns a deterministic yes for about rate of the keys.
func keep(rate float64, key string, a, b int) bool {
	if rate >= 1 {
		return true
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%d", key, a, b)
	return float64(h.Sum64()%1_000_000) < rate*1_000_000
}

// ErrReplayMismatch is the cause of a [VisitGame] error on a game that the
// engine replays otherwise than recorded: its samples would carry wrong
// labels.
var ErrReplayMismatch = errors.New("the engine disagrees with the record")

// DiscardSample is the state after one discard of player Seat, with the
// labels read from the hidden hand.
type DiscardSample struct {
	Pub     *opponent.Public // valid during the visitor's call only
	Round   *game.Round      // the replayed round, full information; valid during the call only
	Seat    int
	Tenpai  bool
	Winning tile.KindSet // kinds that complete the hand with a yaku on ron (karaten excluded)
	// Ron is Winning if the discarder may ron now, else empty: a hand in
	// furiten (a winning kind in its own river, or a winning tile passed
	// after its riichi) wins on no discard. The wait model's label.
	Ron      tile.KindSet
	Value    float64 // mean ron points over Winning; 0 if none
	EventIdx int
	// Away marks a discard Tenhou made for a disconnected seat (see
	// absence): the tile just drawn, and no ron while the seat is away,
	// so the sample's Ron says nothing of what the hand would win.
	Away bool
}

// RankSample is one seat at a round start with its final rank.
type RankSample struct {
	Situation rankmodel.Situation
	Seat      int
	Rank      int // 1..4 (1..3 with three players)
}

// Visitor receives a game's samples in order.
type Visitor struct {
	Discard func(s *DiscardSample)
	Rank    func(s *RankSample)
}

// VisitGame replays g with full information and calls v for every sample:
// at each round start one RankSample per seat; after each discard one
// DiscardSample for the discarder. A replay that disagrees with the record
// is an error wrapping [ErrReplayMismatch].
func VisitGame(g *data.Game, v Visitor) error {
	np := g.Players
	if np != 3 {
		np = 4
	}
	final := game.RankOf(g.Owari.Scores, np)
	var pub opponent.Public
	var rep data.ReplayReport
	hanchan := g.Rules.EastSouth
	away := absenceOf(g)
	for st := range data.ReplaySteps(g, &rep) {
		r := st.Engine
		if st.Event == 0 && v.Rank != nil {
			s := RankSample{Situation: rankmodel.SituationOf(r, hanchan)}
			for seat := range np {
				s.Seat, s.Rank = seat, final[seat]
				v.Rank(&s)
			}
		}
		e, ok := st.LastEvent()
		if !ok || e.Type != data.EventDiscard || v.Discard == nil {
			continue
		}
		seat, ei := int(e.Seat), st.Event-1
		pub.Reset(game.ViewOf(r, seat), seat)
		s := DiscardSample{Pub: &pub, Round: r, Seat: seat, EventIdx: ei, Away: away.away(st.RoundIndex, ei, seat)}
		discardLabels(&s, r, seat)
		v.Discard(&s)
	}
	err := rep.Err
	if err == nil && len(rep.Mismatches) > 0 {
		err = fmt.Errorf("%w: %v (%d in all)", ErrReplayMismatch, rep.Mismatches[0], len(rep.Mismatches))
	}
	return err
}

// discardLabels sets the sample's labels from the discarder's hand in r:
// tenpai, the kinds it wins on, their mean value, and whether it may ron.
func discardLabels(s *DiscardSample, r *game.Round, seat int) {
	waits := r.Waits(seat)
	s.Tenpai = waits != 0
	n, sum := 0, 0
	for k := range waits.Kinds {
		if pts, ok := r.RonValue(seat, k); ok {
			s.Winning = s.Winning.Add(k)
			n++
			sum += pts
		}
	}
	if n > 0 {
		s.Value = float64(sum) / float64(n)
	}
	if !r.Furiten(seat) {
		s.Ron = s.Winning
	}
}
