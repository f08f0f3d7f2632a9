package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

var cmdScore = &Command{
	Name:      "score",
	UsageLine: "--hand NOTATION --win TILE [--tsumo] [--melds LIST] [--dora TILES] [--ura TILES] [--round E|S|W|N] [--seat E|S|W|N] [--riichi] ... [--json]",
	Short:     "score a winning hand: yaku, han, fu, points, payments",
	Long: `
Score scores a winning hand under Tenhou rules: its yaku with their han, the
fu, the limit, the points and every seat's payment (honba and riichi sticks
included).

--hand gives the concealed tiles in tenhou notation (0 = red five), with or
without the winning tile; --win names the winning tile. --melds lists the
called melds, comma-separated, each TYPE=TILES with the called tile first:
chi=435m, pon=055p, kan=1111z (open kan), kakan=5550s (added kan: the pon's
tiles, then the added tile), ankan=9999s (closed kan).

--dora and --ura take the dora and ura dora INDICATORS (the tiles shown, not
the dora), several in one notation: --dora 1z3m. Seats are winds: the dealer
is East. A ron is paid by --from (default: the player before the winner).
--pao names the seat liable for a daisangen or daisuushii.

An incomplete hand, a hand without yaku, or inconsistent flags is an error
(exit status 1).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o scoreOptions
		fs.StringVar(&o.hand, "hand", "", "concealed tiles in tenhou `notation`, with or without the winning tile")
		fs.StringVar(&o.win, "win", "", "the winning `tile`, e.g. 5p, 0s, 7z")
		fs.BoolVar(&o.tsumo, "tsumo", false, "won by self-draw (default: ron)")
		fs.StringVar(&o.melds, "melds", "", "called melds, comma-separated `TYPE=TILES` (chi=435m,pon=777z,ankan=9999s)")
		fs.StringVar(&o.dora, "dora", "", "dora `indicators` in tenhou notation")
		fs.StringVar(&o.ura, "ura", "", "ura dora `indicators` (count only with riichi)")
		fs.StringVar(&o.round, "round", "E", "round `wind`: E, S, W or N")
		fs.StringVar(&o.seat, "seat", "S", "winner's seat `wind`: E (dealer), S, W or N")
		fs.StringVar(&o.from, "from", "", "on ron, the discarder's seat `wind` (default: the seat before the winner)")
		fs.StringVar(&o.pao, "pao", "", "seat `wind` liable (pao) for daisangen or daisuushii")
		fs.BoolVar(&o.w.Riichi, "riichi", false, "riichi declared")
		fs.BoolVar(&o.w.DoubleRiichi, "double-riichi", false, "double riichi declared")
		fs.BoolVar(&o.w.Ippatsu, "ippatsu", false, "won within one go-around of riichi")
		fs.BoolVar(&o.w.Haitei, "haitei", false, "tsumo on the last wall tile")
		fs.BoolVar(&o.w.Houtei, "houtei", false, "ron on the last discard")
		fs.BoolVar(&o.w.Rinshan, "rinshan", false, "tsumo on a kan replacement tile")
		fs.BoolVar(&o.w.Chankan, "chankan", false, "ron on a tile added to a kan")
		fs.BoolVar(&o.w.Tenhou, "tenhou", false, "dealer's tsumo on the first draw")
		fs.BoolVar(&o.w.Chiihou, "chiihou", false, "non-dealer's tsumo on the first draw")
		fs.IntVar(&o.w.Honba, "honba", 0, "honba `count`")
		fs.IntVar(&o.w.RiichiSticks, "sticks", 0, "riichi `sticks` on the table")
		fs.StringVar(&o.rules, "rules", "tenhou", "scoring `rules`: tenhou, optionally with switches (tenhou,kiriage=true)")
		asJSON := fs.Bool("json", false, "print JSON instead of a table")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q (everything is a flag)", args[0])
			}
			rep, err := o.score()
			if err != nil {
				return err
			}
			if *asJSON {
				return writeJSON(env.Stdout, rep)
			}
			return rep.print(env.Stdout)
		}
	},
}

type scoreOptions struct {
	hand, win, melds, dora, ura, round, seat, from, pao, rules string
	tsumo                                                      bool
	w                                                          score.Win
}

func parseWind(flagName, s string) (uint8, error) {
	for i, w := range []string{"E", "S", "W", "N"} {
		if strings.EqualFold(s, w) {
			return uint8(i), nil
		}
	}
	return 0, usageErrorf("--%s %q: want E, S, W or N", flagName, s)
}

// score builds the Win from the flags and scores it.
func (o *scoreOptions) score() (*scoreReport, error) {
	if o.hand == "" || o.win == "" {
		return nil, usageErrorf("--hand and --win are required")
	}
	rules, err := score.ParseRules(o.rules)
	if err != nil {
		return nil, usageErrorf("--rules: %v", err)
	}
	w := o.w
	w.Tsumo = o.tsumo
	winTile, err := tile.ParseTile(o.win)
	if err != nil {
		return nil, fmt.Errorf("--win: %w", err)
	}
	ts, err := tile.Parse(o.hand)
	if err != nil {
		return nil, fmt.Errorf("--hand: %w", err)
	}
	var melds []score.Meld
	if o.melds != "" {
		for i, s := range strings.Split(o.melds, ",") {
			m, err := score.ParseMeld(strings.TrimSpace(s))
			if err != nil {
				return nil, fmt.Errorf("--melds item %d: %w", i+1, err)
			}
			melds = append(melds, m)
			if err := w.AddMeld(m); err != nil {
				return nil, fmt.Errorf("--melds: %w", err)
			}
		}
	}
	// The hand may leave out the winning tile; then add it. Otherwise use
	// the hand's own copy of it, so red fives stay as written.
	want := 14 - 3*len(melds)
	switch len(ts) {
	case want - 1:
		ts = append(ts, winTile)
	case want:
		found := false
		for _, t := range ts {
			if t.Kind() == winTile.Kind() && t.Red() == winTile.Red() {
				winTile, found = t, true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("--win %s is not in --hand %s", o.win, o.hand)
		}
	default:
		return nil, fmt.Errorf("--hand %s has %d tiles: with %d melds a winning hand holds %d concealed tiles (or %d without the winning tile)", o.hand, len(ts), len(melds), want, want-1)
	}
	if err := w.SetHand(ts); err != nil {
		return nil, err
	}
	w.WinTile = winTile
	for flagName, s := range map[string]string{"dora": o.dora, "ura": o.ura} {
		if s == "" {
			continue
		}
		ind, err := tile.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", flagName, err)
		}
		for _, t := range ind {
			add := w.AddDora
			if flagName == "ura" {
				add = w.AddUraDora
			}
			if err := add(t); err != nil {
				return nil, fmt.Errorf("--%s: %w", flagName, err)
			}
		}
	}
	round, err := parseWind("round", o.round)
	if err != nil {
		return nil, err
	}
	w.Round = tile.East + tile.Kind(round)
	if w.Seat, err = parseWind("seat", o.seat); err != nil {
		return nil, err
	}
	w.Dealer = 0
	w.From = (w.Seat + 3) % 4
	if o.from != "" {
		if w.From, err = parseWind("from", o.from); err != nil {
			return nil, err
		}
		if w.From == w.Seat && !w.Tsumo {
			return nil, usageErrorf("--from is the winner's own seat: use --tsumo")
		}
	}
	if o.pao != "" {
		if w.PaoSeat, err = parseWind("pao", o.pao); err != nil {
			return nil, err
		}
		w.Pao = true
	}
	if w.DoubleRiichi {
		w.Riichi = true
	}
	res, err := score.Score(&w, &rules)
	if err != nil {
		if errors.Is(err, score.ErrNoYaku) || errors.Is(err, score.ErrNotAgari) {
			return nil, fmt.Errorf("%s + %s: %w", tile.Format(w.Hand[:w.NumHand]), winTile, err)
		}
		return nil, err
	}
	return newScoreReport(&w, &res), nil
}

// scoreReport is the score command's result; its fields are the JSON keys.
type scoreReport struct {
	Hand     string          `json:"hand"`
	Melds    []score.Meld    `json:"melds"`
	Win      tile.Tile       `json:"win"`
	Tsumo    bool            `json:"tsumo"`
	Yaku     []score.YakuHan `json:"yaku"`
	Han      int             `json:"han"`
	Fu       int             `json:"fu"`
	Yakuman  int             `json:"yakuman"`
	Limit    score.Limit     `json:"limit"`
	Points   int             `json:"points"`
	Gain     int             `json:"gain"`
	Payments [4]int          `json:"payments"` // by seat: E (dealer), S, W, N
}

func newScoreReport(w *score.Win, r *score.Result) *scoreReport {
	rep := &scoreReport{
		Hand: tile.Format(w.Hand[:w.NumHand]), Melds: w.Melds[:w.NumMelds], Win: w.WinTile, Tsumo: w.Tsumo,
		Yaku: r.YakuList(), Han: r.Han, Fu: r.Fu, Yakuman: r.Yakuman, Limit: r.Limit,
		Points: r.Points, Gain: r.Gain, Payments: r.Payments,
	}
	if rep.Melds == nil {
		rep.Melds = []score.Meld{}
	}
	return rep
}

func (rep *scoreReport) print(w io.Writer) error {
	how := "ron"
	if rep.Tsumo {
		how = "tsumo"
	}
	melds := ""
	for _, m := range rep.Melds {
		melds += " " + m.String()
	}
	fmt.Fprintf(w, "hand      %s%s, %s on %v\n\n", rep.Hand, melds, how, rep.Win)
	t := newTable(w, "yaku", "han")
	for _, y := range rep.Yaku {
		h := fmt.Sprint(y.Han)
		if y.Yaku.IsYakuman() {
			h = "yakuman"
			if y.Han > 1 {
				h = fmt.Sprintf("%d× yakuman", y.Han)
			}
		}
		if err := t.Append([]string{y.Yaku.String(), h}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	value := fmt.Sprintf("%d han %d fu", rep.Han, rep.Fu)
	if rep.Yakuman > 0 {
		value = fmt.Sprintf("%d× yakuman", rep.Yakuman)
	}
	if rep.Limit != score.NoLimit && rep.Yakuman == 0 {
		value += " (" + rep.Limit.String() + ")"
	}
	fmt.Fprintf(w, "\nvalue     %s\npoints    %d\n", value, rep.Points)
	var pay []string
	for i, s := range []string{"E", "S", "W", "N"} {
		pay = append(pay, fmt.Sprintf("%s %+d", s, rep.Payments[i]))
	}
	fmt.Fprintf(w, "payments  %s\n", strings.Join(pay, "  "))
	return nil
}
