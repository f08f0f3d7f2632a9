// Package docs holds no code: its tests check that the documentation
// holds together. Every relative link of README.md and docs/**/*.md leads
// to a file, and to a heading when it names one; every Go comment that
// cites a heading as docs/<NAME>.md, "Heading" names one that exists; every
// package of the module has a package comment; every name the glossary
// lists as a clash is declared where it says.
//
// It is a package of its own, beside the files it checks, so that
// `go test ./docs` is the one command a writer of the docs runs; the
// import graph's checks stay in internal/layers.
package docs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// root is the module's root, relative to this package's folder.
const root = ".."

// markdownFiles returns README.md and every .md under docs/, as paths
// relative to root, in a fixed order.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files[1:])
	return files
}

var (
	fence     = regexp.MustCompile("(?m)^ {0,3}(```|~~~).*$")
	codeSpan  = regexp.MustCompile("`+[^`]*`+")
	inline    = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refDef    = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$`)
	atx       = regexp.MustCompile(`^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$`)
	mdLink    = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	hasScheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// prose returns md without its fenced code blocks and without code spans,
// where link syntax is text (blanked, so that offsets and line numbers stay).
func prose(md string) string {
	return codeSpan.ReplaceAllStringFunc(unfenced(md), func(s string) string {
		return strings.Repeat(" ", len(s))
	})
}

// unfenced returns md with each line of its fenced code blocks blanked.
func unfenced(md string) string {
	lines := strings.Split(md, "\n")
	in := ""
	for i, l := range lines {
		if m := fence.FindStringSubmatch(l); m != nil && (in == "" || strings.HasPrefix(strings.TrimSpace(l), in)) {
			if in == "" {
				in = m[1]
			} else {
				in = ""
			}
			lines[i] = ""
			continue
		}
		if in != "" {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// headingText is a heading's text as GitHub renders it: code spans keep
// their content, links their text, emphasis marks go.
func headingText(h string) string {
	h = mdLink.ReplaceAllString(h, "$1")
	h = strings.NewReplacer("`", "", "**", "", "*", "").Replace(h)
	return strings.Join(strings.Fields(h), " ")
}

// slug is GitHub's anchor for a heading's text: lower case, every
// character but letters, digits, '-', '_' and spaces dropped, each space
// a '-'.
func slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// headings returns the text of each ATX heading of md, outside code
// blocks, in order.
func headings(md string) []string {
	var hs []string
	for l := range strings.Lines(unfenced(md)) { // a heading's code spans count
		if m := atx.FindStringSubmatch(l); m != nil {
			hs = append(hs, headingText(m[2]))
		}
	}
	return hs
}

// anchors returns the anchors GitHub gives md's headings: a repeated slug
// gets -1, -2… in order.
func anchors(md string) map[string]bool {
	seen := map[string]int{}
	out := map[string]bool{}
	for _, h := range headings(md) {
		s := slug(h)
		if n := seen[s]; n > 0 {
			out[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			out[s] = true
		}
		seen[s]++
	}
	return out
}

// docCache reads the files under root once per test.
type docCache map[string]*string // nil: missing

// exists reports whether rel is a file or folder under root.
func (c docCache) exists(rel string) bool {
	if p, ok := c[rel]; ok {
		return p != nil
	}
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	return err == nil
}

func (c docCache) read(rel string) (string, bool) {
	if p, ok := c[rel]; ok {
		return deref(p), p != nil
	}
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		c[rel] = nil
		return "", false
	}
	s := string(b)
	c[rel] = &s
	return s, true
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// linkErrors checks every relative link of the Markdown file rel (its
// text md): the file it names exists under root, and a #fragment on a
// Markdown file is one of its headings' anchors. Each error names the
// file, the line of the link's target and the target.
func linkErrors(rel, md string, files docCache) []error {
	var errs []error
	text := prose(md)
	var targets [][2]int // start of the link, end of the target
	for _, re := range []*regexp.Regexp{inline, refDef} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			targets = append(targets, [2]int{m[2], m[3]})
		}
	}
	slices.SortFunc(targets, func(a, b [2]int) int { return a[0] - b[0] })
	for _, m := range targets {
		target := text[m[0]:m[1]]
		line := strings.Count(text[:m[0]], "\n") + 1
		if hasScheme.MatchString(target) || strings.HasPrefix(target, "//") {
			continue // a URL: not this test's business
		}
		file, frag, _ := strings.Cut(target, "#")
		dest, body := rel, md
		if file != "" {
			if strings.HasPrefix(file, "/") {
				errs = append(errs, fmt.Errorf("%s:%d: %s: an absolute path; links are relative to the file", rel, line, target))
				continue
			}
			dest = path.Clean(path.Join(path.Dir(rel), file))
			if !files.exists(dest) {
				errs = append(errs, fmt.Errorf("%s:%d: %s: no file %s", rel, line, target, dest))
				continue
			}
		}
		if frag == "" || !strings.HasSuffix(dest, ".md") {
			continue
		}
		if file != "" {
			body, _ = files.read(dest)
		}
		if !anchors(body)[frag] {
			errs = append(errs, fmt.Errorf("%s:%d: %s: %s has no heading with anchor #%s", rel, line, target, dest, frag))
		}
	}
	return errs
}

