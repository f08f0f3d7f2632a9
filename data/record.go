package data

import (
	"fmt"
	"strconv"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Level is the lobby level of a Tenhou game, from bits 0x20 and 0x80 of the
// GO type. The zero Level is Ippan.
type Level uint8

// The four Tenhou lobby levels.
const (
	Ippan   Level = iota // general lobby (neither bit)
	Joukyuu              // upper lobby (0x80)
	Tokujou              // special lobby (0x20)
	Houou                // phoenix lobby (0xA0)
)

var levelNames = [...]string{"ippan", "joukyuu", "tokujou", "houou"}

// String returns the level's romaji name in lower case, e.g. "houou".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// GO type bits, as commonly documented (see the package doc).
const (
	typeHuman     = 0x01 // opponents are humans
	typeNoRed     = 0x02 // red fives off
	typeNoTanyao  = 0x04 // open tanyao off
	typeEastSouth = 0x08 // hanchan; clear: east only
	typeSanma     = 0x10 // three players
	typeTokujou   = 0x20 // level bit
	typeFast      = 0x40 // fast game
	typeJoukyuu   = 0x80 // level bit
)

// Rules are the rule switches of a game, decoded from the GO tag's type bit
// field (mjlog) or from the rule text of the other formats. The zero Rules
// value is an east-only game without red fives or open tanyao; [TenhouRules]
// is the usual Houou east-south set.
type Rules struct {
	Type       int   // the GO type bit field as recorded; derived by the other formats
	EastSouth  bool  // hanchan (tonpuusen, east only, when false)
	RedFives   bool  // one red five in each suit
	OpenTanyao bool  // kuitan: tanyao counts in an open hand
	Fast       bool  // fast game (shorter thinking time)
	Level      Level // lobby level
}

// TenhouRules returns the rules of a 4-player Houou east-south game: GO type
// 0xA9 (169), red fives and open tanyao on.
func TenhouRules() Rules { return RulesFromType(0xA9) }

// RulesFromType decodes a GO type bit field. The player count (bit 0x10) is
// reported by [PlayersFromType]; bits above 0xFF (special lobbies) are kept in
// Type only.
func RulesFromType(t int) Rules {
	r := Rules{
		Type:       t,
		EastSouth:  t&typeEastSouth != 0,
		RedFives:   t&typeNoRed == 0,
		OpenTanyao: t&typeNoTanyao == 0,
		Fast:       t&typeFast != 0,
	}
	switch t & (typeTokujou | typeJoukyuu) {
	case typeJoukyuu:
		r.Level = Joukyuu
	case typeTokujou:
		r.Level = Tokujou
	case typeTokujou | typeJoukyuu:
		r.Level = Houou
	}
	return r
}

// PlayersFromType returns 3 if the GO type bit field marks a 3-player game
// (bit 0x10), otherwise 4.
func PlayersFromType(t int) int {
	if t&typeSanma != 0 {
		return 3
	}
	return 4
}

// TenhouType encodes the rules and a player count as a GO type bit field,
// with the human bit set: the inverse of [RulesFromType] and
// [PlayersFromType]. Bits above 0xFF of r.Type are kept.
func (r Rules) TenhouType(players int) int {
	t := typeHuman | r.Type&^0xFF
	if !r.RedFives {
		t |= typeNoRed
	}
	if !r.OpenTanyao {
		t |= typeNoTanyao
	}
	if r.EastSouth {
		t |= typeEastSouth
	}
	if players == 3 {
		t |= typeSanma
	}
	if r.Fast {
		t |= typeFast
	}
	switch r.Level {
	case Joukyuu:
		t |= typeJoukyuu
	case Tokujou:
		t |= typeTokujou
	case Houou:
		t |= typeJoukyuu | typeTokujou
	}
	return t
}

// Game is one game record, format-neutral. Seats are 0..3 in the order of
// the record (seat 0 is the first dealer); a 3-player game has Players == 3
// and leaves seat 3 empty. Scores are in points (mjlog's values × 100).
type Game struct {
	Ref     string     // Tenhou log id, e.g. "2019103023gm-00a9-0000-f90e0fe9", when known (the record's, or one in its file name)
	Seed    string     // the SHUFFLE seed (modern mjlog), else ""
	Rules   Rules      // rule switches
	Lobby   int        // lobby number (GO lobby=, tenhou.net/6 "lobby")
	Players int        // 4, or 3 for a 3-player (sanma) game
	Names   [4]string  // player names, decoded
	Dan     [4]int     // Tenhou rank index: 0 = 新人, 1..9 = 9級..1級, 10 = 初段 .. 19 = 十段, 20 = 天鳳位
	Rate    [4]float64 // Tenhou rating
	Sex     [4]string  // "M", "F" or "C" (computer)
	Title   [2]string  // tenhou.net/6 title lines, if any
	Rounds  []Round    // in play order
	Owari   *Owari     // the final result; nil if the record has none (truncated)
}

// Owari is the end of a game: the final scores and Tenhou's final game
// points (score/1000 − 30 + uma, as in owari="331,47.0,…").
type Owari struct {
	Scores [4]int     // final scores in points
	RankPt [4]float64 // final game points with uma, e.g. +47.0
}

// Round is one hand (kyoku) of a game: its starting position and the
// ordered events that a replay feeds to an engine one by one.
type Round struct {
	Number        int              // 0 = East 1 … 3 = East 4, 4 = South 1 …; wind = Number/4
	Honba         int              // repeat counter
	Sticks        int              // riichi sticks on the table at the start
	Dice          [2]int           // the two dice (0..5 as Tenhou records them)
	DoraIndicator tile.Tile        // the first dora indicator
	Scores        [4]int           // points at the start
	Dealer        int              // seat of the dealer
	Hands         [4][13]tile.Tile // starting hands; all NoTile for an absent seat
	Shuffle       string           // the 2009 format's per-round shuffle= attribute, else ""
	Events        []Event          // in order; a result event (EventAgari/EventRyuukyoku) ends the play
	Agari         []Agari          // the wins, in order (two on a double ron); indexed by Event.Index
	Ryuukyoku     *Ryuukyoku       // the draw, if the round ended in one
}

// Wind returns the round wind: East, South, West or North.
func (r *Round) Wind() tile.Kind { return tile.East + tile.Kind(uint(r.Number)/4%4) }

// Name returns the round as "E1-0" (wind, hand number, honba).
func (r *Round) Name() string {
	if r.Number < 0 {
		return "?-" + strconv.Itoa(r.Honba)
	}
	return string("ESWN"[r.Number/4%4]) + strconv.Itoa(r.Number%4+1) + "-" + strconv.Itoa(r.Honba)
}

// EventType says what an Event records. The zero EventType is EventNone.
type EventType uint8

// The event types. Each names the Event fields it uses.
const (
	EventNone      EventType = iota // not an event
	EventDraw                       // Seat draws Tile
	EventDiscard                    // Seat discards Tile; Tsumogiri if it is the tile just drawn
	EventCall                       // Seat makes Meld; From is the seat the called tile came from
	EventRiichi                     // Seat declares riichi (Step 1) or the riichi is accepted (Step 2, Scores after the stick)
	EventNewDora                    // a new dora indicator Tile is revealed
	EventKita                       // Seat sets aside a North Tile (3-player games only)
	EventAgari                      // Seat wins: Round.Agari[Index]
	EventRyuukyoku                  // the round ends in a draw: Round.Ryuukyoku
	EventBye                        // Seat disconnects
	EventReconnect                  // Seat reconnects
)

var eventNames = [...]string{"none", "draw", "discard", "call", "riichi", "dora", "kita", "agari", "ryuukyoku", "bye", "reconnect"}

// String returns the type's lower-case name, e.g. "discard".
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return "EventType(" + strconv.Itoa(int(t)) + ")"
}

