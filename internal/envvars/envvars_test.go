package envvars

import (
	"bytes"
	"flag"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/ENVIRONMENT.md and experiments/README.md's table from All")

var nameRE = regexp.MustCompile(`MJRANK_[A-Z0-9_]*[A-Z0-9]`)

// A use is one appearance of a name in the tree: a read (a Go string
// literal, a line of the Makefile or .ci/run that is not a comment), or a
// mention (a Go comment, a comment line, a Markdown doc).
type use struct {
	name string
	pos  string // file:line, relative to the scanned root
	read bool
}

// scan returns every use of a MJRANK_* name under root: Go files (any
// build tag), the Makefile, .ci/run and Markdown files. It skips .git,
// node_modules, testdata, other dot folders than .ci, and this package,
// whose table names every variable.
func scan(root string) ([]use, error) {
	self, err := filepath.Abs(".")
	if err != nil {
		return nil, err
	}
	var uses []use
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			n := d.Name()
			abs, _ := filepath.Abs(path)
			if path != root && (n == ".git" || n == "node_modules" || n == "testdata" || strings.HasPrefix(n, ".") && n != ".ci" || abs == self) {
				return filepath.SkipDir
			}
			return nil
		}
		var u []use
		switch {
		case strings.HasSuffix(rel, ".go"):
			u, err = scanGo(path, rel)
		case rel == "Makefile" || rel == ".ci/run":
			u, err = scanShell(path, rel)
		case strings.HasSuffix(rel, ".md"):
			u, err = scanDoc(path, rel)
		}
		uses = append(uses, u...)
		return err
	})
	return uses, err
}