// TestLinks: every relative link of README.md and docs/**/*.md leads to a
// file, and a #fragment to a heading.
func TestLinks(t *testing.T) {
	files := docCache{}
	n := 0
	for _, rel := range markdownFiles(t) {
		md, ok := files.read(rel)
		if !ok {
			t.Errorf("%s: cannot read", rel)
			continue
		}
		n++
		for _, err := range linkErrors(rel, md, files) {
			t.Error(err)
		}
	}
	t.Logf("%d Markdown files", n)
}

// TestLinkErrors: the check finds a missing file, a missing heading and a
// missing anchor in the same file, and passes the links that are right,
// code and URLs.
func TestLinkErrors(t *testing.T) {
	files := docCache{
		"docs/B.md": ptr("# B\n\n## The rollout (issue 21, item 1: kept)\n\n## Fidelity\n\n## Fidelity\n\n## The `rollout` model\n\n```\n# not a heading\n```\n"),
	}
	good := "# A\n\n## Links\n\n[b](B.md), [its rollout](B.md#the-rollout-issue-21-item-1-kept),\n" +
		"[the second](B.md#fidelity-1), [up](#links), [web](https://example.com/x#y),\n" +
		"[a code span's text counts](B.md#the-rollout-model),\n" +
		"`[code](nowhere.md)`, and\n```\n[fenced](nowhere.md)\n```\n[ref]: B.md#fidelity\n"
	if errs := linkErrors("docs/A.md", good, files); len(errs) > 0 {
		t.Errorf("links that are right: %v", errs)
	}
	for _, c := range []struct{ md, want string }{
		{"[gone](C.md)", "docs/A.md:1: C.md: no file docs/C.md"},
		{"x\n[gone](B.md#the-rollout)", "docs/A.md:2: B.md#the-rollout: docs/B.md has no heading with anchor #the-rollout"},
		{"[fenced heading](B.md#not-a-heading)", "has no heading with anchor #not-a-heading"},
		{"# A\n[self](#a-b)", "docs/A.md:2: #a-b: docs/A.md has no heading"},
		{"[a link\nover lines](../README.md#x)", "docs/A.md:2: ../README.md#x: README.md has no heading with anchor #x"},
		{"[ref]: ./C.md", "no file docs/C.md"},
	} {
		files := docCache{"docs/B.md": files["docs/B.md"], "README.md": ptr("# mjrank\n"), "docs/A.md": ptr(c.md)}
		errs := linkErrors("docs/A.md", c.md, files)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want) {
			t.Errorf("%q: got %v, want one error with %q", c.md, errs, c.want)
		}
	}
}

func ptr(s string) *string { return &s }

