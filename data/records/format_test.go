package records_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
)

func TestDetectFormat(t *testing.T) {
	for in, want := range map[string]records.Format{
		`<mjloggm ver="2.3">`:            records.FormatMjlog,
		"\n \t{\"type\":\"start_game\"}": records.FormatMjai,
		`{ "title":["",""]}`:             records.FormatTenhou6,
		"\xef\xbb\xbf{\"log\":[]}":       records.FormatTenhou6,
		"hello":                          records.FormatUnknown,
		"":                               records.FormatUnknown,
	} {
		if got := records.DetectFormat([]byte(in)); got != want {
			t.Errorf("DetectFormat(%q) = %v, want %v", in, got, want)
		}
	}
	if _, _, err := records.NewReader(strings.NewReader("hello"), "x"); !errors.Is(err, data.ErrSyntax) {
		t.Errorf("records.NewReader(hello): %v", err)
	}
	for _, f := range []records.Format{records.FormatMjlog, records.FormatTenhou6, records.FormatMjai} {
		if g, err := records.ParseFormat(f.String()); g != f || err != nil {
			t.Errorf("ParseFormat(%v) = %v %v", f, g, err)
		}
	}
}

func TestFormatText(t *testing.T) {
	var f records.Format
	if err := f.UnmarshalText([]byte("mjai")); err != nil || f != records.FormatMjai {
		t.Errorf("format: %v %v", f, err)
	}
	if err := f.UnmarshalText([]byte("xml")); err == nil {
		t.Errorf("format xml accepted")
	}
}

// TestFormatExts checks each format's extensions: the one written first,
// a copy each call, and a folder walk reading every one of them (and .gz).
func TestFormatExts(t *testing.T) {
	for f, want := range map[records.Format]string{records.FormatMjlog: ".xml", records.FormatTenhou6: ".json", records.FormatMjai: ".mjson"} {
		exts := f.Exts()
		if len(exts) == 0 || exts[0] != want {
			t.Errorf("%v.Exts() = %v, want %s first", f, exts, want)
			continue
		}
		exts[0] = "changed"
		if f.Exts()[0] != want {
			t.Errorf("%v.Exts() shares its slice", f)
		}
	}
	if exts := records.FormatUnknown.Exts(); len(exts) != 0 {
		t.Errorf("FormatUnknown.Exts() = %v", exts)
	}
	dir := t.TempDir()
	var want []string
	for _, f := range []records.Format{records.FormatMjlog, records.FormatTenhou6, records.FormatMjai} {
		for i, ext := range f.Exts() {
			want = append(want, filepath.Join(dir, fmt.Sprintf("%v%d%s", f, i, ext)))
		}
	}
	want = append(want, filepath.Join(dir, "z.json.gz"))
	for _, p := range append([]string{filepath.Join(dir, "notes.md")}, want...) {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, _, _, problems := records.RecordFiles([]string{dir})
	slices.Sort(want)
	if !slices.Equal(files, want) || len(problems) > 0 {
		t.Errorf("RecordFiles = %v %v, want %v", files, problems, want)
	}
}
