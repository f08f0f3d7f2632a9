package rankmodel_test

import (
	"fmt"

	"github.com/mjrank/mjrank/rankmodel"
)

// The final-rank distribution of a dealer who trails by 8,000 at South 3,
// and what it is worth.
func ExampleModel_Distribution() {
	m, err := rankmodel.Default()
	if err != nil {
		fmt.Println(err)
		return
	}
	s := rankmodel.Situation{Index: 6, Honba: 1, Sticks: 1, Scores: [4]int{33000, 21000, 25000, 20000}, Dealer: 2, Hanchan: true}
	for _, seat := range []int{0, 2} {
		d := m.Distribution(&s, seat)
		fmt.Printf("seat %d: P(1st..4th) %.2f %.2f %.2f %.2f, expected rank %.2f, Tenhou uma %+.1f\n",
			seat, d[0], d[1], d[2], d[3], rankmodel.ExpectedRank(d), rankmodel.TenhouUma.Expected(d))
	}
	// Output:
	// seat 0: P(1st..4th) 0.63 0.30 0.05 0.03, expected rank 1.47, Tenhou uma +27.0
	// seat 2: P(1st..4th) 0.20 0.36 0.27 0.17, expected rank 2.41, Tenhou uma +5.4
}
