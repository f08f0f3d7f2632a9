package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestShantenLongLines: lines of any length keep one output line per input
// line; a bad line's message stays short however long the line.
func TestShantenLongLines(t *testing.T) {
	in := strings.Join([]string{
		"123m406p789s1122z",
		strings.Repeat("1", 2<<20) + "x",      // 2 MiB: not a hand
		"#" + strings.Repeat("c", 1<<20),      // a 1 MiB comment, copied
		strings.Repeat("9", 40000) + "q1234m", // under the limit, bad
		"19m19p19s1234567z",
		"1z",
	}, "\n") // no final newline
	var stdout, stderr bytes.Buffer
	code := run([]string{"shanten"}, strings.NewReader(in), &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if code != 1 || len(lines) != 6 {
		t.Fatalf("exit %d, %d output lines (want 1, 6); stderr %.500q", code, len(lines), stderr.String())
	}
	for i, want := range []string{"0 4 8", "error", "#" + strings.Repeat("c", 1<<20), "error", "8 6 0", "0 - -"} {
		if lines[i] != want {
			t.Errorf("line %d: %.80q, want %.80q", i+1, lines[i], want)
		}
	}
	if stderr.Len() > 600 || !strings.Contains(stderr.String(), "stdin:2:") || !strings.Contains(stderr.String(), "stdin:4:") {
		t.Errorf("stderr (%d bytes): %.800q", stderr.Len(), stderr.String())
	}
}

// TestShantenJSON: one object per input line, with the documented keys.
func TestShantenJSON(t *testing.T) {
	in := "123m406p789s1122z\n# c\n\n12x\n1z\r\n" + strings.Repeat("5", 70000) + "\n"
	var stdout, stderr bytes.Buffer
	code := run([]string{"shanten", "--json"}, strings.NewReader(in), &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if code != 1 || len(lines) != 6 {
		t.Fatalf("exit %d, %d lines: %s", code, len(lines), stdout.String())
	}
	want := []string{
		`{"line":1,"hand":"123m406p789s1122z","tiles":13,"shanten":0,"normal":0,"chiitoitsu":4,"kokushi":8}`,
		`{"line":2,"skipped":"comment"}`,
		`{"line":3,"skipped":"blank"}`,
		`{"line":4,"error":"tile: invalid tile notation: unexpected character: \"x\" at offset 2 in \"12x\""}`,
		`{"line":5,"hand":"1z","tiles":1,"shanten":0,"normal":0,"chiitoitsu":null,"kokushi":null}`,
		`{"line":6,"error":"a line of 70000 bytes is not a hand (at most 65536 read)"}`,
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: %s\nwant    %s", i+1, lines[i], want[i])
		}
		if !json.Valid([]byte(lines[i])) {
			t.Errorf("line %d is not JSON", i+1)
		}
	}
}
