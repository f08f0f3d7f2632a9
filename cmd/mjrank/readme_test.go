package main

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// modelFolders are the folders whose models the binary embeds.
var modelFolders = []string{"../../opponent/models", "../../rankmodel/models", "../../policy/models"}

// modelName matches a model's NAME-HASH, the name its files and cards go by.
var modelName = regexp.MustCompile(`\b[a-z]+-[0-9a-f]{12}\b`)

// TestReadmeQuotesShippedModels keeps the README on the shipped models'
// cards: every model it names is embedded, its table of the models lists
// each shipped model once with figures that are its card's, every
// percentage it quotes is a card's, its counts of games are the cards'
// corpus, and its sample of models info shows the cards' rows. A retrained
// model or an edited figure that disagrees fails here, not in a reader's
// hands.
func TestReadmeQuotesShippedModels(t *testing.T) {
	for _, p := range readmeProblems(readDoc(t, "../../README.md"), shippedCards(t)) {
		t.Error("README.md: " + p)
	}
}

// TestCLIDocQuotesShippedModels holds docs/CLI.md's samples to the same
// cards: the models it names are shipped and its models info rows are
// theirs.
func TestCLIDocQuotesShippedModels(t *testing.T) {
	probs, _ := modelProblems(readDoc(t, cliDocPath), shippedCards(t))
	for _, p := range probs {
		t.Error("docs/CLI.md: " + p)
	}
}

// TestReadmeCheckCatchesDrift edits a README that agrees with its cards as
// a careless hand would and wants readmeProblems to report each edit. The
// README and the cards are made up here, so a retrained model changes
// nothing in this test.
func TestReadmeCheckCatchesDrift(t *testing.T) {
	cards := map[string]xgbmodel.Card{
		"tenpai-0123456789ab": {File: "tenpai-0123456789ab.bin", Corpus: xgbmodel.Corpus{Games: 1200, HeldOutGames: 120},
			Metrics: []xgbmodel.Metric{{Name: "auc", Model: 0.9603, Baseline: 0.9471}, {Name: "top5", Model: 0.6162, Baseline: 0.5}}},
		"value-0123456789ab": {File: "value-0123456789ab.bin", Corpus: xgbmodel.Corpus{Games: 1200, HeldOutGames: 120},
			Metrics: []xgbmodel.Metric{{Name: "mae", Model: 2474, Baseline: 2950}}},
		"discard-0123456789ab": {File: "discard-0123456789ab.bin", Corpus: xgbmodel.Corpus{Games: 1200, HeldOutGames: 120},
			Metrics: []xgbmodel.Metric{{Name: "agreement", Model: 0.7217, Baseline: 0.4805}}},
	}
	readme := "# x\n\nTrained on 1,200 Houou games, 120 of them held out; the discard model agrees 72.17 % of the time.\n\n" +
		"```\n$ mjrank models info\ntenpai  tenpai-0123456789ab.bin\n held-out metric  model   baseline  se      beats\n" +
		" auc              0.9603  0.9471    0.0003  yes\n```\n\n## The shipped models\n\n" + modelsTableHeader + "\n|---|---|---|---|---|\n" +
		"| tenpai | `tenpai-0123456789ab` | auc | 0.9603 | 0.9471 |\n" +
		"| value | `value-0123456789ab` | mae | 2474 | 2950 |\n" +
		"| discard | `discard-0123456789ab` | agreement | 72.17 % | 48.05 % |\n"
	if p := readmeProblems(readme, cards); len(p) > 0 {
		t.Fatalf("the made-up README has problems: %v", p)
	}
	for _, e := range []struct{ what, old, new, want string }{
		{"a hash of no shipped model", "`discard-0123456789ab`", "`discard-0123456789ac`", "discard-0123456789ac, which is not shipped"},
		{"a model's figure", "| 72.17 % |", "| 70.71 % |", "agreement 70.71 % where its card says 72.17 %"},
		{"a baseline's figure", "| 0.9603 | 0.9471 |", "| 0.9603 | 0.9472 |", "baseline 0.9472 where its card says 0.9471"},
		{"a figure under another metric", "| auc | 0.9603 |", "| top5 | 0.9603 |", "top5 0.9603 where its card says 0.6162"},
		{"a metric not on the card", "| mae | 2474 |", "| rmse | 2474 |", "rmse 2474 where its card says mae 2474"},
		{"a row left out", "| value | `value-0123456789ab` | mae | 2474 | 2950 |\n", "", "lacks value-0123456789ab"},
		{"a quoted percentage", "agrees 72.17 %", "agrees 70.71 %", "70.71 %, which is no card's figure"},
		{"a count of games", "1,200 Houou games", "1,000 Houou games", "1,000 Houou games, the cards say 1200"},
		{"a count held out", "120 of them held out", "100 of them held out", "100 of them held out, the cards say 120"},
		{"a models info row", " auc              0.9603  0.9471", " auc              0.9603  0.9470", "auc 0.9603 0.9470, the card of tenpai-0123456789ab says 0.9603 0.9471"},
		{"no models info row", " auc              0.9603", " roc              0.9603", "no metric row of its models info sample was checked"},
	} {
		broken := strings.Replace(readme, e.old, e.new, 1)
		if broken == readme {
			t.Fatalf("%s: the made-up README does not hold %q", e.what, e.old)
		}
		if p := strings.Join(readmeProblems(broken, cards), "\n"); !strings.Contains(p, e.want) {
			t.Errorf("%s: problems %q, want one containing %q", e.what, p, e.want)
		}
	}
}

