package opponent

import "github.com/mjrank/mjrank/sim/tile"

// A trial, not kept (train/rivernet_trial_test.go): the river as a 34-kind image for a convolutional wait model.

// RiverChannels is the number of channels of RiverImage.
const RiverChannels = 31

// RiverImage writes the position as x[c*34+k].
func (p *Public) RiverImage(x []float32) {
	clear(x[:RiverChannels*tile.NumKinds])
	set := func(c int, k tile.Kind, v float32) { x[c*tile.NumKinds+int(k)] += v }
	n := len(p.river)
	tedashi := 0
	for i, rt := range p.river {
		k := rt.Tile.Kind()
		age := n - 1 - i
		b := 0
		switch {
		case age == 0:
			b = 0
		case age <= 2:
			b = 1
		case age <= 5:
			b = 2
		case i >= 6:
			b = 3
		default:
			b = 4
		}
		if rt.Tsumogiri {
			b += 5
		} else {
			tedashi++
		}
		set(b, k, 1)
		if p.riichiIdx >= 0 && i == p.riichiIdx {
			set(10, k, 1)
		}
		if p.riichiIdx >= 0 && i > p.riichiIdx {
			set(11, k, 1)
		}
	}
	if i := p.tedashiIdx[0]; i >= 0 {
		set(12, p.river[i].Tile.Kind(), 1)
	}
	if i := p.tedashiIdx[1]; i >= 0 {
		set(13, p.river[i].Tile.Kind(), 1)
	}
	for _, m := range p.melds {
		for _, t := range m.TilesSlice() {
			set(19, t.Kind(), 1.0/3)
		}
	}
	sinceTe := n
	if p.tedashiIdx[0] >= 0 {
		sinceTe = n - 1 - p.tedashiIdx[0]
	}
	for k := range tile.Kind(tile.NumKinds) {
		if p.passedTe.Has(k) {
			set(14, k, 1)
		}
		if p.passed.Has(k) {
			set(15, k, 1)
		}
		set(16, k, float32(p.otherCount[k])/4)
		set(17, k, float32(p.visible[k])/4)
		if p.visible[k] >= 4 {
			set(18, k, 1)
		}
		if p.dora.Has(k) {
			set(20, k, 1)
		}
		if p.yakuhai.Has(k) {
			set(21, k, 1)
		}
		if k.IsHonor() {
			set(22, k, 1)
		} else {
			if k.IsTerminal() {
				set(23, k, 1)
			}
			set(24, k, float32(k.Number()-1)/8)
		}
		set(25, k, float32(n)/18)
		if p.riichiIdx >= 0 {
			set(26, k, 1)
		}
		set(27, k, float32(p.general[2])/4)
		set(28, k, float32(tedashi)/18)
		set(29, k, float32(sinceTe)/10)
		set(30, k, float32(p.now+1)/70)
	}
}
