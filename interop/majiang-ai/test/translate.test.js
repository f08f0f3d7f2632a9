"use strict";

const test = require('node:test');
const assert = require('node:assert/strict');
const { Bot, toMajiang, toMjai, handString, callString, ankanString, tenhouRule } = require('../translate');

test('tile names both ways', () => {
    const pairs = [['1m', 'm1'], ['9p', 'p9'], ['5sr', 's0'], ['5s', 's5'], ['E', 'z1'], ['N', 'z4'], ['P', 'z5'], ['F', 'z6'], ['C', 'z7']];
    for (const [mjai, majiang] of pairs) {
        assert.equal(toMajiang(mjai), majiang);
        assert.equal(toMjai(majiang), mjai);
    }
    assert.equal(toMjai('m5_*'), '5m');
    assert.equal(toMajiang('?'), '');
    assert.throws(() => toMajiang('0m'));
    assert.throws(() => toMajiang('4mr'));
    assert.throws(() => toMajiang('Z'));
});

test('hands as shoupai strings', () => {
    assert.equal(handString(['3m', '1m', '2m', '5pr', 'E', 'E', '9s']), 'm312p0s9z11');
});

test('calls from each direction', () => {
    // caller l=0; from l=3 is the left (-), 2 opposite (=), 1 right (+).
    assert.equal(callString('3m', ['1m', '2m'], 0, 3), 'm123-');
    assert.equal(callString('2m', ['1m', '3m'], 0, 3), 'm12-3');
    assert.equal(callString('5mr', ['4m', '6m'], 0, 3), 'm40-6');
    assert.equal(callString('E', ['E', 'E'], 0, 2), 'z111=');
    assert.equal(callString('5p', ['5pr', '5p'], 1, 2), 'p505+');
    assert.equal(callString('9s', ['9s', '9s', '9s'], 2, 3), 's9999+');
    assert.equal(callString('P', ['P', 'P'], 3, 2), 'z555-');
    assert.equal(ankanString(['5m', '5mr', '5m', '5m']), 'm5550');
});

test('the rule is Tenhou\'s', () => {
    const r = tenhouRule(false);
    assert.equal(r['赤牌'].m, 1);
    assert.equal(r['場数'], 2);
    assert.equal(r['ダブル役満あり'], false);
    assert.equal(r['喰い替え許可レベル'], 0);
    assert.equal(tenhouRule(true)['場数'], 1);
});

test('start_kyoku: the seat winds and the hand reach majiang', () => {
    const bot = new Bot();
    bot.react({ type: 'start_game', id: 2, names: ['a', 'b', 'c', 'd'] });
    bot.react({ type: 'start_kyoku', bakaze: 'S', kyoku: 2, honba: 1, kyotaku: 0, oya: 1, dora_marker: '5p',
        scores: [10000, 20000, 30000, 40000], tehais: [Array(13).fill('?'), Array(13).fill('?'),
            ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', 'E', 'E', 'N', 'N'], Array(13).fill('?')] });
    const model = bot.player.model;
    assert.equal(bot.player._menfeng, 1, 'seat 2 is South when seat 1 deals');
    assert.equal(model.zhuangfeng, 1);
    assert.equal(model.jushu, 1);
    assert.equal(model.changbang, 1);
    assert.deepEqual(model.defen, [10000, 20000, 30000, 40000]);
    assert.equal(bot.player.shoupai.toString(), 'm123p456s789z1144');
});
