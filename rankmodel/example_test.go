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

// The three-player model, chosen by the seat count: at South 2 the dealer
// (seat 1) trails the leader by 12,000; three places, P(4th) = 0.
func ExampleDefaultFor() {
	m, err := rankmodel.DefaultFor(3)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := rankmodel.Situation{Index: 5, Scores: [4]int{45000, 33000, 27000, 0}, Dealer: 1, Hanchan: true, Players: 3}
	for seat := range 3 {
		d := m.Distribution(&s, seat)
		fmt.Printf("seat %d: P(1st..3rd) %.2f %.2f %.2f, P(4th) %.0f, expected rank %.2f, Tenhou uma %+.1f\n",
			seat, d[0], d[1], d[2], d[3], rankmodel.ExpectedRank(d), rankmodel.TenhouSanmaUma.Expected(d))
	}
	// Output:
	// seat 0: P(1st..3rd) 0.56 0.35 0.09, P(4th) 0, expected rank 1.53, Tenhou uma +17.7
	// seat 1: P(1st..3rd) 0.25 0.40 0.35, P(4th) 0, expected rank 2.11, Tenhou uma +1.6
	// seat 2: P(1st..3rd) 0.21 0.27 0.52, P(4th) 0, expected rank 2.32, Tenhou uma -3.3
}
