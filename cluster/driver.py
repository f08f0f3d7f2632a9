"""mjrank's Dask driver: runs a command's shards on a Dask cluster.

The Go package cluster embeds this file, writes it to a temporary file and
runs it with Debian's /usr/bin/python3 (python3-distributed 2022.12.1, the
version it is pinned to). Go owns every rule: this driver only connects,
ships the binary and runs argument lists.

Protocol. Standard input holds one JSON object, the job:
  mode             "info" (describe the cluster) or "run"
  scheduler        the scheduler's address, tcp://HOST:PORT
  connect_timeout  seconds to reach the scheduler
  worker_timeout   seconds to wait for a first worker
  binary, digest   (run) the executable to ship and its SHA-256, hex
  retries          (run) how often a task that raised is tried again
  shards           (run) [{"id": I, "args": [...]}, ...]
Standard output carries one JSON object per line:
  {"event": "connected", "workers": [{"address", "host", "pid", "threads"}]}
  {"event": "shard", "id": I, "code": C, "stdout": BASE64, "stderr": TAIL,
   "worker": ADDRESS}            a shard's process ended with status C
  {"event": "shard", "id": I, "error": MESSAGE}
                                 its task failed for good (it raised after
                                 its retries, or its workers kept dying)
  {"event": "fatal", "error": MESSAGE}   then exit status 1
  {"event": "done"}              every shard reported
Anything else (Dask's logs, stray prints) goes to standard error.

Functions defined here are pickled by value (the driver runs as __main__),
so the workers need Debian's python3-distributed and nothing else.
"""

import base64
import json
import os
import signal
import sys

# The last lines of a failed shard's standard error that are reported.
TAIL_LINES = 20
TAIL_BYTES = 4096


def tail(data):
    """The last TAIL_LINES lines (at most TAIL_BYTES bytes) of data, text."""
    lines = data[-TAIL_BYTES:].decode("utf-8", "replace").splitlines()
    return "\n".join(lines[-TAIL_LINES:])


def install(data, digest, folder):
    """The path of the executable data (SHA-256 digest) under folder.

    It is written once per folder, through a temporary file and a rename,
    so that concurrent tasks never run a half-written binary.
    """
    import os
    import tempfile

    folder = os.path.join(folder, "mjrank-bin")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, digest)
    if os.path.exists(path):
        return path
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o755)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    return path


