package tenhou6

import (
	"github.com/mjrank/mjrank/data"
)

// yakuNames are the names tenhou.net/6 JSON gives Tenhou's yaku numbers.
var yakuNames = [...]string{
	0:  "門前清自摸和",
	1:  "立直",
	2:  "一発",
	3:  "槍槓",
	4:  "嶺上開花",
	5:  "海底摸月",
	6:  "河底撈魚",
	7:  "平和",
	8:  "断幺九",
	9:  "一盃口",
	10: "自風 東",
	11: "自風 南",
	12: "自風 西",
	13: "自風 北",
	14: "場風 東",
	15: "場風 南",
	16: "場風 西",
	17: "場風 北",
	18: "役牌 白",
	19: "役牌 發",
	20: "役牌 中",
	21: "両立直",
	22: "七対子",
	23: "混全帯幺九",
	24: "一気通貫",
	25: "三色同順",
	26: "三色同刻",
	27: "三槓子",
	28: "対々和",
	29: "三暗刻",
	30: "小三元",
	31: "混老頭",
	32: "二盃口",
	33: "純全帯幺九",
	34: "混一色",
	35: "清一色",
	36: "人和",
	37: "天和",
	38: "地和",
	39: "大三元",
	40: "四暗刻",
	41: "四暗刻単騎",
	42: "字一色",
	43: "緑一色",
	44: "清老頭",
	45: "九蓮宝燈",
	46: "純正九蓮宝燈",
	47: "国士無双",
	48: "国士無双１３面",
	49: "大四喜",
	50: "小四喜",
	51: "四槓子",
	52: "ドラ",
	53: "裏ドラ",
	54: "赤ドラ",
}

// yakuAliases are other spellings met in tenhou.net/6 files: variant kanji,
// and the English names of Tenhou's English client (only those seen or
// unambiguous).
var yakuAliases = map[string]int{
	"ダブル立直":    21,
	"断么九":      8,
	"海底撈月":     5,
	"国士無双13面":  48,
	"国士無双十三面":  48,
	"四暗刻単騎待ち":  41,
	"Riichi":   1,
	"Ippatsu":  2,
	"Chankan":  3,
	"Pinfu":    7,
	"Tanyao":   8,
	"Dora":     52,
	"Ura Dora": 53,
	"Red Five": 54,
	"Aka Dora": 54,
}

// yakuByName maps every name and alias to its number.
var yakuByName = func() map[string]int {
	m := make(map[string]int, len(yakuNames)+len(yakuAliases))
	for id, n := range yakuNames {
		m[n] = id
	}
	for n, id := range yakuAliases {
		m[n] = id
	}
	return m
}()

// limitNames are the tenhou.net/6 names of the limits 1..5.
var limitNames = [...]string{1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}

// danNames are Tenhou's rank names by index.
var danNames = [...]string{
	"新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級",
	"初段", "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳位",
}

// danIndex returns the index of a rank name (full- or half-width digits),
// or -1.
func danIndex(s string) int {
	for i, n := range danNames {
		if n == s {
			return i
		}
	}
	if len(s) == 4 && s[0] >= '1' && s[0] <= '9' && s[1:] == "級" {
		return 10 - int(s[0]-'0')
	}
	return -1
}

// Result names of tenhou.net/6.
const (
	t6Agari     = "和了"
	t6Draw      = "流局"
	t6AllTenpai = "全員聴牌"
	t6NoTenpai  = "全員不聴"
)

// t6DrawTypes maps the other result names to draw types.
var t6DrawTypes = map[string]data.RyuukyokuType{
	t6Draw:      data.Exhaustive,
	t6AllTenpai: data.Exhaustive,
	t6NoTenpai:  data.Exhaustive,
	"流し満貫":      data.NagashiMangan,
	"九種九牌":      data.NineTerminals,
	"四家立直":      data.FourRiichi,
	"三家和了":      data.TripleRon,
	"四槓散了":      data.FourKans,
	"四風連打":      data.FourWinds,
}

// t6DrawNames are the names the writer uses for the draw types other than
// Exhaustive.
var t6DrawNames = [...]string{
	data.NagashiMangan: "流し満貫",
	data.NineTerminals: "九種九牌",
	data.FourRiichi:    "四家立直",
	data.TripleRon:     "三家和了",
	data.FourKans:      "四槓散了",
	data.FourWinds:     "四風連打",
}
