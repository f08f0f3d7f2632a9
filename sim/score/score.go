package score

import (
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Result is the score of a win: the yaku, han, fu, limit, points and the
// payments. It is a fixed-size value; Score fills it without allocating.
type Result struct {
	// Yaku[:NumYaku] lists the yaku in listing order (see [Yaku]). For a
	// non-yakuman hand each entry holds its han and Dora, AkaDora and
	// UraDora follow when nonzero; for a yakuman hand only the yakuman are
	// listed, each with its multiple.
	Yaku    [MaxYaku]YakuHan
	NumYaku uint8
	// Han is the total han, dora included; 0 for a yakuman hand.
	Han int
	// Fu is the hand's fu: 25 for chiitoitsu, 0 for kokushi; for other
	// yakuman hands the fu of the chosen decomposition, as Tenhou reports it.
	Fu int
	// Yakuman is the number of yakuman (a double yakuman counts 2); 0 for
	// a hand scored by han, kazoe yakuman included.
	Yakuman int
	// Limit is the limit reached, NoLimit below mangan.
	Limit Limit
	// BasePoints is the basic points: fu·2^(han+2) below mangan, 2000 for
	// mangan … 8000 per yakuman.
	BasePoints int
	// Points is the hand's value before honba and riichi sticks: the ron
	// payment, or the sum of the tsumo payments.
	Points int
	// Gain is what the winner receives in all: Points, honba and the riichi
	// sticks on the table. It equals Payments[Win.Seat].
	Gain int
	// Payments is each seat's point change, indexed by absolute seat: the
	// winner's gain and the others' payments (negative). It sums to
	// 1000·RiichiSticks. In a 3-player game seat 3 is always 0.
	Payments [NumSeats]int
}

// YakuList returns the yaku list, Yaku[:NumYaku].
func (r *Result) YakuList() []YakuHan { return r.Yaku[:r.NumYaku] }

// Has reports whether y is in the yaku list.
func (r *Result) Has(y Yaku) bool {
	for _, yh := range r.Yaku[:r.NumYaku] {
		if yh.Yaku == y {
			return true
		}
	}
	return false
}

// TenhouYaku appends the yaku list as Tenhou's AGARI `yaku` attribute holds
// it — id, han, id, han … — and returns the extended slice. As Tenhou does,
// a riichi hand lists ura dora (53) even with 0 han. A yakuman hand appends
// nothing: see [Result.TenhouYakuman].
func (r *Result) TenhouYaku(dst []int) []int {
	if r.Yakuman > 0 {
		return dst
	}
	riichi, ura := false, false
	for _, yh := range r.Yaku[:r.NumYaku] {
		dst = append(dst, yh.Yaku.TenhouID(), int(yh.Han))
		riichi = riichi || yh.Yaku == Riichi || yh.Yaku == DoubleRiichi
		ura = ura || yh.Yaku == UraDora
	}
	if riichi && !ura {
		dst = append(dst, UraDora.TenhouID(), 0)
	}
	return dst
}

// TenhouYakuman appends the Tenhou ids of the yakuman, as Tenhou's AGARI
// `yakuman` attribute holds them, and returns the extended slice.
func (r *Result) TenhouYakuman(dst []int) []int {
	if r.Yakuman == 0 {
		return dst
	}
	for _, yh := range r.Yaku[:r.NumYaku] {
		dst = append(dst, yh.Yaku.TenhouID())
	}
	return dst
}

// meldSummary sums up the melds, which every decomposition shares.
type meldSummary struct {
	fu        int       // triplet and kan fu of the melds
	trips     int       // triplets and kans
	concealed int       // closed kans
	seqs      int       // chi
	seqMask   [3]uint16 // bit n: a sequence n+1..n+3 in suit s
	tripMask  [3]uint16 // bit n: a triplet or kan of number n+1 in suit s
	yaochuu   bool      // every meld holds a terminal or honour
}

// cand is one reading of the hand: the yaku it adds to those every reading
// shares, and its value.
type cand struct {
	extra   [8]YakuHan
	n       int
	han     int // total han, dora included (0 for a yakuman reading)
	fu      int
	yakuman int
	base    int
	limit   Limit
	points  int
}

// scorer holds what Score works out once per win.
type scorer struct {
	w       *Win
	r       *Rules
	conc    tile.Counts
	all     tile.Counts
	win     tile.Kind
	seatW   tile.Kind
	roundW  tile.Kind
	players int // 3 or 4
	closed  bool
	dealer  bool
	honors  bool // the hand holds an honour
	melds   meldSummary

	common    [MaxYaku]YakuHan // yaku every reading has (situation and tile-level yaku)
	nCommon   int
	commonHan int
	dora      [3]YakuHan
	nDora     int
	doraHan   int
	ykm       [8]YakuHan // tile-level yakuman
	nYkm      int

	agari bool
	have  bool
	best  cand
}

// Score scores the win w under rules r. It tries every reading of the hand —
// kokushi, chiitoitsu and every decomposition with every block the winning
// tile may complete — and keeps the one worth the most points, then the most
// han, then the most fu, as Tenhou does. It does not allocate unless it
// returns an error. Errors wrap [ErrBadHand], [ErrBadWin], [ErrNotAgari] or
// [ErrNoYaku]. A nil r means Tenhou's rules.
func Score(w *Win, r *Rules) (Result, error) {
	if r == nil {
		r = &tenhouRules
	}
	var s scorer
	if err := s.init(w, r); err != nil {
		return Result{}, err
	}
	if w.NumMelds == 0 {
		if hand.IsKokushi(&s.conc) {
			s.kokushi()
		}
		if hand.IsChiitoitsu(&s.conc) {
			s.chiitoitsu()
		}
	}
	var buf [hand.MaxDecompositions]hand.Decomposition
	ds := hand.Decompose(&s.conc, buf[:0])
	for i := range ds {
		d := &ds[i]
		s.agari = true
		if d.Pair == s.win {
			s.normal(d, -1)
		}
		for j := 0; j < int(d.NumSets); j++ {
			st := d.Sets[j]
			if !st.Has(s.win) || (j > 0 && d.Sets[j-1] == st) {
				continue // sets are sorted: an equal set was tried already
			}
			s.normal(d, j)
		}
	}
	if !s.agari {
		return Result{}, errNotAgari
	}
	if !s.have {
		return Result{}, errNoYaku
	}
	var res Result
	s.result(&res)
	return res, nil
}

// tenhouRules is what a nil *Rules means; never modified.
var tenhouRules = Tenhou()

// Errors without context for the common cases, so that a rejected hand in a
// simulation costs no allocation.
var (
	errNotAgari error = &wrapErr{ErrNotAgari, "score: not a complete hand"}
	errNoYaku   error = &wrapErr{ErrNoYaku, "score: complete hand without a yaku"}
)

type wrapErr struct {
	err error
	msg string
}

// Error returns the message.
func (e *wrapErr) Error() string { return e.msg }

// Unwrap returns the sentinel.
func (e *wrapErr) Unwrap() error { return e.err }

func (s *scorer) init(w *Win, r *Rules) error {
	s.w, s.r = w, r
	if err := r.Check(); err != nil {
		return err
	}
	s.players = r.NumPlayers()
	reds, kans, err := w.check(&s.conc, &s.all, s.players)
	if err != nil {
		return err
	}
	s.win = w.WinTile.Kind()
	s.seatW = w.SeatWindOf(s.players)
	s.roundW = w.Round
	s.closed = w.Closed()
	s.dealer = w.IsDealer()
	f := s.tileFacts()
	s.gatherMelds()
	s.fixedYakuman(f, kans)
	s.commonYaku(f, kans)
	s.countDora(reds)
	return nil
}

// handFacts are the tile-level facts of the whole hand, melds included.
type handFacts struct {
	simple, yaochuu, terminalsOnly, green bool
	suits                                 uint8 // bit s: suit s (man, pin, sou) present
}

// tileFacts reads the tile-level facts; it sets s.honors.
func (s *scorer) tileFacts() handFacts {
	f := handFacts{simple: true, yaochuu: true, terminalsOnly: true, green: true}
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		if s.all[k] == 0 {
			continue
		}
		f.simple = f.simple && k.IsSimple()
		f.yaochuu = f.yaochuu && k.IsTerminalOrHonor()
		f.terminalsOnly = f.terminalsOnly && k.IsTerminal()
		f.green = f.green && isGreen(k)
		if k.IsHonor() {
			s.honors = true
		} else {
			f.suits |= 1 << k.Suit()
		}
	}
	return f
}

