package records

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/mjrank/mjrank/data"
)

// VerifyOptions tune [Verify].
type VerifyOptions struct {
	Workers  int                   // files replayed at once; 0 = GOMAXPROCS
	Progress func(done, total int) // called after each file, in order; may be nil
	Stdin    io.Reader             // read for the path "-" (StdinPath), reported as "stdin"; nil: none
	// Select, when not nil, is given the record files listed (in the
	// order of RecordFiles) and returns those to replay, in order: a
	// shard's slice of them. The listing's own skips and problems (a path
	// that cannot be read, a FIFO) are reported unless SkipListing is set,
	// so that the shards of one listing report them once and
	// [MergeReports] of the shards' reports, in order, is the report of
	// the whole.
	Select      func(files []string) []string
	SkipListing bool
}

// VerifyReport is what [Verify] found. Lists are in file order, so a report
// does not depend on the number of workers.
type VerifyReport struct {
	Files          int             `json:"files"`            // record files read
	Games          int             `json:"games"`            // games replayed
	Games3         int             `json:"games_3p"`         // of those, 3-player games
	Complete       int             `json:"complete"`         // of those, games with a final result checked
	Partial        int             `json:"partial"`          // cut records whose whole rounds were replayed
	Rounds         int             `json:"rounds"`           // rounds replayed
	Wins           int             `json:"wins"`             // wins compared with their AGARI
	Draws          int             `json:"draws"`            // draws compared with their RYUUKYOKU
	Kitas          int             `json:"kitas"`            // kitas (3-player) the engine accepted
	Actions        int             `json:"actions"`          // recorded actions the engine accepted
	Unchecked      []VerifySkip    `json:"unchecked"`        // checks left out, with reasons
	Skipped        []VerifySkip    `json:"skipped"`          // games or files not replayed, with reasons
	Mismatches     []VerifyProblem `json:"mismatches"`       // engine and record disagree
	Errors         []VerifyProblem `json:"errors"`           // unreadable records
	Seconds        float64         `json:"seconds"`          // wall time
	GamesPerSecond float64         `json:"games_per_second"` // Games / Seconds
}

// VerifySkip is a game or file left out, and why.
type VerifySkip struct {
	File   string `json:"file"`
	Game   int    `json:"game"` // 1-based index in the file; 0 for the whole file
	Reason string `json:"reason"`
}

// VerifyProblem is a mismatch or an error, with where it happened.
type VerifyProblem struct {
	File  string `json:"file"`
	Game  int    `json:"game"`            // 1-based index in the file; 0 for the file
	Round string `json:"round,omitempty"` // "E1-0"
	Event int    `json:"event,omitempty"` // event index in the round, when known
	What  string `json:"what"`
}

func (p VerifyProblem) String() string {
	if strings.HasPrefix(p.What, p.File+":") {
		return p.What // a parse error names its own position
	}
	where := p.File
	if p.Game > 0 {
		where += fmt.Sprintf(" game %d", p.Game)
	}
	if p.Round != "" {
		where += " " + p.Round
	}
	if p.Event > 0 {
		where += fmt.Sprintf(" event %d", p.Event)
	}
	return where + ": " + p.What
}

// OK reports whether the report has no mismatch and no error.
func (r *VerifyReport) OK() bool { return len(r.Mismatches) == 0 && len(r.Errors) == 0 }

// fileResult is one file's share of a report.
type fileResult struct {
	VerifyReport
}

// Verify reads every record under paths (see [RecordFiles]) and replays
// each game, 4- or 3-player, through the engine ([data.Replay]), comparing every result
// with the record. Files are processed in parallel and merged in file
// order. A folder's file that holds no record (README.txt, say) is skipped;
// a named file that holds none is an error, and so is a path or folder
// that cannot be read: the report lists them and Verify goes on. It stops
// early only when ctx is done.
func Verify(ctx context.Context, paths []string, opt VerifyOptions) (*VerifyReport, error) {
	start := time.Now()
	files, explicit, skipped, problems := RecordFiles(paths)
	total := newReport()
	if !opt.SkipListing {
		total.Skipped = append(total.Skipped, skipped...)
		total.Errors = append(total.Errors, problems...)
	}
	if opt.Select != nil {
		files = opt.Select(files)
	}
	done := 0
	err := ForEachFile(ctx, files, opt.Workers,
		func(f string) fileResult { return verifyFile(f, explicit[f], opt.Stdin) },
		func(_ string, res fileResult) {
			total.merge(&res.VerifyReport)
			done++
			if opt.Progress != nil {
				opt.Progress(done, len(files))
			}
		})
	if err != nil {
		return total, err
	}
	total.Seconds = time.Since(start).Seconds()
	if total.Seconds > 0 {
		total.GamesPerSecond = float64(total.Games) / total.Seconds
	}
	return total, nil
}

