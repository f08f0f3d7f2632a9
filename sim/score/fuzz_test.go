package score

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// readMeldSeeds returns the melds of testdata/melds.txt.
func readMeldSeeds(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("testdata/melds.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func TestMeldSeedsParse(t *testing.T) {
	for _, s := range readMeldSeeds(t) {
		if _, err := ParseMeld(s); err != nil {
			t.Errorf("testdata/melds.txt: %v", err)
		}
	}
}

// encodeWin writes w as the byte string decodeWin reads.
func encodeWin(w *Win) []byte {
	b := []byte{w.NumHand}
	for _, t := range w.Hand[:w.NumHand] {
		b = append(b, byte(t))
	}
	b = append(b, byte(w.WinTile), flagsByte(w, 0), flagsByte(w, 1), w.Seat, w.Dealer, w.From, byte(w.Round), w.NumMelds)
	for _, m := range w.Melds[:w.NumMelds] {
		b = append(b, byte(m.Type), byte(m.Tiles[0]), byte(m.Tiles[1]), byte(m.Tiles[2]), byte(m.Tiles[3]))
	}
	b = append(b, w.NumDora)
	for _, t := range w.Dora[:w.NumDora] {
		b = append(b, byte(t))
	}
	b = append(b, w.NumUraDora)
	for _, t := range w.UraDora[:w.NumUraDora] {
		b = append(b, byte(t))
	}
	pao := byte(0)
	if w.Pao {
		pao = 1
	}
	return append(b, byte(w.Honba), byte(w.RiichiSticks), pao, w.PaoSeat, w.Kita)
}

func flags(w *Win) [2][8]*bool {
	return [2][8]*bool{
		{&w.Tsumo, &w.Riichi, &w.DoubleRiichi, &w.Ippatsu, &w.Haitei, &w.Houtei, &w.Rinshan, &w.Chankan},
		{&w.Tenhou, &w.Chiihou, &w.Pao},
	}
}

func flagsByte(w *Win, i int) byte {
	var b byte
	for j, f := range flags(w)[i] {
		if f != nil && *f {
			b |= 1 << j
		}
	}
	return b
}

// decodeWin reads a Win from arbitrary bytes (missing bytes read as 0).
// Counts are taken modulo a little more than their range, so that both valid
// and invalid values occur.
func decodeWin(data []byte) Win {
	i := 0
	next := func() byte {
		if i >= len(data) {
			return 0
		}
		i++
		return data[i-1]
	}
	var w Win
	w.NumHand = next() % (MaxHand + 2)
	for j := range int(min(w.NumHand, MaxHand)) {
		w.Hand[j] = tile.Tile(next())
	}
	w.NumHand = min(w.NumHand, MaxHand)
	w.WinTile = tile.Tile(next())
	for k := range 2 {
		b := next()
		for j, f := range flags(&w)[k] {
			if f != nil {
				*f = b&(1<<j) != 0
			}
		}
	}
	w.Seat, w.Dealer, w.From, w.Round = next()%5, next()%5, next()%5, tile.Kind(next())
	w.NumMelds = min(next()%6, MaxMelds)
	for j := range int(w.NumMelds) {
		w.Melds[j].Type = MeldType(next() % 7)
		for k := range 4 {
			w.Melds[j].Tiles[k] = tile.Tile(next())
		}
	}
	w.NumDora = min(next()%7, MaxDora)
	for j := range int(w.NumDora) {
		w.Dora[j] = tile.Tile(next())
	}
	w.NumUraDora = min(next()%7, MaxDora)
	for j := range int(w.NumUraDora) {
		w.UraDora[j] = tile.Tile(next())
	}
	w.Honba, w.RiichiSticks = int(int8(next())), int(int8(next()))
	w.Pao = w.Pao || next()&1 != 0
	w.PaoSeat = next() % 5
	w.Kita = next() % 6
	return w
}

// FuzzScore checks that Score never panics on any Win, under 4-player and
// 3-player rules, and that every result it returns is consistent: payments
// sum to the riichi sticks, the winner gains Gain, an absent fourth seat
// pays nothing, yakuman and han readings are told apart, the fu is a
// multiple of 10 (or 25 or 0).
func FuzzScore(f *testing.F) {
	for _, w := range benchWins(f) {
		f.Add(encodeWin(&w))
	}
	sanmaWin := baimanSpec.build(f) // a 3-player win with kita
	f.Add(encodeWin(&sanmaWin))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		w := decodeWin(data)
		for _, r := range []Rules{Tenhou(), {}, TenhouSanma()} {
			res, err := Score(&w, &r)
			if err != nil {
				continue
			}
			sum := 0
			for _, p := range res.Payments {
				sum += p
			}
			switch {
			case sum != 1000*w.RiichiSticks || res.Payments[w.Seat] != res.Gain || r.Players == 3 && res.Payments[3] != 0:
				t.Fatalf("payments %v, gain %d, sticks %d", res.Payments, res.Gain, w.RiichiSticks)
			case res.NumYaku == 0 || (res.Yakuman > 0) != (res.Limit == Yakuman) || (res.Yakuman > 0) == (res.Han > 0):
				t.Fatalf("inconsistent result %+v", res)
			case res.Fu%10 != 0 && res.Fu != 25:
				t.Fatalf("fu %d", res.Fu)
			case res.Points <= 0 || res.Gain < res.Points:
				t.Fatalf("points %d gain %d", res.Points, res.Gain)
			}
		}
	})
}
