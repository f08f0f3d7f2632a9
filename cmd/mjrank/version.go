package main

import (
	"flag"
	"fmt"
	"runtime/debug"
)

var cmdVersion = &Command{
	Name:      "version",
	UsageLine: "",
	Short:     "print the mjrank version",
	Long:      "Version prints the module version and VCS revision the binary was built from.",
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("version takes no arguments")
			}
			v, rev := "(devel)", ""
			if bi, ok := debug.ReadBuildInfo(); ok {
				if bi.Main.Version != "" {
					v = bi.Main.Version
				}
				for _, s := range bi.Settings {
					if s.Key == "vcs.revision" {
						rev = " " + s.Value
					}
				}
			}
			fmt.Fprintf(env.Stdout, "mjrank %s%s\n", v, rev)
			return nil
		}
	},
}