func TestSlug(t *testing.T) {
	for _, c := range [][2]string{
		{"The wait model's learning curve, and every tree lever together (2026-11-29, seventh session)",
			"the-wait-models-learning-curve-and-every-tree-lever-together-2026-11-29-seventh-session"},
		{"The Monte Carlo engine (`mc`)", "the-monte-carlo-engine-mc"},
		{"Which era: read from the record, not its file name", "which-era-read-from-the-record-not-its-file-name"},
		{"`mc.Options` and the [lab](x.md)", "mcoptions-and-the-lab"},
		{"A — B", "a--b"},
		{"snake_case and 2 × 3", "snake_case-and-2--3"},
	} {
		if got := slug(headingText(c[0])); got != c[1] {
			t.Errorf("slug(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// citation is a Go comment's pointer at a heading, over line breaks:
// docs/<NAME>.md, "Heading", docs/<NAME>.md ("Heading"), or, unquoted,
// (docs/<NAME>.md, Heading) where the heading starts with a capital and
// runs to the parenthesis. A bare docs/<NAME>.md names a file, which must
// exist.
var (
	citation = regexp.MustCompile(`docs/([\w./-]+\.md)(?:(?:,\s*|\s*\(\s*)"([^"]+)"|,\s+([A-Z][^()"]*?)\))`)
	docFile  = regexp.MustCompile(`docs/([\w./-]+?\.md)\b`)
)

// headingNamed reports whether the quoted heading q names h: q is h, or
// h's title before a parenthesis, a colon, a comma or a dash ("Fidelity"
// names "Fidelity (issue 21)"), letter case aside.
func headingNamed(q, h string) bool {
	q, h = strings.ToLower(headingText(q)), strings.ToLower(h)
	if q == h {
		return true
	}
	rest, ok := strings.CutPrefix(h, q)
	return ok && (strings.HasPrefix(rest, " (") || strings.HasPrefix(rest, ":") ||
		strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, " —") || strings.HasPrefix(rest, " -"))
}

// commentErrors checks the doc citations of one comment, text, whose
// first line is line of file: each names an existing file, and a quoted
// heading one of its headings. Each error names the line of the citation.
func commentErrors(file string, line int, text string, files docCache) []error {
	var errs []error
	at := func(i int) string { return fmt.Sprintf("%s:%d", file, line+strings.Count(text[:i], "\n")) }
	for _, m := range docFile.FindAllStringSubmatchIndex(text, -1) {
		name := text[m[2]:m[3]]
		if _, ok := files.read("docs/" + name); !ok {
			errs = append(errs, fmt.Errorf("%s: docs/%s: no such file", at(m[0]), name))
		}
	}
	for _, m := range citation.FindAllStringSubmatchIndex(text, -1) {
		h := m[4:6]
		if h[0] < 0 {
			h = m[6:8] // unquoted
		}
		name, quoted := text[m[2]:m[3]], strings.Join(strings.Fields(text[h[0]:h[1]]), " ")
		md, ok := files.read("docs/" + name)
		if !ok {
			continue // said above
		}
		if !slices.ContainsFunc(headings(md), func(h string) bool { return headingNamed(quoted, h) }) {
			errs = append(errs, fmt.Errorf("%s: docs/%s has no heading %q", at(m[0]), name, quoted))
		}
	}
	return errs
}

// commentText is a comment group's text without its comment markers, one
// line of text per line of source.
func commentText(cg *ast.CommentGroup) string {
	var b strings.Builder
	for i, c := range cg.List {
		if i > 0 {
			b.WriteByte('\n')
		}
		t, ok := strings.CutPrefix(c.Text, "//")
		if !ok {
			t = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
		}
		b.WriteString(t)
	}
	return b.String()
}

// goFiles returns the module's .go files (testdata and dot folders aside),
// relative to root.
func goFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".go") {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCodeCitations: every Go comment that names a doc names one that
// exists, and every heading it quotes is one of that doc's.
func TestCodeCitations(t *testing.T) {
	files := docCache{}
	fset := token.NewFileSet()
	n := 0
	for _, p := range goFiles(t) {
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		rel, _ := filepath.Rel(root, p)
		for _, cg := range f.Comments {
			text := commentText(cg)
			n += len(citation.FindAllStringIndex(text, -1))
			for _, err := range commentErrors(rel, fset.Position(cg.Pos()).Line, text, files) {
				t.Error(err)
			}
		}
	}
	if n == 0 {
		t.Fatal("no comment cites a heading: is the pattern still the one the code uses?")
	}
	t.Logf("%d headings cited", n)
}

func TestCommentErrors(t *testing.T) {
	files := docCache{
		"docs/E.md":   ptr("# E\n\n## Fidelity (issue 21, item 2)\n\n### The decision rule\n"),
		"docs/NEW.md": nil,
	}
	for _, c := range []struct{ text, want string }{
		{"as measured (docs/E.md, \"The\n decision rule\").", ""},
		{"see docs/E.md (\"Fidelity\")", ""},
		{"docs/E.md, \"fidelity\" says why", ""},
		{"docs/E.md gives the figures", ""},
		{"(docs/E.md, Fidelity); more", ""},
		{"(docs/E.md, which says why)", ""},
		{"(docs/E.md,\n Wait model)", `x.go:10: docs/E.md has no heading "Wait model"`},
		{"x\ny (docs/E.md, \"Eighth\n session\")", `x.go:11: docs/E.md has no heading "Eighth session"`},
		{"(docs/E.md, \"The decision\")", `no heading "The decision"`},
		{"docs/NEW.md, \"Fidelity\"", "x.go:10: docs/NEW.md: no such file"},
	} {
		errs := commentErrors("x.go", 10, c.text, files)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%q: %v", c.text, errs)
		case c.want != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want)):
			t.Errorf("%q: got %v, want one error with %q", c.text, errs, c.want)
		}
	}
}

