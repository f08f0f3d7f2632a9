"use strict";

const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const BOT = path.join(__dirname, '..', 'mjai-bot.js');
const hidden = Array(13).fill('?');
const HAND = ['1m', '2m', '3m', '4p', '5pr', '6p', '7s', '8s', '1s', 'E', 'E', 'N', 'C'];

function run(events) {
    const input = events.map(e => typeof e === 'string' ? e : JSON.stringify(e)).join('\n') + '\n';
    return spawnSync(process.execPath, [BOT], { input, encoding: 'utf8', timeout: 120000 }); // a hang guard, not a speed check
}

// A short round as the referee sends it to seat 0 (the dealer).
const ROUND = [
    { type: 'start_game', id: 0, names: ['majiang-ai', 'b', 'c', 'd'] },
    { type: 'start_kyoku', bakaze: 'E', kyoku: 1, honba: 0, kyotaku: 0, oya: 0, dora_marker: '9m', scores: [25000, 25000, 25000, 25000], tehais: [HAND, hidden, hidden, hidden] },
    { type: 'tsumo', actor: 0, pai: 'W' },
];

test('one reply per line, legal tiles, the right tsumogiri flag', () => {
    const first = run(ROUND);
    assert.equal(first.status, 0, first.stderr);
    const replies = first.stdout.trim().split('\n').map(l => JSON.parse(l));
    assert.equal(replies.length, 3);
    assert.deepEqual(replies.slice(0, 2), [{ type: 'none' }, { type: 'none' }]);
    const d = replies[2];
    assert.equal(d.type, 'dahai');
    assert.equal(d.actor, 0);
    assert.ok(HAND.concat(['W']).includes(d.pai), `${d.pai} is not in the hand`);
    assert.equal(d.tsumogiri, d.pai === 'W');

    // The game goes on: seat 1 discards East, then seat 2 pons... the bot
    // answers every line, and discards after its own call.
    const rest = ROUND.concat([
        { type: 'dahai', actor: 0, pai: d.pai, tsumogiri: d.tsumogiri },
        { type: 'tsumo', actor: 1, pai: '?' },
        { type: 'dahai', actor: 1, pai: 'C', tsumogiri: true },
        { type: 'tsumo', actor: 2, pai: '?' },
        { type: 'dahai', actor: 2, pai: 'E', tsumogiri: false },
        { type: 'pon', actor: 0, target: 2, pai: 'E', consumed: ['E', 'E'] },
        { type: 'ryukyoku', deltas: [0, 0, 0, 0], scores: [25000, 25000, 25000, 25000] },
        { type: 'end_kyoku' },
        { type: 'end_game', scores: [25000, 25000, 25000, 25000] },
    ]);
    const all = run(rest);
    assert.equal(all.status, 0, all.stderr);
    const out = all.stdout.trim().split('\n').map(l => JSON.parse(l));
    assert.equal(out.length, rest.length);
    const afterPon = out[8];
    assert.equal(afterPon.type, 'dahai');
    assert.equal(afterPon.tsumogiri, false);
    assert.notEqual(afterPon.pai, 'E');
    for (const [i, r] of out.entries()) {
        assert.ok(['none', 'dahai', 'pon', 'chi', 'hora', 'reach', 'daiminkan'].includes(r.type), `reply ${i}: ${r.type}`);
    }
});

test('a batch gets one reply: the last event\'s', () => {
    const r = run(['[' + ROUND.map(e => JSON.stringify(e)).join(',') + ']']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 1);
    assert.equal(JSON.parse(lines[0]).type, 'dahai');
});

test('a malformed line: exit 2 with its number', () => {
    const r = run([ROUND[0], '{"type":']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /line 2: not JSON/);
});

test('an impossible event: exit 2 with its number', () => {
    const r = run([ROUND[0], { type: 'tsumo', actor: 0, pai: '1m' }]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /line 2: tsumo before start_game and start_kyoku/);
});

test('end of input: exit 0', () => {
    const r = run([]);
    assert.equal(r.status, 0);
});