// Event is one step of a round. It is a small value (no pointers): Type says
// which fields are meaningful, the others are zero (Seat, From −1 and Tile
// NoTile where unused, as the constructors below set them).
//
// For a Call, Meld follows score.Meld: Tiles[0] is the called tile (for a
// Kakan the tile the pon called, with the added tile in Tiles[3]); From is
// the seat the called tile came from, the caller itself for an Ankan, and the
// pon's source for a Kakan.
type Event struct {
	Type      EventType
	Seat      int8       // acting seat; −1 for EventNewDora and EventRyuukyoku
	Tile      tile.Tile  // Draw, Discard, NewDora, Kita; NoTile otherwise
	Tsumogiri bool       // Discard: the tile discarded is the one just drawn
	Step      uint8      // Riichi: 1 declared, 2 accepted
	From      int8       // Call: source seat; −1 otherwise
	Index     uint8      // Agari: index into Round.Agari
	Meld      score.Meld // Call
	Scores    [4]int32   // Riichi step 2: every seat's points after the stick is paid
}

// Draw returns a draw event.
func Draw(seat int, t tile.Tile) Event {
	return Event{Type: EventDraw, Seat: int8(seat), Tile: t, From: -1}
}

// Discard returns a discard event.
func Discard(seat int, t tile.Tile, tsumogiri bool) Event {
	return Event{Type: EventDiscard, Seat: int8(seat), Tile: t, Tsumogiri: tsumogiri, From: -1}
}

