// Package progress draws progress bars on a terminal for long commands
// (train, arena, verify). It wraps github.com/schollz/progressbar/v3, chosen
// for its small API and its throttled, terminal-aware drawing, and draws
// nothing when the output is not a terminal, so logs and tests stay clean.
package progress

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"
	"github.com/schollz/progressbar/v3"
)

// Bar counts work done out of a known total.
type Bar struct{ b *progressbar.ProgressBar }

// New returns a bar for total steps described by desc, drawn on w when w is
// a terminal; otherwise a bar that draws nothing.
func New(w io.Writer, total int, desc string) *Bar {
	f, ok := w.(*os.File)
	if !ok || !isatty.IsTerminal(f.Fd()) {
		return &Bar{}
	}
	return &Bar{progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionThrottle(100e6),
		progressbar.OptionClearOnFinish(),
	)}
}

// Add records n more steps done.
func (p *Bar) Add(n int) {
	if p.b != nil {
		p.b.Add(n)
	}
}

// Describe replaces the bar's description (a count of its own, say).
func (p *Bar) Describe(desc string) {
	if p.b != nil {
		p.b.Describe(desc)
	}
}

// Finish completes and clears the bar.
func (p *Bar) Finish() {
	if p.b != nil {
		p.b.Finish()
	}
}

// Callback returns a progress function of the (done, total) shape the
// long-running packages take (records.VerifyOptions, arena.Config …): it draws
// a bar on w, created at the first call, finished when done reaches total.
func Callback(w io.Writer, desc string) func(done, total int) {
	var bar *Bar
	return func(done, total int) {
		if bar == nil {
			bar = New(w, total, desc)
		}
		bar.Add(1)
		if done == total {
			bar.Finish()
		}
	}
}
