package arena

import (
	"errors"
	"testing"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

// revealed is a player that records the rounds revealed to it.
type revealed struct {
	game.Player
	rounds []*game.Round
}

func (p *revealed) Reveal(r *game.Round) { p.rounds = append(p.rounds, r) }

// TestOracleTable checks the arena's own table reveals the round to the
// seat about to decide when, and only when, the mc bot is an oracle, and
// that an oracle cannot sit at a table the arena does not run.
func TestOracleTable(t *testing.T) {
	spec := &TableSpec{Rules: game.Tenhou(game.Hanchan), Names: [game.NumSeats]string{"mc", "policy", "policy", "policy"}}
	plain := &Config{}
	tb, err := plain.table(spec)
	if err != nil {
		t.Fatal(err)
	}
	if tb.Hooks() != nil {
		t.Fatal("hooks on a table without an oracle")
	}
	oracle := &Config{Bots: bot.Options{MCLab: mc.Lab{Oracle: mc.OracleHands}}}
	tb, err = oracle.table(spec)
	if err != nil {
		t.Fatal(err)
	}
	h := tb.Hooks()
	if h == nil || h.Decision == nil {
		t.Fatal("no reveal hook on an oracle's table")
	}
	if _, ok := tb.Players()[0].(interface{ Reveal(*game.Round) }); !ok {
		t.Fatal("the mc bot cannot be revealed a round")
	}
	rec := &revealed{Player: tb.Players()[2]}
	tb.Players()[2] = rec
	r := new(game.Round)
	for seat := range game.NumSeats {
		if err := h.Decision(r, seat, nil); err != nil {
			t.Fatal(err)
		}
	}
	if len(rec.rounds) != 1 || rec.rounds[0] != r {
		t.Fatalf("seat 2 was revealed %d rounds, want the one round once", len(rec.rounds))
	}
	ext := &Config{Seats: [game.NumSeats]string{"mc", "x", "x", "x"}, Games: 4, Bots: oracle.Bots,
		NewTable: func(*TableSpec) (Table, error) { return nil, errors.New("not called") }}
	if err := ext.Check(); !errors.Is(err, ErrConfig) {
		t.Fatalf("an oracle at another table: %v, want ErrConfig", err)
	}
}
