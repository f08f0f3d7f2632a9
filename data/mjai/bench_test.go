package mjai_test

import (
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
)

func BenchmarkMjai(b *testing.B) { datatest.BenchFormat(b, records.FormatMjai) }
