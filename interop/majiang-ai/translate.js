/*
 * Translation between mjai events and majiang-core's player messages, and
 * an mjai bot built on @kobalab/majiang-ai's Player.
 *
 * Seats: mjai numbers seats 0..3 from the game's first dealer; majiang
 * numbers a round's seats by wind, l = 0 for the dealer (its "menfeng").
 * With qijia 0 and jushu = the dealer's seat, majiang's player ids are the
 * mjai seats: l = (seat - dealer) mod 4.
 */
"use strict";

const Majiang = require('@kobalab/majiang-core');
const AI = require('@kobalab/majiang-ai');

/* Tenhou's rules in majiang-core's terms (see README.md). */
function tenhouRule(east_only) {
    return Majiang.rule({
        '配給原点': 25000,
        '順位点': ['20.0', '10.0', '-10.0', '-20.0'],
        '連風牌は2符': false,
        '赤牌': { m: 1, p: 1, s: 1 },
        'クイタンあり': true,
        '喰い替え許可レベル': 0,
        '場数': east_only ? 1 : 2,
        '途中流局あり': true,
        '流し満貫あり': true,
        'ノーテン宣言あり': false,
        'ノーテン罰あり': true,
        '最大同時和了数': 2,
        '連荘方式': 2,
        'トビ終了あり': true,
        'オーラス止めあり': true,
        '延長戦方式': 1,
        '一発あり': true,
        '裏ドラあり': true,
        'カンドラあり': true,
        'カン裏あり': true,
        'カンドラ後乗せ': true,
        'ツモ番なしリーチあり': false,
        'リーチ後暗槓許可レベル': 2,
        '役満の複合あり': true,
        'ダブル役満あり': false,
        '数え役満あり': true,
        '役満パオあり': true,
        '切り上げ満貫あり': false,
    });
}

const HONORS = { E: 'z1', S: 'z2', W: 'z3', N: 'z4', P: 'z5', F: 'z6', C: 'z7' };
const HONOR_NAMES = Object.fromEntries(Object.entries(HONORS).map(([k, v]) => [v, k]));

/* mjai tile name → majiang tile ("5mr" → "m0", "E" → "z1"); "?" → "". */
function toMajiang(name) {
    if (name === '?') return '';
    if (HONORS[name]) return HONORS[name];
    const m = /^([1-9])([mps])(r?)$/.exec(name);
    if (!m || (m[3] && m[1] !== '5')) throw new Error(`not an mjai tile: ${JSON.stringify(name)}`);
    return m[2] + (m[3] ? '0' : m[1]);
}

/* majiang tile (suit letter and digit, maybe more marks after) → mjai. */
function toMjai(p) {
    const s = p[0], n = p[1];
    if (s === 'z') {
        if (!HONOR_NAMES[s + n]) throw new Error(`not a majiang tile: ${p}`);
        return HONOR_NAMES[s + n];
    }
    if (!'mps'.includes(s) || !/[0-9]/.test(n)) throw new Error(`not a majiang tile: ${p}`);
    return n === '0' ? '5' + s + 'r' : n + s;
}

/* A hand of mjai names as majiang's shoupai string ("m123p406z11"). */
function handString(names) {
    const bySuit = { m: '', p: '', s: '', z: '' };
    for (const name of names) {
        const p = toMajiang(name);
        bySuit[p[0]] += p[1];
    }
    return Object.entries(bySuit).filter(([, d]) => d).map(([s, d]) => s + d).join('');
}

/* The direction mark of a call: where the called tile came from. */
function mark(callerL, fromL) {
    return ['', '+', '=', '-'][(4 + fromL - callerL) % 4];
}

/* A called meld (chi, pon, daiminkan) as majiang's string: the caller's
 * tiles and the called one, which carries the direction mark. */
function callString(pai, consumed, callerL, fromL) {
    const called = toMajiang(pai);
    const own = consumed.map(toMajiang);
    const s = called[0];
    const d = mark(callerL, fromL);
    let m;
    const same = own.every(p => (p[1] === '0' ? '5' : p[1]) === (called[1] === '0' ? '5' : called[1]));
    if (same) {
        // Pon and daiminkan: own digits (fives before red), then the called one.
        const digits = own.map(p => p[1]).sort((a, b) => (b === '0') - (a === '0') || a.localeCompare(b));
        m = s + digits.join('') + called[1] + d;
    } else {
        // Chi: the three in order, the called one marked.
        const parts = own.map(p => p[1]).concat([called[1] + d]);
        const key = x => (x[0] === '0' ? 5 : +x[0]);
        m = s + parts.sort((a, b) => key(a) - key(b)).join('');
    }
    const valid = Majiang.Shoupai.valid_mianzi(m);
    if (!valid) throw new Error(`cannot write the call ${pai} + ${consumed} as a meld (${m})`);
    return valid;
}

