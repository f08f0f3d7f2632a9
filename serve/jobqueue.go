package serve

import "sync"

// runQueue hands out the places for running jobs in the order the jobs
// were made: a job takes its ticket when it is made, and the places go
// to the tickets first come, first served (a channel's waiting senders
// are served in no promised order, so the last job queued could run
// first).
type runQueue struct {
	mu      sync.Mutex
	places  int             // places in all
	free    int             // places no job holds
	waiting []chan struct{} // tickets not yet served, oldest first
}

func newRunQueue(places int) *runQueue { return &runQueue{places: places, free: places} }

// ticket returns a job's ticket: a channel closed once the job holds a
// place (at once when one is free and nobody waits before it).
func (q *runQueue) ticket() chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	t := make(chan struct{})
	if q.free > 0 && len(q.waiting) == 0 {
		q.free--
		close(t)
		return t
	}
	q.waiting = append(q.waiting, t)
	return t
}

// release gives back the place of a served ticket: to the oldest waiting
// ticket, or free.
func (q *runQueue) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.waiting) > 0 {
		close(q.waiting[0])
		q.waiting = q.waiting[1:]
		return
	}
	q.free++
}

// cancel withdraws ticket t: a waiting ticket leaves the queue, a served
// one gives its place back.
func (q *runQueue) cancel(t chan struct{}) {
	q.mu.Lock()
	for i, w := range q.waiting {
		if w == t {
			q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
			q.mu.Unlock()
			return
		}
	}
	q.mu.Unlock()
	q.release()
}

// held is the number of places jobs hold now.
func (q *runQueue) held() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.places - q.free
}
