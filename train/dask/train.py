"""Train mjrank's models with xgboost.dask on rows written by Go.

Usage: python3 train.py REQUEST.json

The request (written by package train, train/dask.go) names the Dask
scheduler ("local": a LocalCluster of two one-thread workers; "local:N"
of N), and the
jobs: each model's xgboost parameters as the xgboost command-line tool
takes them, its training rows (slices of .npy files, read by the
workers), its model file and, optionally, the held-out rows whose
predictions it writes for Go's loader check. Go owns every rule,
feature and parameter; this program only drives Dask and XGBoost.
One JSON line per job goes to stdout: name, seconds, xgboost version,
workers. Pinned to Debian bookworm's python3-xgboost 1.7.4 and
python3-distributed 2022.12.1.
"""

import json
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import dask
import dask.array as da
import numpy as np
import xgboost as xgb
from distributed import Client, LocalCluster

Part = Dict[str, Any]


def load_rows(part: Part, name: str, nan: Optional[List[int]] = None) -> np.ndarray:
    """Reads the part's rows of array name ("x", "y" or "q": query
    groups, offset by the part's q_offset), its ranges only, with the
    columns nan set missing."""
    a = np.load(part[name], mmap_mode="r")
    ranges = part["ranges"] or [[0, a.shape[0]]]
    out = np.concatenate([a[r0:r1] for r0, r1 in ranges])
    if name == "q":
        return out.astype(np.int64) + part.get("q_offset", 0)
    if nan:
        out[:, nan] = np.nan
    return out


def dask_rows(parts: List[Part], nan: List[int]) -> Tuple[da.Array, da.Array, Optional[da.Array]]:
    """X, y and the query groups (None without) of parts as dask arrays,
    one chunk a part, read by workers."""
    xs, ys, qs = [], [], []
    for p in parts:
        xs.append(da.from_delayed(dask.delayed(load_rows)(p, "x", nan), (p["rows"], p["cols"]), np.float32))
        ys.append(da.from_delayed(dask.delayed(load_rows)(p, "y"), (p["rows"],), np.float32))
        if p.get("q"):
            qs.append(da.from_delayed(dask.delayed(load_rows)(p, "q"), (p["rows"],), np.int64))
    return da.concatenate(xs), da.concatenate(ys), da.concatenate(qs) if qs else None


def booster_params(params: List[List[str]]) -> Tuple[Dict[str, str], int]:
    """The CLI's parameters as the API takes them: num_round apart."""
    out = dict((k, v) for k, v in params)
    rounds = int(out.pop("num_round"))
    return out, rounds


def train_job(client: Client, job: Dict[str, Any], workers: int) -> Dict[str, Any]:
    """Trains one model, writes it in the CLI's binary format, and the
    predictions of its held-out rows when the job asks."""
    t0 = time.time()
    params, rounds = booster_params(job["params"])
    nan = job.get("nan_columns") or []
    x, y, qid = dask_rows(job["train"], nan)
    if x.numblocks[0] < workers and qid is None:
        # A ranking model's query groups must not be cut: its parts stay whole.
        x, y = x.rechunk({0: -(-x.shape[0] // workers)}), y.rechunk(-(-y.shape[0] // workers))
    dtrain = xgb.dask.DaskDMatrix(client, x, y, qid=qid, missing=np.nan)
    booster = xgb.dask.train(client, params, dtrain, num_boost_round=rounds)["booster"]
    # xgb.train's bookkeeping attributes: the CLI writes none.
    booster.set_attr(best_iteration=None, best_ntree_limit=None)
    with open(job["model"], "wb") as f:
        f.write(booster.save_raw("deprecated"))
    if job.get("test"):
        x_test = np.concatenate([load_rows(p, "x", nan) for p in job["test"]])
        np.save(job["pred"], booster.inplace_predict(x_test, missing=np.nan).astype(np.float32))
    return {"name": job["name"], "seconds": time.time() - t0, "xgboost": xgb.__version__, "workers": workers}


def connect(scheduler: str) -> Tuple[Client, Optional[LocalCluster]]:
    """A client of the scheduler, or of a new LocalCluster of one-thread
    workers: "local" two, "local:N" N."""
    if scheduler == "local" or scheduler.startswith("local:"):
        n = int(scheduler[len("local:"):]) if ":" in scheduler else 2
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, dashboard_address=None)
        return Client(cluster), cluster
    return Client(scheduler, timeout=30), None


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        print("usage: train.py REQUEST.json", file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        req = json.load(f)
    try:
        client, cluster = connect(req["scheduler"])
    except OSError as e:
        print(f"cannot reach the Dask scheduler {req['scheduler']}: {e}", file=sys.stderr)
        return 3
    try:
        workers = len(client.scheduler_info()["workers"])
        for job in req["jobs"]:
            print(json.dumps(train_job(client, job, workers)), flush=True)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
