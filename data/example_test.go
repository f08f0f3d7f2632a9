package data_test

import (
	"fmt"
	"strings"

	"github.com/mjrank/mjrank/data/mjlog"
)

// Errors name the file, the position and the round.
func ExampleParseError() {
	in := `<mjloggm ver="2.3"><GO type="169"/>
<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" hai0="0" hai1="" hai2="" hai3=""/>`
	r := mjlog.NewReader(strings.NewReader(in), "bad.mjlog")
	for r.Next() {
	}
	fmt.Println(r.Err())
	// Output:
	// bad.mjlog:2:1: game 1 round 1 (E1-0): INIT: invalid value: hai0="0": want 13 tile ids
}
