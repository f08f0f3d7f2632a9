package referee

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/mjrank/mjrank/data/mjai"
)

// On Linux a seat's program runs under a supervisor: this binary started
// again as supervisorArg0. The supervisor is a child subreaper
// (PR_SET_CHILD_SUBREAPER), so every process the program starts stays its
// descendant, even one that calls setsid or whose parent exits; it runs the
// program by /bin/sh and, when the program exits, kills whatever it left
// and tells the referee. Its lifeline is a socket to the referee: when the
// referee closes it, or dies (even by SIGKILL: the kernel closes it), the
// supervisor kills the program and every process it started.

// supervisorArg0 is the supervisor's argv[0]: the mark that this binary
// runs as one (see init), and its name in ps.
const supervisorArg0 = "mjrank-referee-supervisor"

// lifelineFd is the supervisor's end of its lifeline (ExtraFiles[0]).
const lifelineFd = 3

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER (Linux 3.4).
const prSetChildSubreaper = 36

func init() {
	if len(os.Args) == 2 && os.Args[0] == supervisorArg0 {
		os.Exit(supervise(os.Args[1]))
	}
}

// tree is a program's processes: its supervisor's lifeline, or nil when the
// program runs directly (no /proc/self/exe), then in a process group.
type tree struct {
	life   *os.File // the referee's end
	theirs *os.File // the supervisor's end, closed once it started
}

// programCmd returns the command that runs a seat's program: its
// supervisor, in a process group of its own.
func programCmd(command string) (*exec.Cmd, *tree, error) {
	if _, err := os.Stat("/proc/self/exe"); err != nil {
		cmd := exec.Command("/bin/sh", "-c", command)
		// Only the direct child: what it starts may outlive the referee.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		return cmd, &tree{}, nil
	}
	fds, err := syscall.Socketpair(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("the supervisor's lifeline: %w", err)
	}
	t := &tree{life: os.NewFile(uintptr(fds[0]), "lifeline"), theirs: os.NewFile(uintptr(fds[1]), "lifeline")}
	cmd := &exec.Cmd{Path: "/proc/self/exe", Args: []string{supervisorArg0, command}, ExtraFiles: []*os.File{t.theirs}}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd, t, nil
}

// started closes the supervisor's end in the referee (or after a failed
// start).
func (t *tree) started() {
	if t.theirs != nil {
		t.theirs.Close()
		t.theirs = nil
	}
}

// kill ends the program and every process it started: the supervisor does
// it when its lifeline closes; without one, the process group is killed.
func (t *tree) kill(pid int) {
	switch {
	case t.life != nil:
		t.life.Close()
	case pid > 0: // never kill(0): the referee's own group
		syscall.Kill(-pid, syscall.SIGKILL)
	}
}

// outcome returns the names of the processes the program left running,
// which are killed, and how it ended; waitErr is Wait's error on the
// supervisor (or the program).
func (t *tree) outcome(waitErr error, pid int) ([]string, error) {
	if t.life == nil {
		if syscall.Kill(-pid, syscall.SIGKILL) == nil {
			return []string{"its process group"}, waitErr
		}
		return nil, waitErr
	}
	defer t.life.Close()
	var status error = errors.New("its supervisor ended without a word")
	var left []string
	sc := bufio.NewScanner(io.LimitReader(t.life, 64<<10))
	for sc.Scan() {
		word, rest, _ := strings.Cut(sc.Text(), " ")
		switch word {
		case "exit":
			n, err := strconv.Atoi(rest)
			status = err
			if err == nil {
				status = exitError(syscall.WaitStatus(n))
			}
		case "error":
			status = errors.New(rest)
		case "left":
			left = append(left, rest)
		}
	}
	if waitErr != nil && !errors.Is(waitErr, exec.ErrWaitDelay) {
		status = errors.Join(status, fmt.Errorf("its supervisor: %w", waitErr))
	}
	return left, status
}

// exitError says how a program ended, as exec.ExitError does: nil for
// status 0.
func exitError(ws syscall.WaitStatus) error {
	switch {
	case ws.Exited() && ws.ExitStatus() == 0:
		return nil
	case ws.Exited():
		return fmt.Errorf("exit status %d", ws.ExitStatus())
	case ws.Signaled():
		return fmt.Errorf("signal: %v", ws.Signal())
	}
	return fmt.Errorf("wait status %#x", uint32(ws))
}

