package serve

import (
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"strings"
)

// Replicas: several services behind one load balancer answer the same
// request with the same bytes (a seed fixes every analysis), so any of
// them may take any analysis or review. A review job lives in the memory
// of the replica that made it; its id begins with that replica's name
// ("mjrank-0.3fa2…"), and a replica asked about another's job forwards
// the request to it when Config.Peers names it (docs/CLI.md, "Behind a
// load balancer"). Every answer names the replica that made it in the
// ReplicaHeader.

// ReplicaHeader names, on every answer, the replica that answered.
const ReplicaHeader = "Mjrank-Replica"

// forwardedHeader marks a request one replica forwarded to another, which
// answers it itself or not at all: a forward never loops.
const forwardedHeader = "Mjrank-Forwarded-By"

// CheckReplicaName reports whether name can name a replica: 1 to 63
// letters, digits, '-' or '_' (a DNS label, or a pod's name).
func CheckReplicaName(name string) error {
	if name == "" || len(name) > 63 {
		return fmt.Errorf("replica name %q: give 1 to 63 characters", name)
	}
	for i, c := range name {
		if !replicaRune(c) {
			return fmt.Errorf("replica name %q: character %q at %d: use letters, digits, - and _", name, c, i)
		}
	}
	return nil
}

// replicaRune reports whether c may stand in a replica's name.
func replicaRune(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// defaultReplica is the host's name cut to a replica name, or "mjrank".
func defaultReplica() string {
	h, err := os.Hostname()
	if err != nil {
		return "mjrank"
	}
	h, _, _ = strings.Cut(h, ".")
	var b strings.Builder
	for _, c := range h {
		if replicaRune(c) {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 || b.Len() > 63 {
		return "mjrank"
	}
	return b.String()
}

// ParsePeers reads NAME=URL pairs (the replicas a job's request may be
// forwarded to) into a map, checking each name and URL.
func ParsePeers(pairs []string) (map[string]*url.URL, error) {
	peers := map[string]*url.URL{}
	for _, p := range pairs {
		name, raw, ok := strings.Cut(p, "=")
		if !ok {
			return nil, fmt.Errorf("peer %q: write NAME=URL (mjrank-1=http://mjrank-1.mjrank:8080)", p)
		}
		if err := CheckReplicaName(name); err != nil {
			return nil, fmt.Errorf("peer %q: %v", p, err)
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			return nil, fmt.Errorf("peer %q: the URL must be http(s)://HOST[:PORT] with no path", p)
		}
		if _, dup := peers[name]; dup {
			return nil, fmt.Errorf("peer %q: %s named twice", p, name)
		}
		peers[name] = &url.URL{Scheme: u.Scheme, Host: u.Host}
	}
	return peers, nil
}

// jobReplica is the replica named by a job id, "" for an id of no
// replica's form.
func jobReplica(id string) string {
	name, _, ok := strings.Cut(id, ".")
	if !ok || CheckReplicaName(name) != nil {
		return ""
	}
	return name
}

// forwardJob sends a request on another replica's job to that replica and
// relays its answer; it reports false, having answered nothing, when the
// job is this replica's, or of no replica it can forward to.
func (s *Service) forwardJob(w http.ResponseWriter, r *http.Request, id string) (bool, *httpError) {
	owner := jobReplica(id)
	if owner == "" || owner == s.cfg.Replica {
		return false, nil
	}
	if by := r.Header.Get(forwardedHeader); by != "" {
		return true, errorf(http.StatusNotFound, "no review job %q here: replica %s forwarded it to this replica, %s, but the job's id names %s", id, by, s.cfg.Replica, owner)
	}
	peer := s.cfg.Peers[owner]
	if peer == nil {
		return true, errorf(http.StatusNotFound, "no review job %q here: it was made by replica %s, which this replica (%s) cannot reach: give it --peer %s=URL, or route %s/ to the replica its id names", id, owner, s.cfg.Replica, owner, jobsPath)
	}
	s.metrics.forwarded.Add(1)
	var failed *httpError
	p := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(peer)
			pr.Out.Host = peer.Host
			pr.Out.Header.Set(forwardedHeader, s.cfg.Replica)
		},
		ErrorHandler: func(_ http.ResponseWriter, _ *http.Request, err error) {
			failed = errorf(http.StatusBadGateway, "review job %q is held by replica %s at %s, which did not answer: %v", id, owner, peer, err)
		},
	}
	w.Header().Del(ReplicaHeader) // the peer's answer names the peer
	p.ServeHTTP(w, r)
	if failed != nil {
		w.Header().Set(ReplicaHeader, s.cfg.Replica)
	}
	return true, failed
}
