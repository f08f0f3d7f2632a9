package review

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"reflect"
	"sync"

	"github.com/mjrank/mjrank/data"
)

// RecordDigest is the SHA-256 of the game as read, every field but Ref
// (a log id that may come from the file name): the same game in another
// file, or the same file renamed or compressed, has the same digest.
func RecordDigest(g *data.Game) string {
	c := *g
	c.Ref = ""
	h := sha256.New()
	digestValue(h, reflect.ValueOf(&c).Elem())
	return hex.EncodeToString(h.Sum(nil))
}

// digestValue writes v to h without ambiguity: lengths before contents,
// a marker before what a pointer holds. Unexported fields are read too:
// the digest is of the value, not of what it exports.
func digestValue(h hash.Hash, v reflect.Value) {
	var b [8]byte
	u64 := func(x uint64) {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			u64(1)
		} else {
			u64(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		u64(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		u64(v.Uint())
	case reflect.Float32, reflect.Float64:
		u64(math.Float64bits(v.Float()))
	case reflect.String:
		u64(uint64(v.Len()))
		h.Write([]byte(v.String()))
	case reflect.Array, reflect.Slice:
		u64(uint64(v.Len()))
		for i := range v.Len() {
			digestValue(h, v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			digestValue(h, v.Field(i))
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			u64(0)
			return
		}
		u64(1)
		digestValue(h, v.Elem())
	default:
		// A map or a func in the record would need an order or has no
		// value: a new field of such a kind must be handled here.
		panic(fmt.Sprintf("review: RecordDigest: a %s in the record", v.Kind()))
	}
}

// reportLayout is the digest of the Report type's JSON layout (field
// names, tags and kinds, recursively): a cache entry written by a build
// whose report has other fields is another review's.
var reportLayout = sync.OnceValue(func() string {
	h := sha256.New()
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		fmt.Fprintf(h, "%s:%s;", t.Kind(), t.Name())
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(t.Elem())
		case reflect.Struct:
			if seen[t] {
				return
			}
			seen[t] = true
			for i := range t.NumField() {
				f := t.Field(i)
				if f.IsExported() {
					fmt.Fprintf(h, "%s `%s` ", f.Name, f.Tag.Get("json"))
					walk(f.Type)
				}
			}
		}
	}
	walk(reflect.TypeFor[Report]())
	return hex.EncodeToString(h.Sum(nil))[:16]
})
