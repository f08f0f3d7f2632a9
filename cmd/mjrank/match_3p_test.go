package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchSanmaThroughMjaiCommand: a 3-player match whose every seat is
// the program "mjrank mjai --bot …" (mc on a small budget among them)
// plays the direct 3-player arena's games (the same hash), with no reply
// rejected, and its mjai records replay through mjrank verify with no
// mismatch, their kitas as nukidora events.
func TestMatchSanmaThroughMjaiCommand(t *testing.T) {
	bots := []string{"mc", "thesis", "efficiency"}
	common := []string{"--players", "3", "--games", "3", "--rotate", "--seed", "12", "--length", "tonpuusen", "--sims", "20", "--json"}
	runJSON := func(args []string, v any) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("mjrank %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		if err := json.Unmarshal(stdout.Bytes(), v); err != nil {
			t.Fatal(err)
		}
	}
	type result struct {
		Players int    `json:"players"`
		Hash    string `json:"hash"`
		Entries []struct {
			Games   int `json:"games"`
			Illegal int `json:"illegal"`
		} `json:"entries"`
	}
	var direct, got result
	runJSON(append([]string{"arena", "--seats", strings.Join(bots, ",")}, common...), &direct)
	dir := t.TempDir()
	args := []string{"match", "--records", dir, "--records-format", "mjai", "--time-limit", "1h"}
	for _, b := range bots {
		args = append(args, "--seat", "cmd:"+asMjrank(t, "mjai --bot "+b+" --sims 20"))
	}
	runJSON(append(args, common...), &got)
	if got.Hash != direct.Hash || got.Players != 3 {
		t.Errorf("through mjai programs: hash %s, %d players; direct hash %s", got.Hash, got.Players, direct.Hash)
	}
	for e, c := range got.Entries[:3] {
		if c.Games != 3 || c.Illegal != 0 {
			t.Errorf("entry %d (%s): %d games, %d rejected replies", e+1, bots[e], c.Games, c.Illegal)
		}
	}
	var rep struct {
		Games3     int   `json:"games_3p"`
		Complete   int   `json:"complete"`
		Kitas      int   `json:"kitas"`
		Mismatches []any `json:"mismatches"`
		Errors     []any `json:"errors"`
	}
	runJSON([]string{"verify", "--json", dir}, &rep)
	files, _ := filepath.Glob(filepath.Join(dir, "*.mjson"))
	nukidora := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		nukidora += strings.Count(string(b), `"type":"nukidora"`)
	}
	if len(files) != 3 || rep.Games3 != 3 || rep.Complete != 3 || rep.Kitas == 0 || rep.Kitas != nukidora || len(rep.Mismatches)+len(rep.Errors) != 0 {
		t.Errorf("verify of %d records: %d 3-player games, %d complete, %d kitas (%d nukidora events), mismatches %v, errors %v",
			len(files), rep.Games3, rep.Complete, rep.Kitas, nukidora, rep.Mismatches, rep.Errors)
	}
}
