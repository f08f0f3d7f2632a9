// Package dataset is the corpus as the models learn from it and are
// measured on: the record files under paths ([Files]), the games read from
// them with the key that names each game whatever path reached it ([Key],
// [GameRef], [ReadFile]), which games are used ([Usable]), and the fixed
// split of the held-out tenth ([HeldOut]: FNV-1a of the key mod 10 is 0).
//
// Training (package train) fits the models on the other nine tenths and
// measures them on this one; the engine's measurement (package mceval)
// runs only on it. Both take the split from here, so neither imports the
// other's pipeline, and a game is held out or not alike for both.
package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
)

// Files lists the record files under paths as records.RecordFiles does
// (files as given, "-" for standard input, folders walked for regular
// files with a record ending, hidden entries skipped, sorted; FIFOs and
// devices skipped): a folder or file that cannot be read inside a walk
// does not stop it but is returned in unreadable, as an unreadable file is
// counted when it is read. A path given that does not exist is an error.
func Files(paths []string) (files, unreadable []string, err error) {
	for _, p := range paths {
		if p != records.StdinPath {
			if _, err := os.Stat(p); err != nil {
				return nil, nil, err
			}
		}
	}
	files, _, _, problems := records.RecordFiles(paths)
	for _, pr := range problems {
		unreadable = append(unreadable, pr.File)
	}
	return files, unreadable, nil
}

// Key identifies a game for the train/held-out split and for
// de-duplication: its Tenhou log id when known, else a digest of its wall
// seed (SHUFFLE, or the 2009 form's INIT shuffle), else of its first deal.
// It never depends on the path the file was reached by: the split, and so
// the models, must be the same from ../shared/data/tenhou and from
// /abs/path/to/it. Only a game without any round falls back to the file's
// base name and position (n, 1-based).
func Key(file string, n int, g *data.Game) string {
	seed := g.Seed
	if seed == "" && len(g.Rounds) > 0 {
		seed = g.Rounds[0].Shuffle
	}
	switch {
	case g.Ref != "":
		return g.Ref
	case seed != "":
		return "seed:" + shortDigest(seed)
	case len(g.Rounds) > 0:
		rd := &g.Rounds[0]
		return "deal:" + shortDigest(fmt.Sprint(rd.Number, rd.Honba, rd.Dealer, rd.Scores, rd.DoraIndicator, rd.Hands))
	}
	return fmt.Sprintf("%s#%d", filepath.Base(file), n)
}

// shortDigest returns the first 16 hex digits of the SHA-256 of s.
func shortDigest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

// HeldOut reports whether a game belongs to the held-out tenth: FNV-1a of
// its key modulo 10 is 0. Fixed, so every run splits alike.
func HeldOut(key string) bool { return Hash(key)%10 == 0 }

// Hash is the FNV-1a hash of a game's key that the split is taken from:
// the held-out tenth is Hash mod 10 = 0, and train's cross-validation
// folds are the other residues.
func Hash(key string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	return h.Sum64()
}

// Reasons why a game is not used ([Usable]).
var (
	ErrSkipPlayers = errors.New("3-player game")
	ErrSkipLobby   = errors.New("special lobby (GO type bits above 0xFF): its own rules")
	// ErrSkipCut is a record read whole that holds no final result, so no
	// rank label: in the shared corpus, single rounds (tenhou.net/6 files of
	// one round each, or one JSON round a line, each read as a game of its
	// own). A file cut in the middle of a game is not read at all: it is
	// counted among the files without a readable game.
	ErrSkipCut = errors.New("no final result (a single round, or a record without its end)")
)

// Usable says why a game is not used, or nil: 4-player games of the
// ordinary lobbies (bits above 0xFF of the GO type mark special lobbies with
// their own rules), with a final result (the rank label).
func Usable(g *data.Game) error {
	switch {
	case g.Players != 4:
		return ErrSkipPlayers
	case !g.Rules.FinalPointsKnown():
		return ErrSkipLobby
	case g.Owari == nil:
		return ErrSkipCut
	}
	return nil
}

// GameRef is a game read from a file, with its key and split.
type GameRef struct {
	File    string
	N       int // 1-based position in the file
	Key     string
	HeldOut bool
	Game    *data.Game
}

// ReadFile reads every game of a record file. A file that holds no record
// is reported by the error (data.ErrSyntax wrapped).
func ReadFile(name string) ([]GameRef, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, name)
}

// EachFile is [Each] over the record file name. An error opening or
// reading it is returned; the games before a reading error were given.
func EachFile(name string, fn func(*GameRef) bool) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return Each(f, name, fn)
}

// Read reads every game of a record stream called name.
func Read(r io.Reader, name string) ([]GameRef, error) {
	var games []GameRef
	_, err := Each(r, name, func(gr *GameRef) bool {
		games = append(games, *gr)
		return true
	})
	return games, err
}

// Each calls fn with every game of a record stream called name, one at a
// time, until fn returns false, and returns the number of games read and
// the reader's error. Nothing of a game is kept once fn returns, so a file
// of millions of games costs one game's memory.
func Each(r io.Reader, name string, fn func(*GameRef) bool) (int, error) {
	rd, _, err := records.NewReader(r, name)
	if err != nil {
		return 0, err
	}
	n := 0
	for rd.Next() {
		n++
		g := rd.Game()
		key := Key(name, n, g)
		if !fn(&GameRef{File: name, N: n, Key: key, HeldOut: HeldOut(key), Game: g}) {
			break
		}
	}
	return n, rd.Err()
}
