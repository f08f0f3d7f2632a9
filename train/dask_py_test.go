package train

import (
	"os"
	"os/exec"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestPythonTrainer runs the Dask trainer's own tests
// (dask/train_test.py) with Debian's Python on a one-worker LocalCluster.
// Without python3-xgboost or python3-distributed it skips, unless
// MJRANK_REQUIRE_SHARED=1.
func TestPythonTrainer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Dask cluster")
	}
	if err := exec.Command(DefaultPython, "-c", "import xgboost.dask, distributed").Run(); err != nil {
		if os.Getenv(shareddata.RequireEnv) == "1" {
			t.Fatalf("%s cannot import xgboost.dask (apt-get install python3-xgboost python3-distributed): %v", DefaultPython, err)
		}
		t.Skipf("%s cannot import xgboost.dask (Debian's python3-xgboost and python3-distributed)", DefaultPython)
	}
	cmd := exec.Command(DefaultPython, "-m", "unittest", "-v", "train_test")
	cmd.Dir = "dask"
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 -m unittest train_test: %v\n%s", err, out)
	}
}
