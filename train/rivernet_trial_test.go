package train

// A trial, not kept (docs/MODELS.md, "Wait model"): a small convolutional wait model over the river image, alone
// and blended with the shipped trees.

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/tile"
)

const (
	rnK = tile.NumKinds
	rnC = opponent.RiverChannels
	rnD = 5 // kernel width, offsets -2..2
)

var rnH = envInt("MJRANK_RIVERNET_HIDDEN", 32)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// rnPairs[d] are the (k, neighbour) pairs of offset d-2 within a suit.
var rnPairs = func() (p [rnD][][2]int) {
	for d := range rnD {
		off := d - 2
		for k := range rnK {
			kk := tile.Kind(k)
			if off == 0 {
				p[d] = append(p[d], [2]int{k, k})
				continue
			}
			if kk.IsHonor() {
				continue
			}
			n := kk.Number() + off
			if n >= 1 && n <= 9 {
				p[d] = append(p[d], [2]int{k, k + off})
			}
		}
	}
	return
}()

type rnet struct {
	w1, b1, w2, b2, w3, bk []float32
}

func (n *rnet) params() [][]float32 { return [][]float32{n.w1, n.b1, n.w2, n.b2, n.w3, n.bk} }

func newRnet(rng *rand.Rand) *rnet {
	H := rnH
	n := &rnet{w1: make([]float32, H*rnC*rnD), b1: make([]float32, H), w2: make([]float32, H*H*rnD), b2: make([]float32, H), w3: make([]float32, H), bk: make([]float32, rnK)}
	init := func(w []float32, fanIn int) {
		s := math.Sqrt(2 / float64(fanIn))
		for i := range w {
			w[i] = float32(rng.NormFloat64() * s)
		}
	}
	init(n.w1, rnC*3)
	init(n.w2, H*3)
	init(n.w3, H)
	for k := range n.bk {
		n.bk[k] = -3
	}
	return n
}

func zeroLike(n *rnet) *rnet {
	H := rnH
	return &rnet{w1: make([]float32, H*rnC*rnD), b1: make([]float32, H), w2: make([]float32, H*H*rnD), b2: make([]float32, H), w3: make([]float32, H), bk: make([]float32, rnK)}
}

type rnScratch struct {
	a1, a2, dh1, dh2 []float32
	z                [rnK]float32
}

func newScratch() *rnScratch {
	H := rnH
	return &rnScratch{a1: make([]float32, H*rnK), a2: make([]float32, H*rnK), dh1: make([]float32, H*rnK), dh2: make([]float32, H*rnK)}
}

func conv(out, in, w, b []float32, nIn int) {
	H := len(out) / rnK
	for o := range H {
		ao := out[o*rnK : (o+1)*rnK]
		for k := range ao {
			ao[k] = b[o]
		}
		for c := range nIn {
			xc := in[c*rnK : (c+1)*rnK]
			for d := range rnD {
				wv := w[(o*nIn+c)*rnD+d]
				if wv == 0 {
					continue
				}
				for _, p := range rnPairs[d] {
					ao[p[0]] += wv * xc[p[1]]
				}
			}
		}
	}
}

func reluIn(a []float32) {
	for i, v := range a {
		if v < 0 {
			a[i] = 0
		}
	}
}

// forward leaves the logits in s.z (a1, a2 hold the post-relu activations).
func (n *rnet) forward(x []float32, s *rnScratch) {
	conv(s.a1, x, n.w1, n.b1, rnC)
	reluIn(s.a1)
	conv(s.a2, s.a1, n.w2, n.b2, rnH)
	reluIn(s.a2)
	for k := range rnK {
		z := n.bk[k]
		for o := range rnH {
			z += n.w3[o] * s.a2[o*rnK+k]
		}
		s.z[k] = z
	}
}

// backward adds the gradient of the summed log-loss to g and returns the loss.
func (n *rnet) backward(x []float32, y tile.KindSet, s *rnScratch, g *rnet) float64 {
	n.forward(x, s)
	H := rnH
	var loss float64
	var dz [rnK]float32
	for k := range rnK {
		p := 1 / (1 + math.Exp(-float64(s.z[k])))
		t := 0.0
		if y.Has(tile.Kind(k)) {
			t = 1
		}
		loss += LogLoss(p, t == 1)
		dz[k] = float32(p - t)
		g.bk[k] += dz[k]
	}
	clear(s.dh2)
	for o := range H {
		for k := range rnK {
			a := s.a2[o*rnK+k]
			g.w3[o] += dz[k] * a
			if a > 0 {
				s.dh2[o*rnK+k] = n.w3[o] * dz[k]
			}
		}
	}
	// layer 2: dh2 is da2 (relu applied)
	clear(s.dh1)
	convBack(s.dh2, s.a1, n.w2, g.w2, g.b2, s.dh1, H)
	for i, a := range s.a1 {
		if a <= 0 {
			s.dh1[i] = 0
		}
	}
	convBack(s.dh1, x, n.w1, g.w1, g.b1, nil, rnC)
	return loss
}