// TestPackageComments: every package of the module (commands and
// test-only packages included) says what it is in a package comment.
func TestPackageComments(t *testing.T) {
	cmd := exec.Command("go", "list", "-e", "-tags", "experiments", "-f", "{{.ImportPath}}\t{{.Dir}}\t{{len .GoFiles}}\t{{.Doc}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	n := 0
	for line := range strings.Lines(string(out)) {
		f := strings.SplitN(strings.TrimRight(line, "\n"), "\t", 4)
		if len(f) != 4 {
			t.Fatalf("go list: %q", line)
		}
		n++
		doc := f[3]
		if doc == "" && f[2] == "0" {
			doc = testPackageDoc(t, f[1])
		}
		if doc == "" {
			t.Errorf("%s: no package comment", f[0])
		}
	}
	if n < 30 {
		t.Fatalf("only %d packages listed", n)
	}
}

// testPackageDoc returns the package comment of a test-only package in
// dir: the first in its _test.go files (its only package may be an
// external _test one).
func testPackageDoc(t *testing.T, dir string) string {
	t.Helper()
	fset := token.NewFileSet()
	paths, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if f.Doc != nil {
			return strings.TrimSpace(f.Doc.Text())
		}
	}
	return ""
}

// glossaryNames is the section of docs/GLOSSARY.md whose tables name the
// clashes: `Name` (or `Type.Field`) and its package, and files by path.
const glossaryNames = "## Names used in more than one package"

// TestGlossaryNames: every name the glossary lists as a clash is declared
// in the package it gives, and every file it lists exists, so that a
// rename shows here.
func TestGlossaryNames(t *testing.T) {
	files := docCache{}
	md, ok := files.read("docs/GLOSSARY.md")
	if !ok {
		t.Fatal("docs/GLOSSARY.md: cannot read")
	}
	_, section, ok := strings.Cut(md, glossaryNames+"\n")
	if !ok {
		t.Fatalf("docs/GLOSSARY.md: no %q", glossaryNames)
	}
	rows, errs := glossaryErrors(section, packageDirs(t), files)
	for _, err := range errs {
		t.Error(err)
	}
	if rows == 0 {
		t.Fatal("docs/GLOSSARY.md: no rows under " + glossaryNames)
	}
}

