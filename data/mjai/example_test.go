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

// A protocol peer decodes the events it is sent with DecodeEvent, as the
// log reader does, and answers with EncodeEvent: here a bot that discards
// every tile it draws.
func ExampleDecodeEvent() {
	in := []string{
		`{"type":"tsumo","actor":2,"pai":"5mr"}`,
		`{"type":"tsumo","actor":1,"pai":"?"}`,
	}
	const me = 2
	for _, line := range in {
		var e mjai.Event
		if err := mjai.DecodeEvent([]byte(line), &e); err != nil {
			fmt.Println(err)
			return
		}
		reply := mjai.Event{Type: "none"}
		if e.Type == "tsumo" && *e.Actor == me {
			tsumogiri := true
			reply = mjai.Event{Type: "dahai", Actor: e.Actor, Pai: e.Pai, Tsumogiri: &tsumogiri}
		}
		if err := mjai.EncodeEvent(os.Stdout, &reply); err != nil {
			fmt.Println(err)
		}
	}
	// Output:
	// {"type":"dahai","actor":2,"pai":"5mr","tsumogiri":true}
	// {"type":"none"}
}
