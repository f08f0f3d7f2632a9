package score

import (
	"errors"
	"fmt"

	"github.com/mjrank/mjrank/sim/tile"
)

// Sentinel errors of [Score], for [errors.Is]. Each returned error wraps one
// of them with what was wrong.
var (
	// ErrBadHand: tile ids out of range, more than four of a kind, a red five
	// twice, a wrong number of concealed tiles for the melds, a winning tile
	// not in the hand, or a malformed meld; in a 3-player game also a tile
	// 2m–8m or a chi.
	ErrBadHand = errors.New("bad hand")
	// ErrBadWin: the situation is inconsistent (seats, round wind, flags that
	// cannot go together such as Rinshan on a ron, riichi in an open hand,
	// too many dora indicators, negative honba, Kita in a 4-player game).
	ErrBadWin = errors.New("inconsistent win")
	// ErrNotAgari: the tiles do not form a complete hand.
	ErrNotAgari = errors.New("not a complete hand")
	// ErrNoYaku: the hand is complete but has no yaku (dora alone do not count).
	ErrNoYaku = errors.New("no yaku")
)

// Seats and sizes.
const (
	NumSeats = 4  // seats of the payment arrays; absolute, 0..3 (0..2 in a 3-player game)
	MaxHand  = 14 // concealed tiles including the winning tile
	MaxMelds = 4  // melds in a hand
	MaxDora  = 5  // dora (or ura dora) indicators
	MaxYaku  = 16 // entries in a Result's yaku list
	// MaxHonba and MaxRiichiSticks bound a Win's counters: far above any
	// real game (100 sticks are all the points of a 25,000-start game) and
	// low enough that no payment can overflow.
	MaxHonba        = 100
	MaxRiichiSticks = 100
	maxPlacing      = 4 + 1
)

// Win describes a winning hand and its situation: everything [Score] needs.
// It is a plain value of fixed arrays (no slices), built once per win by the
// caller and passed by pointer; Score does not modify or keep it.
//
// Seats are absolute (0..3, or 0..2 in a 3-player game); the seat wind
// follows from Seat, Dealer and the number of players. The zero Win is not a
// valid win.
type Win struct {
	// Hand[:NumHand] are the concealed tiles, the winning tile included: 14
	// minus 3 per meld (a kan counts as 3).
	Hand    [MaxHand]tile.Tile
	NumHand uint8
	// WinTile is the winning tile: the drawn tile on tsumo, the discard (or
	// the robbed kan tile) on ron. A tile of its kind must be in Hand.
	WinTile tile.Tile
	// Tsumo is true for a win by self-draw, false for ron.
	Tsumo bool
	// Melds[:NumMelds] are the called melds and closed kans.
	Melds    [MaxMelds]Meld
	NumMelds uint8

	Seat   uint8     // the winner
	Dealer uint8     // the dealer (East) this round
	From   uint8     // on ron, the seat that discarded (or whose kan was robbed); ignored on tsumo
	Round  tile.Kind // the round wind: tile.East .. tile.North

	Riichi       bool // declared riichi
	DoubleRiichi bool // declared riichi on the first turn (Riichi may be set too)
	Ippatsu      bool // won within one go-around of riichi, uninterrupted
	Haitei       bool // tsumo on the last wall tile
	Houtei       bool // ron on the last discard
	Rinshan      bool // tsumo on the replacement tile after a kan
	Chankan      bool // ron on a tile added to a pon (kakan)
	Tenhou       bool // dealer tsumo on the first draw, no call made
	Chiihou      bool // non-dealer tsumo on the first draw, no call made

	// Dora[:NumDora] are the dora indicators (not the dora): tiles as shown.
	Dora    [MaxDora]tile.Tile
	NumDora uint8
	// UraDora[:NumUraDora] are the ura dora indicators; they count only with
	// riichi (or double riichi) and are ignored otherwise.
	UraDora    [MaxDora]tile.Tile
	NumUraDora uint8

	Honba        int // the repeat counter
	RiichiSticks int // 1000-point deposits on the table, all taken by the winner

	// Pao marks that PaoSeat is liable for the hand's daisangen or daisuushii
	// (it fed the call that completed the third dragon or fourth wind set).
	// It changes payments only when the hand scores that yakuman.
	Pao     bool
	PaoSeat uint8

	// Kita is the number of North tiles the winner has set aside (nukidora;
	// 3-player games only, 0..4). Each is one han of dora, listed within
	// [Dora] as Tenhou lists it, and one more for every dora (or, with
	// riichi, ura dora) indicator that shows North. They are not part of the
	// hand: they make no set, yaku or fu.
	Kita uint8
}

// SetHand copies ts into Hand and sets NumHand. More than 14 tiles is an
// error wrapping [ErrBadHand]; Hand is then unchanged.
func (w *Win) SetHand(ts []tile.Tile) error {
	if len(ts) > MaxHand {
		return fmt.Errorf("score: %w: %d concealed tiles, at most %d", ErrBadHand, len(ts), MaxHand)
	}
	w.NumHand = uint8(copy(w.Hand[:], ts))
	return nil
}