func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// shippedCards returns the embedded models' cards by NAME-HASH.
func shippedCards(t *testing.T) map[string]xgbmodel.Card {
	t.Helper()
	cards := map[string]xgbmodel.Card{}
	for _, dir := range modelFolders {
		cs, err := xgbmodel.Cards(os.DirFS(dir), ".")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			name := modelName.FindString(c.File)
			if name == "" {
				t.Fatalf("%s: card of %q, not a NAME-HASH model file", dir, c.File)
			}
			cards[name] = c
		}
	}
	if len(cards) == 0 {
		t.Fatal("no model card found")
	}
	return cards
}

// readmeProblems lists where text, the README, disagrees with the cards.
func readmeProblems(text string, cards map[string]xgbmodel.Card) []string {
	probs, rows := modelProblems(text, cards)
	if rows == 0 {
		probs = append(probs, "no metric row of its models info sample was checked")
	}
	probs = append(probs, modelTableProblems(text, cards)...)
	prose := outsideBlocks(text)
	for _, m := range regexp.MustCompile(`(\d+\.\d+) %`).FindAllStringSubmatch(prose, -1) {
		if !anyCardFigure(cards, m[1]) {
			probs = append(probs, fmt.Sprintf("quotes %s %%, which is no card's figure", m[1]))
		}
	}
	counts := []struct {
		re    string
		field func(xgbmodel.Corpus) int
	}{
		{`([\d,]+) Houou games`, func(c xgbmodel.Corpus) int { return c.Games }},
		{`([\d,]+) of them held out`, func(c xgbmodel.Corpus) int { return c.HeldOutGames }},
		{`([\d,]+) held-out games`, func(c xgbmodel.Corpus) int { return c.HeldOutGames }},
	}
	for _, cnt := range counts {
		for _, m := range regexp.MustCompile(cnt.re).FindAllStringSubmatch(prose, -1) {
			n, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
			for name, c := range cards {
				if cnt.field(c.Corpus) != n {
					probs = append(probs, fmt.Sprintf("says %s, the cards say %d (%s)", m[0], cnt.field(c.Corpus), name))
					break
				}
			}
		}
	}
	return probs
}

// modelProblems lists the models text names that are not shipped and the
// rows of its models info sample that disagree with their cards; rows
// counts the rows checked.
func modelProblems(text string, cards map[string]xgbmodel.Card) (probs []string, rows int) {
	for _, name := range modelName.FindAllString(text, -1) {
		if _, ok := cards[name]; !ok {
			probs = append(probs, fmt.Sprintf("names model %s, which is not shipped", name))
		}
	}
	header := regexp.MustCompile(`^[a-z]+  ([a-z]+-[0-9a-f]{12})\.bin$`)
	row := regexp.MustCompile(`^ ([a-z_0-9]+)\s+(-?\d+\.\d+)\s+(-?\d+\.\d+)\s`)
	var card *xgbmodel.Card
	for line := range strings.SplitSeq(text, "\n") {
		if m := header.FindStringSubmatch(line); m != nil {
			card = nil
			if c, ok := cards[m[1]]; ok {
				card = &c
			}
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
			rows++
			if got, want := m[2]+" "+m[3], fmt.Sprintf("%.4f %.4f", cm.Model, cm.Baseline); got != want {
				probs = append(probs, fmt.Sprintf("its models info shows %s %s, the card of %s says %s", m[1], got, modelName.FindString(card.File), want))
			}
		}
	}
	return probs, rows
}

