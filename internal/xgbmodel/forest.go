package xgbmodel

import (
	"encoding/binary"
	"fmt"
	"math"
)

// forest is the tree ensemble laid out flat for evaluation: every node of
// every tree in one slice, children by index. It replaces leaves on the
// prediction path (about ten times faster, no allocation); leaves is kept
// to check it ([Model.PredictLeaves]).
type forest struct {
	nodes  []flatNode
	roots  []int32 // first node of each tree
	groups []uint8 // output group (class) of each tree
	base   float64 // added to every raw margin
}

// flatNode is an internal node (feature >= 0: go to left when x < threshold,
// or when x is missing and defaultLeft) or a leaf (feature < 0: value).
type flatNode struct {
	threshold   float32
	value       float32
	feature     int32
	left, right int32
	defaultLeft bool
}

// margins adds the raw margin of every output group to out (zeroed by the
// caller) for the inputs x, compared as float32 as XGBoost does.
func (f *forest) margins(x []float64, out []float64) {
	for i := range out {
		out[i] = f.base
	}
	for t, n := range f.roots {
		out[f.groups[t]] += f.leaf(x, n)
	}
}

// marginOf returns the sum of trees [from, to) on x.
func (f *forest) marginOf(x []float64, from, to int) float64 {
	sum := 0.0
	for _, n := range f.roots[from:to] {
		sum += f.leaf(x, n)
	}
	return sum
}

// leaf returns the value of the leaf x reaches in the tree at node n.
func (f *forest) leaf(x []float64, n int32) float64 {
	nodes := f.nodes
	nd := &nodes[n]
	for nd.feature >= 0 {
		v := x[nd.feature]
		switch {
		case v != v: // NaN: missing
			if nd.defaultLeft {
				n = nd.left
			} else {
				n = nd.right
			}
		case float32(v) < nd.threshold:
			n = nd.left
		default:
			n = nd.right
		}
		nd = &nodes[n]
	}
	return float64(nd.value)
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
		first := int32(len(f.nodes))
		f.roots = append(f.roots, first)
		for n := 0; n < numNodes; n++ {
			node := b[pos+n*nodeSize:]
			left, right := int32(le.Uint32(node[4:])), int32(le.Uint32(node[8:]))
			sindex := le.Uint32(node[12:])
			info := math.Float32frombits(le.Uint32(node[16:]))
			if left == -1 {
				f.nodes = append(f.nodes, flatNode{feature: -1, value: info})
				continue
			}
			if left <= 0 || right <= 0 || int(left) >= numNodes || int(right) >= numNodes {
				return nil, bad("tree %d node %d has children %d, %d", t, n, left, right)
			}
			f.nodes = append(f.nodes, flatNode{threshold: info, feature: int32(sindex & (1<<31 - 1)),
				left: first + left, right: first + right, defaultLeft: sindex>>31 != 0})
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

// checkFeatures reports whether every split's feature is below n.
func (f *forest) checkFeatures(n int) error {
	for i := range f.nodes {
		if f.nodes[i].feature >= int32(n) {
			return fmt.Errorf("%w: a split on feature %d of %d", ErrFormat, f.nodes[i].feature, n)
		}
	}
	return nil
}
