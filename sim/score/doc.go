// Package score scores a winning riichi-mahjong hand exactly as Tenhou does:
// yaku, dora, fu, han, limits and every seat's payment.
//
// A [Win] holds the hand and its situation as fixed arrays: the concealed
// tiles including the winning tile (physical ids, so red fives count), the
// called [Meld]s, tsumo or ron, seats, round wind, the situational flags
// (riichi, ippatsu, haitei, rinshan, chankan, tenhou …), dora and ura dora
// indicators, honba, riichi sticks and pao. [Score] returns a [Result]: the
// yaku list ([Yaku] with han, or yakuman multiples), han, fu, [Limit], base
// points, the hand's points and the [4]int payments by absolute seat. It
// tries every reading of the hand — kokushi, chiitoitsu, and every
// decomposition from [hand.Decompose] with every block the winning tile may
// complete (ryanmen or tanki, shanpon or sequence …) — and keeps the one worth
// the most points, then han, then fu. Scoring a win allocates nothing; so
// does rejecting a hand as incomplete or yakuless.
//
// # Rules
//
// [Rules] is one small comparable struct of switches; [Tenhou] is the preset
// (red fives, kuitan, single yakuman, stacking yakuman, kazoe yakuman, no
// kiriage, whole-hand pao, 300 points per honba) and [TenhouSanma] its
// 3-player form. [ParseRules] and [Rules.String] read and write them as text
// ("tenhou,kiriage=true", "tenhou-sanma").
//
// Under Tenhou's rules the package scores:
//   - every Tenhou yaku: riichi, double riichi, ippatsu, menzen tsumo, pinfu,
//     tanyao (open too), iipeikou, yakuhai (seat and round winds, dragons),
//     chankan, rinshan kaihou, haitei, houtei, chiitoitsu, chanta, ittsu,
//     sanshoku, sanshoku doukou, sankantsu, toitoi, sanankou, shousangen,
//     honroutou, ryanpeikou, junchan, honitsu, chinitsu, with one han less
//     for an open chanta, junchan, ittsu, sanshoku, honitsu and chinitsu,
//     and the closed-only yaku refused in an open hand (a closed kan keeps
//     the hand closed);
//   - every Tenhou yakuman: tenhou, chiihou, daisangen, suuankou, tsuuiisou
//     (chiitoitsu shape too), ryuuiisou (hatsu not required), chinroutou,
//     chuuren poutou (closed only), kokushi musou, shousuushii, suukantsu;
//     double: suuankou tanki, junsei chuuren poutou, kokushi on the 13-sided
//     wait, daisuushii; all yakuman add up, and replace the ordinary yaku and
//     dora;
//   - dora (kans count four), ura dora (with riichi only) and aka dora, listed
//     as Tenhou lists them, only when nonzero;
//   - fu: 20 base; +10 closed ron; +2 tsumo except pinfu; pinfu tsumo 20 and
//     ron 30; an open hand without fu on ron 30; chiitoitsu 25 flat; triplets
//     2/4/8 and kans 8/16/32 by open or closed and simple or terminal/honour,
//     a triplet completed by ron counting as open (also for sanankou and
//     suuankou); pair 2 per dragon, seat wind and round wind (a double wind
//     pair is 4); 2 for a kanchan, penchan or tanki wait; rounded up to 10;
//   - limits: mangan at 5 han or base 2000 (4 han 40 fu, 3 han 70 fu),
//     haneman 6–7, baiman 8–10, sanbaiman 11–12, kazoe yakuman 13+;
//   - payments: ron paid by the discarder, tsumo split with the dealer paying
//     double; rounded up to 100 per payer; 300 per honba (100 from each
//     payer on tsumo); the riichi sticks go to the winner;
//   - pao for daisangen and daisuushii: on tsumo the liable player pays the
//     whole hand and the honba; on ron from another player the liable player
//     and the discarder pay half each. As Tenhou's logs show (a daisangen
//     plus tsuuiisou tsumo paid 64,000 by the liable player alone), the
//     liability covers the whole hand, other yakuman included;
//     [Rules.PaoCoversAll] off limits it to the pao yakuman's share.
//
// # Three players
//
// Under [Rules.Players] 3 (Tenhou's sanma, [TenhouSanma]) seats are 0..2 and
// Payments[3] stays 0; the tiles 2m–8m and chi do not exist and are refused.
// A tsumo is paid by the two others only, as if North paid nothing
// (tsumo-son): the dealer pays 2·base and the other 1·base, each rounded up
// to 100; a dealer's tsumo is 2·base from each. A ron pays as with four.
// Each honba is 200: all from the discarder on ron, 100 from each payer on
// tsumo. Dora indicator 1m shows 9m (and 9m 1m). Each North set aside
// ([Win.Kita]) is one han of dora, listed within Tenhou's dora (52), and one
// more per dora or ura dora indicator showing North; a tsumo on the kita's
// replacement tile is rinshan kaihou, and a ron on the kita is not chankan
// (the caller sets neither flag for it).
//
// The results are checked against two corpora (tests skip when
// ../shared/data is absent): all 10,000 hands of majiang-core's hule.json
// and every win in the shared real Tenhou game records, 4-player and (all
// 37,597 wins of the 4,888 complete games) 3-player, whose AGARI tags carry
// Tenhou's own yaku, fu, points, limit and payments.
//
// # Usage
//
//	w := score.Win{WinTile: tile.MustParseTile("4m"), Tsumo: true, Seat: 1, Dealer: 0, Round: tile.East, Riichi: true}
//	w.SetHand(tile.MustParse("234m406p345s678s99m"))
//	// with calls: 3 fewer concealed tiles per meld, w.AddMeld(score.MustParseMeld("pon=555z"))
//	w.AddDora(tile.MustParseTile("8m"))
//	r := score.Tenhou()
//	res, err := score.Score(&w, &r)
//	// res.YakuList(), res.Han, res.Fu, res.Limit, res.Points, res.Payments
//
// # Differences from Tenhou and points for callers
//
// No deviation in scoring is known. The caller decides what the flags mean
// and must set them as Tenhou would; in particular:
//   - on a multiple ron Tenhou gives the honba and the riichi sticks to the
//     first winner in turn order from the discarder; score each later
//     winner with Honba and RiichiSticks 0 (the logs confirm this);
//   - on a pao ron from a third player the liable player pays the honba, as
//     mjx does; no Tenhou log with a pao ron was available to confirm it;
//   - pao in a 3-player game pays as with four (on tsumo the liable player
//     pays the ron value); no 3-player record with pao was available;
//   - renhou does not exist on Tenhou and is never scored;
//   - ura dora indicators given without riichi are ignored;
//   - with [Rules.Kiriage] on (not Tenhou's default; seen in special lobbies)
//     a 4 han 30 fu hand pays as mangan but its Limit stays NoLimit, as
//     Tenhou reports it;
//   - [Result.TenhouYaku] lists the yaku in this package's order, which is
//     close to Tenhou's but not identical (Tenhou's order of yakuhai
//     varies): compare as sets.
package score
