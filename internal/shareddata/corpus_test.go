package shareddata

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite sample.txt from the corpus")

const sampleHeader = `# The corpus tests' fixed sample of ../shared/data/tenhou (internal/shareddata).
# Each stratum of INDEX.tsv (source folder, year, GO type) gives up to %d files
# (%d for 3-player games), those of lowest FNV-1a hash of their path; every
# tenhou.net/6 JSON file is in. Files once listed stay listed while they exist,
# so a growing corpus adds to the sample and does not move it. Regenerate with
#   go test ./internal/shareddata -run TestSample -update
# MJRANK_CORPUS=full (make test-corpus) runs the same tests on every file.
`

// TestSample: the embedded sample is what Resample gives for the corpus as
// it is, so every stratum (a new source, year or rule type too) is in it
// up to its quota and every listed file exists.
func TestSample(t *testing.T) {
	dir := Dir(t, "tenhou")
	want, err := Resample(dir, SampleRels())
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		var b strings.Builder
		fmt.Fprintf(&b, sampleHeader, SampleQuota, SampleQuota3P)
		for _, rel := range want {
			b.WriteString(rel + "\n")
		}
		if err := os.WriteFile(sampleFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d files to %s", len(want), sampleFile)
		return
	}
	if got := SampleRels(); !slices.Equal(got, want) {
		t.Fatalf("sample.txt (%d files) is not the sample of the corpus as it is (%d files): go test ./internal/shareddata -run TestSample -update", len(got), len(want))
	}
	idx, err := ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	strata, in := map[string]int{}, map[string]int{}
	sample := map[string]bool{}
	for _, rel := range want {
		sample[rel] = true
	}
	for _, e := range idx {
		strata[e.Stratum()]++
		if sample[e.Rel] {
			in[e.Stratum()]++
		}
	}
	for s, n := range strata {
		t.Logf("%-50s %5d of %5d", s, in[s], n)
		if in[s] == 0 {
			t.Errorf("stratum %s: no file in the sample", s)
		}
	}
}

func TestStratum(t *testing.T) {
	tests := []struct {
		e    IndexEntry
		want string
	}{
		{IndexEntry{Rel: "somiona-mahjong579/train_data/2024041411gm-00a9-0000-4e6055ce.xml", LogID: "2024041411gm-00a9-0000-4e6055ce", GoType: 0xa9}, "somiona-mahjong579 2024 0xa9"},
		{IndexEntry{Rel: "njima1572-mahjongai/mjlogs/scc2018110503/mj_data_1.txt", GoType: 0xe1}, "njima1572-mahjongai 2018 0xe1"},
		{IndexEntry{Rel: "dnovikoff-tenhou/log/test_data/bye.xml", GoType: 0x29}, "dnovikoff-tenhou unknown 0x29"},
	}
	for _, tt := range tests {
		if got := tt.e.Stratum(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.e.Rel, got, tt.want)
		}
	}
}

// TestIndexFiles: the files of one GO type, each once, in the index's
// order, under dir; a missing index is an error.
func TestIndexFiles(t *testing.T) {
	dir := t.TempDir()
	index := "path\tlog_id\tgo_type\n" +
		"a/x.xml\t1\t185\n" + "a/y.xml\t2\t169\n" + "b/z.xml\t3\t185\n" + "a/x.xml\t1\t185\n"
	if err := os.WriteFile(dir+"/INDEX.tsv", []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := IndexFiles(dir, 0xB9)
	want := []string{dir + "/a/x.xml", dir + "/b/z.xml"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("IndexFiles: %v %v, want %v", got, err, want)
	}
	if _, err := IndexFiles(t.TempDir(), 0xB9); err == nil {
		t.Error("no INDEX.tsv: no error")
	}
}