// oneSuit reports a hand of one suit (honours aside).
func (f handFacts) oneSuit() bool { return f.suits == 1 || f.suits == 2 || f.suits == 4 }

// gatherMelds sums up the called (and closed-kan) melds.
func (s *scorer) gatherMelds() {
	w, m := s.w, &s.melds
	m.yaochuu = true
	for i := range w.Melds[:w.NumMelds] {
		ml := &w.Melds[i]
		k := ml.Kind()
		if ml.Type == Chi {
			m.seqs++
			m.seqMask[k.Suit()] |= 1 << (k % 9)
			m.yaochuu = m.yaochuu && (k%9 == 0 || k%9 == 6)
			continue
		}
		m.trips++
		if ml.Type == Ankan {
			m.concealed++
		}
		m.fu += setFu(k, ml.Type != Ankan, ml.Type.IsKan())
		if !k.IsHonor() {
			m.tripMask[k.Suit()] |= 1 << (k % 9)
		}
		m.yaochuu = m.yaochuu && k.IsTerminalOrHonor()
	}
}

// fixedYakuman adds the yakuman that do not depend on the reading.
func (s *scorer) fixedYakuman(f handFacts, kans int) {
	w := s.w
	if w.Tenhou {
		s.addYakuman(TenhouYakuman, 1)
	}
	if w.Chiihou {
		s.addYakuman(ChiihouYakuman, 1)
	}
	if s.all[tile.Haku] >= 3 && s.all[tile.Hatsu] >= 3 && s.all[tile.Chun] >= 3 {
		s.addYakuman(Daisangen, 1)
	}
	winds3, winds2 := 0, 0
	for k := tile.East; k <= tile.North; k++ {
		switch {
		case s.all[k] >= 3:
			winds3++
		case s.all[k] == 2:
			winds2++
		}
	}
	if winds3 == 4 {
		s.addYakuman(Daisuushii, 2)
	} else if winds3 == 3 && winds2 == 1 {
		s.addYakuman(Shousuushii, 1)
	}
	if f.suits == 0 {
		s.addYakuman(Tsuuiisou, 1)
	}
	if f.green {
		s.addYakuman(Ryuuiisou, 1)
	}
	if f.terminalsOnly {
		s.addYakuman(Chinroutou, 1)
	}
	if kans == 4 {
		s.addYakuman(Suukantsu, 1)
	}
	if w.NumMelds == 0 && !s.honors && f.oneSuit() {
		if junsei, ok := s.chuuren(); ok {
			if junsei {
				s.addYakuman(JunseiChuuren, 2)
			} else {
				s.addYakuman(ChuurenPoutou, 1)
			}
		}
	}
}

