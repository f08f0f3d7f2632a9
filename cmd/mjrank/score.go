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

An incomplete hand or a hand without yaku is an error (exit status 1). A
flag that cannot be read or is out of range (--honba and --sticks go from 0
to 100, honba-points in --rules to 3000), or flags that contradict each
other (--tsumo with --from, --ippatsu without riichi, --haitei on a ron,
--pao on the winner or on a hand without daisangen or daisuushii, ...) are
usage errors (exit status 2).
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
		fs.IntVar(&o.w.Honba, "honba", 0, fmt.Sprintf("honba `count` (0 to %d)", score.MaxHonba))
		fs.IntVar(&o.w.RiichiSticks, "sticks", 0, fmt.Sprintf("riichi `sticks` on the table (0 to %d)", score.MaxRiichiSticks))
		fs.StringVar(&o.rules, "rules", "tenhou", fmt.Sprintf("scoring `rules`: tenhou, optionally with switches (tenhou,kiriage=true; honba-points=N up to %d)", score.MaxHonbaPoints))
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
	w                                                          score.Win // the flags that set its fields directly
}

var winds = []string{"E", "S", "W", "N"}

// parseWind reads a seat or round wind flag; "" (not given) is -1.
func parseWind(flagName, s string) (int, error) {
	if s == "" {
		return -1, nil
	}
	for i, w := range winds {
		if strings.EqualFold(s, w) {
			return i, nil
		}
	}
	return 0, usageErrorf("--%s %q: want E, S, W or N", flagName, s)
}

// scoreFlags is what the flags say once each is checked on its own: winds
// as seat numbers (East, the dealer, is 0; -1 not given).
type scoreFlags struct {
	round, seat, from, pao int
	rules                  score.Rules
}

// check reads and checks every flag, and refuses the combinations no win
// can have, before the hand is looked at: each error is a usage error
// naming its flags.
func (o *scoreOptions) check() (*scoreFlags, error) {
	if o.hand == "" || o.win == "" {
		return nil, usageErrorf("--hand and --win are required")
	}
	var f scoreFlags
	var errs [4]error
	f.round, errs[0] = parseWind("round", o.round)
	f.seat, errs[1] = parseWind("seat", o.seat)
	f.from, errs[2] = parseWind("from", o.from)
	f.pao, errs[3] = parseWind("pao", o.pao)
	if err := firstErr(append(errs[:],
		intIn("honba", o.w.Honba, 0, score.MaxHonba),
		intIn("sticks", o.w.RiichiSticks, 0, score.MaxRiichiSticks))...); err != nil {
		return nil, err
	}
	if f.round < 0 || f.seat < 0 {
		return nil, usageErrorf("--round and --seat cannot be empty: want E, S, W or N")
	}
	rules, err := score.ParseRules(o.rules)
	if err != nil {
		return nil, usageErrorf("--rules %q: %v", o.rules, err)
	}
	f.rules = rules
	w, tsumo := &o.w, o.tsumo
	riichi := w.Riichi || w.DoubleRiichi
	for _, c := range []struct {
		bad bool
		msg string
	}{
		{tsumo && f.from >= 0, "--from names the discarder of a ron: not with --tsumo"},
		{!tsumo && f.from == f.seat, "--from is the winner's own seat: use --tsumo"},
		{f.pao == f.seat, fmt.Sprintf("--pao %s is the winner's own seat (--seat %s)", winds[max(f.pao, 0)], winds[f.seat])},
		{w.Ippatsu && !riichi, "--ippatsu needs --riichi or --double-riichi"},
		{tsumo && w.Houtei, "--houtei is a ron on the last discard: not with --tsumo"},
		{tsumo && w.Chankan, "--chankan is a ron on an added kan: not with --tsumo"},
		{!tsumo && w.Haitei, "--haitei is a tsumo on the last tile: add --tsumo"},
		{!tsumo && w.Rinshan, "--rinshan is a tsumo on a kan replacement: add --tsumo"},
		{!tsumo && (w.Tenhou || w.Chiihou), "--tenhou and --chiihou are wins by tsumo: add --tsumo"},
		{w.Rinshan && w.Haitei, "--rinshan and --haitei exclude each other"},
		{w.Tenhou && f.seat != 0, "--tenhou is the dealer's: it needs --seat E"},
		{w.Chiihou && f.seat == 0, "--chiihou is a non-dealer's: not with --seat E"},
		{(w.Tenhou || w.Chiihou) && (riichi || o.melds != ""), "--tenhou and --chiihou come before any call or riichi: not with --melds, --riichi or --double-riichi"},
	} {
		if c.bad {
			return nil, usageErrorf("%s", c.msg)
		}
	}
	return &f, nil
}

