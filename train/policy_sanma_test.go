package train

import (
	"context"
	"fmt"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestPolicyRowsSkipKita: a 3-player game's kitas are turn decisions of
// the replay but no discard: the discard rows have one decision per
// other kept turn decision with two kinds or more, none per kita.
func TestPolicyRowsSkipKita(t *testing.T) {
	three, _ := sanmaGames(t, 10)
	opp, err := opponent.DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.PolicyRate = 1
	kitas := 0
	for _, gr := range three {
		want := 0
		var pos policy.Position
		var kinds [14]tile.Kind
		err := turnDecisions(gr, 1, func(st *data.ReplayStep, d data.Decision) {
			if d.Played.Type == game.Kita {
				kitas++
				return
			}
			pos.Reset(game.ViewOf(st.Engine, d.Seat), opp)
			if len(pos.Kinds(kinds[:0])) >= 2 {
				want++
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		g, err := policyRows(gr, &cfg, opp)
		if err != nil {
			t.Fatal(err)
		}
		if len(g.sizes) != want {
			t.Errorf("%s: %d discard decisions, want %d", gr.Key, len(g.sizes), want)
		}
		// Each decision has exactly one kind labelled as played.
		ones := strings.Count(g.rows.String(), "\n1 ") + b2i(strings.HasPrefix(g.rows.String(), "1 "))
		if ones != want {
			t.Errorf("%s: %d rows labelled played, %d decisions", gr.Key, ones, want)
		}
	}
	if kitas == 0 {
		t.Fatal("no kita in 10 3-player games: the test tests nothing")
	}
}

// TestRunSanmaPolicy trains the discard policy, the rollout model and the
// decision models end to end on 40 3-player games and one 4-player game
// (mjrank train --players 3 --only discard,riichi,call,kan,kyuushu,kita):
// the 4-player game is skipped, the cards are named NAME3, each beside
// the 4-player model's agreement on the same held-out decisions (the
// kita, which has no 4-player model, beside "always"), no chi is a
// candidate, and the 4-player names load nothing from the folder.
func TestRunSanmaPolicy(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	needXGBoost(t)
	opp, err := opponent.DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus, cfg.PolicyOut, cfg.Players = sanmaCorpus(t, 40), t.TempDir(), 3
	cfg.Rounds, cfg.Workers, cfg.PolicyRate = 3, 2, 1
	cfg.Only = []string{policy.ModelName, policy.RiichiModel, policy.CallModel, policy.KanModel, policy.KyuushuModel, policy.KitaModel}
	res, err := RunDecisions(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range res.Cards {
		names = append(names, c.Name)
		if c.Corpus.Games != 40 || c.Corpus.HeldOutGames == 0 {
			t.Errorf("%s: corpus %+v", c.Name, c.Corpus)
		}
		vsName := agreementVs4p
		if c.Name == policy.NameFor(policy.KitaModel, 3) {
			vsName = "agreement_vs_always" // no 4-player kita model
		}
		i := slices.IndexFunc(c.Metrics, func(m xgbmodel.Metric) bool { return m.Name == vsName })
		if len(c.Metrics) < 2 || c.Metrics[0].Name != "agreement" || i < 0 {
			t.Fatalf("%s: metrics %+v", c.Name, c.Metrics)
		}
		own, vs := c.Metrics[0], c.Metrics[i]
		if vs.Model != own.Model || vs.N != own.N && own.N != 0 {
			t.Errorf("%s: agreement %v, beside the 4-player model %v", c.Name, own, vs)
		}
		for _, m := range c.Metrics {
			if m.Name == "agreement_chi" && m.N != 0 {
				t.Errorf("%s: %d chi decisions in 3-player games", c.Name, m.N)
			}
		}
		t.Logf("%s: %+v", c.Name, c.Metrics)
	}
	for _, want := range []string{"discard3", "rollout3", "riichi3", "call3", "kita3"} {
		if !slices.Contains(names, want) {
			t.Errorf("cards %v: no %s", names, want)
		}
	}
	ents, err := os.ReadDir(cfg.PolicyOut)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if base, _, _ := strings.Cut(e.Name(), "-"); !strings.HasSuffix(base, "3") {
			t.Errorf("%s in the 3-player folder", e.Name())
		}
	}
	if m, err := policy.LoadFor(os.DirFS(cfg.PolicyOut), ".", 3); err != nil || !strings.HasPrefix(m.Card.Name, "discard3") {
		t.Errorf("the 3-player discard model: %v", err)
	}
	if d, err := policy.LoadDecisionsFor(os.DirFS(cfg.PolicyOut), ".", 3); err != nil || d.Kita == nil {
		t.Errorf("the 3-player kita model: %v", err)
	}
	if _, err := policy.LoadDir(cfg.PolicyOut); err == nil {
		t.Error("a 4-player discard model loaded from the 3-player folder")
	}
}

// kitaCounts tallies the turns where a seat could set a North aside
// (game.Kita legal) by what it did, in riichi or not.
type kitaCounts struct {
	legal, kita, discardNorth, discardOther, win, kan [2]int // [in riichi]
	// rule counts the chances where policy.KitaAction's choice (kita or
	// not) was the player's.
	rule [2]int
}

// countKita replays a 3-player game and tallies the kita chances of the
// seats at the table (as the decision models' rows count them).
func (k *kitaCounts) countKita(gr *dataset.GameRef) error {
	var rep data.ReplayReport
	var legal []game.Action
	away := absenceOf(gr.Game)
	for st := range data.ReplaySteps(gr.Game, &rep) {
		_, ok := st.NextEvent()
		if !ok || st.Engine.Phase() != game.PhaseTurn {
			continue
		}
		seat := st.Engine.Current()
		if away.away(st.RoundIndex, st.Event, seat) {
			continue // a disconnected seat, played for by the server
		}
		if ei := st.Event; ei > 0 && st.Round.Events[ei-1].Type == data.EventRiichi && int(st.Round.Events[ei-1].Seat) == seat {
			continue // the declaration's discard: the decision was the declaration's
		}
		legal = st.Engine.Legal(seat, legal[:0])
		if !has(legal, game.Kita) {
			continue
		}
		r := b2i(st.Engine.InRiichi(seat))
		_, rule := policy.KitaAction(game.ViewOf(st.Engine, seat), legal)
		p := st.Round.Played(st.Event, seat)
		switch p.Type {
		case game.Kita:
			k.kita[r]++
		case game.Discard, game.Riichi:
			if p.Tile.Kind() == tile.North {
				k.discardNorth[r]++
			} else {
				k.discardOther[r]++
			}
		case game.Tsumo:
			k.win[r]++
		case game.Ankan, game.Kakan:
			k.kan[r]++
		default:
			continue // a draw: the turn's move is the next event's
		}
		k.legal[r]++
		k.rule[r] += b2i(rule == (p.Type == game.Kita))
	}
	if rep.Err != nil {
		return rep.Err
	}
	if len(rep.Mismatches) > 0 {
		return fmt.Errorf("%s: %v", gr.Key, rep.Mismatches[0])
	}
	return nil
}

// TestKitaChoices counts, in real 3-player games, how often a seat that
// could set a North aside did something else: the figure that says
// whether a learned kita model has anything to learn over policy/kita.go's
// rule. 40 games by default; every 3-player game of the corpus with
// MJRANK_SANMA_KITA=1 (the figure in docs/MODELS.md).
func TestKitaChoices(t *testing.T) {
	n := 40
	if os.Getenv("MJRANK_SANMA_KITA") == "1" {
		n = 4888
	}
	three, _ := sanmaGames(t, n)
	opp, err := opponent.DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	var k kitaCounts
	var rows, ones int
	for _, gr := range three {
		if err := k.countKita(gr); err != nil {
			t.Fatal(err)
		}
		var want decisionSet
		want[decKita] = true
		g, err := decisionRows(gr, opp, false, want)
		if err != nil {
			t.Fatal(err)
		}
		rows += g.decs[decKita]
		ones += strings.Count("\n"+g.rows[decKita].String(), "\n1 ")
	}
	// The kita model's decisions are the kitas, North discards and other
	// discards outside riichi; its label 1 the kitas.
	if d := k.kita[0] + k.discardNorth[0] + k.discardOther[0]; rows != d || ones != k.kita[0] {
		t.Errorf("the kita model's rows: %d decisions, %d set aside; the records %d, %d", rows, ones, d, k.kita[0])
	}
	for r, what := range []string{"not in riichi", "in riichi"} {
		t.Logf("%s: %d turns with a kita legal: kita %d, discarded a North %d, discarded another tile %d, tsumo %d, kan %d; the kita rule agrees at %d",
			what, k.legal[r], k.kita[r], k.discardNorth[r], k.discardOther[r], k.win[r], k.kan[r], k.rule[r])
		if k.legal[r] != k.kita[r]+k.discardNorth[r]+k.discardOther[r]+k.win[r]+k.kan[r] {
			t.Errorf("%s: the tallies do not add up", what)
		}
	}
	if k.kita[0] == 0 || k.legal[0] == 0 {
		t.Fatalf("no kita chance in %d 3-player games", n)
	}
}

// TestShippedDecisions3Reproduce retrains the shipped 3-player riichi,
// call, kan, kyuushu, rollriichi, rollcall and kita models from the corpus's
// 3-player games (under a minute;
// the discard and rollout models, minutes each, by the same code) and
// compares their SHA-256 and held-out figures with the embedded cards'.
func TestShippedDecisions3Reproduce(t *testing.T) {
	if testing.Short() || !shareddata.FullCorpus() {
		t.Skipf("skipping: retrains shipped 3-player models from the whole corpus (set %s=full to run it)", shareddata.CorpusEnv)
	}
	needXGBoost(t)
	shipped, err := policy.DefaultDecisionsFor(3)
	if err != nil {
		t.Fatal(err)
	}
	opp, err := opponent.DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Players, cfg.PolicyOut = []string{shareddata.Dir(t, "tenhou")}, 3, t.TempDir()
	cfg.Threads, cfg.XGBoost, cfg.Workers = 2, "xgboost", 2
	cfg.Only = []string{policy.RiichiModel, policy.CallModel, policy.KanModel, policy.KyuushuModel, policy.RolloutRiichiModel, policy.RolloutCallModel, policy.KitaModel}
	res, err := RunDecisions(context.Background(), cfg, opp)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != len(cfg.Only) {
		t.Fatalf("%d cards", len(res.Cards))
	}
	for _, c := range res.Cards {
		i := slices.IndexFunc(shipped.Cards, func(s xgbmodel.Card) bool { return s.Name == c.Name })
		if i < 0 {
			t.Fatalf("no shipped %s", c.Name)
		}
		want := shipped.Cards[i]
		if c.SHA256 != want.SHA256 || c.Corpus.Digest != want.Corpus.Digest {
			t.Errorf("%s: SHA-256 %.12s on corpus %.12s, the shipped %.12s on %.12s", c.Name, c.SHA256, c.Corpus.Digest, want.SHA256, want.Corpus.Digest)
		}
		if !slices.Equal(c.Metrics, want.Metrics) {
			t.Errorf("%s: metrics %+v, the card's %+v", c.Name, c.Metrics, want.Metrics)
		}
	}
}
