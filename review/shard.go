package review

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/internal/shard"
)

// A batch runs as shards (BatchOptions.Shards): N processes, on N
// machines if need be, given the same arguments, each list the batch's
// entries alike and review the slice shard.Range gives them; each prints
// a shard.Output of a ShardResult, and MergeShardOutputs joins the N
// outputs into the report one process gives for the whole batch.

// ShardCommand is the command a review shard's header names.
const ShardCommand = "review"

// ShardUnit is what a review shard's header says it splits: the batch's
// entries (a game, or a file or log that gave none).
const ShardUnit = "games"

// ShardResult is one shard's part of a batch: its entries, in the
// batch's order, and what a merge needs to join them with the others'.
type ShardResult struct {
	// OneGame says the whole batch is one game given alone (one path
	// that is no folder, holding one entry): one process prints that
	// game's review, not a batch's, and so does the merge.
	OneGame bool         `json:"one_game,omitempty"`
	Games   []ShardEntry `json:"games"`
	Seconds float64      `json:"seconds"` // the shard's run
}

// ShardEntry is one entry of a shard: the entry as the batch's report
// gives it, and what the merge needs beside it.
type ShardEntry struct {
	GameEntry
	// Repeat is the game's record digest and seat, when the game counts
	// in finding a game the batch holds twice; the merge finds the
	// repeats across shards by it, as one run does (skipRepeats).
	Repeat string `json:"repeat,omitempty"`
	// Analysed counts the decisions the shard analysed for the entry.
	Analysed int `json:"decisions_analysed,omitempty"`
	// Record is the game reviewed, as a record (mjlog, or tenhou.net/6
	// or mjai JSON when only they give the game back unchanged), for its
	// page: the merge needs neither the files nor the logs. "" when no
	// format gives it back unchanged; the game then has no page.
	Record string `json:"record,omitempty"`
}

// ShardResult returns the shard's result of the plan's run rep
// (rep = p.Run()); oneGame is ShardResult.OneGame.
func (p *Plan) ShardResult(rep *BatchReport, oneGame bool) (*ShardResult, error) {
	if len(rep.Games) != len(p.items) {
		return nil, fmt.Errorf("review: %d entries in the report of a plan of %d", len(rep.Games), len(p.items))
	}
	res := &ShardResult{OneGame: oneGame, Games: make([]ShardEntry, len(rep.Games)), Seconds: rep.Batch.Seconds}
	for k := range rep.Games {
		e := ShardEntry{GameEntry: rep.Games[k], Repeat: p.items[k].repeat, Analysed: int(p.items[k].analysed.Load())}
		if e.Status == StatusOK && e.Report != nil && e.Report.game != nil {
			e.Record = recordText(e.Report.game)
		}
		res.Games[k] = e
	}
	return res, nil
}

// recordText writes g in the first format that reads back as g, or "".
func recordText(g *data.Game) string {
	for _, marshal := range []func(*data.Game) ([]byte, error){mjlog.Marshal, tenhou6.Marshal, mjai.Marshal} {
		b, err := marshal(g)
		if err != nil {
			continue
		}
		if h, err := readRecord(string(b), "record"); err == nil && h.Ref == g.Ref && RecordDigest(h) == RecordDigest(g) {
			return string(b)
		}
	}
	return ""
}

// readRecord reads the one game of a record.
func readRecord(text, name string) (*data.Game, error) {
	r, _, err := records.NewReader(strings.NewReader(text), name)
	if err != nil {
		return nil, err
	}
	if !r.Next() {
		if r.Err() != nil {
			return nil, r.Err()
		}
		return nil, errors.New("no game")
	}
	return r.Game(), nil
}

// MergedShards is the batch a merge of its shards gives.
type MergedShards struct {
	Report *BatchReport
	Header shard.Header // the run's (shard 1's)
	// OneGame: the batch is one game given alone (ShardResult.OneGame).
	OneGame bool
}

