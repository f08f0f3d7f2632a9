package shard

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		i, n int
		ok   bool
	}{
		{"1/1", 1, 1, true},
		{"2/3", 2, 3, true},
		{"3/3", 3, 3, true},
		{"10/12", 10, 12, true},
		{"", 0, 0, false},
		{"1", 0, 0, false},
		{"0/3", 0, 0, false},
		{"4/3", 0, 0, false},
		{"1/0", 0, 0, false},
		{"-1/3", 0, 0, false},
		{"1/-3", 0, 0, false},
		{"a/3", 0, 0, false},
		{"1/b", 0, 0, false},
		{"1/2/3", 0, 0, false},
		{" 1/2", 0, 0, false},
		{"1/99999999999999999999", 0, 0, false},
	} {
		i, n, err := Parse(c.in)
		if (err == nil) != c.ok || i != c.i || n != c.n {
			t.Errorf("Parse(%q) = %d, %d, %v; want %d, %d, ok %v", c.in, i, n, err, c.i, c.n, c.ok)
		}
	}
}

// TestRange: the shards of a list are consecutive, cover it once, and
// differ in size by at most one, for every n up to past the total.
func TestRange(t *testing.T) {
	for _, c := range []struct {
		i, n, total, from, to int
	}{
		{1, 1, 5, 0, 5},
		{1, 2, 5, 0, 2},
		{2, 2, 5, 2, 5},
		{1, 3, 10, 0, 3},
		{2, 3, 10, 3, 6},
		{3, 3, 10, 6, 10},
		{1, 4, 2, 0, 0},
		{2, 4, 2, 0, 1},
		{4, 4, 2, 1, 2},
		{1, 2, 0, 0, 0},
	} {
		if from, to := Range(c.i, c.n, c.total); from != c.from || to != c.to {
			t.Errorf("Range(%d, %d, %d) = %d, %d; want %d, %d", c.i, c.n, c.total, from, to, c.from, c.to)
		}
	}
	for total := range 12 {
		for n := 1; n <= 14; n++ {
			next, lo, hi := 0, total, 0
			for i := 1; i <= n; i++ {
				from, to := Range(i, n, total)
				if from != next || to < from {
					t.Fatalf("Range(%d, %d, %d) = %d, %d after %d", i, n, total, from, to, next)
				}
				next = to
				lo, hi = min(lo, to-from), max(hi, to-from)
			}
			if next != total || hi-lo > 1 {
				t.Errorf("%d shards of %d: cover %d, sizes %d to %d", n, total, next, lo, hi)
			}
		}
	}
	list := []string{"a", "b", "c", "d", "e"}
	var joined []string
	for i := 1; i <= 3; i++ {
		s := Slice(list, i, 3)
		joined = append(joined, s...)
		if len(s) > 0 && cap(s) != len(s) {
			t.Errorf("Slice %d/3: cap %d, len %d: an append would write into the next shard", i, cap(s), len(s))
		}
	}
	if !slices.Equal(joined, list) {
		t.Errorf("the slices join into %v", joined)
	}
}

// header returns shard i of n of a run of 5 files.
func header(i, n int) Header {
	from, to := Range(i, n, 5)
	return Header{Format: Format, Command: "verify", Options: map[string]string{"sims": "10"},
		Inputs: Inputs{Paths: []string{"dir"}, Files: 5, Bytes: 100, Digest: "sha256:abc"},
		Build:  "mjrank test", Shard: i, Shards: n, Unit: "files", Total: 5, From: from, To: to}
}

