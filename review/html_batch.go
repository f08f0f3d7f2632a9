package review

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mjrank/mjrank/data"
)

// Record returns the game record the report was made from: a batch's
// reports hold it, reviewed now or read from the cache; nil for a report
// decoded from JSON.
func (r *Report) Record() *data.Game { return r.game }

// IndexPage is the name of a batch's index page in its folder.
const IndexPage = "index.html"

// PageNames names the page of each reviewed entry of a batch, in one
// folder: the record file's base name (or the log id) with the game's
// number in the file, kept to letters, digits, '-', '_' and '.', and made
// unique (and never IndexPage) by a counter.
// An entry not reviewed gets "".
func PageNames(games []GameEntry) []string {
	names := make([]string, len(games))
	used := map[string]bool{strings.ToLower(IndexPage): true}
	for i := range games {
		e := &games[i]
		if e.Status != StatusOK || e.Report == nil {
			continue
		}
		base := e.LogID
		if e.File != "" {
			base = filepath.Base(e.File) // with its extension: a.xml and a.json are two games
		}
		base = safeName(base)
		if e.Number > 0 {
			base += fmt.Sprintf("-g%d", e.Number)
		}
		name := base + ".html"
		for n := 2; used[strings.ToLower(name)]; n++ {
			name = fmt.Sprintf("%s-%d.html", base, n)
		}
		// Case-folded: two names differing in case are one file on some
		// file systems.
		used[strings.ToLower(name)] = true
		names[i] = name
	}
	return names
}

// safeName keeps the letters, digits, '-', '_' and '.' of s (others become
// '_'), with no leading dot; "game" when nothing is left.
func safeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	name := strings.TrimLeft(b.String(), ".")
	if strings.Trim(name, "_") == "" {
		return "game"
	}
	return name
}
