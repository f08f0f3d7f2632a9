// Command mjrank is the mjrank engine's one binary. Each subcommand is a value
// in the commands table (commands.go) with its own flags and help; this file
// only wires the process to run, so tests can drive every command.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
