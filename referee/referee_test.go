package referee

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/mjaibot"
	"github.com/mjrank/mjrank/sim/game"
)

// TestInProcessMatchesArena: every seat played through the protocol gives
// the direct arena's games exactly.
func TestInProcessMatchesArena(t *testing.T) {
	bots := [4]string{"thesis", "efficiency", "rulebot", "tsumogiri"}
	games := 40
	if testing.Short() {
		games = 8
	}
	cfg := arena.Config{Seats: bots, Games: games, Seed: 7, Rotate: true, Length: game.Hanchan, Workers: 2}
	direct, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Arena: cfg, TimeLimit: time.Hour} // a correct player, however busy the machine
	for i, b := range bots {
		m.Arena.Seats[i] = "mjai:" + b
	}
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	got, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash != direct.Hash {
		t.Errorf("hash %s through mjai, %s direct", got.Hash, direct.Hash)
	}
}

// TestTCPClient: the mjai bot's TCP client plays whole games against the
// referee's loopback mjai server, which gives the direct arena's games.
func TestTCPClient(t *testing.T) {
	cfg := arena.Config{Seats: [4]string{"thesis", "efficiency", "efficiency", "rulebot"}, Games: 2, Seed: 11, Length: game.Hanchan}
	direct, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	m := Match{Arena: cfg, Listener: ln, Wait: time.Hour, TimeLimit: time.Hour}
	m.Arena.Seats[0] = "tcp"
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	errs := make(chan error, cfg.Games)
	go func() {
		for range cfg.Games {
			c, err := mjaibot.NewClient(mjaibot.Config{Bot: "thesis"})
			if err == nil {
				err = c.Dial(context.Background(), ln.Addr().String(), "tester", "default", 0)
			}
			errs <- err
		}
	}()
	got, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for range cfg.Games {
		if err := <-errs; err != nil {
			t.Errorf("client: %v", err)
		}
	}
	if got.Hash != direct.Hash {
		t.Errorf("hash %s over TCP, %s direct", got.Hash, direct.Hash)
	}
}

