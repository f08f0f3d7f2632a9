package review

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

func readGame(t testing.TB, file string) *data.Game {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _, err := records.NewReader(f, file)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatalf("%s: no game: %v", file, r.Err())
	}
	return r.Game()
}

const testSims = 60

func TestRealGame(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	dir := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	g := readGame(t, filepath.Join(dir, "2022010103gm-00a9-0000-12d7f40d.txt"))
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	const seat = 1
	// The decisions of the seat, counted independently.
	want := 0
	var rep data.ReplayReport
	for st := range data.ReplaySteps(g, &rep) {
		for _, d := range st.Decisions(nil) {
			if d.Seat == seat {
				want++
			}
		}
	}
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	o := Options{Sims: testSims, Seed: 7, Engine: eng, Workers: 1}
	calls := 0
	o.Progress = func(done, total int) { calls++ }
	r1, err := Run(context.Background(), g, seat, o) // fails if a played move is not found
	if err != nil {
		t.Fatal(err)
	}
	if len(r1.Decisions) != want || want == 0 || calls != want {
		t.Fatalf("%d decisions reviewed, %d progress calls; the replay's steps give %d", len(r1.Decisions), calls, want)
	}
	turns, answers, agreed := 0, 0, 0
	for i, d := range r1.Decisions {
		if d.Index != i || d.Played == "" || d.Best == "" || len(d.Top) == 0 {
			t.Fatalf("decision %d: %+v", i, d)
		}
		if d.Turn {
			turns++
		} else {
			answers++
		}
		if d.Agrees != d.Verdict.Agrees() {
			t.Errorf("decision %d: agrees %v, verdict %s", i, d.Agrees, d.Verdict)
		}
		if d.Agrees {
			agreed++
		}
		if d.Verdict == VerdictBest && (d.RankLoss != 0 || d.Played != d.Best) {
			t.Errorf("decision %d is the pick but loses %v (%s vs %s)", i, d.RankLoss, d.Played, d.Best)
		}
		// The played move is kept through the halving: as many worlds
		// as the pick.
		if d.PlayedC.Sims != d.Top[0].Sims {
			t.Errorf("decision %d: the played %s got %d simulations, the pick %d", i, d.Played, d.PlayedC.Sims, d.Top[0].Sims)
		}
	}
	t.Logf("%d decisions (%d turns, %d answers), %d agreed, rank loss %.3f", want, turns, answers, agreed, r1.Game.RankLoss)
	if r1.Game.Decisions != want || r1.Game.Agreed != agreed {
		t.Errorf("game summary %+v", r1.Game)
	}
	n := 0
	for _, s := range r1.Rounds {
		n += s.Decisions
	}
	if n != want {
		t.Errorf("rounds hold %d decisions, want %d", n, want)
	}

	// Same seed: the same report at 2 workers.
	o.Workers, o.Progress = 2, nil
	r2, err := Run(context.Background(), g, seat, o)
	if err != nil {
		t.Fatal(err)
	}
	r1.Seconds, r2.Seconds = 0, 0
	if !reflect.DeepEqual(r1, r2) {
		t.Error("1 and 2 workers give different reports")
	}

	// Each decision's figures are the engine's on that position with the
	// same seed and options (what mjrank analyze runs).
	for i := range r1.Decisions {
		d := &r1.Decisions[i]
		r, legal, mo := d.Position(&o)
		an, err := eng.Analyze(context.Background(), game.ViewOf(r, seat), legal, mo)
		if err != nil {
			t.Fatal(err)
		}
		if b := an.Best(); b.String() != d.Best || b.ExpectedRank != d.Top[0].ExpectedRank || b.RankDist != d.Top[0].RankDist || b.RankPoints != d.Top[0].RankPoints {
			t.Fatalf("decision %d: best %s %v, report %s %v", i, b, b.ExpectedRank, d.Best, d.Top[0].ExpectedRank)
		}
		p := Find(an, d.played, d.follow)
		if p == nil || p.ExpectedRank != d.PlayedC.ExpectedRank || p.PWin != d.PlayedC.PWin || p.PDealIn != d.PlayedC.PDealIn {
			t.Fatalf("decision %d: played figures differ", i)
		}
		if loss := p.ExpectedRank - an.Best().ExpectedRank; math.Abs(d.RankLoss-loss) > 1e-9 {
			t.Fatalf("decision %d: rank loss %v, the difference of means %v", i, d.RankLoss, loss)
		}
		if v := Judge(an, p); v != d.Verdict {
			t.Fatalf("decision %d: verdict %s, Judge says %s", i, d.Verdict, v)
		}
	}
}

// TestCollectRefuses: a game of other than 3 or 4 players, and a seat
// not in play, are errors saying so.
func TestCollectRefuses(t *testing.T) {
	for _, c := range []struct {
		players, seat int
		want          string
	}{
		{2, 0, "a 2-player game: the engine plays 3- and 4-player games"},
		{5, 0, "a 5-player game"},
		{3, 3, "seat 3: want 0 to 2 (a 3-player game)"},
		{3, -1, "seat -1: want 0 to 2"},
		{4, 4, "seat 4: want 0 to 3 (a 4-player game)"},
	} {
		g := &data.Game{Players: c.players}
		_, err := Run(context.Background(), g, c.seat, Options{})
		if err == nil || err.Error() != c.want && !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%d players, seat %d: got %v, want %q", c.players, c.seat, err, c.want)
		}
	}
}
