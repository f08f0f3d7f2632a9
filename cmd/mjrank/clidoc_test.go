package main

//go:generate go test -run ^TestCLIDoc$ -update

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// cliDocPath is the manual of every command: each command's help, generated
// by cliDoc, with notes and sample outputs written by hand under it.
const cliDocPath = "../../docs/CLI.md"

const cliDocHeader = "# mjrank commands\n\n" +
	"<!-- The help blocks are generated from the commands' help by\n" +
	"`go test ./cmd/mjrank -run '^TestCLIDoc$' -update` (or `go generate ./cmd/mjrank`);\n" +
	"edit the notes under each block, not the blocks. TestCLIDoc fails when\n" +
	"this file is not what that command makes of it. -->\n\n"

// cliSectionPrefix starts the heading of a command's section.
const cliSectionPrefix = "## mjrank "

// TestCLIDoc fails when docs/CLI.md is not what cliDoc makes of it: a flag,
// a command or a help text changed without the manual; -update rewrites it.
func TestCLIDoc(t *testing.T) {
	old, err := os.ReadFile(cliDocPath)
	if err != nil {
		t.Fatal(err)
	}
	got, err := cliDoc(string(old))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(cliDocPath, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != string(old) {
		t.Errorf("docs/CLI.md is not what its generator makes of it, %s; run go test ./cmd/mjrank -run '^TestCLIDoc$' -update and review the diff", firstDiff(string(old), got))
	}
}

// TestCLIDocGenerator checks the generator itself: it keeps the notes of
// every command, writes each command's help, adds a section for a command
// the file lacks, and refuses a section of no command or a doubled one.
func TestCLIDocGenerator(t *testing.T) {
	doc, err := cliDoc("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands {
		var help bytes.Buffer
		printCommandHelp(&help, c)
		if !strings.Contains(doc, cliSectionPrefix+c.Name+"\n") || !strings.Contains(doc, help.String()) {
			t.Errorf("the generated manual lacks the section or the help of %s", c.Name)
		}
	}
	noted := strings.Replace(doc, "\n"+cliSectionPrefix+"hand\n", "\nA note on convert.\n\n"+cliSectionPrefix+"hand\n", 1)
	noted = strings.Replace(noted, "```\n", "```\n\nA note on the commands.\n", 1)
	again, err := cliDoc(noted)
	if err != nil {
		t.Fatal(err)
	}
	if again != noted {
		t.Errorf("notes are not kept: %s", firstDiff(noted, again))
	}
	stale := strings.Replace(noted, "--json", "--jsn", 1)
	if fixed, _ := cliDoc(stale); fixed != noted {
		t.Errorf("a stale help block is not rewritten: %s", firstDiff(noted, fixed))
	}
	for _, bad := range []struct{ doc, want string }{
		{noted + "\n" + cliSectionPrefix + "frobnicate\n\nnotes\n", `section "## mjrank frobnicate" is of no command`},
		{noted + "\n" + cliSectionPrefix + "hand\n", `section "## mjrank hand" twice (lines `},
	} {
		if _, err := cliDoc(bad.doc); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("cliDoc of a bad file: error %v, want one containing %q", err, bad.want)
		}
	}
}

// cliDoc returns the manual for old, the current text of docs/CLI.md: a
// fixed header and the main help, then one section a command in the order
// of the commands table, each its help in a fenced block followed by the
// notes old holds under that command's block (kept verbatim). Everything
// but the notes is generated. A section of old that names no command, or
// names one twice, is an error: its notes would be lost.
func cliDoc(old string) (string, error) {
	notes, err := cliDocNotes(old)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString(cliDocHeader)
	var main bytes.Buffer
	printMainUsage(&main)
	if err := writeHelpBlock(&b, "", main.String()); err != nil {
		return "", err
	}
	n, ok := notes[""]
	if !ok {
		n = "\n"
	}
	b.WriteString(n)
	for _, c := range commands {
		var help bytes.Buffer
		printCommandHelp(&help, c)
		fmt.Fprintf(&b, "%s%s\n\n", cliSectionPrefix, c.Name)
		if err := writeHelpBlock(&b, c.Name, help.String()); err != nil {
			return "", err
		}
		n, ok = notes[c.Name]
		if !ok {
			n = "\n"
		}
		b.WriteString(n)
	}
	return strings.TrimRight(b.String(), "\n") + "\n", nil
}

// writeHelpBlock writes help as a fenced block headed by the command that
// prints it.
func writeHelpBlock(b *strings.Builder, name, help string) error {
	if strings.Contains(help, "```") {
		return fmt.Errorf("the help of %q holds ```, which would end its block in docs/CLI.md", name)
	}
	cmd := "mjrank help"
	if name != "" {
		cmd += " " + name
	}
	fmt.Fprintf(b, "```text\n$ %s\n%s", cmd, help)
	if !strings.HasSuffix(help, "\n") {
		b.WriteString("\n")
	}
	b.WriteString("```\n")
	return nil
}

// cliDocNotes splits a manual into its sections (the text before the first
// command's heading is section "") and returns what follows each section's
// generated help block: its notes. A section without the block is all
// notes.
func cliDocNotes(doc string) (map[string]string, error) {
	notes := map[string]string{}
	lineOf := map[string]int{}
	name, start, line := "", 0, 1
	flush := func(end int) {
		body := doc[start:end]
		// The block opens the section (the preamble: after the header).
		if i := strings.Index(body, "```text\n$ mjrank help"); i >= 0 && (name == "" || strings.TrimSpace(body[:i]) == "") {
			if j := strings.Index(body[i:], "\n```\n"); j >= 0 {
				body = body[i+j+len("\n```\n"):]
			}
		}
		notes[name] = body
	}
	for i := 0; i < len(doc); {
		end := strings.IndexByte(doc[i:], '\n') + i + 1
		if end == i {
			end = len(doc)
		}
		if text := strings.TrimSuffix(doc[i:end], "\n"); strings.HasPrefix(text, cliSectionPrefix) {
			flush(i)
			name, start = strings.TrimPrefix(text, cliSectionPrefix), end
			if lookup(name) == nil {
				return nil, fmt.Errorf("docs/CLI.md:%d: section %q is of no command of mjrank: move its notes to a command's section, then delete it", line, text)
			}
			if prev, ok := lineOf[name]; ok {
				return nil, fmt.Errorf("docs/CLI.md: section %q twice (lines %d and %d): join them", text, prev, line)
			}
			lineOf[name] = line
		}
		i, line = end, line+1
	}
	if doc != "" {
		flush(len(doc))
	}
	return notes, nil
}

// firstDiff describes the first line where a and b differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			return fmt.Sprintf("line %d is %q, the generator makes %q", i+1, x, y)
		}
	}
	return "they are equal"
}
