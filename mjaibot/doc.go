// Package mjaibot plays any mjrank bot as an mjai player. A [Client] keeps
// the seat's observation of the game from the events it is sent (other
// seats' hands and draws hidden, "?"), and answers each event with one
// reaction: "none", or, when the event gives the seat a decision, the move
// its bot chooses among the legal ones. [Client.Serve] speaks on a stream
// (one event a line, or a JSON array of events, as Mortal and mjai.app run
// bots); [Client.Dial] joins a classic mjai TCP server. A start_game of
// three names (or a 3-player tenhou_type) is Tenhou's 3-player game, in
// the 3-player forks of Mortal's convention: three-element arrays, and a
// North set aside as {"type":"nukidora","actor":a,"pai":"N"} ("kita" read
// too), which the client also answers with.
//
// The bot is asked through a game.View of a determinization of the
// observation: a View shows only the seat's own hand and public play, so
// the hidden tiles filled in at random are never seen, and the bot decides
// exactly as it would at the table (mjrank's referee checks this: a match
// played through this package gives the direct arena's result hash).
package mjaibot
