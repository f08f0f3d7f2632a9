"""Tests of driver.py (run by TestPythonDriver with /usr/bin/python3).

They need Debian's python3-distributed; the cluster is an in-process
LocalCluster, so nothing listens on the network.
"""

import hashlib
import os
import stat
import tempfile
import unittest

import driver

SCRIPT = b"""#!/bin/sh
for a; do case $a in fail) echo "bad input: $*" >&2; exit 3;; esac; done
echo "out $* GOMAXPROCS=$GOMAXPROCS in $(pwd)"
"""


class Helpers(unittest.TestCase):
    def test_tail(self):
        data = b"".join(b"line %d\n" % i for i in range(100))
        self.assertEqual(driver.tail(data).splitlines(), ["line %d" % i for i in range(80, 100)])
        self.assertEqual(driver.tail(b"\xff only\n"), "\ufffd only")
        self.assertLessEqual(len(driver.tail(b"x" * 100000)), driver.TAIL_BYTES)

    def test_install_once(self):
        with tempfile.TemporaryDirectory() as d:
            digest = hashlib.sha256(SCRIPT).hexdigest()
            path = driver.install(SCRIPT, digest, d)
            self.assertEqual(open(path, "rb").read(), SCRIPT)
            self.assertTrue(os.stat(path).st_mode & stat.S_IXUSR)
            os.utime(path, (1, 1))
            self.assertEqual(driver.install(SCRIPT, digest, d), path)
            self.assertEqual(os.stat(path).st_mtime, 1, "the binary was written again")
            self.assertEqual(sorted(os.listdir(os.path.dirname(path))), [digest], "a temporary file was left")

    def test_run_shard_outside_a_worker(self):
        digest = hashlib.sha256(SCRIPT).hexdigest()
        with self.assertRaisesRegex(FileNotFoundError, "not installed"):
            driver.run_shard("0" * 64, ["arena"])
        path = driver.install(SCRIPT, digest, tempfile.gettempdir())
        self.addCleanup(os.unlink, path)
        r = driver.run_shard(digest, ["arena", "--shard", "1/2"])
        self.assertEqual(r["code"], 0)
        self.assertIn(b"out arena --shard 1/2", r["stdout"])
        if "GOMAXPROCS" not in os.environ:
            self.assertIn(b"GOMAXPROCS=%d" % len(os.sched_getaffinity(0)), r["stdout"])
        r = driver.run_shard(digest, ["fail"])
        self.assertEqual((r["code"], r["stdout"], r["stderr"]), (3, b"", "bad input: fail"))
        with tempfile.TemporaryDirectory() as d:
            r = driver.run_shard(digest, ["verify", "rel/path"], d)
            self.assertIn(b" in " + os.path.realpath(d).encode(), r["stdout"])
        with self.assertRaisesRegex(FileNotFoundError, "working folder /no/such/folder is not on this worker"):
            driver.run_shard(digest, ["verify"], "/no/such/folder")


class Drive(unittest.TestCase):
    """drive() on an in-process cluster of one worker."""

    @classmethod
    def setUpClass(cls):
        from distributed import LocalCluster

        cls.cluster = LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address="127.0.0.1:0")
        cls.tmp = tempfile.TemporaryDirectory()
        cls.binary = os.path.join(cls.tmp.name, "mjrank")
        with open(cls.binary, "wb") as f:
            f.write(SCRIPT)

    @classmethod
    def tearDownClass(cls):
        cls.cluster.close()
        cls.tmp.cleanup()

    def job(self, mode, shards=()):
        return {
            "mode": mode,
            "scheduler": self.cluster.scheduler_address,
            "connect_timeout": 10,
            "worker_timeout": 10,
            "binary": self.binary,
            "digest": hashlib.sha256(SCRIPT).hexdigest(),
            "retries": 0,
            "shards": [{"id": i, "args": a} for i, a in enumerate(shards)],
        }

    def drive(self, job):
        events = []
        driver.drive(job, events.append)
        return events

    def test_info(self):
        events = self.drive(self.job("info"))
        self.assertEqual([e["event"] for e in events], ["connected", "done"])
        [w] = events[0]["workers"]
        self.assertEqual((w["threads"], w["pid"]), (2, os.getpid()))

    def test_run(self):
        import base64

        shards = [["arena", "--shard", "%d/3" % i] for i in (1, 2, 3)] + [["fail", "x.json"]]
        events = self.drive(self.job("run", shards))
        self.assertEqual(events[0]["event"], "connected")
        self.assertEqual(events[-1], {"event": "done"})
        got = {e["id"]: e for e in events[1:-1]}
        self.assertEqual(sorted(got), [0, 1, 2, 3])
        for i in (0, 1, 2):
            self.assertEqual(got[i]["code"], 0)
            out = base64.b64decode(got[i]["stdout"]).decode()
            # Two threads share the CPUs.
            self.assertIn("out arena --shard %d/3 GOMAXPROCS=" % (i + 1), out)
        self.assertEqual((got[3]["code"], got[3]["stderr"]), (3, "bad input: fail x.json"))
        # The binary's plugin is gone from the scheduler with the job.
        from distributed import Client

        with Client(self.cluster) as c:
            self.assertEqual(c.run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.worker_plugins)), [])

    def test_unreachable(self):
        job = self.job("info")
        job["scheduler"], job["connect_timeout"] = "tcp://127.0.0.1:9", 1
        with self.assertRaises(driver.Fatal) as cm:
            self.drive(job)
        self.assertIn("cannot reach the Dask scheduler at tcp://127.0.0.1:9", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
