// Package shard holds what mjrank's batch commands share to split a run
// into shards (--shard i/N) whose outputs merge into exactly the output of
// one process: parsing i/N ([Parse]), the consecutive slice of a list a
// shard takes ([Range], [Slice]), the header that makes a shard's output
// self-describing ([Header]: the command, the options that make its
// result, the inputs' identity, the build, i and N) and the checks that a
// set of outputs are the N shards of one run, each once ([Check]).
//
// A shard's output is a JSON object {"shard": Header, "result": ...}
// ([Output]); what the result holds and how results join is each
// command's.
package shard

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Format names the layout of a shard's output; raise its number when
// what a header or a result means changes, so that older outputs are
// refused rather than misread.
const Format = "mjrank-shard/1"

// ErrSyntax is the cause of Parse's error.
var ErrSyntax = errors.New("must be i/n with 1 <= i <= n")

// Parse parses "i/n" (1 <= i <= n): shard i of n, 1-based.
func Parse(v string) (i, n int, err error) {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return 0, 0, ErrSyntax
	}
	return i, n, nil
}

// Range returns the items [from, to) of shard i (1-based) of n over total
// items: consecutive slices, in order, whose sizes differ by at most one
// (⌊(i−1)·total/n⌋ to ⌊i·total/n⌋, arena's split of its walls). With n
// larger than total some shards are empty. It panics on i or n out of
// range, which Parse never gives.
func Range(i, n, total int) (from, to int) {
	if n < 1 || i < 1 || i > n || total < 0 {
		panic(fmt.Sprintf("shard.Range(%d, %d, %d)", i, n, total))
	}
	return mulDiv(i-1, total, n), mulDiv(i, total, n)
}

// mulDiv returns a·b/d without overflow, for 0 <= a <= d and b >= 0.
func mulDiv(a, b, d int) int {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(d))
	return int(q)
}

// Slice returns shard i of n of list ([Range]), sharing its storage.
func Slice[T any](list []T, i, n int) []T {
	from, to := Range(i, n, len(list))
	return list[from:to:to]
}

// Header describes one shard's output: enough to tell whether outputs
// are the shards of one run, and which part of it each is.
type Header struct {
	Format  string `json:"format"`  // Format
	Command string `json:"command"` // "verify", "measure"
	// Options are the options that make the result (not those that only
	// change how fast it comes, as --workers), by flag name.
	Options map[string]string `json:"options"`
	Inputs  Inputs            `json:"inputs"`
	Build   string            `json:"build"` // the binary and, where they matter, its models
	Shard   int               `json:"shard"` // 1-based
	Shards  int               `json:"shards"`
	// Unit names the items split ("files", "games"); the shard holds
	// items [From, To) of Total (Range).
	Unit  string `json:"unit"`
	Total int    `json:"total"`
	From  int    `json:"from"`
	To    int    `json:"to"`
}

// Inputs identify the files a run reads: the paths given and every file
// listed under them, by name and size.
type Inputs struct {
	Paths  []string `json:"paths"`
	Files  int      `json:"files"`
	Bytes  int64    `json:"bytes"`
	Digest string   `json:"digest"` // SHA-256 of each file's name and size, in order
}

// Identify returns the identity of the files listed from paths. A file
// whose size cannot be read counts as size -1: the run reports it.
func Identify(paths, files []string) Inputs {
	in := Inputs{Paths: slices.Clone(paths), Files: len(files)}
	h := sha256.New()
	for _, f := range files {
		size := int64(-1)
		if fi, err := os.Stat(f); err == nil {
			size = fi.Size()
			in.Bytes += size
		}
		fmt.Fprintf(h, "%s\x00%d\x00", f, size)
	}
	in.Digest = "sha256:" + hex.EncodeToString(h.Sum(nil))
	return in
}

// Output is a shard's output: its header and its result.
type Output[T any] struct {
	Shard  Header `json:"shard"`
	Result T      `json:"result"`
}

