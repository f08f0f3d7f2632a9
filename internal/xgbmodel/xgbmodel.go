// Package xgbmodel loads gradient-boosted tree models written by the XGBoost
// 1.7 command-line tool (Debian's xgboost 1.7.4) so that
// github.com/dmitryikh/leaves can evaluate them, and describes each shipped
// model with a [Card].
//
// leaves reads XGBoost's binary model format as it was before 1.0. A 1.7
// binary model differs in ways that make leaves fail or predict wrongly;
// [Load] rewrites the bytes before handing them to leaves:
//
//   - the file starts with the 4-byte magic "binf": dropped;
//   - the booster stores num_output_group as 0 for single-output
//     objectives: set to max(1, num_class);
//   - base_score is stored as a probability for binary:logistic; leaves adds
//     it to the margin as is: replaced by its logit (identity for the
//     regression and softmax objectives used here);
//   - XGBoost sends x to the left child when x < t, leaves when x <= t: every
//     split threshold t is replaced by the largest float32 below t, which is
//     the same test for float32 inputs;
//   - XGBoost rounds inputs to float32 before comparing: the feature
//     extractors of opponent and rankmodel emit float32-representable values
//     ([Round32]), and [Model.Predict] documents the requirement;
//   - leaves knows no transformation for multi:softprob: [Model] computes raw
//     margins with leaves and applies the sigmoid or softmax itself.
//
// JSON models are not readable by leaves at all, so training writes binary
// models. The equality with `xgboost task=pred` (≤ 1e-5) is tested in
// xgbmodel_test.go for every objective used.
package xgbmodel

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/dmitryikh/leaves"
)

// Objectives the loader knows how to transform.
const (
	BinaryLogistic  = "binary:logistic"
	RegSquaredError = "reg:squarederror"
	MultiSoftprob   = "multi:softprob"
	// The ranking objectives predict a raw score, comparable only within
	// a query group (the candidates of one decision).
	RankPairwise = "rank:pairwise"
	RankNDCG     = "rank:ndcg"
)

// Ranking reports whether objective ranks the rows of a query group
// (rank:pairwise, rank:ndcg): its scores compare only within a group.
func Ranking(objective string) bool { return objective == RankPairwise || objective == RankNDCG }

// ErrFormat is wrapped by every error about a model file's bytes.
var ErrFormat = errors.New("xgbmodel: not an XGBoost 1.x binary gbtree model")

// Model is a loaded tree ensemble. It is safe for concurrent use.
type Model struct {
	flat        *forest
	ens         *leaves.Ensemble
	objective   string
	numFeatures int
	numOutputs  int
}

// Objective returns the XGBoost objective the model was trained with.
func (m *Model) Objective() string { return m.objective }

// NumFeatures returns the number of input features the model expects.
func (m *Model) NumFeatures() int { return m.numFeatures }

// Splits reports whether a tree of the model splits on feature j: when
// none does, the feature's value never changes a prediction, and a caller
// may leave it uncomputed.
func (m *Model) Splits(j int) bool {
	for i := range m.flat.nodes {
		if m.flat.nodes[i].feature() == int32(j) {
			return true
		}
	}
	return false
}

// NumTrees returns the number of trees.
func (m *Model) NumTrees() int { return len(m.flat.roots) }

// Margin returns the raw margin of trees [from, to) of a single-output
// model on x (len NumFeatures), without the base: summed over consecutive
// ranges it gives Predict's margin less the base, so that candidates can
// be ranked by stages (a cascade).
func (m *Model) Margin(x []float64, from, to int) float64 {
	return m.flat.marginOf(x, from, to)
}

// NumOutputs returns the number of values Predict writes: the number of
// classes for multi:softprob, else 1.
func (m *Model) NumOutputs() int { return m.numOutputs }

// Round32 rounds v to the nearest float32, as XGBoost does with its inputs.
func Round32(v float64) float64 { return float64(float32(v)) }

// Predict evaluates the model on x (len NumFeatures; every value must be
// float32-representable, see [Round32]) and writes the transformed output to
// out (len NumOutputs): a probability for binary:logistic, class
// probabilities for multi:softprob, the value for reg:squarederror.
func (m *Model) Predict(x, out []float64) error {
	if len(x) != m.numFeatures {
		return fmt.Errorf("xgbmodel: %d features given, model expects %d", len(x), m.numFeatures)
	}
	if len(out) < m.numOutputs {
		return fmt.Errorf("xgbmodel: output has room for %d values, model gives %d", len(out), m.numOutputs)
	}
	m.flat.margins(x, out[:m.numOutputs])
	m.transform(out)
	return nil
}

