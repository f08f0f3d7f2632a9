package train

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
)

// Stdin is the path that names standard input ([EvalOptions.Stdin]).
const Stdin = records.StdinPath

// eachGame calls fn with every game of a record file, or of stdin for
// "-", as it is read, until fn returns false; it returns the number of
// games read and the reader's error ([dataset.Each]). It streams where
// dataset.ReadFile holds every game of the file: a small gzip file can
// hold millions of games (every one empty), and what a caller keeps per
// game must be only what a usable game needs.
func eachGame(name string, stdin io.Reader, fn func(gr *dataset.GameRef) bool) (int, error) {
	if name != Stdin {
		return dataset.EachFile(name, fn)
	}
	if stdin == nil {
		stdin = os.Stdin
	}
	return dataset.Each(stdin, "stdin", fn)
}

// eachUsable is eachGame over the games of record file name that are
// usable and whose key did not come earlier in the file: a later copy is
// a duplicate whatever came before the file, and is not replayed. Each
// game left out is counted in skips by reason (when skips is not nil).
func eachUsable(name string, skips *fileSkips, fn func(gr *dataset.GameRef) bool) (int, error) {
	return eachUsableFor(name, 4, skips, fn)
}

// eachUsableFor is eachUsable over the games of a number of players (3 or
// 4; see usableFor).
func eachUsableFor(name string, players int, skips *fileSkips, fn func(gr *dataset.GameRef) bool) (int, error) {
	keys := map[string]bool{}
	return eachGame(name, nil, func(gr *dataset.GameRef) bool {
		why := skipDuplicate
		if err := usableFor(gr.Game, players); err != nil {
			why = err.Error()
		} else if !keys[gr.Key] {
			keys[gr.Key] = true
			return fn(gr)
		}
		if skips != nil {
			skips.add(why)
		}
		return true
	})
}

// errNoRound is why a game with a final result but no round is not used:
// it gives no sample, and kept as a game (its key among those seen) a file
// of millions of them would cost memory for nothing.
var errNoRound = errors.New("no round")

// errSkip4 is why a three-player run leaves a 4-player game out.
var errSkip4 = errors.New("4-player game")

// usableFor is [dataset.Usable], and a game must hold a round, for the
// games of a number of players: with 3, the 3-player games with a final
// result of the ordinary lobbies, a 4-player game left out (errSkip4) as
// a 3-player one is with 4.
func usableFor(g *data.Game, players int) error {
	if players == 3 && g.Players == 3 {
		// dataset.Usable's other conditions, on a 3-player game.
		c := *g
		c.Players = 4
		g = &c
	} else if players == 3 {
		return errSkip4
	}
	if err := dataset.Usable(g); err != nil {
		return err
	}
	if len(g.Rounds) == 0 {
		return errNoRound
	}
	return nil
}

// fileSkips counts the games of one file left out, by reason, as the
// file is read: a map of a few reasons, not an entry per game.
type fileSkips map[string]int

func (s *fileSkips) add(why string) {
	if *s == nil {
		*s = fileSkips{}
	}
	(*s)[why]++
}

// ResolvePaths makes the folders of cfg absolute (xgboost runs in the work
// folder, where a relative path would name another file; the corpus, read
// by this process only, stays as given, as the cards record it) and checks how
// they lie before any work, since a mistake would show only at the end of
// the sample extraction, or leave files where they do not belong: the work
// folder may be neither a corpus folder, nor inside one (its LibSVM files
// would be left among the records), nor one of the model folders; a model
// folder may not lie inside a corpus folder (its cards would be read as
// records). Symbolic links are followed as far as the paths exist. Every
// entry point calls it; a command may call it first, to refuse a bad flag
// at once.
func (cfg *Config) ResolvePaths() error {
	var err error
	abs := func(p *string) {
		if *p != "" && *p != Stdin && err == nil {
			*p, err = filepath.Abs(*p)
		}
	}
	for _, p := range []*string{&cfg.Out, &cfg.RankOut, &cfg.PolicyOut, &cfg.Work} {
		abs(p)
	}
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	outs := []struct{ flag, dir string }{{"--out", cfg.Out}, {"--rank-out", cfg.RankOut}, {"--policy-out", cfg.PolicyOut}}
	work := realPath(cfg.Work)
	for _, c := range cfg.Corpus {
		if c == Stdin {
			continue
		}
		rc, err := filepath.Abs(c)
		if err != nil {
			return fmt.Errorf("train: %w", err)
		}
		rc = realPath(rc)
		if cfg.Work != "" && within(work, rc) {
			return fmt.Errorf("train: --work %s is the corpus %s or inside it: its LibSVM files would be left among the records; give another folder", cfg.Work, c)
		}
		for _, o := range outs {
			if o.dir != "" && within(realPath(o.dir), rc) {
				return fmt.Errorf("train: %s %s is the corpus %s or inside it: the model cards would be read as records; give another folder", o.flag, o.dir, c)
			}
		}
	}
	for _, o := range outs {
		if cfg.Work != "" && o.dir != "" && work == realPath(o.dir) {
			return fmt.Errorf("train: --work %s is also %s: the work folder's files would be mixed with the models; give another folder", cfg.Work, o.flag)
		}
	}
	return nil
}

// realPath is the absolute path p with the symbolic links of its longest
// existing prefix resolved.
func realPath(p string) string {
	if p == "" {
		return ""
	}
	rest := ""
	for dir := filepath.Clean(p); ; dir = filepath.Dir(dir) {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		}
		if filepath.Dir(dir) == dir {
			return p
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// within reports whether path p is folder dir or lies inside it (both
// cleaned absolute paths).
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