// AddMeld appends m to Melds. A fifth meld is an error wrapping ErrBadHand.
func (w *Win) AddMeld(m Meld) error {
	if w.NumMelds >= MaxMelds {
		return fmt.Errorf("score: %w: more than %d melds", ErrBadHand, MaxMelds)
	}
	w.Melds[w.NumMelds] = m
	w.NumMelds++
	return nil
}

// AddDora appends a dora indicator. A sixth is an error wrapping ErrBadWin.
func (w *Win) AddDora(indicator tile.Tile) error {
	return addIndicator(&w.Dora, &w.NumDora, indicator, "dora")
}

// AddUraDora appends an ura dora indicator. A sixth is an error wrapping
// ErrBadWin.
func (w *Win) AddUraDora(indicator tile.Tile) error {
	return addIndicator(&w.UraDora, &w.NumUraDora, indicator, "ura dora")
}

func addIndicator(dst *[MaxDora]tile.Tile, n *uint8, t tile.Tile, what string) error {
	if *n >= MaxDora {
		return fmt.Errorf("score: %w: more than %d %s indicators", ErrBadWin, MaxDora, what)
	}
	dst[*n] = t
	(*n)++
	return nil
}

// SeatWind returns the winner's seat wind in a 4-player game: East for the
// dealer, then South, West, North counter-clockwise. [Win.SeatWindOf] counts
// the seats of a 3-player game.
func (w *Win) SeatWind() tile.Kind { return w.SeatWindOf(NumSeats) }

// SeatWindOf returns the winner's seat wind among players seats (3 or 4):
// East for the dealer, then South, West (and North) counter-clockwise.
func (w *Win) SeatWindOf(players int) tile.Kind {
	n := uint8(players)
	return tile.East + tile.Kind((w.Seat+n-w.Dealer%n)%n)
}

// IsDealer reports whether the winner is the dealer.
func (w *Win) IsDealer() bool { return w.Seat == w.Dealer }

// Closed reports whether the hand has no open meld (closed kans keep it
// closed).
func (w *Win) Closed() bool {
	for _, m := range w.Melds[:min(w.NumMelds, MaxMelds)] {
		if m.Open() {
			return false
		}
	}
	return true
}

// check validates w for a game of players seats (3 or 4) and fills the
// concealed counts, the counts of all tiles (the Kita not included), the
// number of red fives and the kans. Errors wrap ErrBadHand or ErrBadWin.
func (w *Win) check(conc, all *tile.Counts, players int) (reds, kans int, err error) {
	reds, kans, err = w.countTiles(conc, all)
	if err != nil {
		return 0, 0, err
	}
	if players == 3 {
		if err := w.checkSanmaTiles(all); err != nil {
			return 0, 0, err
		}
	}
	if err := w.checkSituation(kans, players); err != nil {
		return 0, 0, err
	}
	return reds, kans, nil
}

// checkSanmaTiles refuses what a 3-player set does not hold: a tile 2m–8m
// in the hand or a meld (a dora indicator of them is checkSituation's),
// a chi, and more North tiles than four with the Kita. Errors wrap
// ErrBadHand.
func (w *Win) checkSanmaTiles(all *tile.Counts) error {
	for k := tile.Man1 + 1; k < tile.Man9; k++ {
		if all[k] > 0 {
			return fmt.Errorf("score: %w: %v in a 3-player game (no 2m-8m)", ErrBadHand, k)
		}
	}
	for i := range w.Melds[:w.NumMelds] {
		if w.Melds[i].Type == Chi {
			return fmt.Errorf("score: %w: meld %d is a chi, which a 3-player game has not", ErrBadHand, i+1)
		}
	}
	if n := int(all[tile.North]) + int(w.Kita); n > 4 {
		return fmt.Errorf("score: %w: %d North tiles with %d set aside (kita)", ErrBadHand, n, w.Kita)
	}
	return nil
}