func convBack(da, in, w, gw, gb, din []float32, nIn int) {
	H := len(da) / rnK
	for o := range H {
		dao := da[o*rnK : (o+1)*rnK]
		var sb float32
		for _, v := range dao {
			sb += v
		}
		gb[o] += sb
		for c := range nIn {
			xc := in[c*rnK : (c+1)*rnK]
			for d := range rnD {
				var sw float32
				wv := w[(o*nIn+c)*rnD+d]
				for _, p := range rnPairs[d] {
					sw += dao[p[0]] * xc[p[1]]
				}
				gw[(o*nIn+c)*rnD+d] += sw
				if din != nil {
					dc := din[c*rnK : (c+1)*rnK]
					for _, p := range rnPairs[d] {
						dc[p[1]] += wv * dao[p[0]]
					}
				}
			}
		}
	}
}

type adam struct {
	m, v [][]float32
	t    int
}

func (a *adam) step(n, g *rnet, lr float64, scale float32) {
	ps, gs := n.params(), g.params()
	if a.m == nil {
		for _, p := range ps {
			a.m = append(a.m, make([]float32, len(p)))
			a.v = append(a.v, make([]float32, len(p)))
		}
	}
	a.t++
	const b1, b2, eps = 0.9, 0.999, 1e-8
	c1 := 1 - math.Pow(b1, float64(a.t))
	c2 := 1 - math.Pow(b2, float64(a.t))
	for i, p := range ps {
		for j := range p {
			gj := gs[i][j] * scale
			a.m[i][j] = b1*a.m[i][j] + (1-b1)*gj
			a.v[i][j] = b2*a.v[i][j] + (1-b2)*gj*gj
			mh := float64(a.m[i][j]) / c1
			vh := float64(a.v[i][j]) / c2
			p[j] -= float32(lr * mh / (math.Sqrt(vh) + eps))
		}
	}
}

func TestRiverNetGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := newRnet(rng)
	x := make([]float32, rnC*rnK)
	for i := range x {
		x[i] = float32(rng.Float64())
	}
	y := tile.KindSet(0).Add(3).Add(20)
	g := zeroLike(n)
	s := newScratch()
	n.backward(x, y, s, g)
	lossAt := func() float64 {
		n.forward(x, s)
		var l float64
		for k := range rnK {
			p := 1 / (1 + math.Exp(-float64(s.z[k])))
			l += LogLoss(p, y.Has(tile.Kind(k)))
		}
		return l
	}
	ps, gs := n.params(), g.params()
	for i, p := range ps {
		for _, j := range []int{0, len(p) / 2, len(p) - 1} {
			old := p[j]
			const h = 1e-2
			p[j] = old + h
			lp := lossAt()
			p[j] = old - h
			lm := lossAt()
			p[j] = old
			num := (lp - lm) / (2 * h)
			if math.Abs(num-float64(gs[i][j])) > 1e-2*math.Max(1, math.Abs(num)) {
				t.Errorf("param %d[%d]: numeric %.5f analytic %.5f", i, j, num, gs[i][j])
			}
		}
	}
}

type rnData struct {
	x    []float32
	y    []tile.KindSet
	tree []float32 // the shipped model's 34 probabilities (held-out only)
	game []int32
}

func (d *rnData) n() int { return len(d.y) }