// TestRecordsVerify: a match's records, in both formats, replay through
// the engine with no mismatch, of four players and of three (kitas and
// all; the 3-player mjai records in the 3-player forks' convention: three
// names, a nukidora event for each kita).
func TestRecordsVerify(t *testing.T) {
	for _, tc := range []struct {
		players int
		seats   [4]string
		length  game.Length
	}{
		{4, [4]string{"mjai:thesis", "efficiency", "mjai:rulebot", "thesis"}, game.Hanchan},
		{3, [4]string{"mjai:thesis", "efficiency", "mjai:rulebot"}, game.Tonpuusen},
	} {
		for _, format := range []string{"tenhou6", "mjai"} {
			dir := t.TempDir()
			m := Match{Arena: arena.Config{Players: tc.players, Seats: tc.seats, Games: tc.players,
				Seed: 5, Rotate: true, Length: tc.length, Records: dir, RecordsFormat: format}, TimeLimit: time.Hour}
			if _, err := m.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			rep, err := records.Verify(context.Background(), []string{dir}, records.VerifyOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Complete != tc.players || len(rep.Mismatches)+len(rep.Errors)+len(rep.Skipped) != 0 {
				t.Errorf("%d players, %s: %d complete games of %d, mismatches %v, errors %v, skipped %v",
					tc.players, format, rep.Complete, tc.players, rep.Mismatches, rep.Errors, rep.Skipped)
			}
			if tc.players == 3 {
				checkSanmaRecords(t, dir, format, rep)
			}
		}
	}
}

// checkSanmaRecords checks a 3-player match's verified records: every game
// of three players, with kitas; in mjai, three names and a nukidora event
// for each kita replayed.
func checkSanmaRecords(t *testing.T, dir, format string, rep *records.VerifyReport) {
	t.Helper()
	if rep.Games3 != rep.Complete || rep.Kitas == 0 {
		t.Errorf("%s: %d 3-player games of %d, %d kitas", format, rep.Games3, rep.Complete, rep.Kitas)
	}
	if format != "mjai" {
		return
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	kitas := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var start mjai.Event
		first, _, _ := strings.Cut(string(b), "\n")
		if err := mjai.DecodeEvent([]byte(first), &start); err != nil || len(start.Names) != 3 {
			t.Errorf("%s: start_game %s: want three names (%v)", f, first, err)
		}
		kitas += strings.Count(string(b), `"type":"nukidora"`)
	}
	if kitas != rep.Kitas {
		t.Errorf("%d nukidora events in the mjai records, %d kitas replayed", kitas, rep.Kitas)
	}
}

// TestBrokenPrograms: a program that crashes, writes garbage, is silent or
// plays an illegal move ends the match with a report naming the seat, the
// event and the reply, or, when replaced, lets the games finish and
// counts it; nothing hangs. Each is caught by what it does: only the
// silent one by the time limit (it never answers), the others with a
// limit no busy machine reaches (an endless line by the line cap).
func TestBrokenPrograms(t *testing.T) {
	cases := []struct {
		name, cmd, want string
		limit           time.Duration
	}{
		{"crash", "cmd:exit 3", "the program is gone", time.Hour},
		{"garbage", "cmd:while read l; do echo garbage; done", "not an mjai event", time.Hour},
		{"silence", "cmd:while read l; do :; done", "no reply within the time limit", 300 * time.Millisecond},
		{"illegal", `cmd:while read l; do case "$l" in '{"type":"tsumo","actor":0,'*) echo '{"type":"dahai","actor":0,"pai":"1m","tsumogiri":true}';; *) echo '{"type":"none"}';; esac; done`, "not a legal move", time.Hour},
		{"endless line", `cmd:head -c 50000000 /dev/zero | tr '\0' x`, "line too long", time.Hour},
		{"wrong actor", `cmd:while read l; do case "$l" in '{"type":"tsumo","actor":0,'*) echo '{"type":"hora","actor":1,"target":0,"pai":"1m"}';; *) echo '{"type":"none"}';; esac; done`, "its actor is not the seat", time.Hour},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := arena.Config{Seats: [4]string{c.cmd, "efficiency", "efficiency", "efficiency"}, Games: 1, Seed: 3, Length: game.Tonpuusen}
			m := Match{Arena: base, TimeLimit: c.limit}
			_, err := m.Run(context.Background())
			var re *ReplyError
			if !errors.As(err, &re) || re.Seat != 0 || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("stop: got %v, want a seat 0 error saying %q", err, c.want)
			}
			if n := len(err.Error()); n > 2000 {
				t.Errorf("the error quotes %d bytes", n)
			}
			if c.name != "crash" && c.name != "silence" && c.name != "endless line" && (re.Event == "" || re.Reply == "") {
				t.Errorf("the error does not show the event and the reply: %v", err)
			}
			m = Match{Arena: base, TimeLimit: c.limit, OnIllegal: Replace}
			res, err := m.Run(context.Background())
			if err != nil {
				t.Fatalf("replace: %v", err)
			}
			if res.Played != 1 || res.Entries[0].Illegal == 0 {
				t.Errorf("replace: %d games, %d rejected replies", res.Played, res.Entries[0].Illegal)
			}
			if kids := children(t); len(kids) > 0 {
				t.Errorf("child processes left (zombies or running): %v", kids)
			}
		})
	}
}

// children lists this process's child processes (reaped ones are gone).
func children(t *testing.T) []string {
	tasks, err := filepath.Glob("/proc/self/task/*/children")
	if err != nil || len(tasks) == 0 {
		t.Skip("no /proc: cannot list child processes")
	}
	var kids []string
	for _, f := range tasks {
		b, err := os.ReadFile(f)
		if err == nil {
			kids = append(kids, strings.Fields(string(b))...)
		}
	}
	return kids
}

