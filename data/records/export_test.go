package records

import "io/fs"

// SetWalkDir replaces the folder walk of RecordFiles (a test makes a folder
// unreadable with it) and returns the function that restores it.
func SetWalkDir(f func(string, fs.WalkDirFunc) error) (restore func()) {
	old := walkDir
	walkDir = f
	return func() { walkDir = old }
}