// PredictLeaves is Predict computed by leaves instead of the flat trees:
// the reference the flat evaluator is tested against.
func (m *Model) PredictLeaves(x, out []float64) error {
	if len(x) != m.numFeatures || len(out) < m.numOutputs {
		return fmt.Errorf("xgbmodel: %d features and %d outputs given, model has %d and %d", len(x), len(out), m.numFeatures, m.numOutputs)
	}
	if err := m.ens.Predict(x, 0, out[:m.numOutputs]); err != nil {
		return err
	}
	m.transform(out)
	return nil
}

// transform turns raw margins into the objective's output.
func (m *Model) transform(out []float64) {
	switch m.objective {
	case BinaryLogistic:
		out[0] = 1 / (1 + math.Exp(-out[0]))
	case MultiSoftprob:
		softmax(out[:m.numOutputs])
	}
}

// PredictOne is Predict for a single-output model.
func (m *Model) PredictOne(x []float64) (float64, error) {
	var out [1]float64
	if m.numOutputs != 1 {
		return 0, fmt.Errorf("xgbmodel: PredictOne on a model with %d outputs", m.numOutputs)
	}
	err := m.Predict(x, out[:])
	return out[0], err
}

func softmax(v []float64) {
	mx := math.Inf(-1)
	for _, x := range v {
		mx = math.Max(mx, x)
	}
	sum := 0.0
	for i, x := range v {
		v[i] = math.Exp(x - mx)
		sum += v[i]
	}
	for i := range v {
		v[i] /= sum
	}
}

// Load reads an XGBoost 1.x binary gbtree model (as written by the xgboost
// command-line tool with a model_out name not ending in .json), rewrites it
// for leaves as the package documentation describes, and loads it.
func Load(b []byte) (*Model, error) {
	p, err := patch(b)
	if err != nil {
		return nil, err
	}
	ens, err := leaves.XGEnsembleFromReader(bufio.NewReader(bytes.NewReader(p.bytes)), false)
	if err != nil {
		return nil, fmt.Errorf("%w: leaves: %v", ErrFormat, err)
	}
	m := &Model{ens: ens, objective: p.objective, numFeatures: p.numFeatures, numOutputs: ens.NRawOutputGroups()}
	if m.numOutputs != p.outputs {
		return nil, fmt.Errorf("%w: %d output groups, expected %d", ErrFormat, m.numOutputs, p.outputs)
	}
	if m.flat, err = readForest(p.raw, p.treesAt, p.outputs, p.baseMargin); err != nil {
		return nil, err
	}
	if err := m.flat.checkFeatures(m.numFeatures); err != nil {
		return nil, err
	}
	return m, nil
}

type patched struct {
	bytes       []byte
	raw         []byte  // the input without the magic, thresholds as XGBoost wrote them
	treesAt     int     // offset of the gbtree parameters in raw
	baseMargin  float64 // base_score as a margin
	objective   string
	numFeatures int
	outputs     int
}

// Sizes of the fixed structs of XGBoost's binary format (src/learner.cc
// LearnerModelParamLegacy, src/gbm/gbtree_model.h GBTreeModelParam,
// include/xgboost/tree_model.h TreeParam, RTreeNodeStat and Node).
const (
	learnerParamSize = 136 // base_score f32, num_feature u32, num_class i32, ... reserved
	gbtreeParamSize  = 160 // num_trees, num_parallel_tree, num_feature, pad, i64, num_output_group, size_leaf_vector, 32 reserved
	treeParamSize    = 148 // num_roots, num_nodes, num_deleted, max_depth, num_feature, size_leaf_vector, 31 reserved
	nodeSize         = 20  // parent, cleft, cright i32, sindex u32, info f32
	nodeStatSize     = 16
)

// patch rewrites an XGBoost binary model for leaves, as the package
// documentation describes: the base score of a binary:logistic model as a
// margin, the output groups where XGBoost left them 0, and every split
// threshold one float32 lower. It keeps the input as read in raw.
func patch(in []byte) (patched, error) {
	var p patched
	b := bytes.Clone(in)
	if bytes.HasPrefix(b, []byte("binf")) {
		b = b[4:]
	}
	p.raw = bytes.Clone(b)
	r := &modelReader{b: b}
	if err := p.learner(r); err != nil {
		return p, err
	}
	if err := p.trees(r); err != nil {
		return p, err
	}
	p.bytes = b
	return p, nil
}

// modelReader walks the model's bytes; its errors wrap ErrFormat.
type modelReader struct {
	b   []byte
	pos int
}

// need checks that n more bytes follow pos.
func (r *modelReader) need(n int) error {
	if r.pos+n > len(r.b) {
		return fmt.Errorf("%w: truncated at byte %d", ErrFormat, r.pos)
	}
	return nil
}

