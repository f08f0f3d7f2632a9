package train

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

// sanmaGames returns the first n complete 3-player Houou games of the
// corpus (INDEX.tsv GO type 0xB9) and its first 4-player game.
func sanmaGames(t *testing.T, n int) (three []*dataset.GameRef, four *dataset.GameRef) {
	t.Helper()
	dir := shareddata.Dir(t, "tenhou")
	index, err := shareddata.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range index {
		if len(three) == n && four != nil {
			break
		}
		if e.GoType != 0xB9 && (e.GoType != 0xA9 || four != nil) {
			continue
		}
		refs, err := dataset.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Rel)))
		if err != nil || len(refs) != 1 {
			continue
		}
		switch {
		case e.GoType == 0xB9 && len(three) < n:
			three = append(three, &refs[0])
		case e.GoType == 0xA9:
			four = &refs[0]
		}
	}
	if len(three) < n || four == nil {
		t.Fatalf("%d 3-player games (want %d), a 4-player one: %v", len(three), n, four != nil)
	}
	return three, four
}

// sanmaCorpus returns the record files of the first n 3-player games
// (sanmaGames) and of the first 4-player game, which a 3-player run skips.
func sanmaCorpus(t *testing.T, n int) []string {
	t.Helper()
	three, four := sanmaGames(t, n)
	var files []string
	for _, gr := range three {
		files = append(files, gr.File)
	}
	return append(files, four.File)
}

// study skips a study test (minutes of the whole corpus, a figure of
// docs/MODELS.md) unless environment variable env is 1; what says what
// it does.
func study(t *testing.T, env, what string) {
	t.Helper()
	if os.Getenv(env) != "1" {
		t.Skipf("set %s=1 to %s", env, what)
	}
}