// countTiles checks the tiles (the hand's size, the tile ids, the melds,
// at most one red five a suit and four tiles a kind, the winning tile in
// the hand) while it fills conc and all and counts the red fives and kans.
// Errors wrap ErrBadHand.
func (w *Win) countTiles(conc, all *tile.Counts) (reds, kans int, err error) {
	if w.NumMelds > MaxMelds {
		return 0, 0, fmt.Errorf("score: %w: %d melds", ErrBadHand, w.NumMelds)
	}
	if want := MaxHand - 3*int(w.NumMelds); int(w.NumHand) != want {
		return 0, 0, fmt.Errorf("score: %w: %d concealed tiles with %d melds, want %d", ErrBadHand, w.NumHand, w.NumMelds, want)
	}
	var red [3]uint8 // red fives per suit
	for _, t := range w.Hand[:w.NumHand] {
		if !t.Valid() {
			return 0, 0, fmt.Errorf("score: %w: tile id %d", ErrBadHand, uint8(t))
		}
		conc[t.Kind()]++
		if t.Red() {
			red[t.Kind().Suit()]++
		}
	}
	*all = *conc
	for i := range w.Melds[:w.NumMelds] {
		m := &w.Melds[i]
		if err := m.Check(); err != nil {
			return 0, 0, fmt.Errorf("score: %w: meld %d: %w", ErrBadHand, i+1, err)
		}
		if m.Type.IsKan() {
			kans++
		}
		for _, t := range m.Tiles[:m.Type.Size()] {
			all[t.Kind()]++
			if t.Red() {
				red[t.Kind().Suit()]++
			}
		}
	}
	for s, n := range red {
		if n > 1 {
			return 0, 0, fmt.Errorf("score: %w: %d red fives of suit %v", ErrBadHand, n, tile.Suit(s))
		}
		reds += int(n)
	}
	for k, n := range all {
		if n > 4 {
			return 0, 0, fmt.Errorf("score: %w: %d tiles of %v", ErrBadHand, n, tile.Kind(k))
		}
	}
	if !w.WinTile.Valid() || conc[w.WinTile.Kind()] == 0 {
		return 0, 0, fmt.Errorf("score: %w: winning tile %v is not in the hand", ErrBadHand, w.WinTile)
	}
	return reds, kans, nil
}

// checkSituation checks the seats, winds, counts and flags of the win
// against each other, the hand's kans and the number of players. Errors
// wrap ErrBadWin.
func (w *Win) checkSituation(kans, players int) error {
	n := uint8(players)
	switch {
	case w.Seat >= n || w.Dealer >= n:
		return fmt.Errorf("score: %w: seat %d, dealer %d (want 0..%d)", ErrBadWin, w.Seat, w.Dealer, n-1)
	case w.Kita > 0 && players != 3:
		return fmt.Errorf("score: %w: %d kita in a %d-player game (only 3-player games set the North aside)", ErrBadWin, w.Kita, players)
	case !w.Tsumo && (w.From >= n || w.From == w.Seat):
		return fmt.Errorf("score: %w: ron from seat %d by seat %d", ErrBadWin, w.From, w.Seat)
	case !w.Round.IsWind():
		return fmt.Errorf("score: %w: round wind %v is not a wind", ErrBadWin, w.Round)
	case w.NumDora > MaxDora || w.NumUraDora > MaxDora:
		return fmt.Errorf("score: %w: more than 5 dora indicators", ErrBadWin)
	case w.Honba < 0 || w.RiichiSticks < 0 || w.Honba > MaxHonba || w.RiichiSticks > MaxRiichiSticks:
		return fmt.Errorf("score: %w: %d honba, %d riichi sticks (want 0..%d each)", ErrBadWin, w.Honba, w.RiichiSticks, MaxHonba)
	case w.Pao && (w.PaoSeat >= n || w.PaoSeat == w.Seat):
		return fmt.Errorf("score: %w: pao seat %d for winner %d", ErrBadWin, w.PaoSeat, w.Seat)
	case (w.Riichi || w.DoubleRiichi || w.Ippatsu) && !w.Closed():
		return fmt.Errorf("score: %w: riichi in an open hand", ErrBadWin)
	case w.Ippatsu && !w.Riichi && !w.DoubleRiichi:
		return fmt.Errorf("score: %w: ippatsu without riichi", ErrBadWin)
	case w.Tsumo && (w.Houtei || w.Chankan):
		return fmt.Errorf("score: %w: houtei or chankan on a tsumo", ErrBadWin)
	case !w.Tsumo && (w.Haitei || w.Rinshan || w.Tenhou || w.Chiihou):
		return fmt.Errorf("score: %w: haitei, rinshan, tenhou or chiihou on a ron", ErrBadWin)
	case w.Rinshan && kans == 0 && w.Kita == 0:
		return fmt.Errorf("score: %w: rinshan without a kan (or kita)", ErrBadWin)
	case w.Rinshan && w.Haitei:
		return fmt.Errorf("score: %w: rinshan and haitei together", ErrBadWin)
	case (w.Tenhou || w.Chiihou) && (w.NumMelds > 0 || w.Riichi || w.DoubleRiichi):
		return fmt.Errorf("score: %w: tenhou or chiihou after a call or riichi", ErrBadWin)
	case w.Tenhou && !w.IsDealer(), w.Chiihou && w.IsDealer():
		return fmt.Errorf("score: %w: tenhou is the dealer's, chiihou a non-dealer's", ErrBadWin)
	}
	for _, t := range w.Dora[:w.NumDora] {
		if !t.Valid() || players == 3 && !t.Kind().InSanma() {
			return fmt.Errorf("score: %w: dora indicator id %d in a %d-player game", ErrBadWin, uint8(t), players)
		}
	}
	for _, t := range w.UraDora[:w.NumUraDora] {
		if !t.Valid() || players == 3 && !t.Kind().InSanma() {
			return fmt.Errorf("score: %w: ura dora indicator id %d in a %d-player game", ErrBadWin, uint8(t), players)
		}
	}
	return nil
}
