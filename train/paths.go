package train

import (
	"io"
	"os"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
)

// Stdin is the path that names standard input ([EvalOptions.Stdin]).
const Stdin = records.StdinPath

// readRecords reads every game of a record file, or of stdin for "-".
func readRecords(name string, stdin io.Reader) ([]dataset.GameRef, error) {
	if name != Stdin {
		return dataset.ReadFile(name)
	}
	if stdin == nil {
		stdin = os.Stdin
	}
	return dataset.Read(stdin, "stdin")
}
