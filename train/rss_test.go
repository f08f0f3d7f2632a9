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
// its own peak resident size (VmHWM, in bytes) into the file
// MJRANK_TEST_WRITE (in its folder, as xgboost writes its model) and
// exits.
func TestMain(m *testing.M) {
	if mib, err := strconv.Atoi(os.Getenv("MJRANK_TEST_ALLOC_MIB")); err == nil {
		b := make([]byte, mib<<20)
		for i := range b {
			b[i] = byte(i)
		}
		time.Sleep(300 * time.Millisecond)
		status, err := os.ReadFile("/proc/self/status")
		if err != nil {
			os.Exit(1)
		}
		if f := os.Getenv("MJRANK_TEST_WRITE"); f != "" {
			if err := os.WriteFile(f, strconv.AppendInt(nil, vmHWM(status), 10), 0o644); err != nil {
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
// 384 MiB reports its own peak, as it reads it itself (some 54 MiB; more
// under the race detector), and it reported at least 384 MiB: Linux's
// ru_maxrss of a child includes its parent's peak at exec (issue 53, D15).
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
	own, run, err := cfg.runXGBoost(context.Background(), work, xgbJob{name: "child", spc: spec{name: "child"}})
	runtime.KeepAlive(big)
	if err != nil {
		t.Fatal(err)
	}
	want, err := strconv.ParseInt(string(own), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the child's peak RSS: %s reported, %s by itself", FormatBytes(run.PeakRSS), FormatBytes(want))
	if want < 48<<20 || run.PeakRSS < want-(4<<20) || run.PeakRSS > want+(4<<20) || run.PeakRSS >= 384<<20 {
		t.Errorf("the child's peak RSS: %s; want its own %s (mjrank holds 384 MiB)", FormatBytes(run.PeakRSS), FormatBytes(want))
	}
}
