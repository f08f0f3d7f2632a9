package review

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"
)

// HououTable is the Houou reference: the figures of the Houou players of
// held-out games (games the models did not train on), one seat-game at a
// time, as percentiles. It is made by a command (Command) at a commit and
// shipped as houou.json; a larger reference is a re-run of the command.
type HououTable struct {
	Command string `json:"command"`
	Commit  string `json:"commit"`
	Games   int    `json:"games"` // held-out hanchans
	// Players is 3 for the 3-player reference; 0, and absent from JSON,
	// for the 4-player one.
	Players   int    `json:"players,omitempty"`
	SeatGames int    `json:"seat_games"` // every seat of each
	Decisions int    `json:"decisions"`
	Sims      int    `json:"sims_per_decision"`
	Seed      uint64 `json:"seed"`
	// BadMoveLoss and ScoreScale are the constants the figures were
	// computed under.
	BadMoveLoss float64 `json:"bad_move_loss"`
	ScoreScale  float64 `json:"score_scale"`
	Note        string  `json:"note"`
	// Figures are the percentiles over every seat-game; ByKind over the
	// seat-games with a decision of the kind for the rates per decision
	// (agreement, rank loss per decision, bad move rate, score), over every
	// seat-game for the figures per game.
	Figures *Bands          `json:"figures"`
	ByKind  map[Kind]*Bands `json:"by_kind"`
}

// Band is the 10th, 50th and 90th percentile of a figure.
type Band struct {
	P10    float64 `json:"p10"`
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
}

// Bands are the percentiles of each figure of [Figures] a player is
// compared on, under the same JSON names.
type Bands struct {
	SeatGames           int  `json:"seat_games"` // the seat-games the rates per decision are over
	DecisionsPerGame    Band `json:"decisions_per_game"`
	Agreement           Band `json:"agreement"`
	Match               Band `json:"match"`
	RankLossPerDecision Band `json:"rank_loss_per_decision"`
	RankLossPerGame     Band `json:"rank_loss_per_game"`
	// PointsLossPerGame is nil in the 3-player reference: a 3-player
	// game has no rank points (NoRankPoints).
	PointsLossPerGame *Band `json:"points_loss_per_game,omitempty"`
	BadMovesPerGame   Band  `json:"bad_moves_per_game"`
	BadMoveRate       Band  `json:"bad_move_rate"`
	Score             Band  `json:"score"`
}

// Percentile returns the p-quantile (0 ≤ p ≤ 1) of xs by linear
// interpolation between the order statistics (x[h] with h = (n−1)p, as
// R's type 7 and NumPy's default); NaN for no value. xs is not changed.
func Percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	h := float64(len(s)-1) * p
	lo := int(math.Floor(h))
	if lo >= len(s)-1 {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}

func bandOf(xs []float64) Band {
	if len(xs) == 0 {
		return Band{}
	}
	return Band{P10: Percentile(xs, 0.1), Median: Percentile(xs, 0.5), P90: Percentile(xs, 0.9)}
}

// bandsOf returns the bands of figs: the figures per game over all of
// them, the rates per decision over those with a decision; the rank
// points lost only with points.
func bandsOf(figs []*Figures, points bool) *Bands {
	var perGame, rate [5][]float64
	for _, f := range figs {
		perGame[0] = append(perGame[0], f.DecisionsPerGame)
		perGame[1] = append(perGame[1], f.RankLossPerGame)
		perGame[2] = append(perGame[2], f.PointsLossPerGame)
		perGame[3] = append(perGame[3], f.BadMovesPerGame)
		if f.Decisions == 0 {
			continue
		}
		rate[0] = append(rate[0], f.Agreement)
		rate[1] = append(rate[1], f.RankLossPerDecision)
		rate[2] = append(rate[2], f.BadMoveRate)
		rate[3] = append(rate[3], f.Score)
		rate[4] = append(rate[4], f.Match)
	}
	b := &Bands{SeatGames: len(rate[0]),
		DecisionsPerGame: bandOf(perGame[0]), RankLossPerGame: bandOf(perGame[1]),
		BadMovesPerGame: bandOf(perGame[3]),
		Agreement:       bandOf(rate[0]), RankLossPerDecision: bandOf(rate[1]),
		BadMoveRate: bandOf(rate[2]), Score: bandOf(rate[3]), Match: bandOf(rate[4])}
	if points {
		p := bandOf(perGame[2])
		b.PointsLossPerGame = &p
	}
	return b
}

