package serve

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/sim/observe"
)

// keySchema says which object keys a JSON value may hold: a struct's exact
// field names, each with the schema of its value (fields non-nil), or an
// array whose elements have the schema elem. A nil schema allows any keys.
// Every object, whatever its schema, holds each key once.
type keySchema struct {
	fields map[string]*keySchema
	elem   *keySchema
}

// schemaOf is the key schema of the Go type a value decodes into: its
// fields' JSON names (as encoding/json spells them, exactly) down to the
// types that decode themselves, whose keys are theirs to judge.
func schemaOf(t reflect.Type) *keySchema {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	p := reflect.PointerTo(t)
	if p.Implements(reflect.TypeFor[json.Unmarshaler]()) || p.Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		s := &keySchema{fields: map[string]*keySchema{}}
		for f := range t.Fields() {
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch name {
			case "-":
				continue
			case "":
				name = f.Name
			}
			s.fields[name] = schemaOf(f.Type)
		}
		return s
	case reflect.Slice, reflect.Array:
		if e := schemaOf(t.Elem()); e != nil {
			return &keySchema{elem: e}
		}
	}
	return nil
}

// observationSchema is the JSON form of an observation (docs/OBSERVATION.md;
// package observe decodes it into unexported types, so its keys are listed
// here; TestObservationSchema checks them against what observe writes).
var observationSchema = &keySchema{fields: map[string]*keySchema{
	"rules": {fields: map[string]*keySchema{"players": nil, "score": nil, "length": nil, "start_points": nil, "return_points": nil,
		"extension_winds": nil, "uma": nil, "round_points": nil, "tenpai_yame": nil, "open_kan_dora_at_once": nil}},
	"round": nil, "honba": nil, "sticks": nil, "dealer": nil, "scores": nil, "seat": nil, "hand": nil, "dora_indicator": nil,
	"events": {elem: schemaOf(reflect.TypeFor[observe.FaceEvent]())},
}}

var (
	analyzeSchema = withObservation(schemaOf(reflect.TypeFor[AnalyzeRequest]()))
	reviewSchema  = schemaOf(reflect.TypeFor[ReviewRequest]())
	batchSchema   = schemaOf(reflect.TypeFor[BatchRequest]())
)

func withObservation(s *keySchema) *keySchema {
	s.fields["observation"] = observationSchema
	return s
}

// checkKeys refuses, in a body that is valid JSON, an object that holds a
// key twice and, where the schema knows the fields, a key that is not
// exactly a field's name: encoding/json would keep the last value, and
// match "Sims" to "sims". The error names the key with its path
// ("observation.events[3].tile"). One pass over the body; it allocates
// only for escaped keys and objects of many keys.
func checkKeys(body []byte, s *keySchema) error {
	w := keyWalker{b: body}
	w.space()
	return w.value(s)
}

// keyWalker reads valid JSON (the caller has checked it: encoding/json's
// decoder, or json.Valid, which also bound the nesting depth this
// recursion follows).
type keyWalker struct {
	b    []byte
	i    int
	path []pathStep // where the walk is, for the error
	keys [][]byte   // the keys of the objects open, innermost last
	skip bool       // only skip the values: no checks
}

// pathStep is a key (its canonical bytes) or an array index.
type pathStep struct {
	key   []byte
	index int
}

func (w *keyWalker) space() {
	for w.i < len(w.b) {
		switch w.b[w.i] {
		case ' ', '\t', '\n', '\r':
			w.i++
		default:
			return
		}
	}
}

// value walks one value starting at w.i (no space before it) and the
// space after it.
func (w *keyWalker) value(s *keySchema) error {
	var err error
	switch w.b[w.i] {
	case '{':
		err = w.object(s)
	case '[':
		err = w.array(s)
	case '"':
		w.str()
	default: // a number, true, false or null
		for w.i < len(w.b) && !isDelim(w.b[w.i]) {
			w.i++
		}
	}
	w.space()
	return err
}