// TestStderrKept: a program's standard error is in its seat's file and
// its end in the error.
func TestStderrKept(t *testing.T) {
	dir := t.TempDir()
	m := Match{Arena: arena.Config{Seats: [4]string{"efficiency", "cmd:echo 'bot says: no model' >&2; exit 3", "efficiency", "efficiency"},
		Games: 1, Seed: 1, Length: game.Tonpuusen}, Stderr: dir}
	_, err := m.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "bot says: no model") {
		t.Errorf("error %v does not show the program's stderr", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*-seat1.stderr"))
	if len(files) != 1 {
		t.Fatalf("stderr files %v, want one for seat 1", files)
	}
	if b, _ := os.ReadFile(files[0]); !strings.Contains(string(b), "bot says: no model") {
		t.Errorf("%s holds %q", files[0], b)
	}
}

// TestTCPSeatWithoutClient: a tcp seat whose client never joins (nobody
// connects, a client that speaks HTTP, one that connects and stays silent)
// stops the match with an error naming the seat: no panic. The clients
// connect before the match starts (the connection waits in the listen
// queue), so that only the silent one meets the time limit, however busy
// the machine.
func TestTCPSeatWithoutClient(t *testing.T) {
	cases := []struct {
		name  string
		send  string // what the client sends; "-": nobody connects
		wants string
	}{
		{"nobody", "-", "seat 3 (tcp): no client joined within"},
		{"http", "GET / HTTP/1.1\r\n\r\n", "seat 3 (tcp): client"},
		{"silent", "", "no reply within the time limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			if c.send != "-" {
				conn, err := net.Dial("tcp", ln.Addr().String())
				if err != nil {
					t.Fatal(err)
				}
				defer conn.Close()
				conn.Write([]byte(c.send))
			}
			cfg := arena.Config{Seats: [4]string{"tsumogiri", "tsumogiri", "tsumogiri", "tcp"}, Games: 1, Seed: 1, Length: game.Tonpuusen}
			m := Match{Arena: cfg, Listener: ln, Wait: 300 * time.Millisecond}
			_, err = m.Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), c.wants) {
				t.Fatalf("got %v, want an error saying %q", err, c.wants)
			}
		})
	}
}

// tsumogiriSh is a legal mjai player in sh for seat 0: it discards every
// tile it draws and passes on everything else.
const tsumogiriSh = `while read l; do case "$l" in '{"type":"tsumo","actor":0,'*) p=$(printf %s "$l" | sed 's/.*"pai":"\([^"]*\)".*/\1/'); echo "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"$p\",\"tsumogiri\":true}";; *) echo '{"type":"none"}';; esac; done`

// TestLingeringHelperKeepsTheGame: a program that leaves a process
// running after its game (one holding its stderr open, or not) is killed
// with its whole group and a warning; the finished game stands.
func TestLingeringHelperKeepsTheGame(t *testing.T) {
	for _, helper := range []string{"(sleep 30 >&2 &); ", "sleep 30 </dev/null >/dev/null 2>&1 & "} {
		cfg := arena.Config{Seats: [4]string{"cmd:" + helper + tsumogiriSh, "tsumogiri", "tsumogiri", "tsumogiri"}, Games: 1, Seed: 2, Length: game.Tonpuusen}
		var warnings []error
		m := Match{Arena: cfg, TimeLimit: time.Hour, Warn: func(err error) { warnings = append(warnings, err) }}
		m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
		res, err := m.Run(context.Background())
		if err != nil || res.Played != 1 {
			t.Fatalf("%q: %v, result %+v", helper, err, res)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "running: killed") {
			t.Errorf("%q: warnings %v", helper, warnings)
		}
		if kids := children(t); len(kids) > 0 {
			t.Errorf("%q: child processes left: %v", helper, kids)
		}
	}
}

