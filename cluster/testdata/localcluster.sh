#!/bin/sh
# localcluster.sh CMD...: runs CMD with MJRANK_CLUSTER set to a Dask
# cluster on loopback (a dask-scheduler and two dask-workers of one thread
# each, under a nanny that restarts a killed worker, on free ports), then
# stops every process it started, whatever CMD's outcome; exits with
# CMD's status. make test-cluster runs it (docs/CLUSTER.md).
set -u
dir=$(mktemp -d "${TMPDIR:-/tmp}/mjrank-localcluster.XXXXXX")
pids=""

stop() {
	for p in $pids; do kill -TERM "-$p" 2>/dev/null; done
	for p in $pids; do
		i=0
		while kill -0 "-$p" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
		kill -KILL "-$p" 2>/dev/null
	done
	rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_for FILE TEXT: until the log FILE holds TEXT (60 s at most).
wait_for() {
	i=0
	until grep -q "$2" "$1" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt 300 ]; then
			echo "localcluster.sh: no \"$2\" in $1 after 60 s:" >&2
			tail -20 "$1" >&2
			exit 1
		fi
		sleep 0.2
	done
}

port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
addr="tcp://127.0.0.1:$port"
# Each in its own process group (setsid), so that stop ends it with its
# children: a nanny's worker, a worker's running shard.
setsid dask-scheduler --host 127.0.0.1 --port "$port" --dashboard-address 127.0.0.1:0 >"$dir/scheduler.log" 2>&1 &
pids="$pids $!"
wait_for "$dir/scheduler.log" "Scheduler at:"
for w in 1 2; do
	setsid dask-worker "$addr" --host 127.0.0.1 --nthreads 1 --nworkers 1 --no-dashboard \
		--local-directory "$dir/worker$w" >"$dir/worker$w.log" 2>&1 &
	pids="$pids $!"
done
for w in 1 2; do wait_for "$dir/worker$w.log" "Registered to:"; done
echo "localcluster.sh: dask-scheduler at $addr, two workers (logs in $dir)"
MJRANK_CLUSTER=$addr "$@"
status=$?
if [ $status -ne 0 ]; then
	echo "localcluster.sh: the last lines of the scheduler's log:" >&2
	tail -15 "$dir/scheduler.log" >&2
fi
exit $status
