package main

import (
	"strings"
	"testing"

	"github.com/mjrank/mjrank/review"
)

// TestPrintWhy: each decision's sentence under one header, in the order
// given, a decision without a why (a report of an older build) left out.
func TestPrintWhy(t *testing.T) {
	decs := []*review.Decision{
		{Index: 3, Round: "E1-0"},
		{Index: 30, Round: "E1-1", Why: &review.Why{Sentence: "8s against 7z: deal-in 4 % against 8 %"}},
		{Index: 7, Round: "E1-0", Why: &review.Why{Sentence: "5z and 6z play out alike"}},
	}
	var b strings.Builder
	if err := printWhy(&b, decs); err != nil {
		t.Fatal(err)
	}
	want := "\nwhy:\n #30 E1-1: 8s against 7z: deal-in 4 % against 8 %\n #7 E1-0: 5z and 6z play out alike\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	if err := printWhy(&b, decs[:1]); err != nil || b.String() != "" {
		t.Errorf("no why: %q, %v", b.String(), err)
	}
}
