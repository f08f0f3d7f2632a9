package cluster

import (
	"os"
	"os/exec"
	"testing"
)

// TestPythonDriver runs the driver's own tests (driver_test.py) with
// Debian's Python, on an in-process Dask cluster. Without
// python3-distributed it skips, unless MJRANK_CLUSTER is set (make
// test-cluster installs it).
func TestPythonDriver(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an in-process Dask cluster")
	}
	if err := exec.Command(DefaultPython, "-c", "import distributed").Run(); err != nil {
		if os.Getenv("MJRANK_CLUSTER") != "" {
			t.Fatalf("%s cannot import distributed (apt-get install python3-distributed): %v", DefaultPython, err)
		}
		t.Skipf("%s cannot import distributed (Debian's python3-distributed; make test-cluster installs it)", DefaultPython)
	}
	cmd := exec.Command(DefaultPython, "-m", "unittest", "-v", "driver_test")
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("python3 -m unittest driver_test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
