// Package records reads and writes game records in whichever format they
// are: it sits above the codecs (data/mjlog, data/tenhou6, data/mjai) and
// holds what needs them all.
//
// [NewReader] picks the reader from the input's first bytes (plain or
// gzip-compressed; [DetectFormat]), [NewWriter] the writer of a [Format]:
//
//	r, format, err := records.NewReader(f, path)
//	if err != nil { ... }
//	for r.Next() {
//		g := r.Game()
//		...
//	}
//	if err := r.Err(); err != nil { ... }
//
//	err = records.NewWriter(os.Stdout, records.FormatMjai).Write(g)
//
// [RecordFiles] and [ExpandPaths] list the record files under paths (by
// the endings the formats use), [ForEachFile] processes files in parallel
// and merges the results in file order, and [Verify] replays every game of
// a corpus through the engine (data.Replay) and reports where engine and
// record disagree.
//
// # Checked against the corpus
//
// The tests read every record of ../shared/data/tenhou: 1,508 complete
// 4-player games (14,818 rounds, 1.47 million events), 480 3-player games
// and 64 deliberately truncated files (each an ErrTruncated at a position),
// with round, win and draw counts equal to its INDEX.tsv, every game passing
// Check (which validates each decoded meld against the tracked hands). The
// 37 games held in both mjlog and tenhou.net/6 give equal records, event for
// event; every 4-player game survives mjlog → tenhou.net/6 → record and
// mjlog → mjai → record.
package records