// commonYaku adds the yaku every reading shares.
func (s *scorer) commonYaku(f handFacts, kans int) {
	s.situationYaku()
	if f.simple && (s.closed || s.r.OpenTanyao) {
		s.addCommon(Tanyao, 1)
	}
	if s.all[s.seatW] >= 3 {
		s.addCommon(SeatWindEast+Yaku(s.seatW-tile.East), 1)
	}
	if s.all[s.roundW] >= 3 {
		s.addCommon(RoundWindEast+Yaku(s.roundW-tile.East), 1)
	}
	dragons3, dragons2 := 0, 0
	for k := tile.Haku; k <= tile.Chun; k++ {
		switch {
		case s.all[k] >= 3:
			s.addCommon(YakuhaiHaku+Yaku(k-tile.Haku), 1)
			dragons3++
		case s.all[k] == 2:
			dragons2++
		}
	}
	if dragons3 == 2 && dragons2 == 1 {
		s.addCommon(Shousangen, 2)
	}
	if f.yaochuu {
		s.addCommon(Honroutou, 2)
	}
	if f.oneSuit() {
		if s.honors {
			s.addCommon(Honitsu, s.closedHan(3))
		} else {
			s.addCommon(Chinitsu, s.closedHan(6))
		}
	}
	if kans == 3 {
		s.addCommon(Sankantsu, 2)
	}
}

