package review

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

// sanmaLog is a real 3-player Houou game of the shared data (6 rounds,
// kitas by every seat).
const sanmaLog = "2022010102gm-00b9-0000-a62a7de6.txt"

func sanmaGame(t testing.TB) *data.Game {
	t.Helper()
	dir := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	return readGame(t, filepath.Join(dir, sanmaLog))
}

// TestSanmaReview reviews one seat of a real 3-player game end to end
// (two rounds, few simulations): every decision of the seat, kitas
// included, is reviewed; the figures are not compared with the 4-player
// Houou reference's (houou3.json); the why reads two opponents; the JSON
// says players 3; the page draws three seats, the kitas and no fourth
// place.
func TestSanmaReview(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g := sanmaGame(t)
	if g.Players != 3 {
		t.Fatalf("%s: %d players", sanmaLog, g.Players)
	}
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	seat, rounds := -1, Rounds{}
	// The first seat with a kita, and the round of it.
	for ri := range g.Rounds {
		for _, e := range g.Rounds[ri].Events {
			if e.Type == data.EventKita && seat < 0 {
				seat = int(e.Seat)
				if rounds, err = ParseRounds(g.Rounds[ri].Name()); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if seat < 0 {
		t.Fatalf("%s: no kita", sanmaLog)
	}
	var places [4]bool
	for s := range 4 {
		places[FinalPlace(g, s)] = true
	}
	if !places[0] || !places[1] || !places[2] || !places[3] {
		t.Errorf("final places %v: want 1 to 3 and 0 for the empty seat", places)
	}
	all, err := Collect(g, seat)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), g, seat, Options{Sims: 30, Seed: 3, Engine: eng, Rounds: rounds})
	if err != nil {
		t.Fatal(err)
	}
	kitas, turns := 0, 0
	for _, d := range rep.Decisions {
		if d.played.Type == game.Kita {
			kitas++
			if !strings.HasPrefix(d.Played, "kita") {
				t.Errorf("decision %d: a kita played as %q", d.Index, d.Played)
			}
		}
		if d.Turn {
			turns++
		}
		if d.Why == nil || len(d.Why.Opponents) != 2 {
			t.Fatalf("decision %d: the why reads %v, want two opponents", d.Index, d.Why)
		}
		for _, o := range d.Why.Opponents {
			if o.Seat == seat || o.Seat > 2 {
				t.Errorf("decision %d: opponent seat %d", d.Index, o.Seat)
			}
		}
		if d.PlayedC.RankDist[3] != 0 {
			t.Errorf("decision %d: P(4th) %v in a 3-player game", d.Index, d.PlayedC.RankDist[3])
		}
	}
	t.Logf("%d of the seat's %d decisions reviewed (%s): %d turns, %d kitas", len(rep.Decisions), len(all), rounds, turns, kitas)
	if kitas == 0 || turns == 0 || len(rep.Decisions) == 0 {
		t.Fatalf("%d decisions, %d turns, %d kitas", len(rep.Decisions), turns, kitas)
	}
	three, err := DefaultHououTableFor(3)
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Figures; f.Houou != three.Figures || f.ByKind[KindKita].Houou != three.ByKind[KindKita] || f.HououNote != "" || f.ThreePlayerGames != 1 {
		t.Errorf("figures: houou %p (houou3.json's %p), note %q, %d 3-player games", f.Houou, three.Figures, f.HououNote, f.ThreePlayerGames)
	}
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Decisions {
		if d.PointsLoss != 0 || d.PointsLossSE != nil || d.PlayedC.RankPoints != 0 || d.Top[0].RankPoints != 0 {
			t.Errorf("decision %d: rank points %v ± %v, played %v, best %v: a 3-player game has none", d.Index, d.PointsLoss, d.PointsLossSE, d.PlayedC.RankPoints, d.Top[0].RankPoints)
		}
	}
	if rep.RankPointsNote != NoRankPoints || rep.Figures.RankPointsNote != NoRankPoints {
		t.Errorf("rank points notes %q and %q, want %q", rep.RankPointsNote, rep.Figures.RankPointsNote, NoRankPoints)
	}
	for _, want := range []string{`"players":3`, `"houou":{"seat_games":`, `"three_player_games":1`, `"move":"kita`, `"rank_points_note":"` + NoRankPoints + `"`} {
		if !bytes.Contains(js, []byte(want)) {
			t.Errorf("the JSON has no %s", want)
		}
	}
	var back Report
	if err := json.Unmarshal(js, &back); err != nil || back.Players != 3 {
		t.Fatalf("read back: players %d, %v", back.Players, err)
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, sanmaLog, rep); err != nil {
		t.Fatal(err)
	}
	h := page.String()
	if err := checkTables(h, g, rep); err != nil {
		t.Fatal(err)
	}
	// A page with one North set aside dropped fails the same check.
	i := strings.Index(h, `<div class="kita"`)
	j := i + strings.Index(h[i:], `<i class="t z`)
	if i < 0 || j < i {
		t.Fatal("no kita tile on the page")
	}
	k := j + strings.Index(h[j:], "</i>") + len("</i>")
	if err := checkTables(h[:j]+h[k:], g, rep); err == nil || !strings.Contains(err.Error(), "Norths set aside on the page") {
		t.Errorf("a page with a kita dropped: %v", err)
	}
	for _, want := range []string{"3 players, 108 tiles", `class="kita"`, `<th>3rd</th><th>E[rank]</th>`, `class="seat sl`, `class="seat sr`, esc(NoRankPoints)} {
		if !strings.Contains(h, want) {
			t.Errorf("the page has no %s", want)
		}
	}
	for _, bad := range []string{`data-seat="3"`, `class="seat st`, "<th>4th</th>", "rank pt", "rank points</span>"} {
		if strings.Contains(h, bad) {
			t.Errorf("the page has %s", bad)
		}
	}
}

// TestSanmaMixedBatch reviews a batch of a 4-player and a 3-player game
// (one round each): both are reviewed; each game's figures stand beside
// the Houou players' of games of its players, and the player's figures
// over both beside neither, saying that one of the two games is
// 3-player.
func TestSanmaMixedBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	dir := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	files := []string{filepath.Join(dir, "2022010103gm-00a9-0000-12d7f40d.txt"), filepath.Join(dir, sanmaLog)}
	o := BatchOptions{Options: Options{Sims: 5, Workers: 2, Engine: eng, Rounds: mustRounds(t, "E1")}, Seat: 1}
	rep, err := NewPlan(context.Background(), files, o).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 2 || rep.Batch.Reviewed != 2 {
		t.Fatalf("%d games, %+v: %+v", len(rep.Games), rep.Batch, rep.Games)
	}
	four, three := rep.Games[0].Report, rep.Games[1].Report
	ref4, err := DefaultHououTableFor(4)
	if err != nil {
		t.Fatal(err)
	}
	ref3, err := DefaultHououTableFor(3)
	if err != nil {
		t.Fatal(err)
	}
	if four.Players != 0 || four.Figures.Houou != ref4.Figures || four.Figures.HououNote != "" {
		t.Errorf("the 4-player game: players %d, houou %p (houou.json's %p), note %q", four.Players, four.Figures.Houou, ref4.Figures, four.Figures.HououNote)
	}
	if three.Players != 3 || three.Figures.Houou != ref3.Figures || three.Figures.HououNote != "" {
		t.Errorf("the 3-player game: players %d, houou %p (houou3.json's %p), note %q", three.Players, three.Figures.Houou, ref3.Figures, three.Figures.HououNote)
	}
	p := &rep.Player
	want := "1 of the 2 games are 3-player: " + MixedHououNote
	if p.Games != 2 || p.ThreePlayerGames != 1 || p.Houou != nil || p.HououNote != want {
		t.Errorf("the player: %d games, %d 3-player, houou %v, note %q", p.Games, p.ThreePlayerGames, p.Houou, p.HououNote)
	}
	if wantPts := four.Game.PointsLoss; p.PointsLossPerGame != wantPts || !strings.HasPrefix(p.RankPointsNote, "rank points over the 4-player games alone (1 of the 2)") {
		t.Errorf("the player: %.2f rank points lost a game (note %q), want the 4-player game's %.2f", p.PointsLossPerGame, p.RankPointsNote, wantPts)
	}
	if p.Decisions != len(four.Decisions)+len(three.Decisions) {
		t.Errorf("the player: %d decisions, the games %d + %d", p.Decisions, len(four.Decisions), len(three.Decisions))
	}
	var idx bytes.Buffer
	if err := WriteIndex(&idx, "batch", rep.Player, []GameSummary{{GameEntry: rep.Games[0]}, {GameEntry: rep.Games[1]}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(idx.String(), "Houou players: "+esc(want)) {
		t.Error("the index page does not say why the player is not compared with the Houou players")
	}
}

// TestBrowserShowsSanmaReview opens a 3-player game's review page in
// headless Chromium: the script moves between its decisions, and at a
// phone's width (390 px) the three-seat table overflows no stop sideways;
// a screenshot shows the table.
func TestBrowserShowsSanmaReview(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	bin := chromium(t)
	g := sanmaGame(t)
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), g, 0, Options{Sims: 10, Seed: 3, Engine: eng, Rounds: mustRounds(t, "E1,E2")})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteGameHTML(&b, sanmaLog, g, rep); err != nil {
		t.Fatal(err)
	}
	page, out := b.String(), t.TempDir()
	if len(rep.Decisions) < 3 {
		t.Fatalf("%d decisions: too few to move between", len(rep.Decisions))
	}
	var stops []string
	for _, m := range regexp.MustCompile(`class="[^"]*\bstop" id="(\w+)"`).FindAllStringSubmatch(page, -1) {
		stops = append(stops, m[1])
	}
	want := fmt.Sprintf("%s %s %s %s %s %s ", stops[0], stops[1], stops[2], stops[1], stops[2], stops[1])
	for _, size := range []string{"1280,1000", "390,844"} {
		got := runProbe(t, bin, out, page, probeJS, size)
		if !strings.HasPrefix(got, want) || !strings.Contains(got, " overflow=0 ") || !strings.HasSuffix(got, fmt.Sprintf(" all=%d", len(rep.Decisions))) {
			t.Errorf("%s: the page moved through %q, want %q…, no overflow and every decision", size, got, want)
		}
	}
	file := filepath.Join(out, "sanma.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	png := filepath.Join(out, "sanma.png")
	checkShot(t, shoot(t, bin, file, "d1", 390, 844, png), png)
}
