package train

import (
	"testing"

	"github.com/mjrank/mjrank/data"
)

func TestAbsence(t *testing.T) {
	r1 := &data.Round{Events: []data.Event{data.Draw(0, 0), data.Bye(2), data.Discard(0, 0, true), data.Draw(1, 4)}}
	r2 := &data.Round{Events: []data.Event{data.Draw(0, 0), data.Reconnect(2), data.Discard(0, 0, true)}}
	var a Absence
	for _, c := range []struct {
		rd         *data.Round
		ei, seat   int
		want       bool
		whatIsThis string
	}{
		{r1, 0, 2, false, "before the bye"},
		{r1, 1, 2, false, "the bye itself is not yet applied"},
		{r1, 2, 2, true, "after the bye"},
		{r1, 3, 0, false, "another seat"},
		{r2, 0, 2, true, "a bye outlasts its round"},
		{r2, 1, 2, true, "until the reconnection"},
		{r2, 2, 2, false, "after the reconnection"},
	} {
		if got := a.At(c.rd, c.ei, c.seat); got != c.want {
			t.Errorf("%s: At(%d, seat %d) = %v", c.whatIsThis, c.ei, c.seat, got)
		}
	}
}
