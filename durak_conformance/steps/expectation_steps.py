"""``Then`` steps: what the engine must have decided.

Each failure message says what the scenario expected and what the engine said; each failure
also carries its kind and short shapes of expected and actual (see
:mod:`durak_conformance.causes`), which the reports group failures by.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pytest_bdd import parsers, then

from durak_conformance.causes import action_shape, refusal_shape, seats_text
from durak_conformance.steps import notation
from durak_conformance.steps.checks import (
    difference,
    fail,
    full_clause,
    note_reason,
    result_shape,
)
from durak_conformance.steps.driver import JSON, TableDriver, seat_state

# Fields of the state that the rules decide; only these are compared after a refusal.
_RULE_FIELDS = (
    "phase",
    "trump",
    "stock",
    "discard",
    "seats",
    "table",
    "attacker",
    "defender",
    "starter",
    "taken",
    "result",
)


# ---------------------------------------------------------------- acceptance


@then(parsers.re(r"(?:it|the action) is accepted"))
def _accepted(durak_table: TableDriver) -> None:
    last = durak_table.last
    if last is None:
        raise durak_table.error("no action was tried before 'it is accepted'")
    last.checked = True
    if not last.result.ok:
        err = last.result.error or {}
        raise fail(
            durak_table,
            "refused",
            "the action to be accepted",
            f"refused: {err.get('code')}: {err.get('message')} {err.get('clause') or ''}"
            + durak_table.refusal_note(last.parsed),
            expected_shape=f"{action_shape(last.parsed.action)} to be accepted",
            actual=refusal_shape(err),
        )


@then(
    parsers.re(
        r"(?:it|the action) is rejected(?: (?:by|under|because of) (?:rule|clause) "
        r'"(?P<clause>[a-z0-9.-]+)")?'
    )
)
def _rejected(durak_table: TableDriver, clause: str | None) -> None:
    """The verdict is the refusal and its consequences (the state unchanged); the reason the
    engine gives is compared last and only noted when it differs (see ``note_reason``)."""
    last = durak_table.last
    if last is None:
        raise durak_table.error("no action was tried before 'it is rejected'")
    last.checked = True
    full = full_clause(durak_table, clause) if clause is not None else None
    shape = action_shape(last.parsed.action)
    if last.result.ok:
        raise fail(
            durak_table,
            "accepted",
            f"the action to be rejected{_clause_text(full)}",
            "accepted",
            expected_shape=f"{shape} to be refused",
            clause=full,
        )
    err = last.result.error or {}
    if err.get("code") != "illegal":
        raise fail(
            durak_table,
            "refusal-code",
            "an 'illegal' error",
            f"{err.get('code')}: {err.get('message')}",
            expected_shape=f"{shape} to be refused as illegal",
            actual=f"refused: {err.get('code')}",
            clause=full,
        )
    after = durak_table.fresh_state()
    before = last.state_before
    changed = [f for f in _RULE_FIELDS if before.get(f) != after.get(f)]
    if changed:
        raise fail(
            durak_table,
            "state-changed",
            "the state to be unchanged after a refused action",
            f"changed {', '.join(changed)}",
            clause=full,
        )
    if full is not None:
        note_reason(durak_table, full, err.get("clause"))


@then(
    parsers.re(
        r"(?:it|the action) is (?P<verdict>accepted|rejected) "
        r'(?:by|under|because of) "(?P<clause>[a-z0-9.-]+)" if rejected'
    )
)
def _verdict_with_clause(durak_table: TableDriver, verdict: str, clause: str) -> None:
    """For outlines: ``it is <verdict> by "<clause>" if rejected``."""
    if verdict == "accepted":
        _accepted(durak_table)
    else:
        _rejected(durak_table, clause)


def _clause_text(clause: str | None) -> str:
    return f" under {clause}" if clause else ""


# ---------------------------------------------------------------- hands


def _hand(durak_table: TableDriver, seat: int) -> list[str]:
    return list(seat_state(durak_table.current(), seat).get("hand", []))


@then(parsers.re(r"seat (?P<seat>\d+) holds (?P<n>\d+) cards?"))
def _hand_size(durak_table: TableDriver, seat: str, n: str) -> None:
    hand = _hand(durak_table, int(seat))
    if len(hand) != int(n):
        raise fail(
            durak_table,
            "hand",
            f"seat {seat} to hold {n} cards",
            f"{len(hand)}: {hand}",
            expected_shape=f"seat {seat} holds {n} cards",
            actual=f"seat {seat} holds {len(hand)} cards",
        )


@then(parsers.re(r'seat (?P<seat>\d+) holds exactly "?(?P<cards>[^"]*?)"?'))
def _hand_exact(durak_table: TableDriver, seat: str, cards: str) -> None:
    expected = notation.cards(cards)
    hand = _hand(durak_table, int(seat))
    if Counter(hand) != Counter(expected):
        raise fail(
            durak_table,
            "hand",
            f"seat {seat} to hold exactly {sorted(expected)}",
            sorted(hand),
            expected_shape=f"seat {seat} holds exactly the cards given",
            actual=f"seat {seat}: {difference(expected, hand)}",
        )


@then(parsers.re(r"seat (?P<seat>\d+) has no cards"))
def _hand_empty(durak_table: TableDriver, seat: str) -> None:
    hand = _hand(durak_table, int(seat))
    if hand:
        raise fail(
            durak_table,
            "hand",
            f"seat {seat} to hold no cards",
            hand,
            expected_shape=f"seat {seat} holds no cards",
            actual=f"seat {seat} holds cards",
        )


@then(parsers.re(r'seat (?P<seat>\d+) (?:still )?holds "?(?P<cards>[^"]*?)"? among others'))
def _hand_includes(durak_table: TableDriver, seat: str, cards: str) -> None:
    hand = _hand(durak_table, int(seat))
    missing = [c for c in notation.cards(cards) if c not in hand]
    if missing:
        raise fail(
            durak_table,
            "hand",
            f"seat {seat} to hold {missing}",
            hand,
            expected_shape=f"seat {seat} holds the cards given",
            actual=f"seat {seat}: missing {' '.join(missing)}",
        )


@then(parsers.re(r'seat (?P<seat>\d+) does not hold "?(?P<cards>[^"]*?)"?'))
def _hand_excludes(durak_table: TableDriver, seat: str, cards: str) -> None:
    hand = _hand(durak_table, int(seat))
    present = [c for c in notation.cards(cards) if c in hand]
    if present:
        raise fail(
            durak_table,
            "hand",
            f"seat {seat} not to hold {present}",
            hand,
            expected_shape=f"seat {seat} does not hold the cards given",
            actual=f"seat {seat}: holds {' '.join(present)}",
        )


# ---------------------------------------------------------------- table, stock, discard


def _table(state: JSON) -> list[tuple[str, str | None]]:
    return [(p.get("attack"), p.get("defence")) for p in state.get("table", [])]


@then(parsers.re(r'the table is (?:"(?P<table>[^"]*)"|(?P<empty>empty))'))
def _table_is(durak_table: TableDriver, table: str | None, empty: str | None) -> None:
    expected = notation.table(table or "")
    got = _table(durak_table.current())
    if Counter(got) != Counter(expected):
        raise fail(
            durak_table,
            "table",
            f"the table to be {_show_table(expected)}",
            _show_table(got),
            expected_shape="the table as given",
            actual="empty" if not got else difference(expected, got, _show_pair),
        )


def _show_table(pairs: list[tuple[str, str | None]]) -> str:
    return " ".join(_show_pair(p) for p in pairs) or "empty"


def _show_pair(pair: tuple[str, str | None]) -> str:
    attack, defence = pair
    return attack if defence is None else f"{attack}/{defence}"


@then(parsers.re(r"the stock holds (?P<n>\d+) cards?"))
def _stock_size(durak_table: TableDriver, n: str) -> None:
    stock = durak_table.current().get("stock", [])
    if len(stock) != int(n):
        raise fail(
            durak_table,
            "stock",
            f"{n} cards in the stock",
            f"{len(stock)}: {stock}",
            actual=f"{len(stock)} cards in the stock",
        )


@then(parsers.re(r"the stock is now empty|the stock runs out"))
def _stock_now_empty(durak_table: TableDriver) -> None:
    _stock_size(durak_table, "0")


@then(parsers.re(r"the discard pile holds (?P<n>\d+) cards?"))
def _discard_size(durak_table: TableDriver, n: str) -> None:
    discard = durak_table.current().get("discard", [])
    if len(discard) != int(n):
        raise fail(
            durak_table,
            "discard",
            f"{n} cards in the discard pile",
            f"{len(discard)}: {discard}",
            actual=f"{len(discard)} cards in the discard pile",
        )


_DISCARD_GROWTH = (
    r"the discard pile holds (?P<n>\d+) (?P<how>more|fewer) cards?(?: than at the start)?"
)


@then(parsers.re(_DISCARD_GROWTH))
def _discard_growth(durak_table: TableDriver, n: str, how: str) -> None:
    """Cards discarded (or taken out of the pile) since the game started: a position's
    discard pile also holds every card it places nowhere else."""
    discard = durak_table.current().get("discard", [])
    grown = len(discard) - durak_table.start_discard
    wanted = int(n) if how == "more" else -int(n)
    if grown != wanted:
        got = f"{grown} more" if grown >= 0 else f"{-grown} fewer"
        raise fail(
            durak_table,
            "discard",
            f"{n} {how} cards in the discard pile",
            f"{got}: {discard}",
            actual=f"{got} cards in the discard pile",
        )


@then(parsers.re(r'the discard pile (?:includes|now holds) "?(?P<cards>[^"]*?)"?'))
def _discard_includes(durak_table: TableDriver, cards: str) -> None:
    discard = durak_table.current().get("discard", [])
    missing = [c for c in notation.cards(cards) if c not in discard]
    if missing:
        raise fail(
            durak_table,
            "discard",
            f"the discard pile to include {missing}",
            discard,
            expected_shape="the discard pile includes the cards given",
            actual=f"missing {' '.join(missing)}",
        )


@then(parsers.re(r"the bout (?:ends|is over) with the cards discarded"))
def _bout_discarded(durak_table: TableDriver) -> None:
    state = durak_table.current()
    cards = _bout_cards(durak_table)
    if state.get("table"):
        raise fail(
            durak_table,
            "bout",
            "the bout to be over (empty table)",
            _show_table(_table(state)),
            expected_shape="the bout over, its cards discarded",
            actual="the bout still open",
        )
    missing = [c for c in cards if c not in state.get("discard", [])]
    if missing:
        raise fail(
            durak_table,
            "bout",
            f"the bout's cards {cards} in the discard pile",
            f"missing {missing}",
            expected_shape="the bout over, its cards discarded",
            actual=f"not discarded: {' '.join(missing)}",
        )


@then(parsers.re(r"the bout (?:ends|is over) with seat (?P<seat>\d+) taking the cards"))
def _bout_taken(durak_table: TableDriver, seat: str) -> None:
    state = durak_table.current()
    cards = _bout_cards(durak_table)
    if state.get("table"):
        raise fail(
            durak_table,
            "bout",
            "the bout to be over (empty table)",
            _show_table(_table(state)),
            expected_shape=f"the bout over, seat {seat} taking its cards",
            actual="the bout still open",
        )
    hand = seat_state(state, int(seat)).get("hand", [])
    missing = [c for c in cards if c not in hand]
    if missing:
        raise fail(
            durak_table,
            "bout",
            f"seat {seat} to have taken {cards}",
            f"missing {missing}",
            expected_shape=f"the bout over, seat {seat} taking its cards",
            actual=f"seat {seat} lacks {' '.join(missing)}",
        )


def _bout_cards(durak_table: TableDriver) -> list[str]:
    cards = []
    for p in durak_table.bout_table_before:
        cards.append(p["attack"])
        if p.get("defence"):
            cards.append(p["defence"])
    last = durak_table.last
    if last is not None and last.result.ok:
        a = last.parsed.action
        for key in ("card",):
            if key in a and a["card"] not in cards:
                cards.append(a["card"])
    if not cards:
        raise durak_table.error("no bout has been played yet")
    return cards


@then(parsers.re(r"the bout is (?:still open|not over)"))
def _bout_open(durak_table: TableDriver) -> None:
    state = durak_table.current()
    if state.get("phase") != "bout" or not state.get("table"):
        raise fail(
            durak_table,
            "bout",
            "the bout to be still open",
            f"phase {state.get('phase')}, table {_show_table(_table(state))}",
            actual=f"phase {state.get('phase')}",
        )


@then(parsers.re(r"the bout limit is (?P<n>\d+)(?: cards)?"))
def _limit(durak_table: TableDriver, n: str) -> None:
    limit = durak_table.current().get("limit")
    if limit != int(n):
        raise fail(
            durak_table,
            "limit",
            f"the bout limit to be {n}",
            limit,
            actual=f"the bout limit {limit}" if limit is not None else "no bout limit",
        )


# ---------------------------------------------------------------- roles and turns


@then(parsers.re(r"seat (?P<a>\d+) attacks seat (?P<d>\d+)"))
def _attacks(durak_table: TableDriver, a: str, d: str) -> None:
    state = durak_table.current()
    got = (state.get("attacker"), state.get("defender"))
    if got != (int(a), int(d)):
        raise fail(
            durak_table,
            "roles",
            f"seat {a} attacking seat {d}",
            f"seat {got[0]} attacking seat {got[1]}",
        )


@then(
    parsers.re(
        r"seat (?P<a>\d+) (?:attacks next|starts the next bout|is the first attacker|"
        r"leads)"
    )
)
def _attacks_next(durak_table: TableDriver, a: str) -> None:
    state = durak_table.current()
    if state.get("phase") != "lead" or state.get("attacker") != int(a):
        attacker = state.get("attacker")
        raise fail(
            durak_table,
            "roles",
            f"seat {a} to open the next bout",
            f"phase {state.get('phase')}, attacker {attacker}",
            actual=f"phase {state.get('phase')}, "
            + (f"seat {attacker} attacks" if attacker else "nobody attacks"),
        )


@then(parsers.re(r"seat (?P<d>\d+) (?:defends|is the defender)"))
def _defends(durak_table: TableDriver, d: str) -> None:
    got = durak_table.current().get("defender")
    if got != int(d):
        raise fail(durak_table, "roles", f"seat {d} to defend", f"seat {got} defends")


def _actions(durak_table: TableDriver, seat: int) -> list[str]:
    return list(seat_state(durak_table.current(), seat).get("actions", []))


@then(parsers.re(r"seat (?P<seat>\d+) may (?P<types>(?!not\b)(?!act\b)(?!legally\b).+)"))
def _may(durak_table: TableDriver, seat: str, types: str) -> None:
    wanted = notation.action_types(types)
    durak_table.current()
    if not durak_table.observes(int(seat), f"seat {seat} may {types}"):
        return  # one player to move: only the seat to move shows what it may do
    got = _actions(durak_table, int(seat))
    missing = [t for t in wanted if t not in got]
    if missing:
        raise fail(
            durak_table,
            "actions",
            f"seat {seat} to be allowed to {', '.join(wanted)}",
            f"seat {seat} may {', '.join(got) or 'do nothing'}",
            expected_shape=f"seat {seat} may {', '.join(missing)}",
            actual=f"seat {seat} may not",
        )


@then(parsers.re(r"seat (?P<seat>\d+) may not (?P<types>(?!act\b)(?!legally\b).+)"))
def _may_not(durak_table: TableDriver, seat: str, types: str) -> None:
    unwanted = notation.action_types(types)
    got = _actions(durak_table, int(seat))
    present = [t for t in unwanted if t in got]
    if present:
        raise fail(
            durak_table,
            "actions",
            f"seat {seat} not to be allowed to {', '.join(present)}",
            f"seat {seat} may {', '.join(got)}",
            expected_shape=f"seat {seat} may not {', '.join(present)}",
            actual=f"seat {seat} may",
        )


@then(
    parsers.re(
        r"seat (?P<seat>\d+) may not act|nobody may act except seat (?P<only>\d+)|"
        r"only seat (?P<only2>\d+) may act|nobody may act"
    )
)
def _who_acts(
    durak_table: TableDriver, seat: str | None, only: str | None, only2: str | None
) -> None:
    state = durak_table.current()
    acting = {e["seat"]: e.get("actions", []) for e in state.get("seats", []) if e.get("actions")}
    if seat is not None:
        if int(seat) in acting:
            raise fail(
                durak_table,
                "actions",
                f"seat {seat} to have no action",
                acting,
                actual=f"seat {seat} may {', '.join(acting[int(seat)])}",
            )
        return
    keep = only or only2
    expected = {int(keep)} if keep else set()
    if set(acting) != expected:
        who = f"only seat {keep}" if keep else "nobody"
        raise fail(
            durak_table,
            "actions",
            f"{who} to be able to act",
            acting or "nobody may act",
            actual=f"{seats_text(sorted(acting))} may act",
        )


@then(parsers.re(r"seat (?P<seat>\d+) (?P<neg>may|may not) legally (?P<text>.+)"))
def _legal(durak_table: TableDriver, seat: str, neg: str, text: str) -> None:
    """Checks the engine's list of legal actions (capability ``legal``)."""
    try:
        parsed = notation.action(f"seat {seat} {text}")
    except notation.ScenarioError as exc:
        raise durak_table.error(str(exc)) from None
    durak_table.require_capability("legal", "the scenario checks the list of legal actions")
    durak_table.current()
    if neg == "may" and not durak_table.observes(int(seat), f"seat {seat} may legally {text}"):
        return  # one player to move: only the seat to move has legal actions listed
    listed = durak_table.legal(int(seat))
    wanted = _canonical(parsed.action)
    present = any(_canonical(a) == wanted for a in listed)
    if present != (neg == "may"):
        raise fail(
            durak_table,
            "legal",
            f"'{text}' {'in' if neg == 'may' else 'not in'} seat {seat}'s legal actions",
            [_canonical(a) for a in listed],
            expected_shape=f"{action_shape(parsed.action)} "
            + ("listed" if neg == "may" else "not listed"),
            actual="listed" if present else "not listed",
        )


