package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// modelFolders are the folders whose models the binary embeds.
var modelFolders = []string{"../../opponent/models", "../../rankmodel/models", "../../policy/models"}

// TestReadmeQuotesShippedModels keeps the README on the shipped models'
// cards: every model file it names is embedded, every "N % agreement" it
// quotes is a shipped card's agreement, and the metric rows of a model in
// its sample of models info are that card's. A retrained model or an
// edited figure that disagrees fails here, not in a reader's hands.
func TestReadmeQuotesShippedModels(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	cards := map[string]xgbmodel.Card{} // by file name
	agreements := map[string]bool{}
	for _, dir := range modelFolders {
		cs, err := xgbmodel.Cards(os.DirFS(dir), ".")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			cards[c.File] = c
			for _, m := range c.Metrics {
				if m.Name == "agreement" {
					agreements[fmt.Sprintf("%.2f", 100*m.Model)] = true
				}
			}
		}
	}
	if len(cards) == 0 {
		t.Fatal("no model card found")
	}
	text := string(readme)
	for _, name := range regexp.MustCompile(`\b[a-z]+-[0-9a-f]{12}\b`).FindAllString(text, -1) {
		if _, ok := cards[name+".bin"]; !ok {
			t.Errorf("README names model %s, which is not shipped", name)
		}
	}
	for _, m := range regexp.MustCompile(`(\d+\.\d\d) % agreement`).FindAllStringSubmatch(text, -1) {
		if !agreements[m[1]] {
			t.Errorf("README quotes %s %% agreement, no shipped card's", m[1])
		}
	}
	checkModelsInfoSample(t, text, cards)
}

// checkModelsInfoSample checks the metric rows under each "NAME  FILE.bin"
// header of the README's models info output against FILE's card.
func checkModelsInfoSample(t *testing.T, text string, cards map[string]xgbmodel.Card) {
	t.Helper()
	header := regexp.MustCompile(`^[a-z]+  ([a-z]+-[0-9a-f]{12}\.bin)$`)
	row := regexp.MustCompile(`^ ([a-z_0-9]+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s`)
	var card *xgbmodel.Card
	checked := 0
	for line := range strings.SplitSeq(text, "\n") {
		if m := header.FindStringSubmatch(line); m != nil {
			c := cards[m[1]]
			card = &c
			continue
		}
		if strings.HasPrefix(line, "```") {
			card = nil // a header's rows end with its block
			continue
		}
		m := row.FindStringSubmatch(line)
		if card == nil || m == nil {
			continue
		}
		for _, cm := range card.Metrics {
			if cm.Name != m[1] {
				continue
			}
			checked++
			if got, want := m[2]+" "+m[3], fmt.Sprintf("%.4f %.4f", cm.Model, cm.Baseline); got != want {
				t.Errorf("README's models info shows %s %s %s, the card of %s says %s", m[1], m[2], m[3], card.File, want)
			}
		}
	}
	if checked == 0 {
		t.Error("no metric row of the README's models info sample was checked")
	}
}
