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
	Command   string `json:"command"`
	Commit    string `json:"commit"`
	Games     int    `json:"games"`      // held-out hanchans
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
	PointsLossPerGame   Band `json:"points_loss_per_game"`
	BadMovesPerGame     Band `json:"bad_moves_per_game"`
	BadMoveRate         Band `json:"bad_move_rate"`
	Score               Band `json:"score"`
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
// them, the rates per decision over those with a decision.
func bandsOf(figs []*Figures) *Bands {
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
	return &Bands{SeatGames: len(rate[0]),
		DecisionsPerGame: bandOf(perGame[0]), RankLossPerGame: bandOf(perGame[1]),
		PointsLossPerGame: bandOf(perGame[2]), BadMovesPerGame: bandOf(perGame[3]),
		Agreement: bandOf(rate[0]), RankLossPerDecision: bandOf(rate[1]),
		BadMoveRate: bandOf(rate[2]), Score: bandOf(rate[3]), Match: bandOf(rate[4])}
}

// NewHououTable returns the percentiles of the figures of reps, each the
// review of one seat of a game (its GameFigures); the fields that say how
// it was made (Command, Commit, Games, Sims, Seed) are the caller's.
func NewHououTable(reps []*Report) *HououTable {
	t := &HououTable{SeatGames: len(reps), BadMoveLoss: BadMoveLoss, ScoreScale: ScoreScale, ByKind: map[Kind]*Bands{},
		Note: "percentiles of one seat-game's figures; a batch's figures average many games, so its spread is narrower: compare it with the median"}
	figs := make([]*Figures, len(reps))
	for i, r := range reps {
		figs[i] = GameFigures(r.Decisions)
		t.Decisions += figs[i].Decisions
	}
	t.Figures = bandsOf(figs)
	for _, k := range Kinds {
		kf := make([]*Figures, len(figs))
		for i, f := range figs {
			kf[i] = f.ByKind[k]
			if kf[i] == nil {
				kf[i] = &Figures{Games: 1}
			}
		}
		if b := bandsOf(kf); b.SeatGames > 0 {
			t.ByKind[k] = b
		}
	}
	return t
}

//go:embed houou.json
var hououJSON []byte

var (
	hououOnce  sync.Once
	hououTable *HououTable
	hououErr   error
)

// DefaultHououTable returns the shipped reference, houou.json.
func DefaultHououTable() (*HououTable, error) {
	hououOnce.Do(func() {
		var t HououTable
		if err := json.Unmarshal(hououJSON, &t); err != nil {
			hououErr = fmt.Errorf("review: the Houou reference houou.json: %w", err)
			return
		}
		if t.Figures == nil {
			hououErr = fmt.Errorf("review: the Houou reference houou.json holds no figures")
			return
		}
		hououTable = &t
	})
	return hououTable, hououErr
}

// Compare sets f.Houou, and each kind's, from t.
func (t *HououTable) Compare(f *Figures) {
	f.Houou = t.Figures
	for k, kf := range f.ByKind {
		kf.Houou = t.ByKind[k]
	}
}

// NoSanmaHouou is the HououNote of figures with a 3-player game in them:
// the shipped reference is of 4-player games only.
const NoSanmaHouou = "no 3-player Houou reference yet"

// compare sets f's Houou figures from the shipped reference; a reference
// that cannot be read (a build error, which its test catches) leaves them
// unset. Figures that count a 3-player game get none, and a note saying
// why.
func (f *Figures) compare() {
	if f.ThreePlayerGames > 0 {
		f.Houou, f.HououNote = nil, NoSanmaHouou
		if f.ThreePlayerGames < f.Games {
			f.HououNote = fmt.Sprintf("%d of the %d games are 3-player: %s", f.ThreePlayerGames, f.Games, NoSanmaHouou)
		}
		for _, kf := range f.ByKind {
			kf.Houou = nil
		}
		return
	}
	if t, err := DefaultHououTable(); err == nil {
		t.Compare(f)
	}
}