// situationYaku adds the yaku of how the hand was won: riichi, ippatsu,
// the kan and last-tile wins, menzen tsumo.
func (s *scorer) situationYaku() {
	w := s.w
	switch {
	case w.DoubleRiichi:
		s.addCommon(DoubleRiichi, 2)
	case w.Riichi:
		s.addCommon(Riichi, 1)
	}
	if w.Ippatsu {
		s.addCommon(Ippatsu, 1)
	}
	if w.Chankan {
		s.addCommon(Chankan, 1)
	}
	if w.Rinshan {
		s.addCommon(RinshanKaihou, 1)
	}
	if w.Haitei {
		s.addCommon(HaiteiRaoyue, 1)
	}
	if w.Houtei {
		s.addCommon(HouteiRaoyui, 1)
	}
	if s.closed && w.Tsumo {
		s.addCommon(MenzenTsumo, 1)
	}
}

// countDora adds the dora, red fives and ura dora, counted once: they are
// the same for every reading. The North tiles set aside (kita) count as dora
// themselves and once more per indicator that shows North, as Tenhou counts
// them.
func (s *scorer) countDora(reds int) {
	w := s.w
	n := int(w.Kita)
	for _, t := range w.Dora[:w.NumDora] {
		n += s.doraCount(t.Kind())
	}
	s.addDora(Dora, n)
	if s.r.RedFives {
		s.addDora(AkaDora, reds)
	}
	if w.Riichi || w.DoubleRiichi {
		n = 0
		for _, t := range w.UraDora[:w.NumUraDora] {
			n += s.doraCount(t.Kind())
		}
		s.addDora(UraDora, n)
	}
}

// doraCount returns how many of the winner's tiles the indicator makes dora,
// the kita included. In a 3-player game 1m shows 9m: 2m–8m are not in play.
func (s *scorer) doraCount(indicator tile.Kind) int {
	k := indicator.DoraFrom()
	if s.players == 3 && indicator == tile.Man1 {
		k = tile.Man9
	}
	n := int(s.all[k])
	if k == tile.North {
		n += int(s.w.Kita)
	}
	return n
}

// isGreen reports whether k may appear in ryuuiisou: 2s 3s 4s 6s 8s Hatsu.
func isGreen(k tile.Kind) bool {
	switch k {
	case tile.Sou1 + 1, tile.Sou1 + 2, tile.Sou1 + 3, tile.Sou1 + 5, tile.Sou1 + 7, tile.Hatsu:
		return true
	}
	return false
}

// chuuren checks the closed one-suit hand for nine gates: 1112345678999 plus
// one tile of the suit. junsei is true when the hand waited on all nine
// (the thirteen tiles before the winning one were exactly 1112345678999).
func (s *scorer) chuuren() (junsei, ok bool) {
	lo := s.win - s.win%9
	if s.win.IsHonor() || s.conc[lo] < 3 || s.conc[lo+8] < 3 {
		return false, false
	}
	for k := lo + 1; k < lo+8; k++ {
		if s.conc[k] == 0 {
			return false, false
		}
	}
	before := s.conc
	before[s.win]--
	junsei = before[lo] == 3 && before[lo+8] == 3
	for k := lo + 1; k < lo+8; k++ {
		junsei = junsei && before[k] == 1
	}
	return junsei, true
}

func (s *scorer) closedHan(han int) uint8 {
	if s.closed {
		return uint8(han)
	}
	return uint8(han - 1)
}

func (s *scorer) addCommon(y Yaku, han uint8) {
	s.common[s.nCommon] = YakuHan{y, han}
	s.nCommon++
	s.commonHan += int(han)
}

func (s *scorer) addDora(y Yaku, n int) {
	if n > 0 {
		s.dora[s.nDora] = YakuHan{y, uint8(n)}
		s.nDora++
		s.doraHan += n
	}
}

func (s *scorer) addYakuman(y Yaku, mult uint8) {
	s.ykm[s.nYkm] = YakuHan{y, s.yakumanMult(mult)}
	s.nYkm++
}

func (s *scorer) yakumanMult(mult uint8) uint8 {
	if !s.r.DoubleYakuman {
		return 1
	}
	return mult
}