// MergeShardOutputs joins the outputs of the N shards of one batch
// (outputs[k] read from names[k], in any order) into the report one
// process gives for the whole batch: the entries in the batch's order,
// the games the batch holds twice across shards skipped as one run skips
// them, each game's figures and the player's over the batch computed
// again from the games, the counts by status; the decisions analysed and
// the seconds are the shards' sums. It refuses, naming the outputs,
// outputs that are no review shard's, of different runs (options, paths
// and files, build and models, N), a shard missing or given twice, and a
// result that does not hold its shard's entries.
func MergeShardOutputs(names []string, outputs [][]byte) (*MergedShards, error) {
	if len(outputs) == 0 {
		return nil, errors.New("merge: no shard output")
	}
	hs := make([]shard.Header, len(outputs))
	parts := make([]*ShardResult, len(outputs))
	for k, b := range outputs {
		out, err := shard.Decode[*ShardResult](names[k], b, ShardCommand)
		if err != nil {
			return nil, fmt.Errorf("merge: %w", err)
		}
		h, r := out.Shard, out.Result
		switch {
		case h.Unit != ShardUnit:
			return nil, fmt.Errorf("merge: %s: a shard of %s, not of %s", names[k], h.Unit, ShardUnit)
		case r == nil:
			return nil, fmt.Errorf("merge: %s: no result", names[k])
		case len(r.Games) != h.To-h.From:
			return nil, fmt.Errorf("merge: %s: shard %d/%d holds %d entries, its header says %d (%d to %d of %d)",
				names[k], h.Shard, h.Shards, len(r.Games), h.To-h.From, h.From+1, h.To, h.Total)
		}
		hs[k], parts[k] = h, r
	}
	order, err := shard.Check(hs, names)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	first := order[0]
	for _, k := range order {
		if parts[k].OneGame != parts[first].OneGame {
			return nil, fmt.Errorf("merge: %s and %s disagree on whether the batch is one game", names[first], names[k])
		}
	}
	var entries []ShardEntry
	var from []string // the output each entry comes from
	seconds := 0.0
	for _, k := range order {
		entries = append(entries, parts[k].Games...)
		for range parts[k].Games {
			from = append(from, names[k])
		}
		seconds += parts[k].Seconds
	}
	games, analysed, err := joinEntries(entries, from)
	if err != nil {
		return nil, fmt.Errorf("merge: %w", err)
	}
	rep := batchReport(games, hs[first].Options["name"])
	rep.Batch.DecisionsAnalysed, rep.Batch.Seconds = analysed, seconds
	return &MergedShards{Report: rep, Header: hs[first], OneGame: parts[first].OneGame}, nil
}

// joinEntries returns the batch's entries from the shards' (entries[i]
// from the output from[i]): the repeats across shards skipped, each
// game's record read back for its page. It returns the decisions
// analysed for the entries kept.
func joinEntries(entries []ShardEntry, from []string) ([]GameEntry, int, error) {
	games := make([]GameEntry, len(entries))
	analysed := 0
	firsts := map[string]*GameEntry{}
	for i := range entries {
		e := &entries[i]
		games[i] = e.GameEntry
		g := &games[i]
		if e.Status == StatusOK && e.Report == nil {
			return nil, 0, fmt.Errorf("%s: %s: reviewed, but no report", from[i], g.Where())
		}
		if e.Repeat != "" {
			if f, ok := firsts[e.Repeat]; ok {
				g.Status, g.Reason, g.Report, g.Cached = StatusSkipped, repeatReason(f), nil, false
				continue // not reviewed by one run: its decisions not analysed
			}
			firsts[e.Repeat] = g
		}
		analysed += e.Analysed
		if g.Status != StatusOK || e.Record == "" {
			continue
		}
		rec, err := readRecord(e.Record, g.Where())
		if err != nil {
			return nil, 0, fmt.Errorf("%s: %s: its record: %w", from[i], g.Where(), err)
		}
		g.Report.game = rec
	}
	return games, analysed, nil
}

// ShardLine is the first line of a shard's text report: which entries of
// the batch it holds.
func ShardLine(h *shard.Header) string {
	if h.From == h.To {
		return fmt.Sprintf("shard %d/%d: no entry (of %d); merge the --json outputs of all shards for the batch's report", h.Shard, h.Shards, h.Total)
	}
	return fmt.Sprintf("shard %d/%d: entries %d to %d of %d; merge the --json outputs of all shards for the batch's report", h.Shard, h.Shards, h.From+1, h.To, h.Total)
}
