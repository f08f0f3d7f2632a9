package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Command is one subcommand: its help, its flags and what it runs. A command
// parses flags into a config, calls one package function and prints.
type Command struct {
	Name      string
	UsageLine string // arguments after "mjrank NAME"
	Short     string // one line for the command list
	Long      string // the help body; flags are appended from the FlagSet
	// Setup declares the command's flags on fs and returns the function that
	// runs it with the positional arguments left after flag parsing.
	Setup func(fs *flag.FlagSet) func(env *Env, args []string) error
}

// Env is what a command may touch: the three standard streams.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// errUsage marks an error in how the command was called: exit status 2.
var errUsage = errors.New("usage")

// usageErrorf returns an error that prints with the command's usage line.
func usageErrorf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// exitError is a failure with its own exit status (an arena stopped by
// SIGINT exits 130, as the shell reports a process the signal killed).
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }

// errSilent marks a failure whose details the command already printed.
var errSilent = errors.New("failed")

// commands lists every subcommand, in the order help shows them.
var commands []*Command

func init() {
	commands = []*Command{
		cmdAnalyze,
		cmdArena,
		cmdBench,
		cmdConvert,
		cmdHand,
		cmdMatch,
		cmdMeasure,
		cmdMjai,
		cmdModels,
		cmdReview,
		cmdScore,
		cmdServe,
		cmdShanten,
		cmdTrain,
		cmdVerify,
		cmdVersion,
	}
}

func lookup(name string) *Command {
	for _, c := range commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// run is the whole program: it returns the exit status (0 ok, 1 failure,
// 2 usage, or the status an exitError carries).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := &Env{Stdin: stdin, Stdout: stdout, Stderr: stderr}
	if len(args) == 0 {
		printMainUsage(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 && name == "help" {
			c := lookup(args[1])
			if c == nil {
				fmt.Fprintf(stderr, "mjrank help %s: unknown command\n", args[1])
				return 2
			}
			printCommandHelp(stdout, c)
			return 0
		}
		printMainUsage(stdout)
		return 0
	}
	c := lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "mjrank %s: unknown command\nRun 'mjrank help' for usage.\n", name)
		return 2
	}
	fs := newFlagSet(c)
	runFn := c.Setup(fs)
	pos, err := parseInterspersed(fs, args[1:])
	if errors.Is(err, flag.ErrHelp) {
		printCommandHelp(stdout, c)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "mjrank %s: %v\nusage: mjrank %s %s\nRun 'mjrank help %s' for details.\n", c.Name, err, c.Name, c.UsageLine, c.Name)
		return 2
	}
	err = runFn(env, pos)
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		msg := strings.TrimPrefix(err.Error(), errUsage.Error()+": ")
		fmt.Fprintf(stderr, "mjrank %s: %s\nusage: mjrank %s %s\nRun 'mjrank help %s' for details.\n", c.Name, msg, c.Name, c.UsageLine, c.Name)
		return 2
	case errors.Is(err, errSilent):
		return 1
	case errors.As(err, &ee): // an arena stopped by a signal
		fmt.Fprintf(stderr, "mjrank %s: %v\n", c.Name, err)
		return ee.code
	default:
		fmt.Fprintf(stderr, "mjrank %s: %v\n", c.Name, err)
		return 1
	}
}

func newFlagSet(c *Command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // we print errors and help ourselves
	return fs
}

// parseInterspersed parses flags that may appear before, between or after
// positional arguments ("mjrank hand 123m --json"); "--" ends flag parsing.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		// fs stopped at a non-flag or after "--".
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func printMainUsage(w io.Writer) {
	fmt.Fprint(w, "mjrank analyses riichi mahjong (Tenhou rules).\n\nUsage:\n\n\tmjrank <command> [arguments]\n\nThe commands are:\n\n")
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, c := range commands {
		fmt.Fprintf(tw, "\t%s\t%s\n", c.Name, c.Short)
	}
	tw.Flush()
	fmt.Fprint(w, "\nUse \"mjrank help <command>\" or \"mjrank <command> -h\" for more about a command.\n")
}

func printCommandHelp(w io.Writer, c *Command) {
	fmt.Fprintf(w, "usage: mjrank %s %s\n\n%s\n", c.Name, c.UsageLine, strings.TrimSpace(c.Long))
	fs := newFlagSet(c)
	c.Setup(fs)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nFlags:\n")
		printFlags(w, fs)
	}
}

// printFlags lists flags as flag.PrintDefaults does, but with the "--"
// spelling the help texts use.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		line += "\n    \t" + strings.ReplaceAll(usage, "\n", "\n    \t")
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			line += fmt.Sprintf(" (default %q)", f.DefValue)
		}
		fmt.Fprintln(w, line)
	})
}