// setFu returns the fu of a triplet or kan of kind k.
func setFu(k tile.Kind, open, kan bool) int {
	fu := 2
	if k.IsTerminalOrHonor() {
		fu *= 2
	}
	if !open {
		fu *= 2
	}
	if kan {
		fu *= 4
	}
	return fu
}

// pairFu returns the fu of a pair of kind k: 2 for a dragon, 2 for the seat
// wind and 2 for the round wind (4 for a double wind, as on Tenhou).
func (s *scorer) pairFu(k tile.Kind) int {
	fu := 0
	if k.IsDragon() {
		fu += 2
	}
	if k == s.seatW {
		fu += 2
	}
	if k == s.roundW {
		fu += 2
	}
	return fu
}

// kokushi scores the thirteen-orphans reading.
func (s *scorer) kokushi() {
	s.agari = true
	var c cand
	if s.conc[s.win] == 2 {
		c.add(Kokushi13, s.yakumanMult(2))
	} else {
		c.add(KokushiMusou, 1)
	}
	s.yakumanCand(&c, 0)
}

// chiitoitsu scores the seven-pairs reading.
func (s *scorer) chiitoitsu() {
	s.agari = true
	var c cand
	if s.nYkm > 0 {
		s.yakumanCand(&c, 25)
		return
	}
	c.add(Chiitoitsu, 2)
	s.hanCand(&c, 25)
}

// normal scores decomposition d with the winning tile completing the pair
// (place < 0) or the set d.Sets[place].
func (s *scorer) normal(d *hand.Decomposition, place int) {
	var b blocks
	s.readSets(&b, d, place)
	pairFu := s.pairFu(d.Pair)
	pinfu := s.closed && b.seqs == 4 && pairFu == 0 && b.ryanmen
	total := s.totalFu(&b, pairFu, pinfu)

	var c cand
	if b.concealed == 4 {
		if place < 0 {
			c.add(SuuankouTanki, s.yakumanMult(2))
		} else {
			c.add(Suuankou, 1)
		}
	}
	if c.n > 0 || s.nYkm > 0 {
		s.yakumanCand(&c, total)
		return
	}

	if pinfu {
		c.add(Pinfu, 1)
	}
	s.setYaku(&c, &b)
	s.hanCand(&c, total)
}

// blocks sums up one reading: the melds' summary with the decomposition's
// closed sets added, and the wait the winning tile completed.
type blocks struct {
	meldSummary
	seqFirst [4]tile.Kind // first kinds of the closed sequences, for iipeikou
	nSeq     int
	waitFu   int
	ryanmen  bool
}

// readSets fills b from the melds and d's sets, with the winning tile
// completing the pair (place < 0) or d.Sets[place].
func (s *scorer) readSets(b *blocks, d *hand.Decomposition, place int) {
	b.meldSummary = s.melds
	b.yaochuu = b.yaochuu && d.Pair.IsTerminalOrHonor()
	if place < 0 {
		b.waitFu = 2 // tanki
	}
	for i := 0; i < int(d.NumSets); i++ {
		st := d.Sets[i]
		k := st.First
		if st.Type == hand.Triplet {
			open := i == place && !s.w.Tsumo // a triplet completed by ron is open
			b.fu += setFu(k, open, false)
			b.trips++
			if !open {
				b.concealed++
			}
			if !k.IsHonor() {
				b.tripMask[k.Suit()] |= 1 << (k % 9)
			}
			b.yaochuu = b.yaochuu && k.IsTerminalOrHonor()
			continue
		}
		n := k % 9
		b.seqs++
		b.seqMask[k.Suit()] |= 1 << n
		b.seqFirst[b.nSeq] = k
		b.nSeq++
		b.yaochuu = b.yaochuu && (n == 0 || n == 6)
		if i == place {
			switch {
			case s.win == k+1: // kanchan
				b.waitFu = 2
			case s.win == k+2 && n == 0, s.win == k && n == 6: // penchan
				b.waitFu = 2
			default:
				b.ryanmen = true
			}
		}
	}
}

// totalFu returns the reading's fu, rounded up to ten.
func (s *scorer) totalFu(b *blocks, pairFu int, pinfu bool) int {
	switch {
	case pinfu && s.w.Tsumo:
		return 20
	case pinfu:
		return 30
	}
	total := 20 + b.fu + pairFu + b.waitFu
	if s.w.Tsumo {
		total += 2
	} else if s.closed {
		total += 10
	}
	if total == 20 {
		total = 30 // open hand, ron, no fu: Tenhou rounds 20 up to 30
	}
	return (total + 9) / 10 * 10
}

