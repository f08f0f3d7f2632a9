package review

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// DefaultLogServer is Tenhou's log server. A log is fetched from
// SERVER/5/mjlog2json.cgi?ID as tenhou.net/6 JSON, the form mjai-reviewer
// fetches too.
const DefaultLogServer = "https://tenhou.net"

// FetchTimeout bounds one log's fetch.
const FetchTimeout = 30 * time.Second

// maxLogBytes bounds a fetched log: a hanchan's JSON is about 20 KB.
const maxLogBytes = 4 << 20

// logIDPattern is a Tenhou log id: the hour it began (YYYYMMDDHH), "gm",
// the lobby type in hex, the lobby number and a hex key.
var logIDPattern = regexp.MustCompile(`^[0-9]{10}gm-[0-9a-f]{4}-[0-9]{4,5}-[0-9a-f]{8}$`)

// logIDPrefix starts what is meant as a log id rather than a file name.
var logIDPrefix = regexp.MustCompile(`^[0-9]{10}gm-`)

// logExample is a log id shown in errors.
const logExample = "2022010115gm-00a9-0000-dcf9e89c"

// LogRef is a Tenhou log named on the command line: its id and the seat
// its URL shows (tw=), or -1.
type LogRef struct {
	ID   string
	Seat int
}

// ParseLogRef reads a Tenhou log id (2022010115gm-00a9-0000-dcf9e89c) or
// a log URL (https://tenhou.net/0/?log=ID&tw=2, or .../0/log/?ID). ok is
// false when s is neither (a file name); err is set when s looks like one
// but is not a valid one.
func ParseLogRef(s string) (ref LogRef, ok bool, err error) {
	ref.Seat = -1
	lower := strings.ToLower(s)
	if !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "https://") {
		if !logIDPrefix.MatchString(s) {
			return ref, false, nil
		}
		if !logIDPattern.MatchString(s) {
			return ref, true, fmt.Errorf("%s: not a Tenhou log id (want one like %s)", s, logExample)
		}
		ref.ID = s
		return ref, true, nil
	}
	u, err := url.Parse(s)
	if err != nil {
		return ref, true, fmt.Errorf("%s: not a URL: %v", s, err)
	}
	q := u.Query()
	id := q.Get("log")
	if id == "" && logIDPattern.MatchString(u.RawQuery) {
		id = u.RawQuery // the .../0/log/?ID form
	}
	if !logIDPattern.MatchString(id) {
		return ref, true, fmt.Errorf("%s: no Tenhou log id in the URL (want ?log=%s)", s, logExample)
	}
	ref.ID = id
	if tw := q.Get("tw"); tw != "" {
		n, err := strconv.Atoi(tw)
		if err != nil || n < 0 || n > 3 {
			return ref, true, fmt.Errorf("%s: tw=%s: want a seat 0 to 3", s, tw)
		}
		ref.Seat = n
	}
	return ref, true, nil
}

// LogURL is where the log id is fetched from on server.
func LogURL(server, id string) string {
	return strings.TrimSuffix(server, "/") + "/5/mjlog2json.cgi?" + id
}

// FetchLog fetches the log id from server (DefaultLogServer if "") with
// client (nil: one with FetchTimeout) and returns its body. Every error
// names the id and the URL.
func FetchLog(ctx context.Context, client *http.Client, server, id string) ([]byte, error) {
	if server == "" {
		server = DefaultLogServer
	}
	if client == nil {
		client = &http.Client{Timeout: FetchTimeout}
	}
	u := LogURL(server, id)
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: fetching %s: %s", id, u, fmt.Sprintf(format, args...))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fail("%v", err)
	}
	// Tenhou's viewer asks with its page as the referrer.
	req.Header.Set("Referer", "https://tenhou.net/6/?log="+id)
	req.Header.Set("User-Agent", "mjrank")
	resp, err := client.Do(req)
	if err != nil {
		return nil, fail("%v (offline? give the record as a file)", unwrapURLError(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fail("the server answered %s", resp.Status)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxLogBytes+1))
	switch {
	case err != nil:
		return nil, fail("%v", err)
	case len(b) > maxLogBytes:
		return nil, fail("the answer is over %d MB: not a game log", maxLogBytes>>20)
	case len(b) == 0:
		return nil, fail("the answer is empty: no such log?")
	}
	return b, nil
}

// unwrapURLError drops the method and URL that url.Error repeats.
func unwrapURLError(err error) error {
	if ue, ok := err.(*url.Error); ok {
		return ue.Err
	}
	return err
}
