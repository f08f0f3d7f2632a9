package train

import (
	"io"
	"os"

	"github.com/mjrank/mjrank/data/records"
)

// Stdin is the path that names standard input ([EvalOptions.Stdin]).
const Stdin = records.StdinPath

// ListRecords lists the record files under paths as records.RecordFiles
// does (files as given, "-" for standard input, folders walked for regular
// files with a record ending, hidden entries skipped, sorted; FIFOs and
// devices skipped): a folder or file that cannot be read inside a walk
// does not stop it but is returned in unreadable, as an unreadable file is
// counted when it is read. A path given that does not exist is an error.
func ListRecords(paths []string) (files, unreadable []string, err error) {
	for _, p := range paths {
		if p != Stdin {
			if _, err := os.Stat(p); err != nil {
				return nil, nil, err
			}
		}
	}
	files, _, _, problems := records.RecordFiles(paths)
	for _, pr := range problems {
		unreadable = append(unreadable, pr.File)
	}
	return files, unreadable, nil
}

// readRecords reads every game of a record file, or of stdin for "-".
func readRecords(name string, stdin io.Reader) ([]GameRef, error) {
	if name != Stdin {
		return ReadFile(name)
	}
	if stdin == nil {
		stdin = os.Stdin
	}
	return readGames(stdin, "stdin")
}