/* A closed kan's four tiles as majiang's string ("m5550"). */
function ankanString(consumed) {
    const own = consumed.map(toMajiang);
    const digits = own.map(p => p[1]).sort((a, b) => (a === '0') - (b === '0'));
    return own[0][0] + digits.join('');
}

/* The digits of a meld string, each with its mark. */
function meldTiles(m) {
    return m.slice(1).match(/\d[+=-]?/g).map(x => ({ p: m[0] + x[0], called: x.length > 1 }));
}

class Bot {
    constructor(log) {
        this.log = log || (() => {});
        this.seat = -1;
        this.inGame = false;
    }

    /* Takes one mjai event, returns the reaction (an mjai event). */
    react(e) {
        if (!e || typeof e !== 'object' || typeof e.type !== 'string') throw new Error('an event without a type');
        const none = { type: 'none' };
        switch (e.type) {
        case 'start_game': return this.startGame(e), none;
        case 'start_kyoku': return this.startRound(e), none;
        case 'end_kyoku': case 'hora': case 'ryukyoku':
            this.inRound = false;
            return none;
        case 'reach_accepted': case 'none':
            return none;
        case 'end_game': this.inGame = this.inRound = false; return none;
        }
        if (!this.inRound) throw new Error(`${e.type} before start_game and start_kyoku`);
        switch (e.type) {
        case 'tsumo': return this.tsumo(e);
        case 'dahai': return this.dahai(e);
        case 'reach': return this.reach(e);
        case 'chi': case 'pon': case 'daiminkan': return this.call(e);
        case 'ankan': case 'kakan': return this.kan(e);
        case 'dora':
            this.send({ kaigang: { baopai: toMajiang(e.dora_marker) } });
            return none;
        }
        throw new Error(`unknown event type ${JSON.stringify(e.type)}`);
    }

    /* Sends a message to the player and returns its reply (the player
     * answers through a callback, at once). */
    send(msg) {
        let reply;
        this.player.action(msg, r => { reply = r; });
        return reply;
    }

    l(seat) { return (seat - this.dealer + 4) % 4; }

    startGame(e) {
        if (!Number.isInteger(e.id) || e.id < 0 || e.id > 3) throw new Error('start_game without the seat id (0..3)');
        this.seat = e.id;
        this.inGame = true;
        this.player = new AI();
        this.send({ kaiju: { id: this.seat, rule: tenhouRule(e.kyoku_first === 4), title: 'mjai', player: e.names || ['', '', '', ''], qijia: 0 } });
    }

    startRound(e) {
        const wind = { E: 0, S: 1, W: 2, N: 3 }[e.bakaze];
        if (wind === undefined) throw new Error(`start_kyoku: bakaze ${JSON.stringify(e.bakaze)}`);
        if (!Number.isInteger(e.oya) || e.kyoku - 1 !== e.oya) {
            throw new Error(`start_kyoku: kyoku ${e.kyoku} with oya ${e.oya}: the dealer must be seat kyoku-1`);
        }
        if (!this.player) throw new Error('start_kyoku before start_game');
        this.dealer = e.oya;
        this.inRound = true;
        this.rinshan = false;
        this.riichi = [false, false, false, false];
        this.pending = null;
        const defen = [], shoupai = [];
        for (let l = 0; l < 4; l++) {
            const seat = (this.dealer + l) % 4;
            defen.push(e.scores[seat]);
            shoupai.push(seat === this.seat ? handString(e.tehais[seat]) : '');
        }
        this.send({ qipai: { zhuangfeng: wind, jushu: e.kyoku - 1, changbang: e.honba || 0, lizhibang: e.kyotaku || 0,
            defen, baopai: toMajiang(e.dora_marker), shoupai } });
    }

