// Package referee runs mjai matches (mjrank match): four seats, or three
// (arena.Config.Players 3: Tenhou's 3-player game), each a built-in bot
// played directly or a player speaking mjai — a program on its standard
// input and output, a TCP client, or a built-in bot through the protocol
// in this process — on the duplicate arena (package arena: rotation,
// shards, statistics, records). A 3-player game is sent as the 3-player
// forks of Mortal speak mjai: three names, scores, tehais and deltas, and
// a North set aside as {"type":"nukidora","actor":a,"pai":"N"} before its
// replacement draw; a nukidora (or kita) reply is judged as a kita.
//
// The engine plays the game; the referee tells every speaking seat what
// its seat may see, in mjai's lockstep (one reply per event), and judges
// each reply: a move must be one of the round's legal actions at that
// point, a reply to an event that asked nothing must be "none", and every
// reply must come within the time limit. A rejected reply is a
// *ReplyError naming the seat, the event and the reply; it stops the
// match, or (Replace) its move becomes the tsumogiri or pass and the
// result counts it.
package referee
