package observe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// A typed position of three players (Position.Players 3): Tenhou's
// 3-player rules, seats 0 to 2, no 2m to 8m, no chi, a river's call marks
// - (the next seat) and + (the previous) only, and each seat's Norths set
// aside (Position.Kita). The kitas are placed on the seat's first turn
// that began with a wall draw, each followed by its replacement draw; the
// deciding seat's North is the tile that draw drew.

// parsePlayers reads the number of players and the kitas; it sets the
// rules.
func (b *posBuilder) parsePlayers(p *Position) error {
	switch p.Players {
	case 0, 4:
		b.n = 4
		if p.Kita != "" {
			return fmt.Errorf("kita: %q: only a 3-player game sets Norths aside (players 3)", p.Kita)
		}
		return nil
	case 3:
		b.n = 3
		b.rules = game.TenhouSanma(game.Hanchan)
	default:
		return fmt.Errorf("players: %d: want 3 or 4", p.Players)
	}
	for s := range b.kitaTurn {
		b.kitaTurn[s] = -1
	}
	if p.Kita == "" {
		return nil
	}
	parts := strings.Split(p.Kita, ",")
	if len(parts) != 3 {
		return fmt.Errorf("kita: %q: want 3 counts by seat, comma-separated (a 3-player game has seats 0 to 2)", p.Kita)
	}
	total := 0
	for s, part := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || v < 0 || v > 4 {
			return fmt.Errorf("kita: seat %d: %q: want 0 to 4 Norths", s, part)
		}
		b.kita[s], total = v, total+v
	}
	if total > 4 {
		return fmt.Errorf("kita: %q: %d Norths set aside: there are four", p.Kita, total)
	}
	return nil
}

// seatWord is how errors name the seats of the position: "0 to 3", or
// "0 to 2" with three players.
func (b *posBuilder) seatWord() string { return fmt.Sprintf("0 to %d", b.n-1) }

// checkSanmaRound refuses a fourth hand of a wind with three players.
func (b *posBuilder) checkSanmaRound(round string) error {
	if b.n == 3 && b.setup.Index%4 == 3 {
		return fmt.Errorf("round: %q: a 3-player game has three hands a wind (E1 to E3, S1 to S3, W1 to W3)", round)
	}
	return nil
}

// checkSanmaTiles refuses, with three players, the tiles the 108 leave
// out (2m to 8m), a chi, and more Norths than remain beside the kitas.
func (b *posBuilder) checkSanmaTiles() error {
	if b.n != 3 {
		return nil
	}
	bad := func(field string, ts []posTile) error {
		for _, t := range ts {
			if !t.k.InSanma() {
				return fmt.Errorf("%s: %s is not in a 3-player game (no 2m to 8m)", field, t.face())
			}
		}
		return nil
	}
	norths := 0
	count := func(ts []posTile) {
		for _, t := range ts {
			if t.k == tile.North {
				norths++
			}
		}
	}
	for _, f := range []struct {
		name string
		ts   []posTile
	}{{"hand", b.hand}, {"draw", b.draw}, {"dora", b.dora}} {
		if err := bad(f.name, f.ts); err != nil {
			return err
		}
		count(f.ts)
	}
	for s := range b.n {
		field := fmt.Sprintf("river %d", s)
		for _, t := range b.rivers[s] {
			if err := bad(field, []posTile{t.posTile}); err != nil {
				return err
			}
			count([]posTile{t.posTile})
		}
		for _, m := range b.melds[s] {
			if m.typ == score.Chi {
				return fmt.Errorf("melds %d: %s: no chi in a 3-player game", s, m.text)
			}
			if err := bad(fmt.Sprintf("melds %d", s), m.tiles); err != nil {
				return err
			}
			for i, t := range m.tiles {
				if i != m.called && t.k == tile.North {
					norths++
				}
			}
		}
	}
	kitas := b.kita[0] + b.kita[1] + b.kita[2]
	if norths+kitas > 4 {
		return fmt.Errorf("kita: %d Norths set aside and %d elsewhere (hand, draw, dora, rivers, melds): there are four", kitas, norths)
	}
	return nil
}

// scheduleKitas places each seat's kitas on its first turn that began
// with a wall draw (the deciding seat's turn now if it has none before).
func (b *posBuilder) scheduleKitas(tl *timeline) (any bool, err error) {
	for s := range b.n {
		if b.kita[s] == 0 {
			continue
		}
		j := -1
		for i, fromWall := range tl.drawTurn[s][:len(b.rivers[s])] {
			if fromWall {
				j = i
				break
			}
		}
		if j < 0 && s == b.seat && tl.end == endDraw && tl.fromWall {
			j = len(b.rivers[s])
		}
		if j < 0 {
			return false, fmt.Errorf("kita: seat %d has no turn that began with a draw to set a North aside on", s)
		}
		b.kitaTurn[s], any = j, true
	}
	return any, nil
}

// kitasAt makes seat s's kitas before its discard j, each followed by
// its replacement draw.
func (b *posBuilder) kitasAt(tl *timeline, s, j int) {
	if b.n != 3 || b.kitaTurn[s] != j {
		return
	}
	for i := range b.kita[s] {
		where := fmt.Sprintf("kita: seat %d's North %d", s, i+1)
		tl.emit(FaceEvent{Type: "kita", Seat: intp(s), Tile: tile.North.String()}, where)
		tl.draw(s, true, where+": its replacement draw")
	}
}
