package mjai_test

import (
	"bytes"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjai"
)

// TestEventLines decodes every line of an mjai log and encodes it again:
// the log reader and writer and a protocol peer share one encoding, so
// every line must come back byte for byte, in one Write with EncodeEvent.
func TestEventLines(t *testing.T) {
	raw, err := os.ReadFile("../testdata/selfplay.mjson")
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(raw, []byte("\n"))
	n := 0
	for i, line := range lines {
		if len(line) == 0 {
			continue
		}
		var e mjai.Event
		if err := mjai.DecodeEvent(line, &e); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		got, err := mjai.AppendEvent([]byte("prefix"), &e)
		if err != nil || string(got) != "prefix"+string(line) {
			t.Fatalf("line %d: AppendEvent gives %q (%v), want %q", i+1, got, err, line)
		}
		w := &countingWriter{}
		if err := mjai.EncodeEvent(w, &e); err != nil || w.String() != string(line) || w.writes != 1 {
			t.Fatalf("line %d: EncodeEvent wrote %q in %d writes (%v)", i+1, w.String(), w.writes, err)
		}
		n++
	}
	if n < 100 {
		t.Errorf("only %d lines", n)
	}
}

// countingWriter counts the calls to Write.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (w *countingWriter) Write(b []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(b)
}

// TestDecodeEventReuses checks that DecodeEvent resets the event it
// decodes into, so a reader can reuse one.
func TestDecodeEventReuses(t *testing.T) {
	var e mjai.Event
	if err := mjai.DecodeEvent([]byte(`{"type":"dahai","actor":1,"pai":"5mr","tsumogiri":true}`), &e); err != nil {
		t.Fatal(err)
	}
	if err := mjai.DecodeEvent([]byte(`{"type":"none"}`), &e); err != nil {
		t.Fatal(err)
	}
	if e.Actor != nil || e.Pai != "" || e.Tsumogiri != nil {
		t.Errorf("fields of the previous event kept: %+v", e)
	}
}

func TestDecodeEventErrors(t *testing.T) {
	for _, c := range []struct {
		in   string
		want error
		col  int
		tag  string
	}{
		{`{"type":`, data.ErrSyntax, 9, ""},
		{`{"type":"dahai","actor":"x"}`, data.ErrBadValue, 28, "dahai"},
		{`{"actor":0}`, data.ErrBadTag, 1, ""},
		{`  null  `, data.ErrBadTag, 1, ""},
	} {
		var e mjai.Event
		err := mjai.DecodeEvent([]byte(c.in), &e)
		var pe *data.ParseError
		if !errors.Is(err, c.want) || !errors.As(err, &pe) {
			t.Errorf("%s: got %v, want %v", c.in, err, c.want)
			continue
		}
		if pe.Line != 1 || pe.Column != c.col || pe.Offset != int64(c.col-1) || pe.Tag != c.tag {
			t.Errorf("%s: %v at line %d column %d offset %d tag %q, want 1:%d tag %q", c.in, err, pe.Line, pe.Column, pe.Offset, pe.Tag, c.col, c.tag)
		}
	}
}

func TestAppendEventNaN(t *testing.T) {
	e := mjai.Event{Type: "end_game", RankPt: []float64{math.NaN(), 0, 0, 0}}
	b, err := mjai.AppendEvent([]byte("x"), &e)
	if err == nil || string(b) != "x" {
		t.Errorf("AppendEvent of a NaN: %q %v, want an error and dst unchanged", b, err)
	}
	if err := mjai.EncodeEvent(&strings.Builder{}, &e); err == nil {
		t.Error("EncodeEvent of a NaN: no error")
	}
}

// FuzzDecodeEvent decodes any line: never a panic, an error is a
// positioned *data.ParseError, and what decodes encodes to a line that
// decodes and encodes to itself.
func FuzzDecodeEvent(f *testing.F) {
	raw, err := os.ReadFile("../testdata/selfplay.mjson")
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range bytes.Split(raw, []byte("\n"))[:40] {
		f.Add(line)
	}
	f.Add([]byte(`{"type":"dahai","actor":0,"pai":"<&>\u2028","tsumogiri":false,"names":[]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		var e mjai.Event
		if err := mjai.DecodeEvent(line, &e); err != nil {
			var pe *data.ParseError
			if !errors.As(err, &pe) || pe.Line != 1 || pe.Column < 1 || pe.Column > len(line)+1 || pe.Err == nil {
				t.Fatalf("error %v (%T) is not a positioned ParseError", err, err)
			}
			return
		}
		b, err := mjai.AppendEvent(nil, &e)
		if err != nil {
			t.Fatalf("encoding a decoded event: %v", err)
		}
		var e2 mjai.Event
		if err := mjai.DecodeEvent(b, &e2); err != nil {
			t.Fatalf("decoding %s: %v", b, err)
		}
		if b2, err := mjai.AppendEvent(nil, &e2); err != nil || !bytes.Equal(b, b2) {
			t.Fatalf("%s encodes as\n%s\nthen\n%s (%v)", line, b, b2, err)
		}
	})
}