// modelsTableHeader heads the README's table of the shipped models.
const modelsTableHeader = "| predicts | file | metric | model | baseline |"

// modelTableProblems checks the README's table of the shipped models: one
// row a shipped model, each holding a metric of its card with the model's
// and the baseline's figures as the card has them, to the digits quoted.
func modelTableProblems(text string, cards map[string]xgbmodel.Card) []string {
	lines := strings.Split(text, "\n")
	start := -1
	for i, l := range lines {
		if l == modelsTableHeader {
			start = i
		}
	}
	if start < 0 {
		return []string{"no table of the shipped models (" + modelsTableHeader + ")"}
	}
	var probs []string
	seen := map[string]int{}
	for i := start + 2; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
		cells := strings.Split(strings.Trim(lines[i], "| "), "|")
		if len(cells) != 5 {
			probs = append(probs, fmt.Sprintf("line %d: a row of the models table has %d cells, not 5", i+1, len(cells)))
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		metric, model, base := strings.TrimSpace(cells[2]), strings.TrimSpace(cells[3]), strings.TrimSpace(cells[4])
		seen[name]++
		c, ok := cards[name]
		if !ok {
			continue // modelProblems names it
		}
		probs = append(probs, metricProblems(i+1, name, c, metric, model, base)...)
	}
	for name := range cards {
		switch {
		case seen[name] == 0:
			probs = append(probs, "the models table lacks "+name)
		case seen[name] > 1:
			probs = append(probs, fmt.Sprintf("the models table lists %s %d times", name, seen[name]))
		}
	}
	return probs
}

// metricProblems compares a table row's figures with the card's metric.
func metricProblems(line int, name string, c xgbmodel.Card, metric, model, base string) []string {
	var probs []string
	for _, cm := range c.Metrics {
		if cm.Name != metric {
			continue
		}
		if want := formatLike(model, cm.Model); model != want {
			probs = append(probs, fmt.Sprintf("line %d: %s %s %s where its card says %s", line, name, metric, model, want))
		}
		if want := formatLike(base, cm.Baseline); base != want {
			probs = append(probs, fmt.Sprintf("line %d: %s %s baseline %s where its card says %s", line, name, metric, base, want))
		}
		return probs
	}
	var have []string
	for _, cm := range c.Metrics {
		have = append(have, fmt.Sprintf("%s %s", cm.Name, formatLike(model, cm.Model)))
	}
	return []string{fmt.Sprintf("line %d: %s %s %s where its card says %s", line, name, metric, model, strings.Join(have, ", "))}
}

// formatLike formats v as quoted is written: as a percentage when it ends
// in " %", to as many decimals.
func formatLike(quoted string, v float64) string {
	num, pct := strings.CutSuffix(quoted, " %")
	if pct {
		v *= 100
	}
	decimals := 0
	if i := strings.IndexByte(num, '.'); i >= 0 {
		decimals = len(num) - i - 1
	}
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if pct {
		s += " %"
	}
	return s
}

// anyCardFigure reports whether pct, a percentage as quoted, is some card's
// figure (a model's or a baseline's) to the digits quoted.
func anyCardFigure(cards map[string]xgbmodel.Card, pct string) bool {
	q := pct + " %"
	for _, c := range cards {
		for _, m := range c.Metrics {
			if formatLike(q, m.Model) == q || formatLike(q, m.Baseline) == q {
				return true
			}
		}
	}
	return false
}

// outsideBlocks returns text without its fenced blocks: the sample
// outputs are the binary's, not quotations of the cards.
func outsideBlocks(text string) string {
	var b strings.Builder
	in := false
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(line, "```") {
			in = !in
			continue
		}
		if !in {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