func TestGlossaryErrors(t *testing.T) {
	dirs := map[string][]string{
		"bench":  {filepath.Join(root, "bench")},
		"policy": {filepath.Join(root, "policy")},
		"arena":  {filepath.Join(root, "arena")},
	}
	for _, c := range []struct{ row, want string }{
		{"| `Position` | `policy` | a turn |", ""},
		{"| `Config.Seats` | `arena` | a field |", ""},
		{"| `Player.Act` | `policy` | a method |", ""},
		{"| `policy/policy.go` | the model |", ""},
		{"| `bot/policy.go` | `bot.Policy` |", ""},
		{"| `Position` | `bench` | renamed |", "package bench declares no Position"},
		{"| `Config.Sits` | `arena` | a typo |", "package arena declares no Config.Sits"},
		{"| `Rules` | `score` | not in dirs |", "package score is 0 packages"},
		{"| `bot/nope.go` | gone |", "no file bot/nope.go"},
		{"| `bot/nope.go` | `bot.Nope` |", "no file bot/nope.go"},
	} {
		rows, errs := glossaryErrors("| name | package | what |\n|---|---|---|\n"+c.row+"\n", dirs, docCache{})
		switch {
		case rows != 1:
			t.Errorf("%q: %d rows, want 1", c.row, rows)
		case c.want == "" && len(errs) > 0:
			t.Errorf("%q: %v", c.row, errs)
		case c.want != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), c.want)):
			t.Errorf("%q: got %v, want one error with %q", c.row, errs, c.want)
		}
	}
}

// packageDirs maps each package name of the module that has Go files to
// its folders.
func packageDirs(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", "{{.Name}}\t{{.Dir}}\t{{len .GoFiles}}", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dirs := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) == 3 && f[2] != "0" {
			dirs[f[0]] = append(dirs[f[0]], f[1])
		}
	}
	return dirs
}

var (
	glossaryRow  = regexp.MustCompile("(?m)^\\| `([^`]+)` \\| `([^`]+)` \\|")
	glossaryFile = regexp.MustCompile("(?m)^\\| `([^`]+\\.go)` \\|")
)

// glossaryErrors checks the rows of section: a `Name` | `package` row
// names a declaration of that package (by package name, in dirs), a
// `file.go` | … row a file under root. It returns how many rows it read.
func glossaryErrors(section string, dirs map[string][]string, files docCache) (rows int, errs []error) {
	for _, m := range glossaryRow.FindAllStringSubmatch(section, -1) {
		name, pkg := m[1], m[2]
		if strings.HasSuffix(name, ".go") {
			continue // a file: below
		}
		rows++
		ds := dirs[pkg]
		if len(ds) != 1 {
			errs = append(errs, fmt.Errorf("docs/GLOSSARY.md: %s: package %s is %d packages of the module, want 1", name, pkg, len(ds)))
			continue
		}
		if !declares(ds[0], name) {
			errs = append(errs, fmt.Errorf("docs/GLOSSARY.md: package %s declares no %s", pkg, name))
		}
	}
	for _, m := range glossaryFile.FindAllStringSubmatch(section, -1) {
		rows++
		if !files.exists(m[1]) {
			errs = append(errs, fmt.Errorf("docs/GLOSSARY.md: no file %s", m[1]))
		}
	}
	return rows, errs
}

// declares reports whether the non-test files of the package in dir
// declare name at top level, or, for "T.F", a type T with a field or
// method F.
func declares(dir, name string) bool {
	typ, member, dotted := strings.Cut(name, ".")
	fset := token.NewFileSet()
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if dotted && d.Recv != nil && d.Name.Name == member && recvType(d.Recv) == typ {
					return true
				}
				if !dotted && d.Recv == nil && d.Name.Name == name {
					return true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if found(s, typ, member, dotted) {
						return true
					}
				}
			}
		}
	}
	return false
}

// found reports whether spec declares typ (and, when dotted, its field
// member).
func found(spec ast.Spec, typ, member string, dotted bool) bool {
	switch s := spec.(type) {
	case *ast.TypeSpec:
		if s.Name.Name != typ {
			return false
		}
		if !dotted {
			return true
		}
		st, ok := s.Type.(*ast.StructType)
		if !ok {
			return false
		}
		for _, f := range st.Fields.List {
			for _, n := range f.Names {
				if n.Name == member {
					return true
				}
			}
		}
	case *ast.ValueSpec:
		for _, n := range s.Names {
			if !dotted && n.Name == typ {
				return true
			}
		}
	}
	return false
}

// recvType is the name of a method's receiver type.
func recvType(fl *ast.FieldList) string {
	x := fl.List[0].Type
	if s, ok := x.(*ast.StarExpr); ok {
		x = s.X
	}
	if id, ok := x.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}
