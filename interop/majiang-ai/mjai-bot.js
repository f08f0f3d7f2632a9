#!/usr/bin/env node
/*
 * @kobalab/majiang-ai as an mjai bot: one event per line on stdin, one
 * reaction per line on stdout (a line holding a JSON array of events gets
 * the reaction to its last event). Diagnostics go to stderr; a malformed
 * line or an event the bot cannot follow exits with status 2 and the line
 * number.
 */
"use strict";

const readline = require('node:readline');
const { Bot } = require('./translate');

const bot = new Bot(msg => process.stderr.write(`majiang-ai: ${msg}\n`));
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
let n = 0;

function fail(msg) {
    process.stderr.write(`majiang-ai: line ${n}: ${msg}\n`);
    process.exit(2);
}

rl.on('line', line => {
    n++;
    if (!line.trim()) return;
    let input;
    try {
        input = JSON.parse(line);
    } catch (err) {
        fail(`not JSON: ${err.message}`);
    }
    const events = Array.isArray(input) ? input : [input];
    let reply = { type: 'none' };
    try {
        for (const e of events) reply = bot.react(e);
    } catch (err) {
        fail(err.message);
    }
    process.stdout.write(JSON.stringify(reply) + '\n');
});
rl.on('close', () => process.exit(0));
