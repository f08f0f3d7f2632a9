package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// The baselines with three players (issue 54, item 2): legal play, the
// kita, tile efficiency over the 108 tiles, and the model bots' refusal.

// baselines3 are the bots that play three players.
var baselines3 = []string{"tsumogiri", "efficiency", "thesis", "rulebot"}

// dealt returns an East 1 round of players seats (seat 0 deals) in which
// the dealer holds hand (13 tiles, tenhou notation) and has drawn draw,
// the first dora indicator is dora and the rest of the set fills the
// other seats and the wall in id order.
func dealt(t *testing.T, players int, hand, draw, dora string) *game.Round {
	t.Helper()
	l := game.LayoutFor(players)
	var w game.Wall
	for i := range w {
		w[i] = tile.NoTile
	}
	var used [tile.NumTiles]bool
	filled := make([]bool, l.Tiles)
	put := func(i int, s string) {
		for _, x := range tile.MustParse(s) {
			for c := range 4 {
				id := tile.Tile(x.Kind())*4 + tile.Tile(c)
				if id.Red() == x.Red() && !used[id] && l.InPlay(id) {
					used[id], w[i], filled[i] = true, id, true
					i++
					break
				}
				if c == 3 {
					t.Fatalf("dealt: no copy of %v left", x)
				}
			}
		}
	}
	put(0, hand)
	put(l.Deal, draw)
	put(l.Dora, dora)
	next := tile.Tile(0)
	for i := range l.Tiles {
		if filled[i] {
			continue
		}
		for used[next] || !l.InPlay(next) {
			next++
		}
		w[i], used[next] = next, true
	}
	rules := game.Tenhou(game.Hanchan)
	setup := game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}
	if players == 3 {
		rules = game.TenhouSanma(game.Hanchan)
		setup.Scores = [4]int{35000, 35000, 35000, 0}
	}
	r, err := game.NewRound(&rules, setup, &w)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// act returns the dealer's first move by bot name.
func act(t *testing.T, r *game.Round, name string) game.Action {
	t.Helper()
	p, err := New(name, 1)
	if err != nil {
		t.Fatal(err)
	}
	return p.Act(game.ViewOf(r, 0), r.Legal(0, nil))
}

// TestSanmaKita: every North goes aside unless the hand needs it (its
// pair, a triplet it keeps); tsumogiri sets aside only the North it
// draws.
func TestSanmaKita(t *testing.T) {
	for _, tc := range []struct {
		name, hand, draw string
		kita             map[string]bool // by bot: whether it makes the kita
	}{
		{"a lone North in hand", "123p456p79p11s45z6z", "9s",
			map[string]bool{"tsumogiri": false, "efficiency": true, "thesis": true, "rulebot": true}},
		{"a lone North drawn", "123p456p79p11s56z7z", "4z",
			map[string]bool{"tsumogiri": true, "efficiency": true, "thesis": true, "rulebot": true}},
		{"the Norths are the pair", "123p456p789p19s44z", "7s",
			map[string]bool{"tsumogiri": false, "efficiency": false, "thesis": false, "rulebot": false}},
		{"three Norths, a triplet kept", "123p456p789p444z1s", "9s",
			map[string]bool{"tsumogiri": false, "efficiency": false, "thesis": false, "rulebot": false}},
		{"four Norths: one is spare", "123p456p789p4444z", "1s",
			map[string]bool{"tsumogiri": false, "efficiency": true, "thesis": true, "rulebot": true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, name := range baselines3 {
				r := dealt(t, 3, tc.hand, tc.draw, "3z")
				if _, ok := game.FindAction(r.Legal(0, nil), game.Kita); !ok {
					t.Fatalf("no kita is legal for %s + %s", tc.hand, tc.draw)
				}
				a := act(t, r, name)
				if got := a.Type == game.Kita; got != tc.kita[name] {
					t.Errorf("%s plays %v, want a kita: %v", name, a, tc.kita[name])
				}
				if err := r.Apply(a); err != nil {
					t.Errorf("%s: %v is illegal: %v", name, a, err)
				}
			}
		})
	}
}

