// Drives feds01/Durak-Engine's Game (its build output, dist/) for the Python wrapper.
//
// Usage: node driver.js CHECKOUT.  One JSON request per line on stdin, one JSON reply per
// line on stdout.  The driver only calls the engine and reports what it did; the mapping to
// protocol v1 lives in adapters/thirdparty/feds01/table.py.  Requests:
//
//   {"op": "new", "game": id, "players": [names], "deck": [cards], "seed": n}
//       a new Game whose own shuffle produces `deck` (see steeredRandom), dealt by the
//       engine; the engine then picks the first defender at random, from `seed`
//   {"op": "load", "game": id, "state": GameState, "defender": name, "seed": n}
//       Game.fromState(state), roles set by the engine's setDefendingPlayer(defender)
//   {"op": "apply", "game": id, "calls": [[method, ...args], ...]}
//       the calls in order on a copy of the game; the copy replaces the game only if none
//       throws (so a refused move leaves the game as it was)
//   {"op": "try", "game": id, "moves": [[[method, ...args], ...], ...]}
//       for each move (a list of calls), whether the engine accepts it; the game is untouched
//   {"op": "dump", "game": id}     {"op": "drop", "game": id}
//
// Every reply is {"ok": true, "game": dump} (or "accepted" for try), or
// {"ok": false, "error": message} with the engine's own exception message.
'use strict';

const path = require('path');
const readline = require('readline');

// mulberry32: a small seeded generator for the engine's chance moves (its first defender).
function seeded(seed) {
    let a = seed >>> 0;
    return function () {
        a = (a + 0x6D2B79F5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// The values Math.random must return for the engine's shuffleArray (a Fisher-Yates from the
// end: index = floor(random * i), then swap i-1 and index) to turn `ordered` into `wanted`.
function steeredRandom(ordered, wanted) {
    const array = ordered.slice();
    const values = [];
    for (let current = array.length; current > 0; current--) {
        const index = array.indexOf(wanted[current - 1]);
        if (index < 0 || index >= current) throw new Error('deck is not a permutation');
        values.push((index + 0.5) / current);
        const swap = array[current - 1];
        array[current - 1] = array[index];
        array[index] = swap;
    }
    return values;
}

function withRandom(values, seed, body) {
    const original = Math.random;
    const rest = seeded(seed);
    let next = 0;
    Math.random = () => (next < values.length ? values[next++] : rest());
    try {
        return body();
    } finally {
        Math.random = original;
    }
}

function dump(game) {
    const state = game.serialize().state;
    return {
        players: Object.keys(state.players),
        state: JSON.parse(JSON.stringify(state)),
        defender: game.victory ? null : game.getDefendingPlayerName(),
        attacker: game.victory ? null : game.getAttackingPlayerName(),
        victory: game.victory,
    };
}

function makeDriver(engine) {
    const { Game } = engine;
    const settings = { randomisePlayerOrder: false, shortGameDeck: false, freeForAll: true };
    const games = new Map();

    function copyOf(game) {
        const save = JSON.parse(JSON.stringify(game.serialize()));
        return withRandom([], 0, () => Game.fromState(save.state, save.history, settings));
    }

    function run(game, calls) {
        for (const [method, ...args] of calls) {
            if (typeof game[method] !== 'function') throw new Error(`no method ${method}`);
            game[method](...args);
        }
    }

    function handle(request) {
        const game = games.get(request.game);
        switch (request.op) {
        case 'new': {
            const short = request.deck.length === 36;
            const ordered = engine.cardModule.generateCardDeck(short);
            const values = steeredRandom(ordered, request.deck);
            const made = withRandom(values, request.seed, () => new Game(
                request.players.slice(), null, { ...settings, shortGameDeck: short }));
            games.set(request.game, made);
            return { ok: true, game: dump(made) };
        }
        case 'load': {
            const made = withRandom([], request.seed, () => Game.fromState(
                request.state, null, settings));
            made.setDefendingPlayer(request.defender);
            games.set(request.game, made);
            return { ok: true, game: dump(made) };
        }
        case 'apply': {
            const copy = copyOf(game);
            run(copy, request.calls);
            games.set(request.game, copy);
            return { ok: true, game: dump(copy) };
        }
        case 'try': {
            const accepted = request.moves.map((calls) => {
                try {
                    run(copyOf(game), calls);
                    return true;
                } catch (error) {
                    return false;
                }
            });
            return { ok: true, accepted };
        }
        case 'dump':
            return { ok: true, game: dump(game) };
        case 'drop':
            games.delete(request.game);
            return { ok: true };
        default:
            throw new Error(`unknown op ${request.op}`);
        }
    }
    return handle;
}

function main() {
    const checkout = process.argv[2];
    const dist = path.resolve(checkout, 'dist');
    // The deck generator is not exported from dist/index.js; the engine's card module has it.
    const engine = {
        ...require(path.join(dist, 'index.js')),
        cardModule: require(path.join(dist, 'engine', 'card.js')),
    };
    const handle = makeDriver(engine);
    const lines = readline.createInterface({ input: process.stdin, terminal: false });
    lines.on('line', (line) => {
        if (!line.trim()) return;
        let reply;
        try {
            reply = handle(JSON.parse(line));
        } catch (error) {
            reply = { ok: false, error: `${error.constructor.name}: ${error.message}` };
        }
        process.stdout.write(JSON.stringify(reply) + '\n');
    });
}

if (require.main === module) main();

module.exports = { steeredRandom, seeded, withRandom, makeDriver };