// Call returns a call event: seat makes m with the called tile from seat from.
func Call(seat int, m score.Meld, from int) Event {
	return Event{Type: EventCall, Seat: int8(seat), Tile: tile.NoTile, From: int8(from), Meld: m}
}

// Riichi returns a riichi event of step 1 (declaration) or 2 (accepted, with
// every seat's points after the stick is paid).
func Riichi(seat, step int, scores [4]int) Event {
	e := Event{Type: EventRiichi, Seat: int8(seat), Tile: tile.NoTile, Step: uint8(step), From: -1}
	if step == 2 {
		for i, s := range scores {
			e.Scores[i] = int32(s)
		}
	}
	return e
}

// NewDora returns a new-dora-indicator event.
func NewDora(indicator tile.Tile) Event {
	return Event{Type: EventNewDora, Seat: -1, Tile: indicator, From: -1}
}

// Kita returns a 3-player north-extraction event.
func Kita(seat int, t tile.Tile) Event {
	return Event{Type: EventKita, Seat: int8(seat), Tile: t, From: -1}
}

// Bye returns a disconnection event.
func Bye(seat int) Event {
	return Event{Type: EventBye, Seat: int8(seat), Tile: tile.NoTile, From: -1}
}

// Reconnect returns a reconnection event.
func Reconnect(seat int) Event {
	return Event{Type: EventReconnect, Seat: int8(seat), Tile: tile.NoTile, From: -1}
}

// String formats the event for messages and tests, e.g. "2 discard 5m*"
// (* = tsumogiri), "1 call pon=555p from 3", "0 riichi 2".
func (e Event) String() string {
	switch e.Type {
	case EventDraw, EventKita, EventBye, EventReconnect:
		if e.Type == EventBye || e.Type == EventReconnect {
			return fmt.Sprintf("%d %v", e.Seat, e.Type)
		}
		return fmt.Sprintf("%d %v %v", e.Seat, e.Type, tileString(e.Tile))
	case EventDiscard:
		s := fmt.Sprintf("%d discard %v", e.Seat, tileString(e.Tile))
		if e.Tsumogiri {
			s += "*"
		}
		return s
	case EventCall:
		return fmt.Sprintf("%d call %v from %d", e.Seat, e.Meld, e.From)
	case EventRiichi:
		return fmt.Sprintf("%d riichi %d", e.Seat, e.Step)
	case EventNewDora:
		return "dora " + tileString(e.Tile)
	case EventAgari:
		return fmt.Sprintf("%d agari #%d", e.Seat, e.Index)
	case EventRyuukyoku:
		return "ryuukyoku"
	}
	return e.Type.String()
}

// tileString formats a tile that may be NoTile or invalid.
func tileString(t tile.Tile) string {
	if !t.Valid() {
		return "?"
	}
	return t.String()
}

// Yaku is one yaku of a win by Tenhou's yaku number (0 menzen tsumo … 54 aka
// dora; see score.YakuFromTenhouID) with its han.
type Yaku struct {
	ID  int
	Han int
}

// The Tenhou yaku numbers of the three dora counts.
const (
	YakuDora    = 52
	YakuUraDora = 53
	YakuAkaDora = 54
)

