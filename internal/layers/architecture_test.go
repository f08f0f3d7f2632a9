package layers

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// archDoc is the document whose layer table must be Order.
const archDoc = "../../docs/ARCHITECTURE.md"

// tableHeading is the heading of the section that holds the table.
const tableHeading = "## Layers, lowest first"

// tableRow is one row of the layer table: its line in the document, its
// layer and its package.
type tableRow struct {
	line  int
	layer int
	pkg   string
}

// splitCells splits a Markdown table line into its cells, trimmed; a '|'
// inside a code span or escaped as \| is text.
func splitCells(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	var cells []string
	var b strings.Builder
	code := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case c == '\\' && i+1 < len(line) && line[i+1] == '|':
			b.WriteByte('|')
			i++
		case c == '`':
			code = !code
			b.WriteByte(c)
		case c == '|' && !code:
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

// parseTable reads the layer table of doc (the first table after
// tableHeading): its "layer" and "package" columns, row by row.
func parseTable(doc string) ([]tableRow, error) {
	lines := strings.Split(doc, "\n")
	start := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == tableHeading })
	if start < 0 {
		return nil, fmt.Errorf("no heading %q", tableHeading)
	}
	i := start + 1
	for i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "|") {
		if strings.HasPrefix(lines[i], "#") {
			return nil, fmt.Errorf("line %d: no table under %q", i+1, tableHeading)
		}
		i++
	}
	if i+1 >= len(lines) {
		return nil, fmt.Errorf("no table under %q", tableHeading)
	}
	header := splitCells(lines[i])
	layerCol, pkgCol := slices.Index(header, "layer"), slices.Index(header, "package")
	if layerCol < 0 || pkgCol < 0 {
		return nil, fmt.Errorf("line %d: the table has no \"layer\" or no \"package\" column: %q", i+1, header)
	}
	var rows []tableRow
	for i += 2; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
		cells := splitCells(lines[i])
		if len(cells) != len(header) {
			return nil, fmt.Errorf("line %d: %d cells, the header has %d", i+1, len(cells), len(header))
		}
		layer, err := strconv.Atoi(cells[layerCol])
		if err != nil {
			return nil, fmt.Errorf("line %d: layer %q is not a number", i+1, cells[layerCol])
		}
		pkg := strings.Trim(cells[pkgCol], "`")
		if pkg == "" {
			return nil, fmt.Errorf("line %d: no package", i+1)
		}
		rows = append(rows, tableRow{line: i + 1, layer: layer, pkg: pkg})
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("the table under %q has no rows", tableHeading)
	}
	return rows, nil
}

// tableErrors compares the document's rows with order: layers in
// order, each row's package in its row's layer, and each layer's entries
// listed, in order, each package once.
func tableErrors(rows []tableRow, order [][]string) []error {
	var errs []error
	listed := make([][]string, len(order)) // by layer: the entries the rows cover, in row order
	seen := map[string]int{}               // package → its row's line
	prev := 0
	for _, r := range rows {
		if r.layer < prev {
			errs = append(errs, fmt.Errorf("line %d: `%s` in layer %d after a row of layer %d: rows go lowest layer first", r.line, r.pkg, r.layer, prev))
		}
		prev = max(prev, r.layer)
		if l, ok := seen[r.pkg]; ok {
			errs = append(errs, fmt.Errorf("line %d: `%s` again (line %d)", r.line, r.pkg, l))
			continue
		}
		seen[r.pkg] = r.line
		if r.layer < 0 || r.layer >= len(order) {
			errs = append(errs, fmt.Errorf("line %d: `%s` in layer %d; Order has layers 0 to %d", r.line, r.pkg, r.layer, len(order)-1))
			continue
		}
		e, ok := entryOf(order[r.layer], r.pkg)
		if !ok {
			where := "is not in Order"
			if l, e := layerOf(order, r.pkg); l >= 0 {
				where = fmt.Sprintf("is in layer %d (%s)", l, e)
			}
			errs = append(errs, fmt.Errorf("line %d: `%s` in layer %d, but Order's layer %d is %v; it %s", r.line, r.pkg, r.layer, r.layer, order[r.layer], where))
			continue
		}
		if !slices.Contains(listed[r.layer], e) {
			listed[r.layer] = append(listed[r.layer], e)
		}
	}
	for i, want := range order {
		if !slices.Equal(listed[i], want) {
			errs = append(errs, fmt.Errorf("layer %d: the table lists %v, Order has %v (every entry, in Order's order)", i, listed[i], want))
		}
	}
	return errs
}