// NewHououTable returns the percentiles of the figures of reps, each the
// review of one seat of a game (its GameFigures), with no rank points
// lost when a report is of a 3-player game (NoRankPoints); the fields that
// say how it was made (Command, Commit, Games, Players, Sims, Seed) are
// the caller's.
func NewHououTable(reps []*Report) *HououTable {
	points := !slices.ContainsFunc(reps, func(r *Report) bool { return r.Players == 3 })
	t := &HououTable{SeatGames: len(reps), BadMoveLoss: BadMoveLoss, ScoreScale: ScoreScale, ByKind: map[Kind]*Bands{},
		Note: "percentiles of one seat-game's figures; a batch's figures average many games, so its spread is narrower: compare it with the median"}
	figs := make([]*Figures, len(reps))
	for i, r := range reps {
		figs[i] = GameFigures(r.Decisions)
		t.Decisions += figs[i].Decisions
	}
	t.Figures = bandsOf(figs, points)
	for _, k := range Kinds {
		kf := make([]*Figures, len(figs))
		for i, f := range figs {
			kf[i] = f.ByKind[k]
			if kf[i] == nil {
				kf[i] = &Figures{Games: 1}
			}
		}
		if b := bandsOf(kf, points); b.SeatGames > 0 {
			t.ByKind[k] = b
		}
	}
	return t
}

//go:embed houou.json
var hououJSON []byte

//go:embed houou3.json
var houou3JSON []byte

// shippedTable is one shipped reference, read once.
type shippedTable struct {
	name    string
	players int
	raw     []byte
	once    sync.Once
	table   *HououTable
	err     error
}

var shipped = map[int]*shippedTable{
	4: {name: "houou.json", players: 4, raw: hououJSON},
	3: {name: "houou3.json", players: 3, raw: houou3JSON},
}

func (s *shippedTable) read() (*HououTable, error) {
	s.once.Do(func() {
		var t HououTable
		if err := json.Unmarshal(s.raw, &t); err != nil {
			s.err = fmt.Errorf("review: the Houou reference %s: %w", s.name, err)
			return
		}
		players := t.Players
		if players == 0 {
			players = 4
		}
		switch {
		case t.Figures == nil:
			s.err = fmt.Errorf("review: the Houou reference %s holds no figures", s.name)
		case players != s.players:
			s.err = fmt.Errorf("review: the Houou reference %s is of %d-player games, want %d", s.name, players, s.players)
		default:
			s.table = &t
		}
	})
	return s.table, s.err
}

// DefaultHououTable returns the shipped 4-player reference, houou.json.
func DefaultHououTable() (*HououTable, error) { return DefaultHououTableFor(4) }

// DefaultHououTableFor returns the shipped reference of games of players
// players: houou.json for 4, houou3.json (held-out 3-player hanchans) for
// 3; an error for another count.
func DefaultHououTableFor(players int) (*HououTable, error) {
	s := shipped[players]
	if s == nil {
		return nil, fmt.Errorf("review: no Houou reference of %d-player games", players)
	}
	return s.read()
}

// Compare sets f.Houou, and each kind's, from t.
func (t *HououTable) Compare(f *Figures) {
	f.Houou = t.Figures
	for k, kf := range f.ByKind {
		kf.Houou = t.ByKind[k]
	}
}

// MixedHououNote is the HououNote of figures over both 3- and 4-player
// games, after how many of them are 3-player: the rates of the two kinds
// of game differ (fewer players, fewer calls, kitas), so the mix is
// compared with neither reference.
const MixedHououNote = "the figures mix 3- and 4-player games and are compared with neither Houou reference; each game's are compared with its own"

// compare sets f's Houou figures from the shipped reference of its games'
// players: figures of 4-player games beside houou.json's, of 3-player
// games beside houou3.json's. Figures over both get none, and a note
// saying why. A reference that cannot be read (a build error, which its
// test catches) leaves them unset.
func (f *Figures) compare() {
	f.Houou, f.HououNote = nil, ""
	for _, kf := range f.ByKind {
		kf.Houou = nil
	}
	players := 4
	switch {
	case f.ThreePlayerGames == 0:
		f.RankPointsNote = ""
	case f.ThreePlayerGames == f.Games:
		players, f.RankPointsNote = 3, NoRankPoints
	default:
		f.RankPointsNote = fmt.Sprintf("rank points over the 4-player games alone (%d of the %d): %s", f.Games-f.ThreePlayerGames, f.Games, NoRankPoints)
		f.HououNote = fmt.Sprintf("%d of the %d games are 3-player: %s", f.ThreePlayerGames, f.Games, MixedHououNote)
		return
	}
	if t, err := DefaultHououTableFor(players); err == nil {
		t.Compare(f)
	}
}