func TestCheck(t *testing.T) {
	with := func(h Header, f func(*Header)) Header { f(&h); return h }
	h1, h2, h3 := header(1, 3), header(2, 3), header(3, 3)
	for _, c := range []struct {
		name  string
		hs    []Header
		order []int  // when it passes
		want  string // in the error
	}{
		{"the three in order", []Header{h1, h2, h3}, []int{0, 1, 2}, ""},
		{"the three in another order", []Header{h3, h1, h2}, []int{1, 2, 0}, ""},
		{"one shard of one", []Header{header(1, 1)}, []int{0}, ""},
		{"empty shards", []Header{header(1, 7), header(2, 7), header(3, 7), header(4, 7), header(5, 7), header(6, 7), header(7, 7)}, []int{0, 1, 2, 3, 4, 5, 6}, ""},
		{"none", nil, nil, "no shard to merge"},
		{"one missing", []Header{h1, h3}, nil, "shard 2 of 3 missing"},
		{"two missing", []Header{h2}, nil, "shards 1, 3 of 3 missing"},
		{"one twice", []Header{h1, h2, h2, h3}, nil, "shard 2/3 given twice: f1, f2"},
		{"one twice, one missing", []Header{h1, h1, h3}, nil, "shard 1/3 given twice: f0, f1; shard 2 of 3 missing"},
		{"another count", []Header{h1, header(2, 2)}, nil, "f1 (shard 2/2) is of another run than f0 (shard 1/3): shard count 2, not 3"},
		{"another option", []Header{h1, with(h2, func(h *Header) { h.Options = map[string]string{"sims": "20"} }), h3}, nil, `f1 (shard 2/3) is of another run than f0 (shard 1/3): --sims "20", not "10"`},
		{"an option more", []Header{h1, with(h2, func(h *Header) { h.Options = map[string]string{"sims": "10", "oracle": "true"} }), h3}, nil, `--oracle "true", not given`},
		{"another command", []Header{h1, h2, with(h3, func(h *Header) { h.Command = "measure" })}, nil, "f2 (shard 3/3) is of another run than f0 (shard 1/3): command measure, not verify"},
		{"other paths", []Header{h1, with(h2, func(h *Header) { h.Inputs.Paths = []string{"other"} }), h3}, nil, "paths other, not dir"},
		{"other files", []Header{h1, with(h2, func(h *Header) { h.Inputs.Digest = "sha256:abd" }), h3}, nil, "inputs 5 files, 100 bytes (sha256:abd), not 5 files, 100 bytes (sha256:abc)"},
		{"another build", []Header{h1, h2, with(h3, func(h *Header) { h.Build = "mjrank other" })}, nil, "build mjrank other, not mjrank test"},
		{"a range not its shard's", []Header{h1, with(h2, func(h *Header) { h.To++ }), h3}, nil, "f1: shard 2/3 holds files 1..4, but shard 2/3 of 5 files is 1..3"},
		{"a shard past its count", []Header{h1, with(h2, func(h *Header) { h.Shard = 4 }), h3}, nil, "f1: a bad shard header: shard 4/3"},
	} {
		names := make([]string, len(c.hs))
		for k := range names {
			names[k] = "f" + string(rune('0'+k))
		}
		order, err := Check(c.hs, names)
		switch {
		case c.want == "" && (err != nil || !slices.Equal(order, c.order)):
			t.Errorf("%s: %v, order %v; want order %v", c.name, err, order, c.order)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v; want an error with %q", c.name, err, c.want)
		}
	}
}

func TestDecode(t *testing.T) {
	good, err := json.Marshal(Output[map[string]int]{Shard: header(2, 3), Result: map[string]int{"files": 2}})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Decode[map[string]int]("good.json", good, "verify")
	if err != nil || out.Shard.Shard != 2 || out.Result["files"] != 2 {
		t.Fatalf("Decode: %+v, %v", out, err)
	}
	edit := func(from, to string) []byte { return []byte(strings.Replace(string(good), from, to, 1)) }
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"not JSON", []byte("files 3\n"), "x.json: not the output of mjrank verify --shard i/N --json: invalid character"},
		{"no header", []byte(`{"files": 3}`), "x.json: not the output of mjrank verify --shard i/N --json (no shard header)"},
		{"another format", edit(Format, "mjrank-shard/0"), `(format "mjrank-shard/0", want "mjrank-shard/1")`},
		{"another command", edit(`"command":"verify"`, `"command":"measure"`), "(a shard of mjrank measure)"},
		{"an unknown field", edit(`"result":`, `"extra":1,"result":`), `unknown field "extra"`},
		{"a bad range", edit(`"from":1`, `"from":0`), "x.json: shard 2/3 holds files 0..3, but shard 2/3 of 5 files is 1..3"},
		{"a bad count", edit(`"shards":3`, `"shards":0`), "x.json: a bad shard header: shard 2/0"},
	} {
		if _, err := Decode[map[string]int]("x.json", c.data, "verify"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want an error with %q", c.name, err, c.want)
		}
	}
}

// TestIdentify: the identity changes with a file's name or size, not with
// its modification time.
func TestIdentify(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.xml"), filepath.Join(dir, "b.xml")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(a, "aaa")
	write(b, "bb")
	base := Identify([]string{dir}, []string{a, b})
	if base.Files != 2 || base.Bytes != 5 || !strings.HasPrefix(base.Digest, "sha256:") || !slices.Equal(base.Paths, []string{dir}) {
		t.Fatalf("Identify: %+v", base)
	}
	same := func(in Inputs) bool { return in.Digest == base.Digest }
	write(b, "bb") // rewritten, the same bytes
	if !same(Identify([]string{dir}, []string{a, b})) {
		t.Error("a file rewritten with the same bytes changes the identity")
	}
	if same(Identify([]string{dir}, []string{b, a})) {
		t.Error("another order gives the same identity")
	}
	write(b, "bbb")
	if same(Identify([]string{dir}, []string{a, b})) {
		t.Error("another size gives the same identity")
	}
	if in := Identify([]string{dir}, []string{a, filepath.Join(dir, "gone.xml")}); same(in) || in.Bytes != 3 {
		t.Errorf("a missing file: %+v", in)
	}
}
