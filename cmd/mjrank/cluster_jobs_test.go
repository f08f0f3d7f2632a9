package main

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// timings matches the JSON fields that time a run ("seconds",
// "games_per_second"): a merge sums its shards' work, which no two runs
// share to the digit.
var timings = regexp.MustCompile(`"(seconds|games_per_second)": [0-9.e+-]+`)

// clusterRun runs the built binary with args and returns its exit status
// and stdout with the timings blanked.
func clusterRun(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("mjrank %s: %v", strings.Join(args, " "), err)
	}
	code := cmd.ProcessState.ExitCode()
	if code > 1 {
		t.Fatalf("mjrank %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return code, timings.ReplaceAllString(stdout.String(), `"$1": X`)
}

// sameThroughCluster runs args locally and through the cluster at addr
// (from the working folder, so that the shards read the relative paths
// there) and fails unless the exit status and output agree.
func sameThroughCluster(t *testing.T, bin, addr string, args ...string) {
	t.Helper()
	code, local := clusterRun(t, bin, args...)
	rcode, remote := clusterRun(t, bin, append(args, "--cluster", addr, "--cluster-dir", t.TempDir())...)
	if rcode != code || remote != local {
		t.Errorf("mjrank %s: through --cluster exit %d\n%s\nlocally exit %d\n%s", strings.Join(args, " "), rcode, remote, code, local)
	}
}

// TestClusterVerifyMeasureReview: verify, measure and review through
// --cluster print what they print locally (the timings apart), from
// relative paths: the shards run in the command's working folder.
func TestClusterVerifyMeasureReview(t *testing.T) {
	addr := clusterAddr(t)
	bin := builtMjrank(t)
	corpus := shardCorpus(t, 2, 3)
	t.Run("verify", func(t *testing.T) {
		t.Chdir(corpus)
		sameThroughCluster(t, bin, addr, "verify", "--json", "a", "b")
	})
	t.Run("measure", func(t *testing.T) {
		t.Chdir(corpus)
		sameThroughCluster(t, bin, addr, "measure", "--corpus", ".", "--sims", "10", "--every", "10", "--bots", "efficiency", "--json")
	})
	t.Run("review", func(t *testing.T) {
		paths := shardBatch(t) // a damaged record among them: exit 1
		sameThroughCluster(t, bin, addr, append([]string{"review", "--json", "--sims", "20", "--rounds", "E1"}, paths...)...)
		local, remote := t.TempDir(), t.TempDir()
		clusterRun(t, bin, append([]string{"review", "--sims", "20", "--rounds", "E1", "--html", local}, paths...)...)
		clusterRun(t, bin, append([]string{"review", "--sims", "20", "--rounds", "E1", "--html", remote, "--cluster", addr, "--cluster-dir", t.TempDir()}, paths...)...)
		want, _ := filepath.Glob(filepath.Join(local, "*"))
		got, _ := filepath.Glob(filepath.Join(remote, "*"))
		if len(got) != len(want) || len(want) < 2 {
			t.Errorf("--html through --cluster wrote %d files, locally %d", len(got), len(want))
		}
		for _, f := range want {
			if _, err := os.Stat(filepath.Join(remote, filepath.Base(f))); err != nil {
				t.Errorf("--html through --cluster: %v", err)
			}
		}
	})
}

// TestClusterJobWorkDir: a job runs in the working folder when one of
// its paths is relative, and nowhere in particular when none is (an arena
// then needs nothing of the client's folders on the workers).
func TestClusterJobWorkDir(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		paths []string
		want  string
	}{{nil, ""}, {[]string{"/abs/a", "/abs/b"}, ""}, {[]string{"/abs/a", "rel"}, wd}, {[]string{"."}, wd}} {
		if got, err := (clusterJob{paths: c.paths}).workDir(); err != nil || got != c.want {
			t.Errorf("paths %q: work dir %q, %v; want %q", c.paths, got, err, c.want)
		}
	}
}

// TestClusterTrain: train's extraction through --cluster, from a relative
// corpus, writes the rows two local shards write, byte for byte; the
// predictors trained on them through xgboost.dask on the cluster's
// workers come out the same bytes twice.
func TestClusterTrain(t *testing.T) {
	addr := clusterAddr(t)
	bin := builtMjrank(t)
	corpus := shardCorpus(t, 2, 6)
	t.Chdir(corpus)
	local, remote := t.TempDir(), t.TempDir()
	for i := 1; i <= 2; i++ {
		clusterMjrankOut(t, bin, "train", "--extract-only", "--shard", fmt.Sprintf("%d/2", i), "--rows", local, "--corpus", ".")
	}
	clusterMjrankOut(t, bin, "train", "--extract-only", "--rows", remote, "--corpus", ".", "--cluster", addr, "--shards", "2", "--cluster-dir", t.TempDir())
	if a, b := treeBytes(t, local, ""), treeBytes(t, remote, ""); len(a) == 0 || !maps.EqualFunc(a, b, bytes.Equal) {
		t.Errorf("the rows through --cluster (%d files) are not the local shards' (%d files)", len(b), len(a))
		for k := range a {
			if !bytes.Equal(a[k], b[k]) {
				t.Logf("%s differs:\n%s\n%s", k, a[k][:min(len(a[k]), 400)], b[k][:min(len(b[k]), 400)])
			}
		}
	}
	var models []map[string][]byte
	for range 2 {
		out := t.TempDir()
		code, stdout := clusterRun(t, bin, "train", "--from-rows", remote, "--corpus", ".", "--out", out, "--dask", addr)
		if code != 0 {
			t.Fatalf("train --from-rows: exit %d\n%s", code, stdout)
		}
		models = append(models, treeBytes(t, out, ".bin"))
	}
	if len(models[0]) < 4 || !maps.EqualFunc(models[0], models[1], bytes.Equal) {
		t.Errorf("the models trained twice on the cluster differ (%d and %d model files)", len(models[0]), len(models[1]))
	}
}

// treeBytes reads every file under dir whose name ends in suffix, by its
// path relative to dir.
func treeBytes(t *testing.T, dir, suffix string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, suffix) {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
