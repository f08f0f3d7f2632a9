package train

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// daskScript is the Python program that trains on the rows with
// xgboost.dask (train/dask/train.py).
//
//go:embed dask/train.py
var daskScript []byte

// DefaultPython is the Python that runs the Dask trainer: Debian's, with
// python3-xgboost 1.7.4 and python3-distributed.
const DefaultPython = "/usr/bin/python3"

// Dask says where the models of [TrainFromRows] are trained.
type Dask struct {
	// Scheduler is the Dask scheduler's address (tcp://HOST:PORT), or
	// "local": a LocalCluster of two one-thread workers started for the
	// run ("local:N": of N). The workers read the rows' .npy files by their paths: on a
	// cluster the rows folder must be on a file system they share.
	Scheduler string
	Python    string // "" = DefaultPython
}

// daskJob is one model for the Python trainer: its xgboost parameters
// (as the command-line tool takes them), its training rows, the file it
// writes the model to and, with Test, the held-out rows whose
// predictions it writes to Pred (float32 .npy) for the loader check.
type daskJob struct {
	Name   string      `json:"name"`
	Params [][2]string `json:"params"`
	Train  []jobPart   `json:"train"`
	Test   []jobPart   `json:"test,omitempty"`
	Model  string      `json:"model"`
	Pred   string      `json:"pred,omitempty"`
	// NaN lists the columns the model leaves out (missing in every row:
	// the rollout's discard model's look-ahead figures, spec.omit).
	NaN []int `json:"nan_columns,omitempty"`
}

// daskDone is the trainer's line for one job.
type daskDone struct {
	Name    string  `json:"name"`
	Seconds float64 `json:"seconds"`
	XGBoost string  `json:"xgboost"`
	Workers int     `json:"workers"`
}

// runDask trains jobs with the Python trainer in work and returns what
// it reported of each, in order.
func runDask(ctx context.Context, d Dask, work string, jobs []daskJob) ([]daskDone, error) {
	script := filepath.Join(work, "mjrank-dask-train.py")
	req := filepath.Join(work, "dask-request.json")
	if err := os.WriteFile(script, daskScript, 0o644); err != nil {
		return nil, err
	}
	if err := writeJSON(req, map[string]any{"scheduler": d.Scheduler, "jobs": jobs}); err != nil {
		return nil, err
	}
	python := d.Python
	if python == "" {
		python = DefaultPython
	}
	logPath := filepath.Join(work, "dask.log")
	log, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer log.Close()
	cmd := exec.CommandContext(ctx, python, script, req)
	cmd.Dir, cmd.Env, cmd.Stderr = work, xgbEnv(), log
	ownGroup(cmd)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("train: the Dask trainer (%s, scheduler %s): %w; its output ends with:\n%s", python, d.Scheduler, err, logTail(logPath, 2048))
	}
	return parseDone(out.Bytes(), jobs)
}

// parseDone reads the trainer's lines, one per job in order.
func parseDone(b []byte, jobs []daskJob) ([]daskDone, error) {
	var done []daskDone
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var d daskDone
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			return nil, fmt.Errorf("train: the Dask trainer wrote %q: %w", sc.Text(), err)
		}
		done = append(done, d)
	}
	if len(done) != len(jobs) {
		return nil, fmt.Errorf("train: the Dask trainer reported %d jobs of %d", len(done), len(jobs))
	}
	for k := range done {
		if done[k].Name != jobs[k].Name {
			return nil, fmt.Errorf("train: the Dask trainer reported %s for job %s", done[k].Name, jobs[k].Name)
		}
	}
	return done, nil
}
