package train

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestMain lets the test binary stand in for xgboost: with
// MJRANK_TEST_ALLOC_MIB=N it touches N MiB, holds them a moment, writes
// the file MJRANK_TEST_WRITE (in its folder, as xgboost writes its model)
// and exits.
func TestMain(m *testing.M) {
	if mib, err := strconv.Atoi(os.Getenv("MJRANK_TEST_ALLOC_MIB")); err == nil {
		b := make([]byte, mib<<20)
		for i := range b {
			b[i] = byte(i)
		}
		time.Sleep(300 * time.Millisecond)
		if f := os.Getenv("MJRANK_TEST_WRITE"); f != "" {
			if err := os.WriteFile(f, b[:16], 0o644); err != nil {
				os.Exit(1)
			}
		}
		runtime.KeepAlive(b)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestChildPeakRSS: an xgboost run's peak resident size is the child's
// own, not mjrank's: a child touching 48 MiB while this process holds
// 384 MiB reports some 48 MiB (it reported at least 384: Linux's
// ru_maxrss of a child includes its parent's peak at exec; issue 53, D15).
func TestChildPeakRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peak resident sizes are measured on Linux")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	big := make([]byte, 384<<20)
	for i := 0; i < len(big); i += 4096 {
		big[i] = 1
	}
	work := t.TempDir()
	t.Setenv("MJRANK_TEST_ALLOC_MIB", "48")
	t.Setenv("MJRANK_TEST_WRITE", "child.model")
	cfg := Config{XGBoost: exe, MemoryBudget: 1 << 40}
	_, run, err := cfg.runXGBoost(context.Background(), work, xgbJob{name: "child", spc: spec{name: "child"}})
	runtime.KeepAlive(big)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the child's peak RSS: %s", FormatBytes(run.PeakRSS))
	if run.PeakRSS < 48<<20 || run.PeakRSS > 128<<20 {
		t.Errorf("the child's peak RSS: %s; want some 48 MiB (mjrank holds 384)", FormatBytes(run.PeakRSS))
	}
}