// scanGo reads a Go file's tokens: names in string literals are reads,
// names in comments mentions.
func scanGo(path, rel string) ([]use, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	file := fset.AddFile(rel, -1, len(src))
	var s scanner.Scanner
	var errs scanner.ErrorList
	s.Init(file, src, func(p token.Position, msg string) { errs.Add(p, msg) }, scanner.ScanComments)
	var uses []use
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok != token.STRING && tok != token.COMMENT {
			continue
		}
		p := fset.Position(pos)
		for i, line := range strings.Split(lit, "\n") {
			for _, n := range nameRE.FindAllString(line, -1) {
				uses = append(uses, use{n, fmt.Sprintf("%s:%d", rel, p.Line+i), tok == token.STRING})
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs.Err()
	}
	return uses, nil
}

// scanShell reads the Makefile or a shell script: names on comment lines
// are mentions, the others reads (set for a command, or read).
func scanShell(path, rel string) ([]use, error) {
	return scanLines(path, rel, func(line string) bool { return !strings.HasPrefix(strings.TrimSpace(line), "#") })
}

// scanDoc reads a Markdown file: every name is a mention.
func scanDoc(path, rel string) ([]use, error) {
	return scanLines(path, rel, func(string) bool { return false })
}

func scanLines(path, rel string, read func(line string) bool) ([]use, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var uses []use
	for i, line := range strings.Split(string(b), "\n") {
		for _, n := range nameRE.FindAllString(line, -1) {
			uses = append(uses, use{n, fmt.Sprintf("%s:%d", rel, i+1), read(line)})
		}
	}
	return uses, nil
}

// check returns an error for every name used that the table lacks (a read
// or a mention, each place), every row whose name nothing reads, every row
// whose owner does not read it, and a table out of order or with a name
// twice; and for every retired name read by code, named outside
// docs/experiments (and the table rendered), named nowhere, or still in
// the table.
func check(table []Var, retired []RetiredVar, uses []use) []error {
	errs, uses := checkRetired(table, retired, uses)
	rows := map[string]Var{}
	for i, v := range table {
		switch {
		case !nameRE.MatchString(v.Name) || nameRE.FindString(v.Name) != v.Name:
			errs = append(errs, fmt.Errorf("table: %q is not a MJRANK_ name", v.Name))
		case i > 0 && table[i-1].Name >= v.Name:
			errs = append(errs, fmt.Errorf("table: %s after %s: the rows must be sorted by name, each once", v.Name, table[i-1].Name))
		case v.Owner == "" || v.Default == "" || v.Purpose == "":
			errs = append(errs, fmt.Errorf("table: %s: owner, default and purpose are required", v.Name))
		}
		rows[v.Name] = v
	}
	readBy := map[string][]string{} // name → the files that read it
	for _, u := range uses {
		if _, ok := rows[u.name]; !ok {
			what := "names"
			if u.read {
				what = "reads"
			}
			errs = append(errs, fmt.Errorf("%s %s %s, which is not in the table (internal/envvars/table.go)", u.pos, what, u.name))
			continue
		}
		if u.read {
			file, _, _ := strings.Cut(u.pos, ":")
			readBy[u.name] = append(readBy[u.name], file)
		}
	}
	for _, v := range table {
		files := readBy[v.Name]
		if len(files) == 0 {
			errs = append(errs, fmt.Errorf("table: %s is read by no code (remove its row and what names it)", v.Name))
			continue
		}
		if !slices.ContainsFunc(files, func(f string) bool { return filepath.ToSlash(filepath.Dir(f)) == v.Owner }) {
			errs = append(errs, fmt.Errorf("table: %s: owner %s does not read it (read in %s)", v.Name, v.Owner, strings.Join(slices.Compact(files), ", ")))
		}
	}
	return errs
}

// checkRetired checks the uses of retired names and returns the other uses.
func checkRetired(table []Var, retired []RetiredVar, uses []use) ([]error, []use) {
	var errs []error
	gone := map[string]RetiredVar{}
	for i, r := range retired {
		switch {
		case i > 0 && retired[i-1].Name >= r.Name:
			errs = append(errs, fmt.Errorf("retired: %s after %s: the rows must be sorted by name, each once", r.Name, retired[i-1].Name))
		case r.Removed == "" || r.Purpose == "":
			errs = append(errs, fmt.Errorf("retired: %s: the commit and purpose are required", r.Name))
		case slices.ContainsFunc(table, func(v Var) bool { return v.Name == r.Name }):
			errs = append(errs, fmt.Errorf("retired: %s is also in the table", r.Name))
		}
		gone[r.Name] = r
	}
	named := map[string]bool{}
	var rest []use
	for _, u := range uses {
		r, ok := gone[u.name]
		switch {
		case !ok:
			rest = append(rest, u)
		case u.read:
			errs = append(errs, fmt.Errorf("%s reads %s, retired in %s (move its row back to the table)", u.pos, u.name, r.Removed))
		case !strings.HasPrefix(u.pos, "docs/experiments/") && !strings.HasPrefix(u.pos, envDoc+":"):
			errs = append(errs, fmt.Errorf("%s names %s, retired in %s: only docs/experiments may", u.pos, u.name, r.Removed))
		default:
			named[u.name] = true
		}
	}
	for _, r := range retired {
		if !named[r.Name] {
			errs = append(errs, fmt.Errorf("retired: %s is named nowhere (remove its row)", r.Name))
		}
	}
	return errs, rest
}

// moduleRoot is the module's root, relative to this package's folder.
const moduleRoot = "../.."

// TestTable checks the table against the module: every MJRANK_* name read
// or named anywhere has its row, and every row is read by its owner.
func TestTable(t *testing.T) {
	uses, err := scan(moduleRoot)
	if err != nil {
		t.Fatal(err)
	}
	reads := 0
	for _, u := range uses {
		if u.read {
			reads++
		}
	}
	if reads < len(All) {
		t.Fatalf("%d reads found for %d rows: the scan missed the code", reads, len(All))
	}
	for _, err := range check(All, Retired, uses) {
		t.Error(err)
	}
	t.Logf("%d variables, %d uses (%d reads)", len(All), len(uses), reads)
}

// TestCheckCatches runs the check on small trees, each broken one way.
func TestCheckCatches(t *testing.T) {
	table := []Var{
		{"MJRANK_ONE", "pkg", "off", "one"},
		{"MJRANK_TWO", "pkg", "off", "two"},
	}
	for _, tt := range []struct {
		tree    string
		table   []Var
		retired []RetiredVar
		want    []string // the errors, in order
	}{
		{"good", table, nil, nil},
		// (a) code reads a name the table lacks, in a Go file behind a
		// build tag and in the Makefile.
		{"unlisted", table, nil, []string{
			"Makefile:3 reads MJRANK_THREE, which is not in the table (internal/envvars/table.go)",
			"pkg/lab.go:9 reads MJRANK_FOUR, which is not in the table (internal/envvars/table.go)",
		}},
		// (b) the table holds a name no code reads (only a comment and a
		// doc name it), and one its owner does not read.
		{"unread", append(slices.Clone(table), Var{"MJRANK_ZERO", "pkg", "off", "zero"}), nil, []string{
			"table: MJRANK_TWO: owner pkg does not read it (read in other/other.go)",
			"table: MJRANK_ZERO is read by no code (remove its row and what names it)",
		}},
		// A table out of order, or with a row twice.
		{"good", []Var{table[1], table[0], table[0]}, nil, []string{
			"table: MJRANK_ONE after MJRANK_TWO: the rows must be sorted by name, each once",
			"table: MJRANK_ONE after MJRANK_ONE: the rows must be sorted by name, each once",
		}},
		// (c) a doc names a name that is not in the table.
		{"doc", table, nil, []string{
			"README.md:3 names MJRANK_GONE, which is not in the table (internal/envvars/table.go)",
			"docs/experiments/old.md:1 names MJRANK_GONE, which is not in the table (internal/envvars/table.go)",
		}},
		// A retired name: the experiment log may name it; code may not
		// read it, other docs may not name it, and a retired row that
		// nothing names is stale.
		{"retired", table, []RetiredVar{
			{"MJRANK_GONE", "abc1234", "gone"},
			{"MJRANK_UNNAMED", "abc1234", "unnamed"},
		}, []string{
			"README.md:1 names MJRANK_GONE, retired in abc1234: only docs/experiments may",
			"pkg/pkg.go:7 reads MJRANK_GONE, retired in abc1234 (move its row back to the table)",
			"retired: MJRANK_UNNAMED is named nowhere (remove its row)",
		}},
	} {
		uses, err := scan(filepath.Join("testdata", tt.tree))
		if err != nil {
			t.Fatalf("%s: %v", tt.tree, err)
		}
		var got []string
		for _, err := range check(tt.table, tt.retired, uses) {
			got = append(got, err.Error())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.tree, got, tt.want)
		}
	}
}

