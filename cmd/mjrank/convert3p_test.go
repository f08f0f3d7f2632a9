package main

import (
	stdjson "encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestConvertSanma converts 3-player games between the three formats: the
// hand-made game of data/tenhou6/testdata and a Houou game of the corpus
// go to tenhou.net/6, to mjai (the 3-player forks' form: three names,
// nukidora) and on to mjlog (GO type 185, seat 3 empty); tenhou.net/6
// from the mjlog is tenhou.net/6 from the mjai (the mjlog keeps all the
// mjai holds), and for the corpus game, whose record has neither title nor
// disconnections, also tenhou.net/6 from its own mjlog.
func TestConvertSanma(t *testing.T) {
	inputs := []string{"../../data/tenhou6/testdata/sanma.json"}
	wd, _ := os.Getwd()
	if dir, err := shareddata.Locate(wd, "tenhou", "mateces-mortal-sanma", "test-data"); err == nil {
		inputs = append(inputs, filepath.Join(dir, "2026012100gm-00b9-0000-95c0c664.xml"))
	} else if os.Getenv(shareddata.RequireEnv) == "1" {
		t.Fatal(err)
	}
	for _, in := range inputs {
		name := filepath.Base(in)
		convert := func(to string, stdin []byte, path string) string {
			t.Helper()
			code, out, errs := mjrankRun(t, stdin, "convert", "--to", to, path)
			if code != 0 || errs != "" {
				t.Fatalf("%s: convert --to %s: exit %d: %s", name, to, code, errs)
			}
			return out
		}
		json := convert("tenhou6", nil, in)
		if !strings.Contains(json, `"ratingc":"PF3","rule":{"disp":"三鳳南喰赤"`) || !strings.Contains(json, `"f44"`) {
			t.Errorf("%s: not a 3-player tenhou.net/6 record with a kita:\n%s", name, json)
		}
		mjai := convert("mjai", []byte(json), "-")
		var start struct{ Names []string }
		first, _, _ := strings.Cut(mjai, "\n")
		if err := stdjson.Unmarshal([]byte(first), &start); err != nil || len(start.Names) != 3 || !strings.Contains(mjai, `{"type":"nukidora","actor":`) {
			t.Errorf("%s: not a 3-player mjai log (three names, nukidora; %v):\n%s", name, err, mjai)
		}
		viaMjai := convert("tenhou6", []byte(mjai), "-")
		mjlog := convert("mjlog", []byte(mjai), "-")
		if !strings.Contains(mjlog, `<GO type="185"`) || !strings.Contains(mjlog, `hai3=""`) {
			t.Errorf("%s: not a 3-player mjlog:\n%s", name, mjlog)
		}
		if back := convert("tenhou6", []byte(mjlog), "-"); back != viaMjai {
			t.Errorf("%s: tenhou.net/6 → mjai → mjlog → tenhou.net/6 differs from tenhou.net/6 → mjai → tenhou.net/6:\n%s\nvs\n%s", name, viaMjai, back)
		}
		if strings.HasSuffix(in, ".xml") && viaMjai != json {
			t.Errorf("%s: mjlog → tenhou.net/6 → mjai → tenhou.net/6 changed the record:\n%s\nvs\n%s", name, json, viaMjai)
		}
	}
}
