package serve

import (
	"net/url"
	"testing"
)

// FuzzDecodeBatchRequest feeds the batch decoder arbitrary bodies, as JSON
// and as a multipart form (boundary "b"): it must never panic, every error
// must be its own, and a batch it accepts must hold what runBatch relies
// on: 1 to maxRecords records, each named, and options in range.
func FuzzDecodeBatchRequest(f *testing.F) {
	for _, seed := range []string{
		`{"records": ["<mjloggm/>", "x"], "seat": 1, "rounds": "E1,S2-1", "sims": 5, "seed": 3, "game": 2}`,
		`{"records": []}`, `{"records": [1]}`, `{"records": ["x"], "name": ""}`, `{"records": ["x"], "records": ["y"]}`,
		`{"records": ["x"], "Rounds": "E1"}`, `{"records": null}`, `{"records": ["a","b","c","d"]}`,
		"--b\r\nContent-Disposition: form-data; name=\"record\"; filename=\"a.xml\"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name=\"seat\"\r\n\r\n2\r\n--b--\r\n",
		"--b\r\nContent-Disposition: form-data; name=\"rounds\"\r\n\r\nE9\r\n--b--\r\n",
		"--b\r\nContent-Disposition: form-data; name=\"records\"\r\n\r\n\r\n--b--\r\n", "--b--", "",
	} {
		f.Add([]byte(seed), "sims=20")
	}
	f.Fuzz(func(t *testing.T, body []byte, rawQuery string) {
		query, err := url.ParseQuery(rawQuery)
		if err != nil {
			return
		}
		for _, ctype := range []string{"application/json", mpType} {
			q, err := DecodeBatchRequest(body, ctype, query, 1000, 3)
			if err != nil {
				checkMessage(t, err)
				continue
			}
			if ctype == "application/json" {
				checkOnceEach(t, body)
			}
			switch {
			case len(q.Records) < 1 || len(q.Records) > 3 || len(q.names) != len(q.Records):
				t.Fatalf("accepted %d records, %d names", len(q.Records), len(q.names))
			case q.Seat != nil && (*q.Seat < 0 || *q.Seat > 3), q.Seat != nil && q.Name != nil, q.Name != nil && *q.Name == "":
				t.Fatalf("accepted seat %v, name %v", q.Seat, q.Name)
			case q.Sims != nil && (*q.Sims < 1 || *q.Sims > 1000), q.Game != nil && *q.Game < 1:
				t.Fatalf("accepted sims %v, game %v", q.Sims, q.Game)
			case q.Rounds != nil && q.rounds.All():
				t.Fatalf("accepted rounds %q as every round", *q.Rounds)
			}
		}
	})
}
