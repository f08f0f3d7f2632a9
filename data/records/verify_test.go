package records_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// knownBadRecords are records of the shared corpus that are not real Tenhou
// games: mjai-reviewer's converter fixtures named "confusing_nakis" are
// hand-made (confusing_nakis_2 holds five 5s). confusing_nakis_1 pays its
// winner 1600 although a riichi stick declared that round is on the table
// (the seat's riichi discard passed and it discarded again); Tenhou's own
// records always hand the stick to the winner, so the engine pays 2600.
var knownBadRecords = map[string]string{
	"confusing_nakis_1.json": "payments engine [2600 0 -1600 0] record [1600 0 -1600 0]",
}

// TestVerifyCorpus replays the corpus tests' records (the sample of
// ../shared/data/tenhou, or all of it with MJRANK_CORPUS=full) through the
// engine: our perft. Every complete game, 4- or 3-player, must agree with
// Tenhou on every result; the only errors allowed are the deliberately truncated files
// and the hand-made mjai-reviewer fixture with five 5s.
func TestVerifyCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the corpus; skipped under -short")
	}
	rep, err := records.Verify(context.Background(), shareddata.CorpusPaths(t), records.VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Mismatches {
		base := filepath.Base(m.File)
		if want, ok := knownBadRecords[base]; ok && strings.Contains(m.What, want) {
			continue
		}
		t.Errorf("mismatch: %v", m)
	}
	truncated := 0
	for _, e := range rep.Errors {
		switch {
		case strings.Contains(e.What, "truncated record"):
			truncated++
		case filepath.Base(e.File) == "confusing_nakis_2.json" && strings.Contains(e.What, "fifth 5s"):
		default:
			t.Errorf("error: %v", e)
		}
	}
	t.Logf("files %d, games %d (%d complete, %d 3-player), rounds %d, wins %d, draws %d, kitas %d, actions %d, truncated files %d, %.0f games/s",
		rep.Files, rep.Games, rep.Complete, rep.Games3, rep.Rounds, rep.Wins, rep.Draws, rep.Kitas, rep.Actions, truncated, rep.GamesPerSecond)
	// The sample holds 1,978 complete 4-player games (the corpus 12,030),
	// tenhou.net/6 copies and single rounds included.
	if rep.Complete < 1900 || rep.Wins < 15000 || rep.Draws < 3000 {
		t.Errorf("too little checked: %d complete games, %d wins, %d draws", rep.Complete, rep.Wins, rep.Draws)
	}
	// It holds 251 complete 3-player games with 5,891 kitas (the corpus
	// 4,888 with 112,682).
	if rep.Games3 < 250 || rep.Kitas < 5000 {
		t.Errorf("too little 3-player play checked: %d games, %d kitas", rep.Games3, rep.Kitas)
	}
}

