package mjaibot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Config says which bot plays and how.
type Config struct {
	// Bot names the bot (bot.Names).
	Bot string
	// Options are the bot's options (the mc bot's budget); Rules is set
	// from the game.
	Options bot.Options
	// Seed feeds the bot's randomness. When SeedSet is false a start_game
	// that carries mjrank_seed (mjrank's referee sends the seed its arena
	// would give the seat's bot) overrides it.
	Seed    uint64
	SeedSet bool
	// Length is the game's length when start_game does not say it
	// (kyoku_first 4: east only).
	Length game.Length
}

// ErrEvent is wrapped by the error of an event the seat could not have
// been sent: out of order, naming tiles it cannot have, missing fields.
var ErrEvent = errors.New("impossible event")

// Client is one seat's side of a game: it keeps the seat's observation
// from the events and answers each with a reaction. It plays one game
// after another; it is not safe for concurrent use.
type Client struct {
	cfg    Config
	seat   int // -1 before start_game
	np     int // the game's seats: 4, or 3 (Tenhou's sanma)
	player game.Player
	rules  game.Rules
	obs    *observe.FaceObservation // nil between rounds
	rng    *rand.Rand
	legal  []game.Action
	round  game.Round

	rinshan    bool                // the next draw is from the dead wall
	declared   [game.NumSeats]bool // reach seen, its dahai not yet
	riichiTile tile.Tile           // our riichi discard, sent after our reach event
	inGame     bool
}

// NewClient returns a client that plays cfg.Bot once start_game names its
// seat.
func NewClient(cfg Config) (*Client, error) {
	if !bot.Valid(cfg.Bot) {
		return nil, fmt.Errorf("unknown bot %q (known: %v)", cfg.Bot, bot.Names())
	}
	return &Client{cfg: cfg, seat: -1, riichiTile: tile.NoTile}, nil
}

// InGame reports whether a game has started and not ended.
func (c *Client) InGame() bool { return c.inGame }

func none() mjai.Event { return mjai.Event{Type: "none"} }

// quote returns a peer's text as a message may show it: control
// characters and invalid UTF-8 escaped, the length bounded. Every text of
// an event goes through it before it reaches an error.
func quote(s string) string { return mjai.Excerpt([]byte(s), mjai.ExcerptLen) }

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrEvent}, args...)...)
}

// React takes the next event and returns the seat's reaction: "none"
// unless the event gives the seat a decision, else a legal move. An
// impossible event is an error wrapping ErrEvent; the client is then out
// of step until the next start_game.
func (c *Client) React(e *mjai.Event) (mjai.Event, error) {
	if e.Type == "start_game" {
		return none(), c.startGame(e)
	}
	if c.seat < 0 {
		return none(), bad("%s before start_game", quote(e.Type))
	}
	switch e.Type {
	case "start_kyoku":
		return none(), c.startRound(e)
	case "end_kyoku", "hora", "ryukyoku":
		c.obs = nil
		return none(), nil
	case "end_game":
		c.obs, c.inGame = nil, false
		return none(), nil
	case "reach":
		return c.reach(e)
	case "none":
		return none(), nil
	}
	if c.obs == nil {
		return none(), bad("%s outside a round", quote(e.Type))
	}
	return c.play(e)
}

// players reads the number of seats of the game start_game begins:
// tenhou_type's when it has one, else that of its names, three in a
// 3-player game as the 3-player forks of Mortal send them; no names is a
// 4-player game.
func players(e *mjai.Event) (int, error) {
	np := game.NumSeats
	switch len(e.Names) {
	case 0, game.NumSeats:
	case 3:
		np = 3
	default:
		return 0, bad("start_game: %d names (three or four, one a seat)", len(e.Names))
	}
	if e.TenhouType != nil {
		t := data.PlayersFromType(*e.TenhouType)
		if len(e.Names) != 0 && t != np {
			return 0, bad("start_game: tenhou_type %d is a %d-player game, but %d names", *e.TenhouType, t, np)
		}
		np = t
	}
	return np, nil
}

func (c *Client) startGame(e *mjai.Event) error {
	np, err := players(e)
	if err != nil {
		return err
	}
	if e.ID == nil || *e.ID < 0 || *e.ID >= np {
		return bad("start_game without the seat's id (0..%d in a %d-player game)", np-1, np)
	}
	c.seat, c.np = *e.ID, np
	length := c.cfg.Length
	if e.KyokuFirst != nil {
		switch *e.KyokuFirst {
		case 0:
			length = game.Hanchan
		case 4:
			length = game.Tonpuusen
		default:
			return bad("start_game: kyoku_first %d (0 or 4)", *e.KyokuFirst)
		}
	}
	c.rules = game.Tenhou(length)
	if np == 3 {
		c.rules = game.TenhouSanma(length)
	}
	if e.AkaFlag != nil && !*e.AkaFlag {
		c.rules.Score.RedFives = false
	}
	seed := c.cfg.Seed
	if !c.cfg.SeedSet && e.Seed != nil {
		seed = *e.Seed
	}
	o := c.cfg.Options
	o.Rules = &c.rules
	p, err := bot.NewWith(c.cfg.Bot, seed, o)
	if err != nil {
		return err
	}
	c.player, c.obs, c.inGame = p, nil, true
	// The determinizations only fill in tiles the bot cannot see, so their
	// stream does not change a decision; it is seeded for reproducibility.
	c.rng = rand.New(rand.NewPCG(seed, 0x6d6a6169))
	return nil
}