// sanmaFiles returns every 3-player record file of the corpus (INDEX.tsv
// GO type 0xB9), each once, in the index's order.
func sanmaFiles(t *testing.T) []string {
	t.Helper()
	files, err := shareddata.IndexFiles(shareddata.Dir(t, "tenhou"), 0xB9)
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestUsableForPlayers: a three-player run takes the 3-player games and
// leaves the 4-player ones out, naming why; a four-player run the reverse.
func TestUsableForPlayers(t *testing.T) {
	three, four := sanmaGames(t, 1)
	g3 := three[0].Game
	if err := usableFor(g3, 3); err != nil {
		t.Errorf("a 3-player game for 3 players: %v", err)
	}
	if err := usableFor(g3, 4); !errors.Is(err, dataset.ErrSkipPlayers) {
		t.Errorf("a 3-player game for 4 players: %v", err)
	}
	if g3.Players != 3 {
		t.Errorf("usableFor changed the game: %d players", g3.Players)
	}
	if err := usableFor(four.Game, 3); !errors.Is(err, errSkip4) {
		t.Errorf("a 4-player game for 3 players: %v", err)
	}
	if err := usableFor(four.Game, 4); err != nil {
		t.Errorf("a 4-player game for 4 players: %v", err)
	}
	cut := *g3
	cut.Owari = nil
	if err := usableFor(&cut, 3); !errors.Is(err, dataset.ErrSkipCut) {
		t.Errorf("a 3-player game without its end: %v", err)
	}
}

// TestVisitSanma: a 3-player game gives one rank sample per seat in play
// at each round start, ranks 1..3 once each, and discard samples whose
// winning kinds are all in play.
func TestVisitSanma(t *testing.T) {
	three, _ := sanmaGames(t, 5)
	for _, gr := range three {
		var ranks []int
		rounds, discards := 0, 0
		err := VisitGame(gr.Game, Visitor{
			Rank: func(s *RankSample) {
				if s.Situation.NumPlayers() != 3 || s.Seat > 2 {
					t.Fatalf("%s: rank sample of seat %d, %d players", gr.Key, s.Seat, s.Situation.NumPlayers())
				}
				if s.Seat == 0 {
					rounds++
				}
				ranks = append(ranks, s.Rank)
			},
			Discard: func(s *DiscardSample) {
				discards++
				for k := range s.Winning.Kinds {
					if k > tile.Man1 && k < tile.Man9 {
						t.Fatalf("%s: a wait on %v, not in play", gr.Key, k)
					}
				}
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		if rounds != len(gr.Game.Rounds) || len(ranks) != 3*rounds || discards == 0 {
			t.Fatalf("%s: %d rounds of %d, %d rank samples, %d discards", gr.Key, rounds, len(gr.Game.Rounds), len(ranks), discards)
		}
		got := slices.Clone(ranks[:3])
		slices.Sort(got)
		if !slices.Equal(got, []int{1, 2, 3}) {
			t.Errorf("%s: final ranks %v", gr.Key, ranks[:3])
		}
	}
}

// TestRankBaseline3: the baseline of a three-player situation spreads over
// three places (smoothed by half a count each) and gives the fourth 0.
func TestRankBaseline3(t *testing.T) {
	var b RankBaseline
	b.Counts[0] = [4]int{6, 3, 1, 0}
	s := rankmodel.Situation{Scores: [4]int{40000, 35000, 30000, 0}, Players: 3}
	d := b.Predict(&s, 0)
	want := [4]float64{6.5 / 11.5, 3.5 / 11.5, 1.5 / 11.5, 0}
	for i := range d {
		if d[i]-want[i] > 1e-12 || want[i]-d[i] > 1e-12 {
			t.Fatalf("baseline %v, want %v", d, want)
		}
	}
	// The seat's current rank is among the three: a negative score is
	// third, not below the empty seat.
	s.Scores = [4]int{-1000, 35000, 30000, 0}
	b.Counts[2] = [4]int{0, 0, 9, 0}
	if d := b.Predict(&s, 0); d[2] < 0.8 {
		t.Errorf("a negative score read as rank %v", d)
	}
}

// TestRunSanma trains the three-player predictors end to end on 40
// 3-player games and one 4-player game: the 4-player game is counted as
// skipped, the cards are of tenpai3 (calibrated), wait3, value3 and rank3
// (three classes, 15 features), every model is measured on the held-out
// 3-player games, the folder loads for three players, and nothing of the
// policy is trained.
func TestRunSanma(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	needXGBoost(t)
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Out, cfg.Players = sanmaCorpus(t, 40), t.TempDir(), 3
	cfg.Rounds, cfg.CalibFolds, cfg.Workers = 3, 2, 2
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range res.Cards {
		names = append(names, c.Name)
		if c.Corpus.Games != 40 || c.Corpus.SkippedBy[errSkip4.Error()] != 1 || c.Corpus.HeldOutGames == 0 {
			t.Errorf("%s: corpus %+v", c.Name, c.Corpus)
		}
		if len(c.Metrics) == 0 {
			t.Errorf("%s: no held-out metrics", c.Name)
		}
		switch c.Name {
		case "tenpai3":
			if c.Calibration == nil || len(c.Features) != len(opponent.TenpaiFeatureNames3) {
				t.Errorf("tenpai3: calibration %v, %d features", c.Calibration != nil, len(c.Features))
			}
		case rankmodel.ModelName3:
			if c.NumClass != 3 || len(c.Features) != rankmodel.NumFeatures3 {
				t.Errorf("rank3: %d classes, %d features", c.NumClass, len(c.Features))
			}
		}
	}
	if !slices.Equal(names, []string{"tenpai3", "wait3", "value3", "rank3"}) || res.Policy != nil {
		t.Errorf("cards %v, policy %v", names, res.Policy != nil)
	}
	if _, err := opponent.LoadDirFor(cfg.Out, 3); err != nil {
		t.Error(err)
	}
	if _, err := rankmodel.LoadDirFor(cfg.Out, 3); err != nil {
		t.Error(err)
	}
	if _, err := rankmodel.LoadDir(cfg.Out); err == nil {
		t.Error("a four-player rank model loaded from a three-player run's folder")
	}
}