// Agari is one win, as Tenhou records it in an AGARI tag.
type Agari struct {
	Who     int          // winner
	From    int          // discarder; Who itself for a tsumo
	Pao     int          // seat liable for the yakuman (pao), or −1
	Hand    []tile.Tile  // concealed tiles including the winning tile (mjlog hai=)
	Melds   []score.Meld // called melds and closed kans (mjlog m=)
	Kita    []tile.Tile  // north tiles set aside (3-player games)
	WinTile tile.Tile    // the winning tile (mjlog machi=)
	Fu      int          // minipoints (0 when the format does not say, see the package doc)
	Points  int          // the hand's value without honba and sticks: ron payment, or the tsumo total
	Limit   int          // Tenhou limit code: 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
	Yaku    []Yaku       // yaku with han, in Tenhou's order (nil for a yakuman)
	Yakuman []int        // yakuman by Tenhou number (nil otherwise)
	Dora    []tile.Tile  // dora indicators
	Ura     []tile.Tile  // ura dora indicators (riichi wins only)
	Honba   int          // ba=: honba counted for this win (0 for a later winner of a double ron)
	Sticks  int          // ba=: riichi sticks this win collects
	Scores  [4]int       // points before the win
	Deltas  [4]int       // change in points

	// MeldFrom gives, for each of Melds, the seat its called tile came
	// from (the winner for a closed kan, the pon's source for a kakan), as
	// the mjlog m= codes record it; nil when the record gives the melds
	// only through its calls (the other formats).
	MeldFrom []int
}

// Tsumo reports whether the win is by self-draw.
func (a *Agari) Tsumo() bool { return a.Who == a.From }

// Han returns the sum of the yaku's han (0 for a yakuman).
func (a *Agari) Han() int {
	n := 0
	for _, y := range a.Yaku {
		n += y.Han
	}
	return n
}

// RyuukyokuType says how a round ended without a win. The zero value is
// Exhaustive, the ordinary draw when the wall runs out.
type RyuukyokuType uint8

// The kinds of draw, named after Tenhou's type= values.
const (
	Exhaustive    RyuukyokuType = iota // wall exhausted (no type=)
	NineTerminals                      // "yao9": kyuushu kyuuhai
	FourRiichi                         // "reach4": four riichi
	TripleRon                          // "ron3": three players ron the same discard
	FourKans                           // "kan4": four kans by more than one player
	FourWinds                          // "kaze4": the same wind discarded four times on the first turn
	NagashiMangan                      // "nm": nagashi mangan
)

var ryuukyokuNames = [...]string{"", "yao9", "reach4", "ron3", "kan4", "kaze4", "nm"}

// Mjlog returns the type's mjlog name: "" for Exhaustive, "yao9", "reach4",
// "ron3", "kan4", "kaze4", "nm".
func (t RyuukyokuType) Mjlog() string {
	if int(t) < len(ryuukyokuNames) {
		return ryuukyokuNames[t]
	}
	return ""
}

// String returns the mjlog name, or "exhaustive" for Exhaustive.
func (t RyuukyokuType) String() string {
	if t == Exhaustive {
		return "exhaustive"
	}
	if int(t) < len(ryuukyokuNames) {
		return ryuukyokuNames[t]
	}
	return "RyuukyokuType(" + strconv.Itoa(int(t)) + ")"
}

// ParseRyuukyokuType reads an mjlog type= value ("" or "exhaustive" for an
// exhaustive draw).
func ParseRyuukyokuType(s string) (RyuukyokuType, error) {
	if s == "exhaustive" {
		return Exhaustive, nil
	}
	for i, n := range ryuukyokuNames {
		if n == s {
			return RyuukyokuType(i), nil
		}
	}
	return 0, fmt.Errorf("data: %w: unknown ryuukyoku type %q", ErrBadValue, s)
}

// Ryuukyoku is a round that ended without a win, as Tenhou records it in a
// RYUUKYOKU tag.
type Ryuukyoku struct {
	Type   RyuukyokuType
	Honba  int            // ba=
	Sticks int            // ba=: riichi sticks on the table
	Scores [4]int         // points before the payments
	Deltas [4]int         // tenpai or nagashi payments
	Hands  [4][]tile.Tile // hands shown (tenpai hands, the kyuushu hand …); nil when not shown
}
