package xgbmodel

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestParseLikeXGBoost(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float32
		ok   bool
	}{
		{"0", 0, true}, {"7", 7, true}, {"-2.5", -2.5, true}, {"0.1", 0.1, true}, {".5", 0.5, true},
		{"1e3", 0, false}, {"", 0, false}, {"-", 0, false}, {"1.2.3", 0, false}, {"0.12345678901234567890", 0, false},
	} {
		got, ok := ParseLikeXGBoost(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ParseLikeXGBoost(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	// The double rounding: "3.735" is one float32 step off.
	got, _ := ParseLikeXGBoost("3.735")
	if want := float32(3.735); got == want {
		t.Errorf("ParseLikeXGBoost(3.735) = %v, the correctly rounded value: the case this guards against is gone", got)
	}
}

// TestAppendLibSVMValue: every value written is read back as the same
// float32 by XGBoost's reader and by strconv, across magnitudes and on the
// kind of values (integer plus a short fraction) that broke the shortest
// form.
func TestAppendLibSVMValue(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	values := []float64{0, 1, -1, 3.735, 0.35 * 0.35 * 3, 1e-7, 123456.789, -98.6, 16777216, 0.1}
	for range 200000 {
		switch r.IntN(3) {
		case 0:
			values = append(values, r.NormFloat64()*math.Pow(10, float64(r.IntN(12)-6)))
		case 1:
			values = append(values, float64(r.IntN(100))+float64(r.IntN(1000))/1000)
		default:
			values = append(values, float64(r.IntN(50))*0.35*float64(r.IntN(7)))
		}
	}
	fallback := 0
	for _, v := range values {
		b, err := AppendLibSVMValue(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		want := float32(v)
		got, ok := ParseLikeXGBoost(string(b))
		if !ok || got != want {
			t.Fatalf("%v written as %q: XGBoost reads %v", want, b, got)
		}
		g, err := strconv.ParseFloat(string(b), 32)
		if err != nil || float32(g) != want {
			t.Fatalf("%v written as %q: strconv reads %v (%v)", want, b, g, err)
		}
		if string(b) != strconv.FormatFloat(float64(want), 'f', -1, 32) {
			fallback++
		}
	}
	if fallback == 0 {
		t.Error("no value needed the fallback form; the test no longer covers it")
	}
	t.Logf("%d values, %d written in the fallback form", len(values), fallback)
	if _, err := AppendLibSVMValue(nil, math.NaN()); err == nil {
		t.Error("NaN written without an error")
	}
}

// FuzzLibSVMValue: any finite value is written in a form both parsers read
// as its float32; ParseLikeXGBoost takes any text without panicking.
func FuzzLibSVMValue(f *testing.F) {
	for _, v := range []float64{0, 3.735, -0.1, 1e-30, 3e38, 16777217, 0.35 * 0.35 * 3} {
		f.Add(v, strconv.FormatFloat(v, 'g', -1, 64))
	}
	f.Fuzz(func(t *testing.T, v float64, s string) {
		if _, ok := ParseLikeXGBoost(s); ok {
			// What it accepts is a plain decimal, which strconv reads too
			// (perhaps out of range).
			if _, err := strconv.ParseFloat(s, 64); errors.Is(err, strconv.ErrSyntax) {
				t.Fatalf("ParseLikeXGBoost accepts %q, strconv does not: %v", s, err)
			}
		}
		want := float32(v)
		if math.IsNaN(float64(want)) || math.IsInf(float64(want), 0) {
			if _, err := AppendLibSVMValue(nil, v); err == nil {
				t.Fatalf("%v written without an error", v)
			}
			return
		}
		b, err := AppendLibSVMValue(nil, v)
		if err != nil {
			// Only magnitudes outside the documented range may be refused.
			if a := math.Abs(float64(want)); a == 0 || (a >= 1e-9 && a < 1e18) {
				t.Fatalf("%v: %v", want, err)
			}
			return
		}
		got, ok := ParseLikeXGBoost(string(b))
		g, perr := strconv.ParseFloat(string(b), 32)
		if !ok || got != want || perr != nil || float32(g) != want {
			t.Fatalf("%v written as %q: XGBoost reads %v (%v), strconv %v (%v)", want, b, got, ok, g, perr)
		}
	})
}