// TestStopWhileProgramHangs: ending the match's context (a signal) stops
// a game whose program hangs at once, not at the reply time limit, and
// ends the program's process group.
func TestStopWhileProgramHangs(t *testing.T) {
	cfg := arena.Config{Seats: [4]string{"cmd:sleep 600 & while read l; do :; done", "tsumogiri", "tsumogiri", "tsumogiri"}, Games: 4, Seed: 2, Length: game.Tonpuusen}
	m := Match{Arena: cfg, TimeLimit: time.Hour}
	ctx, cancel := context.WithCancelCause(context.Background())
	time.AfterFunc(300*time.Millisecond, func() { cancel(errors.New("interrupted by a test")) })
	start := time.Now()
	res, err := m.Run(ctx)
	if d := time.Since(start); d > time.Minute { // not at the hour's limit
		t.Errorf("stopped after %v", d)
	}
	if err == nil || !strings.Contains(err.Error(), "interrupted by a test") {
		t.Errorf("error %v", err)
	}
	if res == nil || res.Played != 0 {
		t.Errorf("result %+v", res)
	}
	if kids := children(t); len(kids) > 0 {
		t.Errorf("child processes left: %v", kids)
	}
}

// controlAt returns the index of the first byte of s a terminal could act
// on: a C0 or C1 control other than a newline, DEL, or a byte that is not
// UTF-8 (-1: none).
func controlAt(s string) int {
	for i, r := range s {
		if (r < 0x20 && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == utf8.RuneError {
			return i
		}
	}
	return -1
}

// TestPeerTextEscaped: a program's stderr, a field of its reply that JSON
// could not read, a tcp client's join: what an error quotes of them has
// its control characters and invalid UTF-8 escaped.
func TestPeerTextEscaped(t *testing.T) {
	cases := []struct{ name, seat, want string }{
		{"stderr", `cmd:printf 'bad \033[2J \233 \377 \r end\nsecond line\n' >&2; exit 3`, `bad \x1b[2J \x9b \xff \x0d end` + "\nsecond line"},
		{"reply's type", `cmd:while read l; do echo '{"type":"\u001b[2J\u009b","actor":"x"}'; done`, `\x1b[2J\x9b`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := Match{Arena: arena.Config{Seats: [4]string{c.seat, "tsumogiri", "tsumogiri", "tsumogiri"}, Games: 1, Seed: 1, Length: game.Tonpuusen}, TimeLimit: time.Hour}
			_, err := m.Run(context.Background())
			if err == nil {
				t.Fatal("no error")
			}
			if i := controlAt(err.Error()); i >= 0 || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q: a control character at byte %d, or %q missing", err, i, c.want)
			}
		})
	}
	t.Run("join", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				return
			}
			defer c.Close()
			c.Write([]byte(`{"type":"\u001b[2J"}` + "\n"))
			c.Read(make([]byte, 512))
		}()
		m := Match{Arena: arena.Config{Seats: [4]string{"tcp", "tsumogiri", "tsumogiri", "tsumogiri"}, Games: 1, Seed: 1, Length: game.Tonpuusen},
			Listener: ln, Wait: time.Minute}
		_, err = m.Run(context.Background())
		if err == nil || controlAt(err.Error()) >= 0 || !strings.Contains(err.Error(), `\x1b[2J`) {
			t.Errorf("error %q: want the join's type escaped", err)
		}
	})
}

// TestTCPClientGoneKeepsFinishedGames: a tcp seat's client that plays
// game 1 and is not back for game 2 stops the match with the result of
// game 1, marked partial, and the error naming the seat.
func TestTCPClientGoneKeepsFinishedGames(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := arena.Config{Seats: [4]string{"tsumogiri", "tcp", "tsumogiri", "tsumogiri"}, Games: 3, Seed: 4, Length: game.Tonpuusen}
	// Wait is how long game 2 waits for nobody; the client of game 1
	// (this process) dials at once.
	m := Match{Arena: cfg, Listener: ln, Wait: 3 * time.Second, TimeLimit: time.Hour}
	done := make(chan error, 1)
	go func() {
		c, err := mjaibot.NewClient(mjaibot.Config{Bot: "tsumogiri"})
		if err == nil {
			err = c.Dial(context.Background(), ln.Addr().String(), "once", "default", 0)
		}
		done <- err
	}()
	res, err := m.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "seat 1 (tcp): no client joined within") {
		t.Errorf("error %v", err)
	}
	if res == nil || !res.Partial || res.Played != 1 || res.Entries[1].Games != 1 {
		t.Errorf("result %+v, want game 1's, partial", res)
	}
	if err := <-done; err != nil {
		t.Errorf("client: %v", err)
	}
}