// The rendered tables: docs/ENVIRONMENT.md whole, and experiments/README.md
// between its markers.
const (
	envDoc      = "docs/ENVIRONMENT.md"
	trialsDoc   = "experiments/README.md"
	beginMarker = "<!-- envvars: begin (go test ./internal/envvars -update) -->\n"
	endMarker   = "<!-- envvars: end -->\n"
)

// markdownTable renders the rows for which keep is true.
func markdownTable(b *bytes.Buffer, keep func(Var) bool, owner bool) {
	if owner {
		b.WriteString("| Name | Owner | Default | Purpose |\n|---|---|---|---|\n")
	} else {
		b.WriteString("| Name | Default | Purpose |\n|---|---|---|\n")
	}
	for _, v := range All {
		if !keep(v) {
			continue
		}
		if owner {
			fmt.Fprintf(b, "| `%s` | %s | %s | %s |\n", v.Name, v.Owner, v.Default, v.Purpose)
		} else {
			fmt.Fprintf(b, "| `%s` | %s | %s |\n", v.Name, v.Default, v.Purpose)
		}
	}
}

func renderEnvDoc() []byte {
	var b bytes.Buffer
	b.WriteString(`# Environment variables

Every ` + "`MJRANK_*`" + ` environment variable mjrank's code reads: its commands,
tests and experiments, the Makefile and .ci/run. They switch tests and
trials on, size them, or carry what a test passes to its child
processes. The experiments' knobs, with the command of each trial, are in
[experiments/README.md](../experiments/README.md).

This file is generated from internal/envvars/table.go by
` + "`go test ./internal/envvars -update`" + `; that test fails when code reads a
name the table lacks, the table holds a name no code reads, or a doc
names one that is not in it.

`)
	markdownTable(&b, func(Var) bool { return true }, true)
	b.WriteString(`
## Retired

Names whose code is gone. The experiment log (docs/experiments) keeps the
commands its trials ran with at their commits, so it may name them; no
code reads them, and no other doc may name them.

| name | removed in | what it did |
|---|---|---|
`)
	for _, r := range Retired {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.Name, r.Removed, r.Purpose)
	}
	return b.Bytes()
}

func isTrialKnob(v Var) bool { return strings.HasPrefix(v.Owner, "experiments/") }

// renderTrialsDoc returns the README with the trials' knobs between its
// markers.
func renderTrialsDoc(readme []byte) ([]byte, error) {
	s := string(readme)
	i, j := strings.Index(s, beginMarker), strings.Index(s, endMarker)
	if i < 0 || j < i {
		return nil, fmt.Errorf("%s: no %q … %q section", trialsDoc, strings.TrimSpace(beginMarker), strings.TrimSpace(endMarker))
	}
	var b bytes.Buffer
	b.WriteString(s[:i+len(beginMarker)])
	markdownTable(&b, isTrialKnob, false)
	b.WriteString(s[j:])
	return b.Bytes(), nil
}

// TestDocs checks (with -update, writes) the rendered tables.
func TestDocs(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(moduleRoot, trialsDoc))
	if err != nil {
		t.Fatal(err)
	}
	trials, err := renderTrialsDoc(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		path string
		want []byte
	}{{envDoc, renderEnvDoc()}, {trialsDoc, trials}} {
		p := filepath.Join(moduleRoot, f.path)
		if *update {
			if err := os.WriteFile(p, f.want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.want) {
			t.Errorf("%s is not internal/envvars/table.go's table: go test ./internal/envvars -update", f.path)
		}
	}
}

// TestRenderTrialsDoc: a README without its markers is refused, with the
// markers named.
func TestRenderTrialsDoc(t *testing.T) {
	if _, err := renderTrialsDoc([]byte("# Experiments\n")); err == nil || !strings.Contains(err.Error(), "envvars: begin") {
		t.Errorf("no markers: %v", err)
	}
	out, err := renderTrialsDoc([]byte("a\n" + beginMarker + "stale\n" + endMarker + "b\n"))
	if err != nil || !strings.Contains(string(out), "`MJRANK_TRIALS`") || strings.Contains(string(out), "stale") || strings.Contains(string(out), "MJRANK_CORPUS") {
		t.Errorf("rendered:\n%s (%v)", out, err)
	}
}
