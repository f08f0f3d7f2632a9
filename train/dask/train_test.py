"""Tests of train.py (run by TestPythonTrainer with /usr/bin/python3).

They need Debian's python3-xgboost and python3-distributed; the cluster
is a LocalCluster on loopback.
"""

import json
import os
import tempfile
import unittest

import numpy as np
import xgboost as xgb

import train

PARAMS = [["booster", "gbtree"], ["tree_method", "hist"], ["objective", "binary:logistic"],
          ["max_depth", "3"], ["subsample", "0.8"], ["seed", "1"], ["nthread", "1"], ["num_round", "5"]]


def rows(d: str) -> dict:
    """A part of 300 rows with NaN, as Go writes it."""
    rng = np.random.default_rng(7)
    x = rng.random((300, 4)).astype(np.float32)
    x[::5, 2] = np.nan
    y = (x[:, 0] > 0.5).astype(np.float32)
    np.save(os.path.join(d, "X.npy"), x)
    np.save(os.path.join(d, "y.npy"), y)
    return {"x": os.path.join(d, "X.npy"), "y": os.path.join(d, "y.npy"), "cols": 4, "rows": 300, "ranges": None}


class Helpers(unittest.TestCase):
    def test_booster_params(self):
        params, rounds = train.booster_params(PARAMS)
        self.assertEqual(rounds, 5)
        self.assertNotIn("num_round", params)
        self.assertEqual(params["objective"], "binary:logistic")
        with self.assertRaises(KeyError):
            train.booster_params([["eta", "0.1"]])

    def test_load_rows_ranges(self):
        with tempfile.TemporaryDirectory() as d:
            part = rows(d)
            x = np.load(part["x"])
            part["ranges"] = [[3, 5], [10, 11]]
            got = train.load_rows(part, "x")
            np.testing.assert_array_equal(got, np.concatenate([x[3:5], x[10:11]]))
            part["ranges"] = None
            self.assertEqual(train.load_rows(part, "y").shape, (300,))


class OneWorker(unittest.TestCase):
    def test_same_model_as_the_api(self):
        """On one worker, xgboost.dask builds the trees xgb.train builds on
        the same rows; the model is written without xgb.train's
        attributes, and the held-out predictions are the booster's."""
        with tempfile.TemporaryDirectory() as d:
            part = rows(d)
            job = {"name": "m", "params": PARAMS, "train": [part], "test": [part],
                   "model": os.path.join(d, "m.model"), "pred": os.path.join(d, "m.pred.npy")}
            client, cluster = train.connect("local:1")
            try:
                done = train.train_job(client, job, 1)
            finally:
                client.close()
                cluster.close()
            self.assertEqual((done["name"], done["workers"], done["xgboost"]), ("m", 1, xgb.__version__))
            params, rounds = train.booster_params(PARAMS)
            x, y = np.load(part["x"]), np.load(part["y"])
            ref = xgb.train(params, xgb.DMatrix(x, y, missing=np.nan), rounds)
            ref.set_attr(best_iteration=None, best_ntree_limit=None)
            with open(job["model"], "rb") as f:
                self.assertEqual(f.read(), bytes(ref.save_raw("deprecated")))
            np.testing.assert_array_equal(np.load(job["pred"]), ref.inplace_predict(x).astype(np.float32))
            json.dumps(done)


if __name__ == "__main__":
    unittest.main()
