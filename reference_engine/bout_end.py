"""The end of a bout: when it closes, where the cards go, drawing, and who attacks next.

- **When a bout closes** (:func:`maybe_close_bout`; clauses ``bout.discard``,
  ``take.ends-bout``, ``take.throw-after``):
  after a take, once every thrower is done or has no cards, or the bout is full (How to play
  Durak "Take", VideoChess, GGTables "Taking or beating", Durak Challenge "Playing the Game"),
  or at once where take ends the bout (``take_ends_bout``: the prototype); after a complete
  defence, once every thrower is done or has no cards or the bout is full (How to play Durak
  "Done", VideoChess, GGTables), or at once when the defender has no cards left.  Where the
  defender may take anyway (Durak Challenge), a complete defence first waits for their choice
  (:mod:`reference_engine.defending`).
- **Where the cards go** (:func:`close_bout`): to the defender after a take, else to the
  discard pile (the first discard ends the five-card first bout, :mod:`reference_engine.limits`).
- **Drawing** (:func:`draw_after_bout`, clause ``drawing.order``): each seat still playing
  fills its hand up to the hand size from the top of the stock, the first to draw first, then
  the rest in clockwise order, the defender at the end; the face-up trump comes out last
  (VideoChess, Durak Challenge "Replenishing Hands", How to play Durak "Drawing cards",
  GGTables "Taking or beating", the prototype "Replenishment and results").  The first to
  draw is the bout's starter (How to play Durak: the player who opened the bout) or, after a
  transfer, the seat attacking at the bout's end (``first_to_draw: attacker``: VideoChess and
  the prototype name "the attacker", a reading).
- **Who attacks next** (:func:`next_attacker`, clauses ``next-attacker.after-defence`` and
  ``next-attacker.after-take``): a defender whose defence held, else (after a take, or when
  that defender is out) the next seat clockwise still playing.

Going out and the end of the game, which are decided after the drawing, are
:mod:`reference_engine.results`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.cards import CODES

if TYPE_CHECKING:
    from reference_engine.cards import Card
    from reference_engine.game import Game


def draw_sequence(n: int, starter: int, defender: int) -> tuple[int, ...]:
    """``starter`` first, then the rest of the ``n`` seats clockwise, ``defender`` last."""
    seq = []
    s = starter
    for _ in range(n):
        if s != defender:
            seq.append(s)
        s = s % n + 1
    seq.append(defender)
    return tuple(seq)


#: seats -> starter -> defender -> the order in which seats draw after a bout (indexed, not
#: hashed: it is read after every bout).
_DRAW_ORDERS: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {
    n: tuple(
        tuple(draw_sequence(n, starter, defender) for defender in range(n + 1))
        for starter in range(n + 1)
    )
    for n in range(2, 7)
}


def maybe_close_bout(game: Game) -> None:
    """Close the bout if it is over (or wait for the defender's choice after a complete
    defence, where the rules offer one)."""
    if game.phase != "bout" or game.awaiting_choice:
        return
    taken = game.taken
    if not taken:
        if game._unbeaten:  # the defender has a card to answer
            return
        if not game.hands[game.defender]:  # beaten with the defender's last card
            # Taking anyway follows any full defence (Durak Challenge "Playing the Game"), so
            # with stock left to refill from the defender still chooses; with the stock gone
            # an empty hand has won (or drawn) and there is nothing left to decide.
            if not (game.rules.accept_after_defence and game.stock):
                game.close_bout(taken=False)
                return
            game.awaiting_choice = True
            game.log.append({"type": "defence_complete", "defender": game.defender})
            return
    elif game.rules.take_ends_bout:
        game.close_bout(taken=True)
        return
    # Nothing more to add: the bout is full, or every thrower is done or has no cards.
    if game.room() > 0:
        done, hands = game.done, game.hands
        for s in game._throwers:
            if hands[s] and s not in done:
                return  # somebody may still throw in
    if taken:
        game.close_bout(taken=True)
    elif game.rules.accept_after_defence:
        game.awaiting_choice = True
        game.log.append({"type": "defence_complete", "defender": game.defender})
    else:
        game.close_bout(taken=False)


def close_bout(game: Game, *, taken: bool) -> None:
    """The table goes to the defender (``taken``) or to the discard pile; then the hands are
    refilled and the next bout begins (or the game ends)."""
    cards: list[Card] = []
    codes: list[str] = []  # built alongside: a comprehension is a call of its own
    for p in game.table:
        cards.append(p.attack)
        codes.append(CODES[p.attack])
        if p.defence is not None:
            cards.append(p.defence)
            codes.append(CODES[p.defence])
    defender = game.defender
    game.log.append(
        {
            "type": "bout_end",
            "outcome": "taken" if taken else "discarded",
            "defender": defender,
            "cards": codes,
        }
    )
    game.last_close = "taken" if taken else "discarded"
    game.table = []
    game._unbeaten = 0
    game._ranks = set()
    game._room_cache = None
    if taken:
        game.hands[defender].extend(cards)
    else:
        game.discard.extend(cards)
        game.first_discard_done = True
    game.after_bout(defender, taken=taken)


def after_bout(game: Game, defender: int, *, taken: bool, next_attacker: int | None = None) -> None:
    """The table is cleared: refill the hands, let empty-handed seats go out, then end the
    game or open the next bout -- by ``next_attacker`` when given (or the next seat still
    playing after it), else by :func:`next_attacker`."""
    game.draw_after_bout()
    game.go_out_after_bout()
    result = game.finished_result()
    if result is not None:
        game.finish(result)
        return
    nxt = game.next_attacker(defender, taken) if next_attacker is None else next_attacker
    game.bout += 1
    game.begin_bout(nxt)


def draw_order(game: Game) -> tuple[int, ...]:
    """Who draws first (``first_to_draw``: the bout's starter, or the seat attacking at its
    end, after a transfer the last transferrer), then the rest in clockwise order, the
    defender at the end.  In a duel the two readings agree: a transfer swaps the roles, so
    the starter is the defender and draws last."""
    starter = game.attacker if game.rules.first_to_draw == "attacker" else game.starter
    return _DRAW_ORDERS[game.seats][starter][game.defender]


def draw_after_bout(game: Game) -> None:
    """Every seat still playing fills its hand from the top of the stock, in draw order."""
    stock = game.stock  # bottom first: the top of the stock is its end
    if not stock:
        return
    size, out, hands, log = game.rules.hand_size, game.out, game.hands, game.log
    for s in game.draw_order():
        if out[s]:
            continue
        hand = hands[s]
        k = size - len(hand)
        if k <= 0:
            continue
        if k > len(stock):
            k = len(stock)
            if not k:
                break
        hand += stock[-1 : -k - 1 : -1]
        del stock[-k:]
        log.append({"type": "draw", "seat": s, "cards": k})


def next_attacker(game: Game, defender: int, taken: bool) -> int:
    """Who opens the next bout, after ``defender`` defended successfully or took."""
    if taken or game.out[defender]:
        return game.next_active(defender)
    return defender