// newReport returns an empty report whose lists are empty, not null, in
// JSON.
func newReport() *VerifyReport {
	return &VerifyReport{Skipped: []VerifySkip{}, Unchecked: []VerifySkip{}, Mismatches: []VerifyProblem{}, Errors: []VerifyProblem{}}
}

// MergeReports joins the reports of consecutive slices of one listing
// (the shards of a verify, see VerifyOptions.Select), given in order:
// the counts add up and the lists follow each other, as in the report of
// the whole. Seconds is the shards' sum (the work, not the wall time of
// shards run at once) and GamesPerSecond follows from it.
func MergeReports(parts []*VerifyReport) *VerifyReport {
	total := newReport()
	for _, p := range parts {
		total.merge(p)
		total.Seconds += p.Seconds
	}
	if total.Seconds > 0 {
		total.GamesPerSecond = float64(total.Games) / total.Seconds
	}
	return total
}

func (r *VerifyReport) merge(o *VerifyReport) {
	r.Files += o.Files
	r.Games += o.Games
	r.Games3 += o.Games3
	r.Complete += o.Complete
	r.Partial += o.Partial
	r.Rounds += o.Rounds
	r.Wins += o.Wins
	r.Draws += o.Draws
	r.Kitas += o.Kitas
	r.Actions += o.Actions
	r.Skipped = append(r.Skipped, o.Skipped...)
	r.Unchecked = append(r.Unchecked, o.Unchecked...)
	r.Mismatches = append(r.Mismatches, o.Mismatches...)
	r.Errors = append(r.Errors, o.Errors...)
}

// openRecord opens a record file, or stdin for StdinPath, and returns the
// name reports give it.
func openRecord(path string, stdin io.Reader) (io.ReadCloser, string, error) {
	if path == StdinPath {
		if stdin == nil {
			return nil, "stdin", errors.New("no standard input to read")
		}
		return io.NopCloser(stdin), "stdin", nil
	}
	f, err := os.Open(path)
	return f, path, err
}

func verifyFile(path string, explicit bool, stdin io.Reader) (res fileResult) {
	f, name, err := openRecord(path, stdin)
	if err != nil {
		res.Errors = append(res.Errors, VerifyProblem{File: name, What: pathError(name, err)})
		return res
	}
	defer f.Close()
	r, _, err := NewReader(f, name)
	if err != nil {
		if !explicit && errors.Is(err, data.ErrSyntax) {
			res.Skipped = append(res.Skipped, VerifySkip{File: name, Reason: "not a game record"})
			return res
		}
		res.Errors = append(res.Errors, VerifyProblem{File: name, What: err.Error()})
		return res
	}
	ok := r.Next()
	if !ok && !explicit && errors.Is(r.Err(), data.ErrNotRecord) {
		// JSON of another kind in a folder (a model card): not a record.
		res.Skipped = append(res.Skipped, VerifySkip{File: name, Reason: "not a game record"})
		return res
	}
	res.Files++
	n := 0
	for ; ok; ok = r.Next() {
		n++
		g := r.Game()
		res.Games++
		if g.Players == 3 {
			res.Games3++
		}
		if g.Owari != nil {
			res.Complete++
		}
		res.replay(name, n, g)
	}
	if err := r.Err(); err != nil {
		res.Errors = append(res.Errors, VerifyProblem{File: name, Game: n + 1, What: err.Error()})
		// A cut record still holds whole rounds: replay those too.
		if g := r.Game(); g != nil && (g.Players == 3 || g.Players == 4) {
			part := *g
			part.Owari = nil
			part.Rounds = nil
			for i := range g.Rounds {
				if g.Rounds[i].HasResult() {
					part.Rounds = append(part.Rounds, g.Rounds[i])
				} else {
					break
				}
			}
			if len(part.Rounds) > 0 {
				res.replay(name, n+1, &part)
				res.Partial++
			}
		}
	}
	return res
}

// replay replays one game into the file's results.
func (res *fileResult) replay(name string, n int, g *data.Game) {
	var rep data.ReplayReport
	if err := data.Replay(g, &rep); err != nil {
		res.Errors = append(res.Errors, VerifyProblem{File: name, Game: n, What: err.Error()})
		return
	}
	res.Rounds += rep.Rounds
	res.Wins += rep.Wins
	res.Draws += rep.Draws
	res.Kitas += rep.Kitas
	res.Actions += rep.Actions
	for _, u := range rep.Unchecked {
		res.Unchecked = append(res.Unchecked, VerifySkip{File: name, Game: n, Reason: u})
	}
	for _, m := range rep.Mismatches {
		res.Mismatches = append(res.Mismatches, VerifyProblem{File: name, Game: n, Round: m.Round, Event: m.Event, What: m.What})
	}
}