// Decode reads the output of a shard of command from data; name (its
// file, say) names it in errors.
func Decode[T any](name string, data []byte, command string) (*Output[T], error) {
	var probe struct {
		Shard *Header `json:"shard"`
	}
	not := fmt.Sprintf("not the output of mjrank %s --shard i/N --json", command)
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, not, err)
	}
	h := probe.Shard
	switch {
	case h == nil:
		return nil, fmt.Errorf("%s: %s (no shard header)", name, not)
	case h.Format != Format:
		return nil, fmt.Errorf("%s: %s (format %q, want %q)", name, not, h.Format, Format)
	case h.Command != command:
		return nil, fmt.Errorf("%s: %s (a shard of mjrank %s)", name, not, h.Command)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var out Output[T]
	if err := dec.Decode(&out); err != nil {
		return nil, fmt.Errorf("%s: %s: %w", name, not, err)
	}
	if err := out.Shard.check(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &out, nil
}

// check checks a header on its own: i of N, and the range of shard i.
func (h *Header) check() error {
	if h.Shards < 1 || h.Shard < 1 || h.Shard > h.Shards || h.Total < 0 {
		return fmt.Errorf("a bad shard header: shard %d/%d of %d %s", h.Shard, h.Shards, h.Total, h.Unit)
	}
	if from, to := Range(h.Shard, h.Shards, h.Total); h.From != from || h.To != to {
		return fmt.Errorf("shard %d/%d holds %s %d..%d, but shard %d/%d of %d %s is %d..%d",
			h.Shard, h.Shards, h.Unit, h.From, h.To, h.Shard, h.Shards, h.Total, h.Unit, from, to)
	}
	return nil
}

// Check checks that the headers hs (hs[k] read from names[k]) are the
// shards of one run, each exactly once: the same command, options,
// inputs, build, shard count and items, and every shard 1..N given once.
// Its errors name the outputs at fault and the shards missing. It returns
// the indices of hs in shard order, the order their results join in.
func Check(hs []Header, names []string) ([]int, error) {
	if len(hs) == 0 {
		return nil, errors.New("no shard to merge")
	}
	name := func(k int) string {
		if k < len(names) {
			return names[k]
		}
		return fmt.Sprintf("output %d", k+1)
	}
	label := func(k int) string { return fmt.Sprintf("%s (shard %d/%d)", name(k), hs[k].Shard, hs[k].Shards) }
	for k := range hs {
		if err := hs[k].check(); err != nil {
			return nil, fmt.Errorf("%s: %w", name(k), err)
		}
		if d := hs[k].differs(&hs[0]); d != "" {
			return nil, fmt.Errorf("%s is of another run than %s: %s", label(k), label(0), d)
		}
	}
	n := hs[0].Shards
	given := make([][]int, n+1) // shard → outputs
	for k, h := range hs {
		given[h.Shard] = append(given[h.Shard], k)
	}
	var msgs, missing []string
	order := make([]int, 0, n)
	for s := 1; s <= n; s++ {
		switch ks := given[s]; len(ks) {
		case 0:
			missing = append(missing, strconv.Itoa(s))
		case 1:
			order = append(order, ks[0])
		default:
			ls := make([]string, len(ks))
			for j, k := range ks {
				ls[j] = name(k)
			}
			times := fmt.Sprintf("%d times", len(ks))
			if len(ks) == 2 {
				times = "twice"
			}
			msgs = append(msgs, fmt.Sprintf("shard %d/%d given %s: %s", s, n, times, strings.Join(ls, ", ")))
		}
	}
	if len(missing) > 0 {
		noun := "shard"
		if len(missing) > 1 {
			noun = "shards"
		}
		msgs = append(msgs, fmt.Sprintf("%s %s of %d missing", noun, strings.Join(missing, ", "), n))
	}
	if len(msgs) > 0 {
		return nil, errors.New(strings.Join(msgs, "; "))
	}
	return order, nil
}

// differs says how h's run differs from o's ("" when it is the same).
func (h *Header) differs(o *Header) string {
	var d []string
	diff := func(what string, a, b any) {
		if a != b {
			d = append(d, fmt.Sprintf("%s %v, not %v", what, a, b))
		}
	}
	diff("command", h.Command, o.Command)
	for _, k := range slices.Sorted(maps.Keys(union(h.Options, o.Options))) {
		a, aok := h.Options[k]
		b, bok := o.Options[k]
		switch {
		case !aok:
			d = append(d, fmt.Sprintf("--%s not given, not %q", k, b))
		case !bok:
			d = append(d, fmt.Sprintf("--%s %q, not given", k, a))
		case a != b:
			d = append(d, fmt.Sprintf("--%s %q, not %q", k, a, b))
		}
	}
	diff("paths", strings.Join(h.Inputs.Paths, " "), strings.Join(o.Inputs.Paths, " "))
	a, b := h.Inputs, o.Inputs
	if a.Files != b.Files || a.Bytes != b.Bytes || a.Digest != b.Digest {
		d = append(d, fmt.Sprintf("inputs %d files, %d bytes (%s), not %d files, %d bytes (%s)",
			a.Files, a.Bytes, short(a.Digest), b.Files, b.Bytes, short(b.Digest)))
	}
	diff("build", h.Build, o.Build)
	diff("shard count", h.Shards, o.Shards)
	if h.Unit != o.Unit || h.Total != o.Total {
		d = append(d, fmt.Sprintf("%d %s, not %d %s", h.Total, h.Unit, o.Total, o.Unit))
	}
	return strings.Join(d, ", ")
}

func union(a, b map[string]string) map[string]string {
	u := maps.Clone(a)
	if u == nil {
		u = map[string]string{}
	}
	maps.Copy(u, b)
	return u
}

// short cuts a digest for a message.
func short(digest string) string {
	const n = len("sha256:") + 12
	if len(digest) > n {
		return digest[:n]
	}
	return digest
}