    tsumo(e) {
        const mine = e.actor === this.seat;
        const p = mine ? toMajiang(e.pai) : '';
        const z = { l: this.l(e.actor), p };
        const reply = this.send(this.rinshan ? { gangzimo: z } : { zimo: z });
        this.rinshan = false;
        if (!mine) return { type: 'none' };
        this.drawn = e.pai;
        return this.turnReply(reply, true);
    }

    /* The reply on the seat's own turn (after a draw, or after a call). */
    turnReply(reply, drew) {
        const me = this.seat;
        if (reply && reply.hule && drew) return { type: 'hora', actor: me, target: me, pai: this.drawn };
        if (reply && reply.daopai && drew) return { type: 'ryukyoku', actor: me };
        if (reply && reply.gang && drew) return this.kanReply(reply.gang);
        if (reply && reply.dapai) {
            const p = reply.dapai;
            const dahai = { type: 'dahai', actor: me, pai: toMjai(p), tsumogiri: drew && p.includes('_') };
            if (p.endsWith('*')) {
                this.pending = dahai;
                return { type: 'reach', actor: me };
            }
            return dahai;
        }
        this.log(`majiang-ai answered ${JSON.stringify(reply)} on its turn: playing tsumogiri`);
        return { type: 'dahai', actor: me, pai: this.drawn, tsumogiri: drew };
    }

    kanReply(m) {
        const me = this.seat;
        if (/^[mpsz]\d{4}$/.test(m)) {
            return { type: 'ankan', actor: me, consumed: meldTiles(m).map(t => toMjai(t.p)) };
        }
        // An added kan: the pon's string and the added digit.
        const tiles = meldTiles(m);
        const added = tiles.pop();
        return { type: 'kakan', actor: me, pai: toMjai(added.p), consumed: tiles.map(t => toMjai(t.p)) };
    }

    dahai(e) {
        let p = toMajiang(e.pai);
        if (e.tsumogiri) p += '_';
        if (this.riichi[e.actor]) p += '*';
        this.riichi[e.actor] = false;
        const reply = this.send({ dapai: { l: this.l(e.actor), p } });
        if (e.actor === this.seat || !reply) return { type: 'none' };
        const me = this.seat;
        if (reply.hule) return { type: 'hora', actor: me, target: e.actor, pai: e.pai };
        if (reply.fulou) {
            const tiles = meldTiles(reply.fulou);
            const type = tiles.length === 4 ? 'daiminkan'
                : tiles.every(t => (t.p[1] === '0' ? '5' : t.p[1]) === (tiles[0].p[1] === '0' ? '5' : tiles[0].p[1])) ? 'pon' : 'chi';
            const consumed = tiles.filter(t => !t.called).map(t => toMjai(t.p));
            return { type, actor: me, target: e.actor, pai: e.pai, consumed };
        }
        return { type: 'none' };
    }

    reach(e) {
        this.riichi[e.actor] = true;
        if (e.actor !== this.seat) return { type: 'none' };
        if (!this.pending) throw new Error('reach for this seat, which did not declare it');
        const d = this.pending;
        this.pending = null;
        return d;
    }

    call(e) {
        const m = callString(e.pai, e.consumed, this.l(e.actor), this.l(e.target));
        const reply = this.send({ fulou: { l: this.l(e.actor), m } });
        if (e.type === 'daiminkan') this.rinshan = true;
        if (e.actor !== this.seat || e.type === 'daiminkan') return { type: 'none' };
        return this.turnReply(reply, false);
    }

    kan(e) {
        const l = this.l(e.actor);
        let m;
        if (e.type === 'ankan') {
            m = ankanString(e.consumed);
        } else {
            const added = toMajiang(e.pai);
            const n = added[1] === '0' ? '5' : added[1];
            const pon = this.player.model.shoupai[l]._fulou.find(f =>
                f[0] === added[0] && /^[mpsz]\d\d\d[+=-]\d?$/.test(f) && f.replace(/0/g, '5')[1] === n);
            if (!pon) throw new Error(`kakan of ${e.pai} by seat ${e.actor}, who has no such pon`);
            m = pon + added[1];
        }
        this.rinshan = true;
        const reply = this.send({ gang: { l, m } });
        if (e.actor !== this.seat && e.type === 'kakan' && reply && reply.hule) {
            return { type: 'hora', actor: this.seat, target: e.actor, pai: e.pai };
        }
        return { type: 'none' };
    }
}

module.exports = { Bot, toMajiang, toMjai, handString, callString, ankanString, tenhouRule };