// score builds the Win from the flags and scores it.
func (o *scoreOptions) score() (*scoreReport, error) {
	f, err := o.check()
	if err != nil {
		return nil, err
	}
	w := o.w
	w.Tsumo = o.tsumo
	winTile, err := tile.ParseTile(o.win)
	if err != nil {
		return nil, usageErrorf("--win: %v", err)
	}
	ts, err := tile.Parse(o.hand)
	if err != nil {
		return nil, usageErrorf("--hand: %v", err)
	}
	nMelds, err := o.addMelds(&w)
	if err != nil {
		return nil, err
	}
	if err := o.addIndicators(&w); err != nil {
		return nil, err
	}
	if ts, winTile, err = o.withWinTile(ts, winTile, nMelds); err != nil {
		return nil, err
	}
	if err := w.SetHand(ts); err != nil {
		return nil, err
	}
	w.WinTile = winTile
	f.fillWin(&w)
	res, err := score.Score(&w, &f.rules)
	switch {
	case errors.Is(err, score.ErrNoYaku) || errors.Is(err, score.ErrNotAgari):
		return nil, fmt.Errorf("%s + %s: %w", tile.Format(w.Hand[:w.NumHand]), winTile, err)
	case errors.Is(err, score.ErrBadWin):
		// What the flags contradict only with the melds (rinshan without
		// a kan, riichi in an open hand).
		return nil, usageErrorf("%v", err)
	case err != nil:
		return nil, err
	}
	if w.Pao && !hasPaoYakuman(&res) {
		return nil, usageErrorf("--pao %s: the hand has no daisangen or daisuushii for a seat to be liable for", winds[f.pao])
	}
	return newScoreReport(&w, &res), nil
}

// addMelds adds the melds of --melds to w and returns how many there are.
func (o *scoreOptions) addMelds(w *score.Win) (int, error) {
	if o.melds == "" {
		return 0, nil
	}
	n := 0
	for i, s := range strings.Split(o.melds, ",") {
		m, err := score.ParseMeld(strings.TrimSpace(s))
		if err != nil {
			return 0, usageErrorf("--melds item %d: %v", i+1, err)
		}
		n++
		if err := w.AddMeld(m); err != nil {
			return 0, usageErrorf("--melds: %v", err)
		}
	}
	return n, nil
}

// addIndicators adds the dora and ura dora indicators of --dora and --ura
// to w.
func (o *scoreOptions) addIndicators(w *score.Win) error {
	for _, ind := range []struct {
		flag, s string
		add     func(tile.Tile) error
	}{{"dora", o.dora, w.AddDora}, {"ura", o.ura, w.AddUraDora}} {
		if ind.s == "" {
			continue
		}
		tiles, err := tile.Parse(ind.s)
		if err != nil {
			return usageErrorf("--%s: %v", ind.flag, err)
		}
		for _, t := range tiles {
			if err := ind.add(t); err != nil {
				return usageErrorf("--%s: %v", ind.flag, err)
			}
		}
	}
	return nil
}

// withWinTile returns the concealed tiles with the winning tile: --hand
// may leave it out, and then it is added. Otherwise the hand's own copy of
// it is the winning tile, so red fives stay as written.
func (o *scoreOptions) withWinTile(ts []tile.Tile, winTile tile.Tile, nMelds int) ([]tile.Tile, tile.Tile, error) {
	want := 14 - 3*nMelds
	switch len(ts) {
	case want - 1:
		return append(ts, winTile), winTile, nil
	case want:
		for _, t := range ts {
			if t.Kind() == winTile.Kind() && t.Red() == winTile.Red() {
				return ts, t, nil
			}
		}
		return nil, winTile, fmt.Errorf("--win %s is not in --hand %s", o.win, o.hand)
	}
	return nil, winTile, fmt.Errorf("--hand %s has %s: with %s a winning hand holds %d concealed tiles (or %d without the winning tile)",
		o.hand, plural(len(ts), "tile"), plural(nMelds, "meld"), want, want-1)
}

// fillWin sets what the checked flags say of w: the winds and seats (the
// dealer is East, seat 0; a ron comes from --from, else from the seat
// before the winner), pao, and riichi under double riichi.
func (f *scoreFlags) fillWin(w *score.Win) {
	w.Round = tile.East + tile.Kind(max(f.round, 0))
	w.Seat = uint8(f.seat)
	w.Dealer = 0
	w.From = uint8((f.seat + 3) % 4)
	if f.from >= 0 {
		w.From = uint8(f.from)
	}
	if f.pao >= 0 {
		w.Pao, w.PaoSeat = true, uint8(f.pao)
	}
	if w.DoubleRiichi {
		w.Riichi = true
	}
}

// hasPaoYakuman reports whether a result holds a yakuman that pao applies to.
func hasPaoYakuman(r *score.Result) bool {
	for _, y := range r.YakuList() {
		if y.Yaku == score.Daisangen || y.Yaku == score.Daisuushii {
			return true
		}
	}
	return false
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