func (c *Client) startRound(e *mjai.Event) error {
	wind := tile.NoKind
	if k, err := tile.ParseMjai(e.Bakaze); err == nil && k.Kind() >= tile.East && k.Kind() <= tile.North {
		wind = k.Kind()
	}
	switch {
	case wind == tile.NoKind:
		return bad("start_kyoku: bakaze %q", e.Bakaze)
	case e.Kyoku < 1 || e.Kyoku > c.np:
		return bad("start_kyoku: kyoku %d (1..%d)", e.Kyoku, c.np)
	case e.Oya == nil || *e.Oya < 0 || *e.Oya >= c.np:
		return bad("start_kyoku: oya missing or not a seat (0..%d)", c.np-1)
	case len(e.Scores) != c.np:
		return bad("start_kyoku: %d scores in a %d-player game", len(e.Scores), c.np)
	case len(e.Tehais) != c.np:
		return bad("start_kyoku: %d tehais in a %d-player game", len(e.Tehais), c.np)
	}
	setup := game.RoundSetup{Index: int(wind-tile.East)*4 + e.Kyoku - 1, Dealer: uint8(*e.Oya)}
	if e.Honba != nil {
		setup.Honba = *e.Honba
	}
	if e.Kyotaku != nil {
		setup.Sticks = *e.Kyotaku
	}
	copy(setup.Scores[:], e.Scores)
	obs, err := observe.NewFaceObservation(c.rules, setup, c.seat, e.Tehais[c.seat], e.DoraMarker)
	if err != nil {
		return fmt.Errorf("%w: start_kyoku: %v", ErrEvent, err)
	}
	c.obs, c.rinshan, c.declared, c.riichiTile = obs, false, [game.NumSeats]bool{}, tile.NoTile
	return nil
}

// actor reads e's actor, a seat of the game.
func (c *Client) actor(e *mjai.Event) (int, error) {
	switch {
	case e.Actor == nil || *e.Actor < 0:
		return 0, bad("%s without an actor (0..%d)", quote(e.Type), c.np-1)
	case *e.Actor >= c.np:
		return 0, bad("%s: actor %d is not a seat of a %d-player game (0..%d)", quote(e.Type), *e.Actor, c.np, c.np-1)
	}
	return *e.Actor, nil
}

func (c *Client) reach(e *mjai.Event) (mjai.Event, error) {
	a, err := c.actor(e)
	if err != nil || c.obs == nil {
		return none(), errors.Join(err, bad("reach outside a round"))
	}
	c.declared[a] = true
	if a != c.seat {
		return none(), nil
	}
	if c.riichiTile == tile.NoTile {
		return none(), bad("reach for seat %d, which did not declare it", a)
	}
	t := c.riichiTile
	c.riichiTile = tile.NoTile
	return mjai.Event{Type: "dahai", Actor: &c.seat, Pai: t.Mjai(), Tsumogiri: boolp(t == c.obs.Observation().Drawn())}, nil
}

func boolp(b bool) *bool { return &b }

// play feeds a play event to the observation and decides when the event
// asks the seat.
func (c *Client) play(e *mjai.Event) (mjai.Event, error) {
	fe := observe.FaceEvent{Tile: e.Pai}
	var a int
	if e.Type != "dora" {
		var err error
		if a, err = c.actor(e); err != nil {
			return none(), err
		}
		fe.Seat = &a
	}
	ask, answer := false, false
	switch e.Type {
	case "tsumo":
		fe.Type, fe.Rinshan, ask = "draw", c.rinshan, a == c.seat
		c.rinshan = false
		if fe.Tile == "?" {
			fe.Tile = ""
		}
	case "dahai":
		fe.Type, ask, answer = "discard", a != c.seat, true
		fe.Tsumogiri = e.Tsumogiri != nil && *e.Tsumogiri
		fe.Riichi, c.declared[a] = c.declared[a], false
	case "chi", "pon", "daiminkan":
		if e.Type == "chi" && c.np == 3 {
			return none(), bad("chi by seat %d in a 3-player game (no chi with three players)", a)
		}
		if e.Target == nil {
			return none(), bad("%s without a target", e.Type)
		}
		fe.Type, fe.From, fe.Tiles = e.Type, e.Target, e.Consumed
		ask = a == c.seat && e.Type != "daiminkan"
		c.rinshan = e.Type == "daiminkan"
	case "ankan":
		fe.Type, fe.Tiles, fe.Tile, c.rinshan = "ankan", e.Consumed, "", true
	case "kakan":
		fe.Type, ask, answer, c.rinshan = "kakan", a != c.seat, true, true
	case "nukidora", "kita":
		if err := c.checkKita(e, a); err != nil {
			return none(), err
		}
		// The others may rob the North (a ron), then its replacement draw
		// comes from the dead wall.
		fe.Type, ask, answer, c.rinshan = "kita", a != c.seat, true, true
	case "dora":
		fe.Type, fe.Tile = "dora", e.DoraMarker
	case "reach_accepted":
		fe.Type, fe.Tile = "riichi_accepted", ""
	default:
		return none(), bad("unknown event type %q", e.Type)
	}
	if err := c.obs.Append(&fe); err != nil {
		return none(), fmt.Errorf("%w: %v", ErrEvent, err)
	}
	if !ask {
		return none(), nil
	}
	return c.decide(answer)
}