// TestReplacedDecisionsCounted: under Replace, a program that exits
// mid-game is dropped, and every later decision of its seat, played by
// the referee, is counted, with the game marked; a program whose moves are
// illegal but that stays is counted one decision a rejected move.
func TestReplacedDecisionsCounted(t *testing.T) {
	exits := "cmd:n=0; " + strings.Replace(tsumogiriSh, "while read l; do ", `while read l; do n=$((n+1)); [ $n -gt 40 ] && exit 0; `, 1)
	illegal := `cmd:while read l; do case "$l" in '{"type":"tsumo","actor":0,'*) echo '{"type":"dahai","actor":0,"pai":"1m","tsumogiri":true}';; *) echo '{"type":"none"}';; esac; done`
	for _, c := range []struct {
		name, seat string
		dropped    int
	}{{"exits", exits, 2}, {"illegal", illegal, 0}} {
		t.Run(c.name, func(t *testing.T) {
			cfg := arena.Config{Seats: [4]string{c.seat, "tsumogiri", "tsumogiri", "tsumogiri"}, Games: 2, Seed: 6, Length: game.Tonpuusen, Workers: 1}
			m := Match{Arena: cfg, OnIllegal: Replace, TimeLimit: time.Hour}
			res, err := m.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			e := res.Entries[0]
			if e.Dropped != c.dropped || e.Illegal == 0 {
				t.Errorf("dropped in %d games of 2 (want %d), %d rejected replies", e.Dropped, c.dropped, e.Illegal)
			}
			// Dropped: one rejected reply a game, and the rest of the game
			// played for it; else one played decision a rejected move.
			if c.dropped > 0 && e.Replaced < 10*e.Illegal || c.dropped == 0 && e.Replaced != e.Illegal {
				t.Errorf("%d decisions played by the referee, %d rejected replies", e.Replaced, e.Illegal)
			}
			for s := 1; s < 4; s++ {
				if o := res.Entries[s]; o.Replaced+o.Dropped+o.Illegal != 0 {
					t.Errorf("entry %d: %+v", s, o)
				}
			}
		})
	}
}

// markedProcesses returns the pids of the processes whose command line is
// marker (words separated by spaces).
func markedProcesses(marker string) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " ")) == marker {
			pids = append(pids, pid)
		}
	}
	return pids
}

// TestEscapedHelpersKilled: a program whose helpers leave its process
// group (setsid) or its process tree (a double fork) leaves nothing
// running after its game: they are killed, with a warning naming them.
func TestEscapedHelpersKilled(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the referee keeps a program's whole tree on Linux only")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	// Unique sleep lengths find this test's processes.
	a, b := 700000+os.Getpid()%100000, 800000+os.Getpid()%100000
	markers := []string{fmt.Sprintf("sleep %d", a), fmt.Sprintf("sleep %d", b)}
	defer func() {
		for _, m := range markers {
			for _, pid := range markedProcesses(m) {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}()
	helpers := fmt.Sprintf("setsid %s </dev/null >/dev/null 2>&1 & (%s </dev/null >/dev/null 2>&1 &); ", markers[0], markers[1])
	cfg := arena.Config{Seats: [4]string{"cmd:" + helpers + tsumogiriSh, "tsumogiri", "tsumogiri", "tsumogiri"}, Games: 2, Seed: 2, Length: game.Tonpuusen, Workers: 1}
	var warnings []string
	m := Match{Arena: cfg, TimeLimit: time.Hour, Warn: func(err error) { warnings = append(warnings, err.Error()) }}
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	if _, err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, m := range markers {
		if pids := markedProcesses(m); len(pids) > 0 {
			t.Errorf("%q left running: %v", m, pids)
		}
	}
	if len(warnings) != 2 || strings.Count(warnings[0], "(sleep)") != 2 {
		t.Errorf("warnings %q, want one a game naming both sleeps", warnings)
	}
}