// setYaku adds the yaku that depend on the reading's sets.
func (s *scorer) setYaku(c *cand, b *blocks) {
	if s.closed {
		switch peikou(b) {
		case 1:
			c.add(Iipeikou, 1)
		case 2:
			c.add(Ryanpeikou, 3)
		}
	}
	if b.yaochuu && b.seqs > 0 {
		if s.honors {
			c.add(Chanta, s.closedHan(2))
		} else {
			c.add(Junchan, s.closedHan(3))
		}
	}
	for _, mask := range b.seqMask {
		if mask&0b1001001 == 0b1001001 {
			c.add(Ittsu, s.closedHan(2))
		}
	}
	if b.seqMask[0]&b.seqMask[1]&b.seqMask[2] != 0 {
		c.add(Sanshoku, s.closedHan(2))
	}
	if b.tripMask[0]&b.tripMask[1]&b.tripMask[2] != 0 {
		c.add(SanshokuDoukou, 2)
	}
	if b.trips == 4 {
		c.add(Toitoi, 2)
	}
	if b.concealed == 3 {
		c.add(Sanankou, 2)
	}
}

// peikou returns the number of pairs of identical closed sequences.
func peikou(b *blocks) int {
	pairs := 0
	used := 0 // bit i: seqFirst[i] already paired
	for i := 0; i < b.nSeq; i++ {
		for j := i + 1; j < b.nSeq; j++ {
			if used&(1<<i|1<<j) == 0 && b.seqFirst[i] == b.seqFirst[j] {
				used |= 1<<i | 1<<j
				pairs++
			}
		}
	}
	return pairs
}

func (c *cand) add(y Yaku, han uint8) {
	c.extra[c.n] = YakuHan{y, han}
	c.n++
	c.han += int(han)
}

// yakumanCand completes c as a yakuman reading (the tile-level yakuman plus
// c's own) and keeps it if it is the best so far.
func (s *scorer) yakumanCand(c *cand, fu int) {
	mult, most := 0, 0
	for _, yh := range s.ykm[:s.nYkm] {
		mult += int(yh.Han)
		most = max(most, int(yh.Han))
	}
	for _, yh := range c.extra[:c.n] {
		mult += int(yh.Han)
		most = max(most, int(yh.Han))
	}
	if !s.r.YakumanStack {
		mult = most
	}
	c.han = 0
	c.fu = fu
	c.yakuman = mult
	c.base = 8000 * mult
	c.limit = Yakuman
	s.keep(c)
}

// hanCand completes c as a han reading and keeps it if it is the best so
// far. A reading without a yaku is dropped.
func (s *scorer) hanCand(c *cand, fu int) {
	c.han += s.commonHan
	if c.han == 0 {
		return
	}
	c.han += s.doraHan
	c.fu = fu
	c.base, c.limit = basePoints(c.han, fu, s.r)
	s.keep(c)
}

func (s *scorer) keep(c *cand) {
	c.points = handPoints(c.base, s.dealer, s.w.Tsumo, s.players)
	b := &s.best
	if !s.have || c.points > b.points ||
		c.points == b.points && (c.yakuman > b.yakuman ||
			c.yakuman == b.yakuman && (c.han > b.han || c.han == b.han && c.fu > b.fu)) {
		s.best = *c
		s.have = true
	}
}

// basePoints returns the basic points and the limit of han and fu.
func basePoints(han, fu int, r *Rules) (int, Limit) {
	switch {
	case han >= 13 && r.KazoeYakuman:
		return 8000, KazoeYakuman
	case han >= 11:
		return 6000, Sanbaiman
	case han >= 8:
		return 4000, Baiman
	case han >= 6:
		return 3000, Haneman
	case han >= 5:
		return 2000, Mangan
	}
	b := fu << (han + 2)
	switch {
	case b >= 2000:
		return 2000, Mangan
	case r.Kiriage && b >= 1920:
		return 2000, NoLimit // paid as mangan, but Tenhou reports no limit
	}
	return b, NoLimit
}

