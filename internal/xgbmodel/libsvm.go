package xgbmodel

import (
	"fmt"
	"math"
	"strconv"
)

// XGBoost reads LibSVM text with dmlc-core's own number parser, which is
// not correctly rounded: the digits before the point become a float32, the
// digits after it a float32 of their own (through a double division), and
// the two are added in float32. A number with both an integer and a
// fraction part is therefore rounded twice, and can land one float32 step
// away from the value Go's strconv gives. The trees then split that row on
// the other side of a threshold — and thresholds sit exactly on data values
// under tree_method=hist — so xgboost trains and predicts on inputs the Go
// model never sees. (Found when a feature took the value 3.735: one
// held-out row of a million predicted 0.005 apart.)
//
// AppendLibSVMValue writes each value so that both parsers read the same
// float32.

// ParseLikeXGBoost returns the float32 that XGBoost 1.7's LibSVM reader
// makes of a decimal number without exponent: float32(integer part) +
// float32(fraction digits / 10^digits), added in float32. ok is false for
// text it does not cover (exponents, signs other than a leading '-', more
// than 19 fraction digits, no digits).
func ParseLikeXGBoost(s string) (v float32, ok bool) {
	neg := false
	if len(s) > 0 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	var intPart uint64
	i := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		intPart = intPart*10 + uint64(s[i]-'0')
	}
	digits := i
	v = float32(intPart)
	if i < len(s) && s[i] == '.' {
		i++
		var frac, pow10 uint64 = 0, 1
		n := 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			frac, pow10 = frac*10+uint64(s[i]-'0'), pow10*10
			n++
		}
		if n > 19 {
			return 0, false
		}
		digits += n
		v += float32(float64(frac) / float64(pow10))
	}
	if i != len(s) || digits == 0 {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}

// AppendLibSVMValue appends the float32 value of v (v rounded to float32)
// as decimal text that both XGBoost's reader and strconv.ParseFloat(s, 32)
// read as exactly that float32. It uses the shortest representation when
// XGBoost reads it right, else the integer part followed by the shortest
// digits of the (exactly representable) fraction part. Every float32 of
// magnitude 0 or in [1e-9, 1e18) has such a form (FuzzLibSVMValue); smaller
// ones need more than the 19 fraction digits XGBoost reads, larger ones
// overflow its integer accumulator, and are an error, as are NaN and
// infinities (a LibSVM row leaves a missing value out instead).
func AppendLibSVMValue(dst []byte, v float64) ([]byte, error) {
	f := float32(v)
	if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
		return dst, fmt.Errorf("xgbmodel: %g cannot be written as a LibSVM value", v)
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, float64(f), 'f', -1, 32)
	if got, ok := ParseLikeXGBoost(string(dst[start:])); ok && got == f {
		return dst, nil
	}
	// f = ip + fp with ip an integer and fp = f − ip exact in float32
	// (fp has no more significant bits than f). Any decimal that rounds
	// to fp as a float32 is read by XGBoost as fp, and ip + fp is f.
	dst = dst[:start]
	a := float32(math.Abs(float64(f)))
	ip := float32(math.Trunc(float64(a)))
	fp := a - ip
	if f < 0 {
		dst = append(dst, '-')
	}
	dst = strconv.AppendFloat(dst, float64(ip), 'f', 0, 32)
	frac := strconv.FormatFloat(float64(fp), 'f', -1, 32) // "0.xxx"
	dst = append(dst, frac[1:]...)
	got, ok := ParseLikeXGBoost(string(dst[start:]))
	if !ok || got != f {
		return dst, fmt.Errorf("xgbmodel: no LibSVM text found that XGBoost reads as %v (tried %q)", f, dst[start:])
	}
	return dst, nil
}
