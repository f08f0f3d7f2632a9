package serve

import "testing"

// TestRunQueueInOrder: the places go to the tickets in the order taken; a
// withdrawn ticket, waiting or served, neither keeps nor loses a place.
func TestRunQueueInOrder(t *testing.T) {
	q := newRunQueue(1)
	served := func(t0 chan struct{}) bool {
		select {
		case <-t0:
			return true
		default:
			return false
		}
	}
	a, b, c, d := q.ticket(), q.ticket(), q.ticket(), q.ticket()
	if !served(a) || served(b) || served(c) || served(d) {
		t.Fatal("with one place, only the first ticket is served")
	}
	q.cancel(c) // waiting: leaves the queue
	q.release() // a's place goes to b, not to d
	if !served(b) || served(d) {
		t.Fatalf("after the first job: b served %v, d served %v; want b only", served(b), served(d))
	}
	q.cancel(b) // served: gives its place back, to d
	if !served(d) || q.held() != 1 {
		t.Fatalf("after b withdrew: d served %v, %d places held", served(d), q.held())
	}
	q.release()
	if q.held() != 0 {
		t.Errorf("%d places held once every job ended", q.held())
	}
	if e := q.ticket(); !served(e) {
		t.Error("a new ticket on a free place waits")
	}
}
