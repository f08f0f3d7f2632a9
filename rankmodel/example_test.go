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
	// seat 0: P(1st..4th) 0.59 0.31 0.07 0.03, expected rank 1.55, Tenhou uma +25.2
	// seat 2: P(1st..4th) 0.20 0.32 0.30 0.19, expected rank 2.48, Tenhou uma +4.2
}
