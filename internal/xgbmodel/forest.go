package xgbmodel

import (
	"encoding/binary"
	"fmt"
	"math"
)

// forest is the tree ensemble laid out flat for evaluation: every node of
// every tree in one slice, children by index. It replaces leaves on the
// prediction path (faster, and it allocates nothing); leaves is kept to
// check it ([Model.PredictLeaves]).
type forest struct {
	nodes  []flatNode
	values []float32 // each leaf's value, by node (0 for a split)
	roots  []int32   // first node of each tree
	depth  []uint8   // steps from each tree's root to its deepest leaf
	groups []uint8   // output group (class) of each tree
	base   float64   // added to every raw margin
}

// flatNode is one node in 12 bytes, so that more of a large forest stays
// in cache (the rollout's models are walked millions of times a second).
// A split (split >= 0) sends x to the node at left when
// x[split&featureMask] < threshold, or when it is missing and the split
// has defaultLeftBit, else to left+1 (siblings are adjacent). A leaf
// (split == leafSplit) points to itself with threshold +Inf: x[0] < +Inf
// for any finite x, so a walk that goes on past a leaf stays on it, and
// the walk of a tree is its depth in steps without a test for the end.
type flatNode struct {
	threshold float32
	split     int32
	left      int32
}

const (
	defaultLeftBit = 1 << 30
	featureMask    = defaultLeftBit - 1
	leafSplit      = math.MinInt32 // < 0; & featureMask reads x[0]
)

// feature returns the node's split feature, or -1 for a leaf.
func (nd *flatNode) feature() int32 {
	if nd.split < 0 {
		return -1
	}
	return nd.split & featureMask
}

// margins adds the raw margin of every output group to out (zeroed by the
// caller) for the inputs x, compared as float32 as XGBoost does.
func (f *forest) margins(x []float64, out []float64) {
	for i := range out {
		out[i] = f.base
	}
	if !finite(x) {
		for t, n := range f.roots {
			out[f.groups[t]] += f.leaf(x, n)
		}
		return
	}
	f.walk(x, 0, len(f.roots), func(t int, v float32) { out[f.groups[t]] += float64(v) })
}

// marginOf returns the sum of trees [from, to) on x.
func (f *forest) marginOf(x []float64, from, to int) float64 {
	sum := 0.0
	if !finite(x) {
		for _, n := range f.roots[from:to] {
			sum += f.leaf(x, n)
		}
		return sum
	}
	f.walk(x, from, to, func(_ int, v float32) { sum += float64(v) })
	return sum
}

// finite reports whether x has values, every one a finite number (none
// missing), as walk needs (a leaf reads x[0]).
func finite(x []float64) bool {
	if len(x) == 0 {
		return false
	}
	for _, v := range x {
		if v-v != 0 { // NaN or ±Inf
			return false
		}
	}
	return true
}

// walk passes the leaf value of each tree t in [from, to) on a finite x
// to add, in order. Eight trees are walked at once, each step picking the
// child by arithmetic: eight independent chains of loads keep the
// processor busy where one tree's chain would wait on each load, and no
// branch is mispredicted half the time (2.3 times the engine's
// simulations a second of one tree at a time with a branch a step;
// BenchmarkSimulate, docs/BENCHMARKS.md).
func (f *forest) walk(x []float64, from, to int, add func(t int, v float32)) {
	nodes, roots := f.nodes, f.roots
	step := func(n int32) int32 {
		nd := &nodes[n]
		right := int32(0)
		if !(float32(x[nd.split&featureMask]) < nd.threshold) {
			right = 1
		}
		return nd.left + right
	}
	t := from
	for ; t+8 <= to; t += 8 {
		a, b, c, d := roots[t], roots[t+1], roots[t+2], roots[t+3]
		e, g, h, i := roots[t+4], roots[t+5], roots[t+6], roots[t+7]
		dp := max(f.depth[t], f.depth[t+1], f.depth[t+2], f.depth[t+3], f.depth[t+4], f.depth[t+5], f.depth[t+6], f.depth[t+7])
		for range dp {
			a, b, c, d = step(a), step(b), step(c), step(d)
			e, g, h, i = step(e), step(g), step(h), step(i)
		}
		add(t, f.values[a])
		add(t+1, f.values[b])
		add(t+2, f.values[c])
		add(t+3, f.values[d])
		add(t+4, f.values[e])
		add(t+5, f.values[g])
		add(t+6, f.values[h])
		add(t+7, f.values[i])
	}
	for ; t < to; t++ {
		n := roots[t]
		for range f.depth[t] {
			n = step(n)
		}
		add(t, f.values[n])
	}
}

