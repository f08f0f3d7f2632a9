package train

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// GameKey identifies a game for the train/held-out split and for
// de-duplication: its Tenhou log id when known, else a digest of its wall
// seed (SHUFFLE, or the 2009 form's INIT shuffle), else of its first deal.
// It never depends on the path the file was reached by: the split, and so
// the models, must be the same from ../shared/data/tenhou and from
// /abs/path/to/it. Only a game without any round falls back to the file's
// base name and position.
func GameKey(file string, n int, g *data.Game) string {
	seed := g.Seed
	if seed == "" && len(g.Rounds) > 0 {
		seed = g.Rounds[0].Shuffle
	}
	switch {
	case g.Ref != "":
		return g.Ref
	case seed != "":
		return "seed:" + shortDigest(seed)
	case len(g.Rounds) > 0:
		rd := &g.Rounds[0]
		return "deal:" + shortDigest(fmt.Sprint(rd.Number, rd.Honba, rd.Dealer, rd.Scores, rd.DoraIndicator, rd.Hands))
	}
	return fmt.Sprintf("%s#%d", filepath.Base(file), n)
}

// shortDigest returns the first 16 hex digits of the SHA-256 of s.
func shortDigest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// HeldOut reports whether a game belongs to the held-out tenth: FNV-1a of
// its key modulo 10 is 0. Fixed, so every run splits alike.
func HeldOut(key string) bool { return hash(key)%10 == 0 }

func hash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// keep returns a deterministic yes for about rate of the keys.
func keep(rate float64, key string, a, b int) bool {
	if rate >= 1 {
		return true
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d/%d", key, a, b)
	return float64(h.Sum64()%1_000_000) < rate*1_000_000
}

// Skip reasons for games the pipeline does not learn from.
var (
	ErrSkipPlayers = errors.New("3-player game")
	ErrSkipLobby   = errors.New("special lobby (GO type bits above 0xFF): its own rules")
	// ErrSkipCut is a record read whole that holds no final result, so no
	// rank label: in the shared corpus, single rounds (tenhou.net/6 files of
	// one round each, or one JSON round a line, each read as a game of its
	// own). A file cut in the middle of a game is not read at all: it is
	// counted among the files without a readable game.
	ErrSkipCut = errors.New("no final result (a single round, or a record without its end)")
)

// ErrReplayMismatch is the cause of a [VisitGame] error on a game that the
// engine replays otherwise than recorded: its samples would carry wrong
// labels.
var ErrReplayMismatch = errors.New("the engine disagrees with the record")

// Usable says why a game is not used, or nil: 4-player games of the
// ordinary lobbies (bits above 0xFF of the GO type mark special lobbies with
// their own rules), with a final result (the rank label).
func Usable(g *data.Game) error {
	switch {
	case g.Players != 4:
		return ErrSkipPlayers
	case !g.Rules.FinalPointsKnown():
		return ErrSkipLobby
	case g.Owari == nil:
		return ErrSkipCut
	}
	return nil
}

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
	Rank      int // 1..4
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
	final := game.Rank(g.Owari.Scores)
	var pub opponent.Public
	var rep data.ReplayReport
	hanchan := g.Rules.EastSouth
	away := absenceOf(g)
	for st := range data.ReplaySteps(g, &rep) {
		r := st.Engine
		if st.Event == 0 && v.Rank != nil {
			s := RankSample{Situation: rankmodel.SituationOf(r, hanchan)}
			for seat := range game.NumSeats {
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

// GameRef is a game read from a file, with its split.
type GameRef struct {
	File    string
	N       int // 1-based position in the file
	Key     string
	HeldOut bool
	Game    *data.Game
}

// ReadFile reads every game of a record file. A file that holds no record
// is reported by the error (data.ErrSyntax wrapped).
func ReadFile(name string) ([]GameRef, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readGames(f, name)
}

// readGames reads every game of a record stream called name.
func readGames(in io.Reader, name string) ([]GameRef, error) {
	r, _, err := records.NewReader(in, name)
	if err != nil {
		return nil, err
	}
	var games []GameRef
	n := 0
	for r.Next() {
		n++
		g := r.Game()
		key := GameKey(name, n, g)
		games = append(games, GameRef{File: name, N: n, Key: key, HeldOut: HeldOut(key), Game: g})
	}
	return games, r.Err()
}