def _canonical(action: JSON) -> tuple[Any, ...]:
    cards = action.get("cards")
    return (
        action.get("type"),
        action.get("seat"),
        action.get("attack"),
        action.get("card"),
        tuple(sorted(cards)) if isinstance(cards, list) else None,
    )


# ---------------------------------------------------------------- deal and trump


@then(parsers.re(r"the trump suit is (?P<suit>\S+)"))
def _trump_suit(durak_table: TableDriver, suit: str) -> None:
    got = durak_table.current().get("trump_suit")
    if got != notation.suit(suit):
        raise fail(durak_table, "trump", f"trump suit {suit}", got, actual=f"trump suit {got}")


@then(parsers.re(r"the (?:trump|face-up) card is (?P<card>\S+)"))
def _trump_card(durak_table: TableDriver, card: str) -> None:
    got = durak_table.current().get("trump")
    if got != notation.card(card):
        raise fail(durak_table, "trump", f"trump card {card}", got, actual=f"trump card {got}")


@then(parsers.re(r'the stock, top first, is "?(?P<cards>[^"]*?)"?'))
def _stock_is(durak_table: TableDriver, cards: str) -> None:
    got = durak_table.current().get("stock", [])
    expected = notation.cards(cards)
    if got != expected:
        raise fail(
            durak_table,
            "stock",
            f"the stock to be {expected}",
            got,
            expected_shape="the stock as given, top first",
            actual=difference(expected, got),
        )