// leaf returns the value of the leaf x reaches in the tree at node n.
func (f *forest) leaf(x []float64, n int32) float64 {
	nodes := f.nodes
	nd := &nodes[n]
	for nd.split >= 0 {
		v := x[nd.split&featureMask]
		n = nd.left
		switch {
		case float32(v) < nd.threshold:
		case v != v: // NaN: missing
			if nd.split&defaultLeftBit == 0 {
				n++
			}
		default:
			n++
		}
		nd = &nodes[n]
	}
	return float64(f.values[n])
}

// readForest reads the trees of an unpatched model's bytes b (after the
// "binf" magic) from pos, where the gbtree parameters start.
func readForest(b []byte, pos, outputs int, baseMargin float64) (*forest, error) {
	le := binary.LittleEndian
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
	}
	if pos+gbtreeParamSize > len(b) {
		return nil, bad("truncated at byte %d", pos)
	}
	numTrees := int(int32(le.Uint32(b[pos:])))
	pos += gbtreeParamSize
	f := &forest{base: baseMargin}
	for t := 0; t < numTrees; t++ {
		if pos+treeParamSize > len(b) {
			return nil, bad("tree %d truncated", t)
		}
		numNodes := int(int32(le.Uint32(b[pos+4:])))
		leafVec := int32(le.Uint32(b[pos+20:]))
		pos += treeParamSize
		if numNodes <= 0 || numNodes > 1<<24 || pos+numNodes*nodeSize > len(b) {
			return nil, bad("tree %d has %d nodes", t, numNodes)
		}
		f.roots = append(f.roots, int32(len(f.nodes)))
		if err := f.appendTree(b[pos:], numNodes); err != nil {
			return nil, bad("tree %d %v", t, err)
		}
		pos += numNodes * (nodeSize + nodeStatSize)
		if leafVec > 0 {
			if pos+8 > len(b) {
				return nil, bad("tree %d truncated", t)
			}
			pos += 8 + 4*int(le.Uint64(b[pos:]))
		}
	}
	// tree_info: the output group of each tree.
	for t := 0; t < numTrees; t++ {
		g := t % outputs
		if pos+4*numTrees <= len(b) {
			g = int(int32(le.Uint32(b[pos+4*t:])))
		}
		if g < 0 || g >= outputs {
			return nil, bad("tree %d belongs to group %d of %d", t, g, outputs)
		}
		f.groups = append(f.groups, uint8(g))
	}
	return f, nil
}

// appendTree appends the tree of numNodes nodes in b (XGBoost's node
// records, root first) to f.nodes breadth first, each node's two children
// side by side.
func (f *forest) appendTree(b []byte, numNodes int) error {
	le := binary.LittleEndian
	first := int32(len(f.nodes))
	order := []int32{0} // the file's node at each new index, from first
	level := []uint8{0} // and its depth
	depth := uint8(0)
	for i := 0; i < len(order); i++ {
		node := b[int(order[i])*nodeSize:]
		left, right := int32(le.Uint32(node[4:])), int32(le.Uint32(node[8:]))
		info := math.Float32frombits(le.Uint32(node[16:]))
		depth = max(depth, level[i])
		if left == -1 {
			f.nodes = append(f.nodes, flatNode{threshold: float32(math.Inf(1)), split: leafSplit, left: first + int32(i)})
			f.values = append(f.values, info)
			continue
		}
		if level[i] == math.MaxUint8 {
			return fmt.Errorf("is deeper than %d", math.MaxUint8)
		}
		if left <= 0 || right <= 0 || int(left) >= numNodes || int(right) >= numNodes || len(order)+2 > numNodes {
			return fmt.Errorf("node %d has children %d, %d", order[i], left, right)
		}
		sindex := le.Uint32(node[12:])
		feature := int32(sindex & (1<<31 - 1))
		if feature >= defaultLeftBit {
			return fmt.Errorf("node %d splits on feature %d", order[i], feature)
		}
		split := feature
		if sindex>>31 != 0 {
			split |= defaultLeftBit
		}
		f.nodes = append(f.nodes, flatNode{threshold: info, split: split, left: first + int32(len(order))})
		f.values = append(f.values, 0)
		order = append(order, left, right)
		level = append(level, level[i]+1, level[i]+1)
	}
	f.depth = append(f.depth, depth)
	return nil
}

// checkFeatures reports whether every split's feature is below n.
func (f *forest) checkFeatures(n int) error {
	for i := range f.nodes {
		if f.nodes[i].feature() >= int32(n) {
			return fmt.Errorf("%w: a split on feature %d of %d", ErrFormat, f.nodes[i].feature(), n)
		}
	}
	return nil
}