// str reads a string: its length as a uint64, then its bytes.
func (r *modelReader) str() (string, error) {
	if err := r.need(8); err != nil {
		return "", err
	}
	n := binary.LittleEndian.Uint64(r.b[r.pos:])
	r.pos += 8
	if n > 1<<10 {
		return "", fmt.Errorf("%w: string of %d bytes", ErrFormat, n)
	}
	if err := r.need(int(n)); err != nil {
		return "", err
	}
	s := string(r.b[r.pos : r.pos+int(n)])
	r.pos += int(n)
	return s, nil
}

// learner reads the learner parameters, the objective and the booster's
// name, and sets the base margin and the number of outputs from them.
func (p *patched) learner(r *modelReader) error {
	le := binary.LittleEndian
	b := r.b
	if err := r.need(learnerParamSize); err != nil {
		return err
	}
	baseScore := math.Float32frombits(le.Uint32(b[0:]))
	p.numFeatures = int(le.Uint32(b[4:]))
	numClass := int(int32(le.Uint32(b[8:])))
	r.pos = learnerParamSize
	var err error
	if p.objective, err = r.str(); err != nil {
		return err
	}
	gbm, err := r.str()
	if err != nil {
		return err
	}
	if gbm != "gbtree" {
		return fmt.Errorf("%w: booster %q", ErrFormat, gbm)
	}
	p.outputs = 1
	switch p.objective {
	case BinaryLogistic:
		if baseScore <= 0 || baseScore >= 1 {
			return fmt.Errorf("%w: base_score %g is not a probability", ErrFormat, baseScore)
		}
		margin := math.Log(float64(baseScore) / (1 - float64(baseScore)))
		le.PutUint32(b[0:], math.Float32bits(float32(margin)))
		p.baseMargin = float64(float32(margin))
	case RegSquaredError, RankPairwise, RankNDCG:
		p.baseMargin = float64(baseScore)
	case MultiSoftprob:
		if numClass < 2 {
			return fmt.Errorf("%w: multi:softprob with num_class %d", ErrFormat, numClass)
		}
		p.outputs = numClass
		p.baseMargin = float64(baseScore)
	default:
		return fmt.Errorf("xgbmodel: objective %q is not supported (want %s, %s, %s, %s or %s)",
			p.objective, BinaryLogistic, RegSquaredError, MultiSoftprob, RankPairwise, RankNDCG)
	}
	return nil
}

// trees reads the gbtree parameters, setting the output groups, then
// lowers every tree's thresholds and checks that the model ends there.
func (p *patched) trees(r *modelReader) error {
	le := binary.LittleEndian
	b := r.b
	if err := r.need(gbtreeParamSize); err != nil {
		return err
	}
	p.treesAt = r.pos
	numTrees := int(int32(le.Uint32(b[r.pos:])))
	if g := int32(le.Uint32(b[r.pos+24:])); g == 0 {
		le.PutUint32(b[r.pos+24:], uint32(p.outputs))
	} else if int(g) != p.outputs {
		return fmt.Errorf("%w: num_output_group %d, expected %d", ErrFormat, g, p.outputs)
	}
	r.pos += gbtreeParamSize
	for t := 0; t < numTrees; t++ {
		if err := patchTree(r, t); err != nil {
			return err
		}
	}
	return r.need(0)
}

// patchTree lowers the split thresholds of tree t, at r.pos, by one
// float32 and moves past its nodes, their stats and its leaf vector.
func patchTree(r *modelReader, t int) error {
	le := binary.LittleEndian
	b := r.b
	if err := r.need(treeParamSize); err != nil {
		return err
	}
	numNodes := int(int32(le.Uint32(b[r.pos+4:])))
	leafVec := int32(le.Uint32(b[r.pos+20:]))
	r.pos += treeParamSize
	if numNodes <= 0 || numNodes > 1<<24 {
		return fmt.Errorf("%w: tree %d has %d nodes", ErrFormat, t, numNodes)
	}
	if err := r.need(numNodes * nodeSize); err != nil {
		return err
	}
	for n := 0; n < numNodes; n++ {
		node := b[r.pos+n*nodeSize:]
		if int32(le.Uint32(node[4:])) == -1 {
			continue // a leaf: info is its value
		}
		th := math.Float32frombits(le.Uint32(node[16:]))
		le.PutUint32(node[16:], math.Float32bits(math.Nextafter32(th, float32(math.Inf(-1)))))
	}
	r.pos += numNodes * (nodeSize + nodeStatSize)
	if leafVec > 0 {
		if err := r.need(8); err != nil {
			return err
		}
		r.pos += 8 + 4*int(le.Uint64(b[r.pos:]))
	}
	return nil
}
