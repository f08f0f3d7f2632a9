package serve

import (
	"net"
	"net/http"
	"os"
	"strings"
)

// allowedHosts returns the Host names a server listening on addr answers:
// the loopback names for a loopback address, the address itself, and for
// an unspecified one (0.0.0.0, ::) every address of the machine's
// interfaces and its host name; then extra. nil (any Host) when extra
// holds "*" or addr is not TCP.
func allowedHosts(addr net.Addr, extra []string) map[string]bool {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return nil
	}
	hosts := map[string]bool{}
	for _, h := range extra {
		if h == "*" {
			return nil
		}
		hosts[normalHost(h)] = true
	}
	ip := tcp.IP
	hosts[ip.String()] = true
	if ip.IsLoopback() || ip.IsUnspecified() {
		for _, h := range []string{"localhost", "127.0.0.1", "::1"} {
			hosts[h] = true
		}
	}
	if ip.IsUnspecified() {
		if as, err := net.InterfaceAddrs(); err == nil {
			for _, a := range as {
				if n, ok := a.(*net.IPNet); ok {
					hosts[n.IP.String()] = true
				}
			}
		}
		if name, err := os.Hostname(); err == nil {
			hosts[normalHost(name)] = true
		}
	}
	return hosts
}

// normalHost is a Host header's name: no port, no brackets, lower case,
// no final dot.
func normalHost(h string) string {
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.Trim(h, "[]"), ".")
	if ip := net.ParseIP(h); ip != nil {
		return ip.String()
	}
	return strings.ToLower(h)
}

// checkHost refuses a request whose Host the server does not answer.
func (s *Service) checkHost(r *http.Request) *httpError {
	if s.hosts == nil || s.hosts[normalHost(r.Host)] {
		return nil
	}
	return errorf(http.StatusMisdirectedRequest, "Host %q is not this server's: start it with --allow-host %s to serve that name", r.Host, normalHost(r.Host))
}
