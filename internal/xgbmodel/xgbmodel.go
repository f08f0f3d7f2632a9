// Package xgbmodel loads gradient-boosted tree models written by the XGBoost
// 1.7 command-line tool (Debian's xgboost 1.7.4), evaluates them with its
// own flat trees, checked against github.com/dmitryikh/leaves
// ([Model.PredictLeaves]), and describes each shipped model with a [Card].
// Model files are stored gzip-compressed (compress.go).
//
// leaves reads XGBoost's binary model format as it was before 1.0. A 1.7
// binary model differs in ways that make leaves fail or predict wrongly;
// the model's bytes are rewritten before leaves reads them:
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
	"sync"

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
	ens         func() (*leaves.Ensemble, error) // built at the first PredictLeaves
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
	ens, err := m.ens()
	if err != nil {
		return err
	}
	if err := ens.Predict(x, 0, out[:m.numOutputs]); err != nil {
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
// command-line tool with a model_out name not ending in .json), plain or
// gzip-compressed as [Save] writes it, checks it and lays its trees out
// for [Model.Predict]. b is not kept.
func Load(b []byte) (*Model, error) {
	raw, err := Decompress(b)
	if err != nil {
		return nil, err
	}
	return load(raw)
}

// load loads the model raw (uncompressed), which it keeps and must own:
// leaves, the reference of [Model.PredictLeaves], reads it rewritten as
// the package documentation describes at the first call, so that a
// process that only predicts does not pay for a second parse.
func load(raw []byte) (*Model, error) {
	raw = bytes.TrimPrefix(raw, []byte("binf"))
	h, err := readHeader(raw)
	if err != nil {
		return nil, err
	}
	m := &Model{objective: h.objective, numFeatures: h.numFeatures, numOutputs: h.outputs}
	if m.flat, err = readForest(raw, h.treesAt, h.outputs, h.baseMargin); err != nil {
		return nil, err
	}
	if err := m.flat.checkFeatures(m.numFeatures); err != nil {
		return nil, err
	}
	m.ens = sync.OnceValues(func() (*leaves.Ensemble, error) { return leavesEnsemble(raw, h) })
	return m, nil
}

// leavesEnsemble loads the model raw (without the magic) into leaves,
// rewritten as the package documentation describes.
func leavesEnsemble(raw []byte, h header) (*leaves.Ensemble, error) {
	p, err := patch(raw, h)
	if err != nil {
		return nil, err
	}
	ens, err := leaves.XGEnsembleFromReader(bufio.NewReader(bytes.NewReader(p)), false)
	if err != nil {
		return nil, fmt.Errorf("%w: leaves: %v", ErrFormat, err)
	}
	if n := ens.NRawOutputGroups(); n != h.outputs {
		return nil, fmt.Errorf("%w: leaves reads %d output groups, expected %d", ErrFormat, n, h.outputs)
	}
	return ens, nil
}

// header is what the model's parameters say, read by readHeader.
type header struct {
	treesAt     int     // offset of the gbtree parameters (after the magic)
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

// readHeader reads the learner parameters, the objective, the booster's
// name and the gbtree parameters of the model b (without the magic).
func readHeader(b []byte) (header, error) {
	var h header
	r := &modelReader{b: b}
	if err := h.learner(r); err != nil {
		return h, err
	}
	if err := r.need(gbtreeParamSize); err != nil {
		return h, err
	}
	h.treesAt = r.pos
	if g := int32(binary.LittleEndian.Uint32(b[r.pos+24:])); g != 0 && int(g) != h.outputs {
		return h, fmt.Errorf("%w: num_output_group %d, expected %d", ErrFormat, g, h.outputs)
	}
	return h, nil
}

// patch returns a copy of the model raw (without the magic, read by
// readHeader into h) rewritten for leaves, as the package documentation
// describes: the base score of a binary:logistic model as a margin, the
// output groups where XGBoost left them 0, and every split threshold one
// float32 lower.
func patch(raw []byte, h header) ([]byte, error) {
	le := binary.LittleEndian
	b := bytes.Clone(raw)
	if h.objective == BinaryLogistic {
		le.PutUint32(b[0:], math.Float32bits(float32(h.baseMargin)))
	}
	r := &modelReader{b: b, pos: h.treesAt}
	numTrees := int(int32(le.Uint32(b[r.pos:])))
	le.PutUint32(b[r.pos+24:], uint32(h.outputs))
	r.pos += gbtreeParamSize
	for t := 0; t < numTrees; t++ {
		if err := patchTree(r, t); err != nil {
			return nil, err
		}
	}
	return b, nil
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
func (h *header) learner(r *modelReader) error {
	le := binary.LittleEndian
	b := r.b
	if err := r.need(learnerParamSize); err != nil {
		return err
	}
	baseScore := math.Float32frombits(le.Uint32(b[0:]))
	h.numFeatures = int(le.Uint32(b[4:]))
	numClass := int(int32(le.Uint32(b[8:])))
	r.pos = learnerParamSize
	var err error
	if h.objective, err = r.str(); err != nil {
		return err
	}
	gbm, err := r.str()
	if err != nil {
		return err
	}
	if gbm != "gbtree" {
		return fmt.Errorf("%w: booster %q", ErrFormat, gbm)
	}
	h.outputs = 1
	switch h.objective {
	case BinaryLogistic:
		if baseScore <= 0 || baseScore >= 1 {
			return fmt.Errorf("%w: base_score %g is not a probability", ErrFormat, baseScore)
		}
		margin := math.Log(float64(baseScore) / (1 - float64(baseScore)))
		h.baseMargin = float64(float32(margin))
	case RegSquaredError, RankPairwise, RankNDCG:
		h.baseMargin = float64(baseScore)
	case MultiSoftprob:
		if numClass < 2 {
			return fmt.Errorf("%w: multi:softprob with num_class %d", ErrFormat, numClass)
		}
		h.outputs = numClass
		h.baseMargin = float64(baseScore)
	default:
		return fmt.Errorf("xgbmodel: objective %q is not supported (want %s, %s, %s, %s or %s)",
			h.objective, BinaryLogistic, RegSquaredError, MultiSoftprob, RankPairwise, RankNDCG)
	}
	return nil
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