// checkKita checks a nukidora (kita) of seat a: three players, a North.
func (c *Client) checkKita(e *mjai.Event, a int) error {
	if c.np != 3 {
		return bad("%s by seat %d in a %d-player game (three players only)", e.Type, a, c.np)
	}
	if t, err := tile.ParseMjai(e.Pai); err != nil || t.Kind() != tile.North {
		return bad("%s of %s by seat %d: only a North (N) is set aside", e.Type, quote(e.Pai), a)
	}
	return nil
}

// decide asks the bot when the round waits for the seat: to answer a
// discard or an added kan (answer), or to move. The bot sees a
// View, which shows only the seat's hand and public play, so a
// determinization of the observation (the hidden tiles filled in at
// random) shows it exactly what the real round would.
func (c *Client) decide(answer bool) (mjai.Event, error) {
	o := c.obs.Observation()
	if err := o.DeterminizeInto(&c.round, c.rng, observe.DeterminizeOptions{}); err != nil {
		return none(), fmt.Errorf("%w: %v", ErrEvent, err)
	}
	r := &c.round
	// When nobody may answer a discard, the determinized round has gone
	// on to the next draw: that is not the seat's decision yet.
	switch turn := r.Phase() == game.PhaseTurn; {
	case r.Phase() == game.PhaseEnd, turn == answer:
		return none(), nil
	case turn && r.Current() != c.seat, !turn && !r.MustAnswer(c.seat):
		return none(), nil
	}
	c.legal = r.Legal(c.seat, c.legal[:0])
	a := c.player.Act(game.ViewOf(r, c.seat), c.legal)
	if !slices.Contains(c.legal, a) {
		return none(), fmt.Errorf("bot %s chose %v, not a legal action", c.cfg.Bot, a)
	}
	return c.reaction(r, a), nil
}

// reaction writes a as mjai's reaction.
func (c *Client) reaction(r *game.Round, a game.Action) mjai.Event {
	me := c.seat
	ev := mjai.Event{Actor: &me}
	switch a.Type {
	case game.Pass:
		return none()
	case game.Discard:
		ev.Type, ev.Pai, ev.Tsumogiri = "dahai", a.Tile.Mjai(), boolp(a.Tile == r.Drawn())
	case game.Riichi:
		c.riichiTile = a.Tile
		ev.Type = "reach"
	case game.Tsumo:
		ev.Type, ev.Target, ev.Pai = "hora", &me, r.Drawn().Mjai()
	case game.Ron:
		from := r.Current()
		ev.Type, ev.Target, ev.Pai = "hora", &from, r.LastTile().Mjai()
	case game.KyuushuKyuuhai:
		ev.Type = "ryukyoku"
	case game.Kita:
		ev.Type, ev.Pai = "nukidora", a.Tile.Mjai()
	case game.Ankan:
		ev.Type = "ankan"
		for _, t := range r.Hand(me) {
			if t.Kind() == a.Tile.Kind() {
				ev.Consumed = append(ev.Consumed, t.Mjai())
			}
		}
	case game.Kakan:
		ev.Type, ev.Pai = "kakan", a.Tile.Mjai()
		for _, m := range r.Melds(me) {
			if m.Type == score.Pon && m.Tiles[0].Kind() == a.Tile.Kind() {
				ev.Consumed = tile.MjaiNames(m.Tiles[:3])
			}
		}
	case game.Chi, game.Pon, game.Daiminkan:
		from := r.Current()
		ev.Type, ev.Target, ev.Pai = a.Type.String(), &from, a.Meld.Tiles[0].Mjai()
		ev.Consumed = tile.MjaiNames(a.Meld.TilesSlice()[1:])
	}
	return ev
}