// TestArchitectureTable: the layer table of docs/ARCHITECTURE.md is Order,
// row for row: the same layers in the same order, the same packages in
// each, in Order's order.
func TestArchitectureTable(t *testing.T) {
	b, err := os.ReadFile(archDoc)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseTable(string(b))
	if err != nil {
		t.Fatalf("%s: %v", archDoc, err)
	}
	for _, err := range tableErrors(rows, Order) {
		t.Errorf("%s: %v", archDoc, err)
	}
	t.Logf("%d rows, %d layers", len(rows), len(Order))
}

// TestTableErrors: the comparison finds a swapped row, a package in the
// wrong layer, a missing entry, an unknown package and a repeat, and
// passes a table that is right.
func TestTableErrors(t *testing.T) {
	order := [][]string{{"sim/tile", "internal/outfile"}, {"data/..."}, {"mc"}}
	doc := func(rows ...string) string {
		return "# x\n\n" + tableHeading + "\n\nText.\n\n| layer | package | holds |\n|---|---|---|\n" +
			strings.Join(rows, "\n") + "\n\n## Next\n\n| a |\n|---|\n| b |\n"
	}
	right := []string{
		"| 0 | `sim/tile` | tiles |", "| 0 | `internal/outfile` | files `a|b` |",
		"| 1 | `data` | records |", "| 1 | `data/mjlog` | mjlog |", "| 2 | `mc` | the engine |",
	}
	for _, c := range []struct {
		name string
		rows []string
		want string // "" for no error
	}{
		{"right", right, ""},
		{"two layers swapped", []string{right[0], right[1], right[4], right[2], right[3]}, "line 12: `data` in layer 1 after a row of layer 2"},
		{"two entries of a layer swapped", []string{right[1], right[0], right[2], right[3], right[4]}, "layer 0: the table lists [internal/outfile sim/tile], Order has [sim/tile internal/outfile]"},
		{"a row in the wrong layer", []string{right[0], right[1], right[2], right[3], "| 1 | `mc` | |"}, "`mc` in layer 1, but Order's layer 1 is [data/...]; it is in layer"},
		{"a missing entry", right[1:], "layer 0: the table lists [internal/outfile]"},
		{"a package Order lacks", append(slices.Clone(right), "| 2 | `bot` | |"), "`bot` in layer 2, but Order's layer 2 is [mc]; it is"},
		{"a layer Order lacks", append(slices.Clone(right), "| 3 | `serve` | |"), "`serve` in layer 3; Order has layers 0 to 2"},
		{"a repeat", append(slices.Clone(right), "| 2 | `mc` | |"), "line 14: `mc` again (line 13)"},
	} {
		rows, err := parseTable(doc(c.rows...))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		errs := tableErrors(rows, order)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%s: %v", c.name, errs)
		case c.want != "" && !slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), c.want) }):
			t.Errorf("%s: got %v, want an error with %q", c.name, errs, c.want)
		}
	}
	for _, c := range []struct{ doc, want string }{
		{"# x\n", "no heading"},
		{tableHeading + "\n\n## Next\n| a |\n", "no table under"},
		{tableHeading + "\n\n| package | holds |\n|---|---|\n| `mc` | x |\n", `no "layer" or no "package" column`},
		{tableHeading + "\n\n| layer | package |\n|---|---|\n| one | `mc` |\n", `line 5: layer "one" is not a number`},
		{tableHeading + "\n\n| layer | package |\n|---|---|\n| 1 | `mc` | x |\n", "line 5: 3 cells, the header has 2"},
	} {
		if _, err := parseTable(c.doc); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error with %q", c.doc, err, c.want)
		}
	}
}
