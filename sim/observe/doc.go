// Package observe is one seat's knowledge of a round of sim/game: what it
// has seen, event by event, and what can be built from that.
//
// An [Observation] holds the setup, the seat's dealt tiles, the first dora
// indicator and the events it saw ([ObsEvent]: draws, other seats' hidden;
// discards; calls; kans; Norths set aside (kita, three players); dora
// indicators; riichi sticks paid). It is fed
// one event at a time ([Observation.Append] checks each against everything
// seen before and refuses an impossible one with an [ObservationError]) and
// keeps the state the events lead to: the seat's hand, rivers, melds,
// scores, and where in the wall every other seat's concealed tiles came
// from. It is built
//
//   - from a record, by data.ObservationAt;
//   - live, for every seat, by an [Observer] in the play loop's hooks
//     ([Observer.Hooks]), which reads the game.Round through its accessors
//     after every action;
//   - from JSON ([ParseObservation], [Observation.UnmarshalJSON];
//     docs/OBSERVATION.md), or from events that name tiles by face
//     ([FaceObservation], as the mjai bot gets them).
//
// [Observation.Determinize] samples the tiles the seat has not seen (riichi
// hands tenpai, other hands as [DeterminizeOptions] constrain them) and
// replays the events through game.Round.Apply into a full-information
// Round, so that furiten, ippatsu and legality are the engine's own.
//
// The number of seats is the rules' ([game.Rules.Players]): with three
// (Tenhou's sanma), seat 3 is empty, the 108 tiles are the only ones
// (2m..8m are refused, never seen nor unseen), the wall is laid out as
// [game.Layout3] and a seat may set a North aside ([ObsKita]).
//
// The package sits above sim/game and imports only it, the other rules
// packages and the standard library; its errors keep the "game:" prefix
// they had when it was part of sim/game.
package observe