func isDelim(c byte) bool {
	switch c {
	case ',', ']', '}', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// str skips a string, w.i at its opening quote, and returns its raw
// content and whether it holds an escape.
func (w *keyWalker) str() (raw []byte, escaped bool) {
	start := w.i + 1
	for w.i = start; ; w.i++ {
		switch w.b[w.i] {
		case '\\':
			escaped = true
			w.i++
		case '"':
			raw = w.b[start:w.i]
			w.i++
			return raw, escaped
		}
	}
}

func (w *keyWalker) array(s *keySchema) error {
	var elem *keySchema
	if s != nil {
		elem = s.elem
	}
	w.i++
	w.space()
	for n := 0; w.b[w.i] != ']'; n++ {
		w.path = append(w.path, pathStep{index: n})
		if err := w.value(elem); err != nil {
			return err
		}
		w.path = w.path[:len(w.path)-1]
		w.comma()
	}
	w.i++
	return nil
}

// comma skips the comma after a member or an element, if there is one,
// and the space after it.
func (w *keyWalker) comma() {
	if w.b[w.i] == ',' {
		w.i++
		w.space()
	}
}

// key reads an object's key, w.i at its opening quote, and the colon
// after it, and returns the key unescaped and where it starts.
func (w *keyWalker) key() (key []byte, at int) {
	at = w.i
	raw, escaped := w.str()
	key = raw
	if escaped {
		var k string
		json.Unmarshal(w.b[at:w.i], &k) // valid JSON: cannot fail
		key = []byte(k)
	}
	w.space()
	w.i++ // the colon
	w.space()
	return key, at
}

// manyKeys is the size beyond which an object's keys are looked up in a
// map rather than compared one by one.
const manyKeys = 32

func (w *keyWalker) object(s *keySchema) error {
	w.i++
	w.space()
	first := len(w.keys)
	defer func() { w.keys = w.keys[:first] }()
	var seen map[string]bool
	for w.b[w.i] != '}' {
		key, at := w.key()
		w.path = append(w.path, pathStep{key: key, index: -1})
		if !w.skip && w.repeated(key, first, &seen) {
			line, col := lineCol(w.b, int64(at))
			return fmt.Errorf("request body: key %q given twice (the second at line %d, column %d)", w.pathString(), line, col)
		}
		var vs *keySchema
		if s != nil && s.fields != nil {
			var ok bool
			if vs, ok = s.fields[string(key)]; !ok {
				return w.unknown(s)
			}
		}
		if err := w.value(vs); err != nil {
			return err
		}
		w.path = w.path[:len(w.path)-1]
		w.comma()
	}
	w.i++
	return nil
}

// repeated tells whether the object whose keys start at w.keys[first]
// already holds key, and adds it.
func (w *keyWalker) repeated(key []byte, first int, seen *map[string]bool) bool {
	if *seen != nil {
		if (*seen)[string(key)] {
			return true
		}
		(*seen)[string(key)] = true
		return false
	}
	for _, k := range w.keys[first:] {
		if bytes.Equal(k, key) {
			return true
		}
	}
	w.keys = append(w.keys, key)
	if len(w.keys)-first > manyKeys {
		*seen = make(map[string]bool, 2*manyKeys)
		for _, k := range w.keys[first:] {
			(*seen)[string(k)] = true
		}
	}
	return false
}

// unknown is the error for the last key of the path, which s does not
// hold: a key differing from a field's name only in case says so.
func (w *keyWalker) unknown(s *keySchema) error {
	key := string(w.path[len(w.path)-1].key)
	for name := range s.fields {
		if strings.EqualFold(name, key) {
			return fmt.Errorf("request body: unknown field %q (field names are exact: %q)", w.pathString(), name)
		}
	}
	return fmt.Errorf("request body: unknown field %q", w.pathString())
}

// pathString writes the path as "observation.events[3].tile".
func (w *keyWalker) pathString() string {
	var b strings.Builder
	for i, p := range w.path {
		switch {
		case p.index >= 0:
			b.WriteString("[" + strconv.Itoa(p.index) + "]")
		case i > 0:
			b.WriteByte('.')
			fallthrough
		default:
			b.Write(p.key)
		}
	}
	return b.String()
}

// hasTopKey tells whether body is a JSON object with the member key.
func hasTopKey(body []byte, key string) bool {
	if !json.Valid(body) {
		return false
	}
	w := keyWalker{b: body, skip: true}
	w.space()
	if w.b[w.i] != '{' {
		return false
	}
	w.i++
	w.space()
	for w.b[w.i] != '}' {
		if k, _ := w.key(); string(k) == key {
			return true
		}
		w.value(nil)
		w.comma()
	}
	return false
}