// TestVerifySameForAnyWorkers checks that the report does not depend on the
// number of goroutines.
func TestVerifySameForAnyWorkers(t *testing.T) {
	dir := shareddata.Dir(t, "tenhou", "mjx-project-mjx", "tests_py")
	var reps []*records.VerifyReport
	for _, w := range []int{1, 2, 8} {
		rep, err := records.Verify(context.Background(), []string{dir}, records.VerifyOptions{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		rep.Seconds, rep.GamesPerSecond = 0, 0
		reps = append(reps, rep)
	}
	for i, r := range reps[1:] {
		if !sameReport(reps[0], r) {
			t.Errorf("report with workers #%d differs from workers 1:\n%+v\n%+v", i+1, reps[0], r)
		}
	}
	if reps[0].Games == 0 {
		t.Error("nothing replayed")
	}
}

// sameReport reports whether two reports hold the same counts and the same
// skips, mismatches and errors in the same order (timings aside).
func sameReport(a, b *records.VerifyReport) bool {
	x, y := *a, *b
	x.Seconds, x.GamesPerSecond, y.Seconds, y.GamesPerSecond = 0, 0, 0, 0
	return reflect.DeepEqual(x, y)
}

// TestReplayDetectsTampering changes one recorded result and one recorded
// action and expects the replay to notice each.
func TestReplayDetectsTampering(t *testing.T) {
	f, err := os.Open("../testdata/" + firstSeed(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _, err := records.NewReader(f, "seed")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatal(r.Err())
	}
	g := r.Game()
	var clean data.ReplayReport
	if err := data.Replay(g, &clean); err != nil || len(clean.Mismatches) > 0 {
		t.Fatalf("clean replay: %v %v", err, clean.Mismatches)
	}
	// A win worth 100 points more than Tenhou said.
	for i := range g.Rounds {
		if len(g.Rounds[i].Agari) > 0 {
			g.Rounds[i].Agari[0].Points += 100
			break
		}
	}
	var rep data.ReplayReport
	if err := data.Replay(g, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Mismatches) == 0 {
		t.Error("a changed win value went unnoticed")
	}
	// A discard of a tile the player does not hold.
	g2 := *g
	g2.Rounds = append([]data.Round(nil), g.Rounds...)
	rd := &g2.Rounds[0]
	rd.Events = append([]data.Event(nil), rd.Events...)
	for i, e := range rd.Events {
		if e.Type == data.EventDiscard {
			rd.Events[i].Tile = rd.Hands[(e.Seat+1)%4][0]
			break
		}
	}
	rep = data.ReplayReport{}
	if err := data.Replay(&g2, &rep); err != nil && !errors.Is(err, data.ErrBadValue) {
		t.Fatal(err)
	}
	if len(rep.Mismatches) == 0 {
		t.Error("an illegal discard went unnoticed")
	}
}

// TestVerifyAgariMelds changes the "called from" bits of one pon in a real
// game's AGARI m= (as a faulty converter did: 45161 written as 45163) and
// expects verify to report the win, with its file, round and event, and
// Check to refuse it.
func TestVerifyAgariMelds(t *testing.T) {
	src := filepath.Join(shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs"), "2022010103gm-00a9-0000-12d7f40d.txt")
	raw := datatest.RawRecord(t, src)
	edited, old, code := "", 0, 0
	pon := regexp.MustCompile(`(<AGARI [^>]*\sm=")(\d+)`)
	for _, loc := range pon.FindAllSubmatchIndex(raw, -1) {
		m, _ := strconv.Atoi(string(raw[loc[4]:loc[5]]))
		if m&0x4 == 0 && m&0x8 != 0 { // a pon called from another seat
			old, code = m, m&^3|(m&3%3+1)
			edited = string(raw[:loc[4]]) + strconv.Itoa(code) + string(raw[loc[5]:])
			break
		}
	}
	if edited == "" {
		t.Fatal("no pon in an AGARI m= of " + src)
	}
	path := filepath.Join(t.TempDir(), "edited.xml")
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := records.Verify(context.Background(), []string{path}, records.VerifyOptions{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) > 0 || len(rep.Mismatches) != 1 {
		t.Fatalf("AGARI m=%d edited to %d: want one mismatch, got %v %v", old, code, rep.Mismatches, rep.Errors)
	}
	m := rep.Mismatches[0]
	if m.File != path || m.Game != 1 || m.Round == "" || m.Event <= 0 || !strings.Contains(m.What, "shown as called from seat") {
		t.Errorf("mismatch %v: want the file, game 1, a round, an event and the meld's source", m)
	}
	t.Log(m)
	g, err := datatest.ReadMjlogFile(t, path, "edited.xml")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Check(); err == nil || !strings.Contains(err.Error(), "shown as called from seat") {
		t.Errorf("Check: %v, want the meld's source", err)
	}
}

// TestVerifyGoesOn: what verify cannot read is reported and the rest is
// checked: a folder that cannot be listed and a missing file are errors
// with their path, a FIFO met in a walk is skipped with a note (never
// opened: it would block), and the good record is replayed.
func TestVerifyGoesOn(t *testing.T) {
	dir := t.TempDir()
	sample, err := os.ReadFile("../testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Mkdir(locked, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(dir, "good.xml"), filepath.Join(locked, "x.xml")} {
		if err := os.WriteFile(p, sample, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fifo := filepath.Join(dir, "pipe.xml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	// Root reads any folder: make listing "locked" fail as it would for
	// a user without the right.
	defer records.SetWalkDir(func(root string, fn fs.WalkDirFunc) error {
		return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && path == locked {
				if err := fn(path, d, nil); err != nil {
					return err
				}
				if err := fn(path, d, &fs.PathError{Op: "open", Path: path, Err: fs.ErrPermission}); err != nil {
					return err
				}
				return filepath.SkipDir
			}
			return fn(path, d, err)
		})
	})()
	missing := filepath.Join(dir, "missing.xml")
	done := make(chan struct{})
	var rep *records.VerifyReport
	go func() {
		defer close(done)
		rep, err = records.Verify(context.Background(), []string{dir, missing}, records.VerifyOptions{Workers: 1})
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute): // a hang, not a slow machine
		t.Fatal("verify hangs")
	}
	if err != nil {
		t.Fatalf("verify stopped: %v", err)
	}
	if rep.Games != 1 {
		t.Errorf("%d games replayed, want the good one", rep.Games)
	}
	var errs, skips []string
	for _, e := range rep.Errors {
		errs = append(errs, e.String())
	}
	for _, s := range rep.Skipped {
		skips = append(skips, s.File+": "+s.Reason)
	}
	got := strings.Join(errs, "\n")
	for _, want := range []string{locked + ": ", missing + ": "} {
		if !strings.Contains(got, want) {
			t.Errorf("errors %q: want one starting %q", got, want)
		}
	}
	if len(errs) != 2 {
		t.Errorf("errors %q: want two", errs)
	}
	if len(skips) != 1 || !strings.Contains(skips[0], fifo+": not a regular file") {
		t.Errorf("skipped %q: want the FIFO, not a regular file", skips)
	}
}

// firstSeed names a complete 4-player game among the fuzz seeds.
func firstSeed(t *testing.T) string {
	entries, err := os.ReadDir("../testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".xml") || strings.HasSuffix(e.Name(), ".mjlog") {
			return e.Name()
		}
	}
	t.Fatal("no mjlog seed in testdata")
	return ""
}

// BenchmarkVerifyCorpus replays the whole shared corpus per iteration with
// one worker per CPU and reports games/s (read, replay and compare).
func BenchmarkVerifyCorpus(b *testing.B) {
	dir := shareddata.Dir(b, "tenhou")
	games := 0
	b.ReportAllocs()
	for b.Loop() {
		rep, err := records.Verify(context.Background(), []string{dir}, records.VerifyOptions{})
		if err != nil {
			b.Fatal(err)
		}
		games += rep.Games
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkVerifyCorpusOneWorker is BenchmarkVerifyCorpus on one goroutine.
func BenchmarkVerifyCorpusOneWorker(b *testing.B) {
	dir := shareddata.Dir(b, "tenhou")
	games := 0
	for b.Loop() {
		rep, err := records.Verify(context.Background(), []string{dir}, records.VerifyOptions{Workers: 1})
		if err != nil {
			b.Fatal(err)
		}
		games += rep.Games
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// TestLinksAndOtherJSON: a link to a folder of records is walked (and a
// link back into it does not loop), and JSON of another kind found in a
// folder (a model card that train --out wrote there) is skipped as not a
// game record, not an error; named explicitly, it is an error.
func TestLinksAndOtherJSON(t *testing.T) {
	base := t.TempDir()
	corp := filepath.Join(base, "corp")
	if err := os.Mkdir(corp, 0o755); err != nil {
		t.Fatal(err)
	}
	rec, err := os.ReadFile("../testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	card := filepath.Join(corp, "tenpai-0123.json")
	for name, b := range map[string][]byte{filepath.Join(corp, "game.xml"): rec, card: []byte(`{"name": "tenpai", "objective": "binary:logistic"}`)} {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(base, "linkc")
	if err := os.Symlink(corp, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if err := os.Symlink("..", filepath.Join(corp, "up")); err != nil {
		t.Fatal(err)
	}
	rep, err := records.Verify(context.Background(), []string{link}, records.VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 1 || len(rep.Errors) != 0 || len(rep.Skipped) != 1 || rep.Skipped[0].Reason != "not a game record" {
		t.Errorf("through the link: %d games, errors %v, skipped %v", rep.Games, rep.Errors, rep.Skipped)
	}
	rep, err = records.Verify(context.Background(), []string{card}, records.VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0].What, "not a game record") {
		t.Errorf("the card named explicitly: errors %v", rep.Errors)
	}
}