// TestSanmaEfficiencyCountsThe108: an isolated 1m with three players only
// pairs, as an honour does, so the efficiency and thesis bots let it go
// where with four players (2m and 3m in the set) they keep it and let the
// honour go; the rule bot ranks it a problem tile (no sequence can hold
// it), not a single.
func TestSanmaEfficiencyCountsThe108(t *testing.T) {
	const hand, draw = "123p456p789p55s1m7z", "9s"
	man1 := tile.MustParseKind("1m")
	for _, tc := range []struct {
		players int
		want    tile.Kind
		prio    int // the rule bot's priority of the 1m
	}{{4, tile.MustParseKind("7z"), prioSingle}, {3, man1, prioProblem}} {
		for _, name := range []string{"efficiency", "thesis"} {
			r := dealt(t, tc.players, hand, draw, "3z")
			a := act(t, r, name)
			if a.Type != game.Discard || a.Tile.Kind() != tc.want {
				t.Errorf("%d players, %s: %v, want a discard of %v", tc.players, name, a, tc.want)
			}
		}
		v := game.ViewOf(dealt(t, tc.players, hand, draw, "3z"), 0)
		c, vis := v.Counts(), seen(v)
		var prio [tile.NumKinds]int
		(&RuleBot{}).priorities(v, &c, &vis, &prio)
		if prio[man1] != tc.prio {
			t.Errorf("%d players: the rule bot ranks the 1m %d, want %d", tc.players, prio[man1], tc.prio)
		}
	}
	r := dealt(t, 3, hand, draw, "3z")
	vis := seen(game.ViewOf(r, 0))
	for k := range absentInSanma.Kinds {
		if vis[k] != 4 {
			t.Errorf("3 players: %v counts %d seen, want 4", k, vis[k])
		}
	}
	if absentInSanma.Len() != 7 || absentInSanma.Has(tile.Man1) || absentInSanma.Has(tile.Man9) {
		t.Errorf("absentInSanma %v", absentInSanma)
	}
	r4 := dealt(t, 4, hand, draw, "3z")
	v4 := game.ViewOf(r4, 0)
	vis4, all, own := seen(v4), v4.Visible(), v4.Counts()
	for k := range vis4 {
		if vis4[k] != all[k]-own[k] {
			t.Errorf("4 players: %v counts %d seen, want %d", tile.Kind(k), vis4[k], all[k]-own[k])
		}
	}
}

// TestSanmaBaselinesPlay plays 3-player hanchans of the baselines: no chi
// offered or made, every action legal (the round checks its invariants
// after each), kitas made. The same bots with four players do chi, so the
// check is not idle.
func TestSanmaBaselinesPlay(t *testing.T) {
	for _, players := range []int{3, 4} {
		rules := game.Tenhou(game.Hanchan)
		if players == 3 {
			rules = game.TenhouSanma(game.Hanchan)
		}
		var chis, kitas, games int
		h := &game.Hooks{
			Applied: func(r *game.Round, a game.Action) error {
				switch a.Type {
				case game.Chi:
					chis++
				case game.Kita:
					kitas++
				}
				return r.Check()
			},
		}
		for seed := range uint64(6) {
			var ps [4]game.Player
			for s := range players {
				ps[s], _ = New(baselines3[(int(seed)+s)%len(baselines3)], seed)
			}
			if _, err := game.PlayGameHooked(context.Background(), rules, 100+seed, &ps, h); err != nil {
				t.Fatalf("%d players, game %d: %v", players, seed, err)
			}
			games++
		}
		t.Logf("%d players: %d games, %d chis, %d kitas", players, games, chis, kitas)
		if players == 3 && (chis != 0 || kitas == 0) {
			t.Errorf("3 players: %d chis, %d kitas", chis, kitas)
		}
		if players == 4 && (chis == 0 || kitas != 0) {
			t.Errorf("4 players: %d chis, %d kitas", chis, kitas)
		}
	}
}

// TestSanmaBotsTakeThreePlayers: every bot takes 3-player rules (the
// learned ones on the 4-player models' stand-ins, MC3); a models folder
// that does not exist is still an error naming it.
func TestSanmaBotsTakeThreePlayers(t *testing.T) {
	rules := game.TenhouSanma(game.Hanchan)
	o := Options{Rules: &rules}
	for _, name := range []string{"mc", "policy", "rollout"} {
		if _, err := NewWith(name, 1, o); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range []string{"mc@/no/such/dir", "policy@/no/such/dir"} {
		if _, err := NewWith(name, 1, o); err == nil || !strings.Contains(err.Error(), "/no/such/dir") {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range baselines3 {
		if _, err := NewWith(name, 1, o); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got := strings.Join(Baselines(), ","); got != strings.Join(baselines3, ",") {
		t.Errorf("Baselines() %s", got)
	}
	if err := Plays("efficiency", 5); err == nil {
		t.Error("5 players accepted")
	}
}

// TestSanmaThesisScoresTheKita: the thesis bot values a 3-player hand
// under the 3-player rules, its kitas counted as dora: the same hand
// and wait are worth more after a kita than with four players.
func TestSanmaThesisScoresTheKita(t *testing.T) {
	var worth [5]float64 // by players
	for _, np := range []int{3, 4} {
		r := dealt(t, np, "123p456p789p11s23s", "4z", "3z")
		if np == 3 {
			if err := r.Apply(game.Action{Type: game.Kita, Seat: 0, Tile: r.Drawn()}); err != nil {
				t.Fatal(err)
			}
		}
		v := game.ViewOf(r, 0)
		th := NewThesis(1, 2)
		c := v.Counts()
		c[r.Drawn().Kind()]-- // back to 13 tiles: the tenpai hand
		th.def.vis = seen(v)
		th.prepare(v, &c)
		if th.rules.NumPlayers() != np || int(th.win.Kita) != v.Kita(0) {
			t.Errorf("%d players: scored under the rules of %d, %d kitas", np, th.rules.NumPlayers(), th.win.Kita)
		}
		win := tile.MustParseKind("1s")
		c[win]++
		worth[np] = th.points(&c, win)
	}
	if worth[4] <= 0 || worth[3] <= worth[4] {
		t.Errorf("the hand is worth %v with three players and a kita, %v with four", worth[3], worth[4])
	}
}