func ceil100(x int) int { return (x + 99) / 100 * 100 }

// handPoints returns the value of a hand with basic points base: the ron
// payment, or the sum of the tsumo payments, which in a 3-player game lacks
// the absent North's share (tsumo-son).
func handPoints(base int, dealer, tsumo bool, players int) int {
	switch {
	case !tsumo && dealer:
		return ceil100(6 * base)
	case !tsumo:
		return ceil100(4 * base)
	case dealer:
		return (players - 1) * ceil100(2*base)
	}
	return ceil100(2*base) + (players-2)*ceil100(base)
}

// result writes the best reading into res and works out the payments.
func (s *scorer) result(res *Result) {
	b := &s.best
	n := 0
	if b.yakuman > 0 {
		n = appendYaku(&res.Yaku, n, s.ykm[:s.nYkm])
		n = appendYaku(&res.Yaku, n, b.extra[:b.n])
	} else {
		n = appendYaku(&res.Yaku, n, s.common[:s.nCommon])
		n = appendYaku(&res.Yaku, n, b.extra[:b.n])
		n = appendYaku(&res.Yaku, n, s.dora[:s.nDora])
	}
	res.NumYaku = uint8(n)
	sortYaku(res.Yaku[:n])
	res.Han = b.han
	res.Fu = b.fu
	res.Yakuman = b.yakuman
	res.Limit = b.limit
	res.BasePoints = b.base
	res.Points = b.points
	s.pay(res)
}

func appendYaku(dst *[MaxYaku]YakuHan, n int, src []YakuHan) int {
	if n+len(src) > MaxYaku {
		panic("score: more than MaxYaku yaku") // cannot happen: at most 16 combine
	}
	return n + copy(dst[n:], src)
}

// sortYaku sorts a short list by Yaku (insertion sort: no allocation).
func sortYaku(ys []YakuHan) {
	for i := 1; i < len(ys); i++ {
		for j := i; j > 0 && ys[j].Yaku < ys[j-1].Yaku; j-- {
			ys[j], ys[j-1] = ys[j-1], ys[j]
		}
	}
}

// pay fills res.Payments and res.Gain.
func (s *scorer) pay(res *Result) {
	w, r := s.w, s.r
	honba := r.HonbaPoints * w.Honba
	mul := 4
	if s.dealer {
		mul = 6
	}
	base := res.BasePoints
	p := &res.Payments

	paoBase := 0
	if w.Pao {
		for _, yh := range res.Yaku[:res.NumYaku] {
			if yh.Yaku == Daisangen || yh.Yaku == Daisuushii {
				paoBase = 8000 * int(yh.Han)
			}
		}
		if paoBase > 0 && r.PaoCoversAll || paoBase > base {
			paoBase = base
		}
	}
	pao := int(w.PaoSeat)

	switch {
	case w.Tsumo && paoBase > 0:
		p[pao] -= paoBase * mul
		if rest := base - paoBase; rest > 0 {
			s.tsumoShares(p, rest, honba)
		} else {
			p[pao] -= honba
		}
	case w.Tsumo:
		s.tsumoShares(p, base, honba)
	case paoBase > 0 && pao != int(w.From):
		half := paoBase * mul / 2
		p[pao] -= half
		if r.PaoCoversAll {
			p[pao] -= honba // as mjx does; to be checked against a Tenhou log
			p[w.From] -= ceil100(base*mul) - half
		} else {
			p[w.From] -= ceil100(base*mul) - half + honba
		}
	default:
		p[w.From] -= ceil100(base*mul) + honba
	}
	gain := 1000 * w.RiichiSticks
	for i := range p {
		gain -= p[i]
	}
	p[w.Seat] = gain
	res.Gain = gain
}

// tsumoShares charges each other seat its share of a tsumo worth base basic
// points, plus an equal share of the honba points.
func (s *scorer) tsumoShares(p *[NumSeats]int, base, honba int) {
	share := honba / (s.players - 1)
	for seat := range uint8(s.players) {
		switch {
		case seat == s.w.Seat:
		case s.dealer || seat == s.w.Dealer:
			p[seat] -= ceil100(2*base) + share
		default:
			p[seat] -= ceil100(base) + share
		}
	}
}
