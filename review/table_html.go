package review

import (
	"fmt"
	"html"
	"strings"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

var esc = html.EscapeString

// honorFaces are the faces of the honours: the winds, then white, green
// and red dragons. Letters, not the U+1F000 mahjong tiles, which few
// fonts draw.
var honorFaces = [...]string{"E", "S", "W", "N", "Wh", "Gr", "Rd"}

// tileHTML draws one tile as a CSS box: its suit is a class (m, p, s, z;
// the page's CSS writes the suit letter under the number), a red five has
// class r, and extra holds further classes, each with a leading space: g
// tsumogiri, k turned sideways, c called away, of on offer, wt the winning
// tile, pl played, be best. An invalid tile is drawn face down.
func tileHTML(b *strings.Builder, t tile.Tile, extra string) {
	if !t.Valid() {
		fmt.Fprintf(b, `<i class="t d%s"></i>`, extra)
		return
	}
	k := t.Kind()
	cls, face := string("mpsz"[k.Suit()]), ""
	switch {
	case k.IsHonor():
		face = honorFaces[k-tile.East]
		if len(face) > 1 {
			cls += " w2" // a smaller font in the same box
		}
		if k == tile.Hatsu {
			cls += " gr"
		} else if k == tile.Chun {
			cls += " rd"
		}
	default:
		face = fmt.Sprint(k.Number())
		if t.Red() {
			cls += " r"
		}
	}
	fmt.Fprintf(b, `<i class="t %s%s">%s</i>`, cls, extra, face)
}

// meldHTML draws a meld as it lies on the table: the called tile turned
// toward the seat it came from (left for the previous seat, middle for the
// opposite one, right for the next), an added kan's tile turned beside it,
// a closed kan's outer tiles face down. from < 0 (unknown) turns nothing.
func meldHTML(b *strings.Builder, m score.Meld, owner, from int) {
	ts := m.TilesSlice()
	b.WriteString(`<span class="meld">`)
	defer b.WriteString("</span>")
	if m.Type == score.Ankan {
		tileHTML(b, tile.NoTile, "")
		tileHTML(b, ts[1], "")
		tileHTML(b, ts[2], "")
		tileHTML(b, tile.NoTile, "")
		return
	}
	called, others := ts[:1], append([]tile.Tile(nil), ts[1:]...)
	if m.Type == score.Kakan {
		called, others = []tile.Tile{ts[0], ts[3]}, others[:2]
	}
	sortTiles(others)
	if from < 0 || from == owner {
		for _, t := range ts {
			tileHTML(b, t, "")
		}
		return
	}
	pos := 0 // the previous seat's tile lies left
	switch (from - owner + 4) % 4 {
	case 2:
		pos = 1
	case 1:
		pos = len(others)
	}
	for _, t := range others[:pos] {
		tileHTML(b, t, "")
	}
	for _, t := range called {
		tileHTML(b, t, " k")
	}
	for _, t := range others[pos:] {
		tileHTML(b, t, "")
	}
}

// riverHTML draws a seat's discards in order: tsumogiri ones grey, the
// riichi tile sideways, called ones faded; the last one marked when it is
// the tile being answered.
func riverHTML(b *strings.Builder, st *seatTable, offered bool) {
	b.WriteString(`<div class="river">`)
	for i, rt := range st.River {
		extra := ""
		if rt.Tsumogiri {
			extra += " g"
		}
		if rt.Riichi {
			extra += " k"
		}
		if rt.Called {
			extra += " c"
		}
		if offered && i == len(st.River)-1 {
			extra += " of"
		}
		tileHTML(b, rt.Tile, extra)
	}
	b.WriteString("</div>")
}

// seatAreas places the seats around the table as the deciding seat sees
// it: itself at the bottom, the next seat right, the opposite top, the
// previous left; with three players the top is empty.
var seatAreas = [4]string{"sb", "sr", "st", "sl"}

// seatArea is the area of seat s at a table of n players seen from me.
func seatArea(s, me, n int) string {
	rel := (s - me + n) % n
	if n == 3 && rel == 2 {
		return "sl"
	}
	return seatAreas[rel]
}

// kitaHTML draws the Norths a seat has set aside (three players).
func kitaHTML(b *strings.Builder, n int) {
	if n == 0 {
		return
	}
	b.WriteString(`<div class="kita" title="Norths set aside (kita), each a dora">kita `)
	for i := range n {
		tileHTML(b, tile.Tile(int(tile.North)*4+i), "")
	}
	b.WriteString("</div>")
}

// tableHTML draws the table at a decision: the centre (round, honba,
// sticks, wall, dora indicators) and the seats in play with their scores,
// rivers, melds and, with three players, their Norths set aside.
func tableHTML(b *strings.Builder, t *table) {
	b.WriteString(`<div class="tbl">`)
	left := fmt.Sprintf("%d tiles left", t.Left)
	if t.Players == 3 {
		left += " · 3 players, 108 tiles"
	}
	fmt.Fprintf(b, `<div class="ctr"><div class="rn">%s</div><div>%d honba · %d riichi stick%s</div><div>%s</div><div class="dora">dora `,
		t.RoundTitle(), t.Honba, t.Sticks, plural(t.Sticks), left)
	for _, d := range t.Dora {
		tileHTML(b, d, "")
	}
	b.WriteString("</div>")
	if t.OfferIsKan {
		b.WriteString(`<div>kan tile to rob `)
		tileHTML(b, t.OfferTile, " of")
		b.WriteString("</div>")
	}
	b.WriteString("</div>\n")
	for s := range t.Players {
		st := &t.Seats[s]
		area := seatArea(s, t.Me, t.Players)
		cls := "seat " + area
		if s == t.Me {
			cls += " me"
		}
		fmt.Fprintf(b, `<div class="%s" data-seat="%d"><div class="who"><span class="wind">%s</span> <span class="nm">%s</span> <span class="sc">%s</span>`,
			cls, s, seatWind(t.Dealer, s, t.Players), esc(st.Name), points(st.Score))
		if st.Riichi {
			b.WriteString(` <span class="rb">riichi</span>`)
		}
		b.WriteString("</div>")
		riverHTML(b, st, s == t.Offer && !t.OfferIsKan)
		kitaHTML(b, st.Kita)
		if s != t.Me && len(st.Melds) > 0 {
			b.WriteString(`<div class="melds">`)
			for i, m := range st.Melds {
				meldHTML(b, m, s, st.From[i])
			}
			b.WriteString("</div>")
		}
		b.WriteString("</div>\n")
	}
	b.WriteString("</div>\n")
}

// handHTML draws the deciding seat's hand: the concealed tiles sorted, the
// drawn tile apart, the melds; the tiles the played and the best move
// take out outlined.
func handHTML(b *strings.Builder, t *table, mk marks) {
	b.WriteString(`<div class="hand">`)
	mark := func(i int) string {
		s := ""
		if i == mk.Played {
			s += " pl"
		}
		if i == mk.Best {
			s += " be"
		}
		return s
	}
	for i, x := range t.Concealed {
		tileHTML(b, x, mark(i))
	}
	if t.Drawn != tile.NoTile {
		b.WriteString(`<span class="gap"></span>`)
		tileHTML(b, t.Drawn, mark(len(t.Concealed)))
	}
	me := &t.Seats[t.Me]
	for i, m := range me.Melds {
		meldHTML(b, m, t.Me, me.From[i])
	}
	b.WriteString("</div>\n")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
