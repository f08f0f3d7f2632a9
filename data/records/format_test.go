package records_test

import (
	"errors"
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
