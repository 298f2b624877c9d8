// Tests of driver.js with a fake engine (no checkout needed): node --test driver.test.js
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { steeredRandom, withRandom, makeDriver } = require('./driver.js');

// A Fisher-Yates from the end, the kind of shuffle the steering is for.
function shuffleFromTheEnd(array) {
    for (let current = array.length; current > 0; current--) {
        const index = Math.floor(Math.random() * current);
        const swap = array[current - 1];
        array[current - 1] = array[index];
        array[index] = swap;
    }
    return array;
}

test('steered random values make the shuffle produce the wanted order', () => {
    const ordered = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const wanted of [['f', 'e', 'd', 'c', 'b', 'a'], ['c', 'a', 'f', 'b', 'e', 'd'], ordered]) {
        const values = steeredRandom(ordered, wanted);
        const result = withRandom(values, 0, () => shuffleFromTheEnd(ordered.slice()));
        assert.deepStrictEqual(result, wanted);
    }
    assert.throws(() => steeredRandom(['a', 'b'], ['a', 'z']), /not a permutation/);
});

test('after the steered values the seed decides, and Math.random is restored', () => {
    const original = Math.random;
    const first = withRandom([], 7, () => [Math.random(), Math.random()]);
    const again = withRandom([], 7, () => [Math.random(), Math.random()]);
    assert.deepStrictEqual(first, again);
    assert.strictEqual(Math.random, original);
});

// A fake of the engine's Game: serialize/fromState round trip, and a method that throws.
class FakeGame {
    constructor(state) {
        this.state = state;
        this.victory = false;
    }
    static fromState(state) {
        return new FakeGame(JSON.parse(JSON.stringify(state)));
    }
    serialize() {
        return { state: this.state, history: null };
    }
    getDefendingPlayerName() { return 'seat 2'; }
    getAttackingPlayerName() { return 'seat 1'; }
    setDefendingPlayer() {}
    take(card) {
        if (!this.state.players['seat 1'].deck.includes(card)) throw new Error('not held');
        this.state.players['seat 1'].deck = this.state.players['seat 1'].deck.filter((c) => c !== card);
    }
}

function driver() {
    const handle = makeDriver({ Game: FakeGame, cardModule: { generateCardDeck: () => [] } });
    const state = { players: { 'seat 1': { deck: ['7S', '8S'] }, 'seat 2': { deck: [] } } };
    handle({ op: 'load', game: 'g', state, defender: 'seat 2', seed: 0 });
    return handle;
}

test('apply replaces the game only when every call succeeds', () => {
    const handle = driver();
    const refused = (() => {
        try {
            return handle({ op: 'apply', game: 'g', calls: [['take', '7S'], ['take', 'AS']] });
        } catch (error) {
            return { ok: false, error: error.message };
        }
    })();
    assert.strictEqual(refused.ok, false);
    const after = handle({ op: 'dump', game: 'g' });
    assert.deepStrictEqual(after.game.state.players['seat 1'].deck, ['7S', '8S']);
    const done = handle({ op: 'apply', game: 'g', calls: [['take', '7S']] });
    assert.deepStrictEqual(done.game.state.players['seat 1'].deck, ['8S']);
});

test('try reports each move without changing the game', () => {
    const handle = driver();
    const reply = handle({ op: 'try', game: 'g', moves: [[['take', '7S']], [['take', 'AS']], [['fly']]] });
    assert.deepStrictEqual(reply.accepted, [true, false, false]);
    assert.deepStrictEqual(handle({ op: 'dump', game: 'g' }).game.state.players['seat 1'].deck, ['7S', '8S']);
});