# ---------------------------------------------------------------- going out and results


def _result(durak_table: TableDriver) -> JSON:
    state = durak_table.current()
    result = state.get("result")
    if state.get("phase") != "finished" or not result:
        raise fail(durak_table, "result", "the game to be over", f"phase {state.get('phase')}")
    return dict(result)


@then(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:is|are) out(?: of the game)?"))
def _is_out(durak_table: TableDriver, seats: str) -> None:
    state = durak_table.current()
    for seat in notation.seat_list(seats):
        if not seat_state(state, seat).get("out"):
            raise fail(
                durak_table,
                "seats",
                f"seat {seat} to be out of the game",
                "still in",
                actual=f"seat {seat} still in",
            )


@then(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:is|are) still in the game"))
def _is_in(durak_table: TableDriver, seats: str) -> None:
    state = durak_table.current()
    for seat in notation.seat_list(seats):
        if seat_state(state, seat).get("out"):
            raise fail(
                durak_table,
                "seats",
                f"seat {seat} to be still in the game",
                "out",
                actual=f"seat {seat} out",
            )


@then(parsers.re(r"the game is not over"))
def _not_over(durak_table: TableDriver) -> None:
    state = durak_table.current()
    if state.get("phase") == "finished" or state.get("result"):
        raise fail(
            durak_table,
            "result",
            "the game to go on",
            f"finished: {state.get('result')}",
            actual=f"finished: {result_shape(state.get('result'))}",
        )


