package tenhou6_test

import (
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
)

func BenchmarkTenhou6(b *testing.B) { datatest.BenchFormat(b, records.FormatTenhou6) }
