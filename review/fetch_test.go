package review

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestFetchLog: the body of a 200 is the log; another status, an empty
// answer or one too large for a log is an error naming the id and URL.
func TestFetchLog(t *testing.T) {
	const id = "2022010115gm-00a9-0000-dcf9e89c"
	answers := map[string]func(w http.ResponseWriter){
		"ok":    func(w http.ResponseWriter) { w.Write([]byte(`{"log": []}`)) },
		"gone":  func(w http.ResponseWriter) { http.Error(w, "gone", http.StatusGone) },
		"empty": func(w http.ResponseWriter) {},
		"huge":  func(w http.ResponseWriter) { w.Write(make([]byte, maxLogBytes+1)) },
	}
	for name, want := range map[string]string{
		"ok":    "",
		"gone":  "the server answered 410 Gone",
		"empty": "the answer is empty",
		"huge":  "the answer is over 4 MB",
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { answers[name](w) }))
		b, err := FetchLog(context.Background(), nil, srv.URL+"/", id)
		srv.Close()
		switch {
		case want == "" && (err != nil || string(b) != `{"log": []}`):
			t.Errorf("%s: %q, %v", name, b, err)
		case want != "" && (err == nil || !strings.HasPrefix(err.Error(), id+": fetching "+srv.URL+"/5/mjlog2json.cgi?"+id+": ") || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}