def die_with_parent():
    """Linux: the shard's process gets SIGKILL when the worker dies."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, 9)  # PR_SET_PDEATHSIG, SIGKILL
    except Exception:
        pass


def worker_place():
    """The running worker's local folder and its thread count (outside a
    worker: the temporary folder, one thread)."""
    import tempfile

    try:
        from distributed import get_worker

        w = get_worker()
        return w.local_directory, w.nthreads
    except ValueError:
        return tempfile.gettempdir(), 1


def run_shard(digest, args, cwd=None):
    """Runs one shard: the binary installed by InstallBinary with args, on
    a worker.

    Unless the worker's environment sets GOMAXPROCS, the process gets the
    worker's CPUs shared out among its threads, so that a worker's tasks do
    not each take every CPU. With cwd, the process runs in that folder
    (the command's own, for its relative paths), which must be on the
    worker. Returns the exit status, the standard output and the tail of
    standard error.
    """
    import os
    import subprocess

    folder, threads = worker_place()
    path = os.path.join(folder, "mjrank-bin", digest)
    if not os.path.exists(path):
        raise FileNotFoundError("the binary %s is not installed on this worker (%s)" % (digest, path))
    if cwd and not os.path.isdir(cwd):
        raise FileNotFoundError(
            "the command's working folder %s is not on this worker: its relative paths cannot be read here "
            "(give absolute paths on a file system the workers share)" % cwd)
    env = dict(os.environ)
    if "GOMAXPROCS" not in env:
        env["GOMAXPROCS"] = str(max(1, len(os.sched_getaffinity(0)) // max(1, threads)))
    p = subprocess.run(
        [path] + list(args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=cwd or None,
        preexec_fn=die_with_parent,
    )
    return {"code": p.returncode, "stdout": p.stdout, "stderr": tail(p.stderr)}


try:
    from distributed import WorkerPlugin as _WorkerPlugin
except ImportError:  # drive() says so
    _WorkerPlugin = object


class InstallBinary(_WorkerPlugin):
    """Writes the binary into every worker's local folder: those there when
    it is registered, and every one that joins later (a nanny's restart)
    before it takes a task. The scheduler keeps the plugin, so the bytes
    survive the loss of every worker (data would not: Dask keeps one copy
    of data no task waits for, and loses it with its worker)."""

    def __init__(self, data, digest):
        self.data, self.digest = data, digest

    def setup(self, worker):
        install(self.data, self.digest, worker.local_directory)


class Fatal(Exception):
    """An error that ends the job."""


def connect(job):
    """A client of the job's scheduler with at least one worker."""
    from distributed import Client

    addr = job["scheduler"]
    try:
        client = Client(addr, timeout=job["connect_timeout"])
    except Exception as e:  # OSError, TimeoutError, and Dask's own
        raise Fatal("cannot reach the Dask scheduler at %s within %g s: %s" % (addr, job["connect_timeout"], e))
    try:
        client.wait_for_workers(1, timeout=job["worker_timeout"])
    except Exception:
        client.close()
        raise Fatal("the Dask scheduler at %s has no worker (none joined within %g s)" % (addr, job["worker_timeout"]))
    return client


def describe(client):
    """The cluster's workers: address, host, process id and threads."""
    import os

    pids = client.run(os.getpid)
    return [
        {"address": a, "host": client.scheduler_info()["workers"][a].get("host", ""), "pid": pids.get(a, 0), "threads": n}
        for a, n in sorted(client.nthreads().items())
    ]


def run(job, client, emit):
    """Submits every shard of job and reports each as it ends."""
    with open(job["binary"], "rb") as f:
        data = f.read()
    token = os.urandom(4).hex()
    plugin = "mjrank-binary-%s-%s" % (job["digest"][:16], token)
    client.register_worker_plugin(InstallBinary(data, job["digest"]), name=plugin)
    ids = {}
    for s in job["shards"]:
        key = "mjrank-shard-%d-%s" % (s["id"], token)
        f = client.submit(run_shard, job["digest"], s["args"], job.get("work_dir"), key=key, retries=job["retries"], pure=False)
        ids[f] = s["id"]
    try:
        report(job, client, ids, emit)
    except KeyboardInterrupt:
        # Stopped (Ctrl-C, or Go after a failed shard): the scheduler is
        # there, and should not keep the bytes.
        client.unregister_worker_plugin(plugin)
        raise
    client.unregister_worker_plugin(plugin)


def report(job, client, ids, emit):
    """Emits each shard of ids (future to id) as it ends."""
    from concurrent.futures import CancelledError

    from distributed import as_completed

    for f in as_completed(list(ids)):
        i = ids[f]
        try:
            r = f.result()
        except CancelledError:
            if client.status != "running":
                raise Fatal("lost the Dask scheduler at %s" % job["scheduler"])
            raise Fatal("the Dask scheduler at %s cancelled shard %d" % (job["scheduler"], i))
        except Exception as e:
            emit({"event": "shard", "id": i, "error": "%s: %s" % (type(e).__name__, e)})
            continue
        out = {"event": "shard", "id": i, "code": r["code"], "stderr": r["stderr"]}
        out["stdout"] = base64.b64encode(r["stdout"]).decode("ascii")
        emit(out)
        f.release()


def drive(job, emit):
    """Connects, describes the cluster and, in "run" mode, runs the job's
    shards, reporting through emit; raises Fatal for an error that ends
    the job."""
    try:
        import distributed  # noqa: F401
    except ImportError as e:
        raise Fatal("%s lacks Dask's distributed (Debian: apt-get install python3-distributed): %s" % (sys.executable, e))
    client = connect(job)
    try:
        emit({"event": "connected", "workers": describe(client)})
        if job["mode"] == "run":
            run(job, client, emit)
        emit({"event": "done"})
    except Fatal:
        raise
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise Fatal("%s: %s" % (type(e).__name__, e))
    client.close()


def main():
    """Runs the job on standard input; returns the exit status."""
    # The protocol gets its own descriptor; fd 1 then points to stderr so
    # that nothing else can write into it.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)

    def emit(obj):
        out.write(json.dumps(obj) + "\n")
        out.flush()

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    # Ctrl-C reaches the whole process group: Go decides, then sends SIGTERM.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        drive(json.load(sys.stdin), emit)
    except (Fatal, KeyboardInterrupt) as e:
        emit({"event": "fatal", "error": str(e) or "interrupted"})
        out.close()
        os._exit(1)  # a client that lost its scheduler may hang on close
    return 0


if __name__ == "__main__":
    sys.exit(main())
