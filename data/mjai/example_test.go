package mjai_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/tenhou6"
)

// Convert a record to mjai (the first lines shown).
func ExampleWriter() {
	f, err := os.Open("../testdata/selfplay.json")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	r := tenhou6.NewReader(f, f.Name())
	var out bytes.Buffer
	w := mjai.NewWriter(&out)
	for r.Next() {
		if err := w.Write(r.Game()); err != nil {
			fmt.Println(err)
		}
	}
	lines := strings.Split(out.String(), "\n")
	fmt.Println(strings.Join(lines[2:6], "\n"))
	// Output:
	// {"type":"tsumo","actor":0,"pai":"1s"}
	// {"type":"dahai","actor":0,"pai":"N","tsumogiri":false}
	// {"type":"tsumo","actor":1,"pai":"7p"}
	// {"type":"dahai","actor":1,"pai":"N","tsumogiri":false}
}
