package data

// Reader reads games one at a time, in the shape of bufio.Scanner: the
// readers of data/mjlog, data/tenhou6 and data/mjai, and what
// records.NewReader returns.
type Reader interface {
	Next() bool  // reads the next game; false at the end or on error
	Game() *Game // the game read
	Err() error  // the first error, nil at a clean end
}

// Writer writes games one at a time: the writers of data/mjlog,
// data/tenhou6 and data/mjai.
type Writer interface {
	Write(g *Game) error
}
