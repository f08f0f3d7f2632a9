package serve_test

import (
	"encoding/json"
	"fmt"
	"log"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/mjrank/mjrank/serve"
)

// A service analyses the observation of docs/OBSERVATION.md; the answer is
// the JSON of mjrank analyze --json. (A server runs it with
// s.Serve(ctx, listener), which shuts down gracefully when ctx ends.)
func ExampleNew() {
	s, err := serve.New(serve.Config{MaxSims: 1000})
	if err != nil {
		log.Fatal(err)
	}
	obs, err := os.ReadFile("../sim/observe/testdata/observation.json")
	if err != nil {
		log.Fatal(err)
	}
	body := `{"observation": ` + string(obs) + `, "sims": 200, "seed": 1}`
	r := httptest.NewRequest("POST", "/v1/analyze", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	var a struct {
		Round      string
		Seat       int
		Best       string
		Candidates []struct{ Move string }
	}
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		log.Fatal(err)
	}
	fmt.Println(w.Code, a.Round, "seat", a.Seat, "best:", a.Best, "of", len(a.Candidates), "moves")
	// Output: 200 S1-1 seat 1 best: discard 5z of 12 moves
}