// supervise is the supervisor's main: it runs command by /bin/sh on its
// standard streams and returns its own exit status (0 once it reported).
func supervise(command string) int {
	syscall.CloseOnExec(lifelineFd) // the program must not hold it
	life := os.NewFile(lifelineFd, "lifeline")
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		fmt.Fprintf(life, "error cannot supervise the program: prctl PR_SET_CHILD_SUBREAPER: %v\n", e)
		return 1
	}
	sigs := make(chan os.Signal, 16)
	signal.Notify(sigs, syscall.SIGCHLD, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	pid, err := syscall.ForkExec("/bin/sh", []string{"sh", "-c", command}, &syscall.ProcAttr{
		Env: os.Environ(), Files: []uintptr{0, 1, 2},
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}, // should the supervisor be killed
	})
	if err != nil {
		fmt.Fprintf(life, "error starting /bin/sh: %v\n", err)
		return 1
	}
	// Its copies of the program's streams would keep them open after the
	// program's end.
	if null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0); err == nil {
		for fd := range 3 {
			syscall.Dup3(int(null.Fd()), fd, 0)
		}
		null.Close()
	}
	gone := make(chan struct{})
	go func() {
		io.Copy(io.Discard, life)
		close(gone)
	}()
	for {
		select {
		case s := <-sigs:
			if s != syscall.SIGCHLD {
				killTree()
				return 1
			}
			ws, done := reap(pid)
			if !done {
				continue
			}
			var b bytes.Buffer
			fmt.Fprintf(&b, "exit %d\n", uint32(ws))
			for _, name := range killTree() {
				fmt.Fprintf(&b, "left %s\n", name)
			}
			life.Write(b.Bytes())
			return 0
		case <-gone: // the referee closed the lifeline, or died
			killTree()
			return 1
		}
	}
}

// reap reaps the children that exited; it returns the program's status
// once it is among them.
func reap(program int) (syscall.WaitStatus, bool) {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if err == syscall.EINTR {
			continue
		}
		if err != nil || pid <= 0 {
			return 0, false
		}
		if pid == program {
			return ws, true
		}
	}
}

// killTree kills every descendant of this process and reaps them all; it
// returns what it found first, each as "pid (name)", the name escaped.
// Being a subreaper, the supervisor inherits every orphan of the tree, so
// once Wait4 says no child is left, no descendant is.
func killTree() []string {
	var found []string
	for first := true; ; first = false {
		for _, d := range descendants(os.Getpid()) {
			syscall.Kill(d.pid, syscall.SIGKILL)
			if first && !d.zombie { // a zombie ended: not left running
				found = append(found, fmt.Sprintf("%d (%s)", d.pid, mjai.Excerpt([]byte(d.name), 64)))
			}
		}
		var ws syscall.WaitStatus
		if _, err := syscall.Wait4(-1, &ws, 0, nil); err == syscall.ECHILD {
			return found
		}
	}
}

// proc is a process found in /proc.
type proc struct {
	pid, ppid int
	name      string
	zombie    bool
}

// descendants lists the processes below pid, from /proc.
func descendants(pid int) []proc {
	entries, _ := os.ReadDir("/proc")
	children := map[int][]proc{}
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if p, ok := readStat(n); ok {
			children[p.ppid] = append(children[p.ppid], p)
		}
	}
	var out []proc
	queue := []int{pid}
	for len(queue) > 0 {
		for _, c := range children[queue[0]] {
			out = append(out, c)
			queue = append(queue, c.pid)
		}
		queue = queue[1:]
	}
	return out
}

// readStat reads a process's parent and name from /proc/PID/stat: "pid
// (name) state ppid …", where the name may hold spaces and parentheses.
func readStat(pid int) (proc, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
	if err != nil || open < 0 || end < open {
		return proc{}, false
	}
	f := strings.Fields(string(b[end+1:]))
	if len(f) < 2 {
		return proc{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	return proc{pid: pid, ppid: ppid, name: string(b[open+1 : end]), zombie: f[0] == "Z"}, err == nil
}
