// Package datatest holds what the tests of package data, its codecs
// (data/mjlog, data/tenhou6, data/mjai) and data/records share: the
// shared corpus's record files and INDEX.tsv, comparisons of games at the
// level each format keeps, reading helpers and the benchmarks' games. Only
// tests import it.
package datatest

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// CorpusFile is one record file of the shared data.
type CorpusFile = shareddata.CorpusFile

// Corpus lists the record files the corpus tests read under
// ../shared/data/tenhou: the fixed sample, or every file with
// MJRANK_CORPUS=full ([shareddata.Corpus]).
func Corpus(t testing.TB) (string, []CorpusFile) {
	t.Helper()
	return shareddata.Corpus(t)
}

// IndexRow is one row of INDEX.tsv.
type IndexRow struct {
	GoType, Rounds, Agari, Ryuukyoku int
	Complete                         bool
}

// ReadIndex reads INDEX.tsv of the corpus folder dir, by file path
// relative to dir.
func ReadIndex(t testing.TB, dir string) map[string]IndexRow {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]IndexRow{}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 10 {
			t.Fatalf("INDEX.tsv: short row %q", sc.Text())
		}
		n := func(s string) int {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("INDEX.tsv: %q: %v", sc.Text(), err)
			}
			return v
		}
		rows[c[0]] = IndexRow{GoType: n(c[2]), Rounds: n(c[4]), Agari: n(c[5]), Ryuukyoku: n(c[6]), Complete: c[7] == "1"}
	}
	return rows
}

// ReadMjlogFile reads the one game of an mjlog file: the game (partial on
// error) and the error.
func ReadMjlogFile(t testing.TB, path, name string) (*data.Game, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := mjlog.NewReader(f, name)
	if !r.Next() {
		if r.Err() == nil {
			t.Fatalf("%s: no game", name)
		}
		return r.Game(), r.Err()
	}
	g := r.Game()
	if r.Next() {
		t.Errorf("%s: more than one game", name)
	}
	return g, r.Err()
}

// CountResults counts a game's rounds, wins, draws and events.
func CountResults(g *data.Game) (rounds, agari, ryuukyoku, events int) {
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		agari += len(rd.Agari)
		if rd.Ryuukyoku != nil {
			ryuukyoku++
		}
		events += len(rd.Events)
	}
	return len(g.Rounds), agari, ryuukyoku, events
}

// RawRecord returns a record file's bytes, decompressed if gzipped.
func RawRecord(t testing.TB, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(codec.Gunzip(f))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// MjlogHead returns the opening of a real mjlog record of the shared
// corpus up to its first round (<mjloggm>, SHUFFLE, GO, UN, TAIKYOKU),
// for tests that build hostile inputs on a real header.
func MjlogHead(t testing.TB) string {
	t.Helper()
	b := RawRecord(t, filepath.Join(shareddata.Dir(t, "tenhou"), "thewaxmango-mahjong-hands/log-libraries/logs/2022010103gm-00a9-0000-12d7f40d.txt"))
	i := strings.Index(string(b), "<INIT ")
	if i < 0 {
		t.Fatal("the record has no <INIT>")
	}
	return string(b[:i])
}