func TestRiverNetTrial(t *testing.T) {
	games := trials(t)
	b, err := os.ReadFile(os.Getenv("MJRANK_WAIT_NEW"))
	if err != nil {
		t.Skip("set MJRANK_WAIT_NEW to the shipped wait model")
	}
	tree, err := xgbmodel.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	keep := 0.3
	if v, err := strconv.ParseFloat(os.Getenv("MJRANK_RIVERNET_KEEP"), 64); err == nil {
		keep = v
	}
	var tr, ho rnData
	rng := rand.New(rand.NewPCG(7, 7))
	img := make([]float32, rnC*rnK)
	xf := make([]float64, opponent.NumWaitFeatures)
	out := make([]float64, 1)
	gi := int32(0)
	for _, gr := range games {
		held := dataset.HeldOut(gr.Key)
		gi++
		err := VisitGame(gr.Game, Visitor{Discard: func(s *DiscardSample) {
			if !s.Tenpai || s.Away {
				return
			}
			d := &tr
			if held {
				d = &ho
			} else if rng.Float64() >= keep {
				return
			}
			s.Pub.RiverImage(img)
			d.x = append(d.x, img...)
			d.y = append(d.y, s.Ron)
			d.game = append(d.game, gi)
			if held {
				for k := range rnK {
					s.Pub.WaitFeatures(tile.Kind(k), xf)
					if err := tree.Predict(xf, out); err != nil {
						t.Fatal(err)
					}
					d.tree = append(d.tree, float32(out[0]))
				}
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("train %d samples, held-out %d samples", tr.n(), ho.n())
	net := trainRnet(t, &tr, &ho)
	evalRnet(t, net, &ho)
}

func trainRnet(t *testing.T, tr, ho *rnData) *rnet {
	rng := rand.New(rand.NewPCG(11, 13))
	net := newRnet(rng)
	const workers = 2
	batch := envInt("MJRANK_RIVERNET_BATCH", 128)
	epochs := envInt("MJRANK_RIVERNET_EPOCHS", 3)
	grads := [workers]*rnet{zeroLike(net), zeroLike(net)}
	scr := [workers]*rnScratch{newScratch(), newScratch()}
	var opt adam
	n := tr.n()
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	lr0 := 2e-3
	steps := epochs * (n / batch)
	step := 0
	for ep := range epochs {
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		var sum float64
		for b0 := 0; b0+batch <= n; b0 += batch {
			var wg sync.WaitGroup
			var losses [workers]float64
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					g := grads[w]
					for _, p := range g.params() {
						clear(p)
					}
					for i := b0 + w; i < b0+batch; i += workers {
						j := order[i]
						losses[w] += net.backward(tr.x[j*rnC*rnK:(j+1)*rnC*rnK], tr.y[j], scr[w], g)
					}
				}()
			}
			wg.Wait()
			gs, g1 := grads[0].params(), grads[1].params()
			for i := range gs {
				for j := range gs[i] {
					gs[i][j] += g1[i][j]
				}
			}
			lr := lr0 * 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(steps)))
			opt.step(net, grads[0], lr, 1/float32(batch))
			step++
			sum += losses[0] + losses[1]
		}
		t.Logf("epoch %d: train log-loss %.5f a kind", ep, sum/float64(n)/rnK)
		evalRnet(t, net, ho)
	}
	return net
}

func evalRnet(t *testing.T, net *rnet, ho *rnData) {
	s := newScratch()
	m := ho.n()
	z := make([]float32, m*rnK)
	for i := range m {
		net.forward(ho.x[i*rnC*rnK:(i+1)*rnC*rnK], s)
		copy(z[i*rnK:], s.z[:])
	}
	var pNet, pTree []float32
	var lab []bool
	var game []int32
	// blend weights fitted on even games, scored on odd ones
	var fitX [][3]float64
	var fitY []bool
	for i := range m {
		for k := range rnK {
			zt := float32(logit(float64(ho.tree[i*rnK+k])))
			y := ho.y[i].Has(tile.Kind(k))
			if ho.game[i]%2 == 0 {
				fitX = append(fitX, [3]float64{1, float64(zt), float64(z[i*rnK+k])})
				fitY = append(fitY, y)
				continue
			}
			pNet = append(pNet, sigm(z[i*rnK+k]))
			pTree = append(pTree, ho.tree[i*rnK+k])
			lab = append(lab, y)
			game = append(game, ho.game[i])
		}
	}
	w := fitLogistic(fitX, fitY)
	pBlend := make([]float32, 0, len(pNet))
	j := 0
	for i := range m {
		if ho.game[i]%2 == 0 {
			continue
		}
		for k := range rnK {
			_ = k
			zt := logit(float64(pTree[j]))
			pBlend = append(pBlend, sigm(float32(w[0]+w[1]*zt+w[2]*float64(z[i*rnK+k]))))
			j++
		}
	}
	dense := make([]int32, len(game))
	last, d := int32(-1), int32(-1)
	for i, g := range game {
		if g != last {
			d++
			last = g
		}
		dense[i] = d
	}
	ones := make([]float64, int(d)+1)
	for i := range ones {
		ones[i] = 1
	}
	for _, r := range []struct {
		name string
		p    []float32
	}{{"net", pNet}, {"tree", pTree}, {"blend", pBlend}} {
		t.Logf("%-6s AUC %.5f log-loss %.5f (odd held-out games, %d pairs)", r.name, weightedAUC(r.p, lab, dense)(ones), logLossMean(r.p, lab, dense)(ones), len(lab))
	}
	t.Logf("blend weights %.3f %.3f %.3f", w[0], w[1], w[2])
}

func logit(p float64) float64 {
	p = min(max(p, 1e-7), 1-1e-7)
	return math.Log(p / (1 - p))
}

func sigm(z float32) float32 { return float32(1 / (1 + math.Exp(-float64(z)))) }

// fitLogistic fits weights by Newton's method.
func fitLogistic(x [][3]float64, y []bool) [3]float64 {
	var w [3]float64
	for range 20 {
		var g [3]float64
		var h [3][3]float64
		for i, xi := range x {
			z := w[0]*xi[0] + w[1]*xi[1] + w[2]*xi[2]
			p := 1 / (1 + math.Exp(-z))
			t := 0.0
			if y[i] {
				t = 1
			}
			for a := range 3 {
				g[a] += (p - t) * xi[a]
				for b := range 3 {
					h[a][b] += p * (1 - p) * xi[a] * xi[b]
				}
			}
		}
		d := solve3(h, g)
		for a := range 3 {
			w[a] -= d[a]
		}
	}
	return w
}

func solve3(a [3][3]float64, b [3]float64) [3]float64 {
	for i := range 3 {
		p := a[i][i]
		for j := range 3 {
			a[i][j] /= p
		}
		b[i] /= p
		for r := range 3 {
			if r != i {
				f := a[r][i]
				for j := range 3 {
					a[r][j] -= f * a[i][j]
				}
				b[r] -= f * b[i]
			}
		}
	}
	return b
}