@then(parsers.re(r"the game is over"))
def _over(durak_table: TableDriver) -> None:
    _result(durak_table)


@then(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:is|are) the durak"))
def _durak(durak_table: TableDriver, seats: str) -> None:
    result = _result(durak_table)
    expected = sorted(notation.seat_list(seats))
    if sorted(result.get("durak", [])) != expected or result.get("termination") not in (
        "durak",
        "pair_win",
    ):
        raise fail(
            durak_table,
            "result",
            f"durak {expected}",
            result,
            expected_shape=f"durak: {seats_text(expected)}",
            actual=result_shape(result),
        )


@then(parsers.re(r"the game is a draw(?: between the pairs)?"))
def _draw(durak_table: TableDriver) -> None:
    result = _result(durak_table)
    if result.get("termination") not in ("draw", "pair_draw") or result.get("durak"):
        raise fail(
            durak_table, "result", "a draw with no durak", result, actual=result_shape(result)
        )


@then(parsers.re(r"the pair of seats (?P<a>\d+) and (?P<b>\d+) wins"))
def _pair_wins(durak_table: TableDriver, a: str, b: str) -> None:
    result = _result(durak_table)
    if result.get("termination") != "pair_win" or sorted(
        result.get("winning_pair") or []
    ) != sorted([int(a), int(b)]):
        raise fail(
            durak_table,
            "result",
            f"the pair {a} and {b} to win",
            result,
            expected_shape=f"pair_win: winning pair seats {a} and {b}",
            actual=result_shape(result),
        )


@then(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:wins?|are among the winners)"))
def _winners(durak_table: TableDriver, seats: str) -> None:
    result = _result(durak_table)
    missing = [s for s in notation.seat_list(seats) if s not in result.get("winners", [])]
    if missing:
        raise fail(
            durak_table,
            "result",
            f"seats {missing} among the winners",
            result,
            expected_shape=f"{seats_text(missing)} among the winners",
            actual=f"{result_shape(result)}; winners {seats_text(result.get('winners', []))}",
        )
