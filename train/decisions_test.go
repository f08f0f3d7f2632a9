package train

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/sim/score"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
)

// TestTrainDecisionsSlice trains the decision models on a slice of the
// corpus with the shipped opponent models: every model that has rows gets
// a card with its held-out agreements.
func TestTrainDecisionsSlice(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	if _, err := exec.LookPath("xgboost"); err != nil {
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus = []string{shareddata.Dir(t, "tenhou", "somiona-mahjong579")}
	cfg.Out = t.TempDir()
	cfg.MaxFiles = 60
	cfg.Rounds = 10
	res, err := TrainDecisions(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	schema := map[string]int{}
	for _, d := range policy.DecisionSpecs {
		schema[d.Name] = d.Schema
	}
	for _, c := range res.Cards {
		names[c.Name] = true
		if c.Loader.MaxAbsDiff > 1e-5 || len(c.Metrics) == 0 || c.Metrics[0].N == 0 || c.Schema != schema[c.Name] {
			t.Errorf("%s: card %+v", c.Name, c)
		}
		t.Logf("%s: %d train rows, metrics %+v", c.Name, c.Samples.Train, c.Metrics)
	}
	if !names[policy.RiichiModel] || !names[policy.CallModel] {
		t.Fatalf("cards %v: the riichi and call models are missing", names)
	}
	d, err := policy.LoadDecisionsDir(cfg.Out)
	if err != nil || d.Riichi == nil || d.Call == nil {
		t.Fatalf("loading the models: %v", err)
	}

	// The riichi model alone (mjrank train --only riichi) is the same
	// bytes, and nothing else is written.
	cfg.Out, cfg.PolicyOut, cfg.Only = "", t.TempDir(), []string{policy.RiichiModel}
	only, err := RunDecisions(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	if len(only.Cards) != 1 || only.Cards[0].Name != policy.RiichiModel || only.Eval != nil || only.Policy != nil {
		t.Fatalf("--only riichi: %d cards %+v", len(only.Cards), only.Cards)
	}
	if want := d.Cards[0]; want.Name != policy.RiichiModel || only.Cards[0].SHA256 != want.SHA256 {
		t.Errorf("riichi alone: SHA-256 %s; with the other decision models: %s %s", only.Cards[0].SHA256, want.Name, want.SHA256)
	}
	if names, _ := os.ReadDir(cfg.PolicyOut); len(names) != 2 {
		t.Errorf("--only riichi wrote %v, want its model and card", names)
	}
	for _, bad := range [][]string{{"riichi", "riichi"}, {"ron"}} {
		cfg.Only = bad
		if _, err := RunDecisions(context.Background(), cfg, opp); err == nil {
			t.Errorf("Only %q: no error", bad)
		}
	}
	cfg.Only, cfg.Out = []string{policy.RiichiModel}, cfg.PolicyOut
	if _, err := Run(context.Background(), cfg); err == nil {
		t.Error("Run took Only")
	}
}

// TestDecisionLabels replays real games and checks that every recorded
// riichi declaration, ankan, kakan and kyuushu kyuuhai of a seat at the
// table is a decision labelled with it, once: the replay shows no
// position after a round's result (a kyuushu kyuuhai was never labelled
// until its round's end was looked at), and a turn's position already at
// its draw event (a decision taken there would be labelled with no move).
func TestDecisionLabels(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	files, _, err := dataset.Files([]string{shareddata.Dir(t, "tenhou", "njima1572-mahjongai")})
	if err != nil || len(files) == 0 {
		t.Fatalf("%d files: %v", len(files), err)
	}
	var want, got [numDecisions]int
	for _, f := range files[:min(len(files), 120)] {
		games, _ := dataset.ReadFile(f)
		for i := range games {
			gr := &games[i]
			if dataset.Usable(gr.Game) != nil {
				continue
			}
			countRecorded(gr.Game, &want)
			g, err := decisionRows(gr, opp, false, allDecisions)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			for m := range numDecisions {
				for line := range strings.Lines(g.rows[m].String()) {
					if strings.HasPrefix(line, "1 ") {
						got[m]++
					}
				}
			}
		}
	}
	want[decRolloutRiichi] = want[decRiichi] // the same decisions and labels
	names := DecisionNames()
	for m := range numDecisions {
		if m == decCall || m == decRolloutCall {
			continue
		}
		t.Logf("%s: %d recorded, %d labelled", names[m], want[m], got[m])
		if want[m] != got[m] {
			t.Errorf("%s: %d recorded by seats at the table, %d labelled", names[m], want[m], got[m])
		}
	}
	if want[decRiichi] == 0 || want[decKan] == 0 || want[decKyuushu] == 0 {
		t.Errorf("the slice should hold every kind of decision: %v", want)
	}
}

// countRecorded adds the riichi declarations, ankan and kakan, and
// kyuushu kyuuhai of g made by seats at the table to n.
func countRecorded(g *data.Game, n *[numDecisions]int) {
	away := absenceOf(g)
	for ri := range g.Rounds {
		rd := &g.Rounds[ri]
		for ei, e := range rd.Events {
			switch {
			case e.Type == data.EventRiichi && e.Step == 1 && !away.away(ri, ei, int(e.Seat)):
				n[decRiichi]++
			case e.Type == data.EventCall && (e.Meld.Type == score.Ankan || e.Meld.Type == score.Kakan) && !away.away(ri, ei, int(e.Seat)):
				n[decKan]++
			}
		}
		if rd.Ryuukyoku != nil && rd.Ryuukyoku.Type == data.NineTerminals {
			n[decKyuushu]++
		}
	}
}

// TestDecisionSetOfKita: the kita model is a three-player model: every
// decision model of a 3-player run, refused by name in a 4-player one
// (which trains the other six, as before it existed).
func TestDecisionSetOfKita(t *testing.T) {
	if set, err := decisionSetOf(nil, 4); err != nil || set[decKita] || set != allDecisions {
		t.Errorf("4 players, all: %v %v", set, err)
	}
	if set, err := decisionSetOf(nil, 3); err != nil || !set[decKita] || !set[decRiichi] {
		t.Errorf("3 players, all: %v %v", set, err)
	}
	if set, err := decisionSetOf([]string{policy.KitaModel}, 3); err != nil || set != (decisionSet{decKita: true}) {
		t.Errorf("3 players, kita: %v %v", set, err)
	}
	if _, err := decisionSetOf([]string{policy.RiichiModel, policy.KitaModel}, 4); err == nil || !strings.Contains(err.Error(), "three-player") {
		t.Errorf("4 players, kita: error %v", err)
	}
	if got := len(decisionSpecs(0, 0, 0)); got != decKita {
		t.Errorf("%d 4-player decision specs, want %d", got, decKita)
	}
}
