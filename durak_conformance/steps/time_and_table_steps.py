"""Steps for what surrounds the card play: time, cheater mode, the table, departures, the
match (redeal, epaulettes, the next game) and the lowest trump shown.

Generic wording; any profile may use them.  Each step needs the engine capability it
exercises (``clock``, ``cheating``, ``table``, ``match``) and skips the scenario otherwise.
"""

from __future__ import annotations

from typing import Any

from pytest_bdd import given, parsers, then, when

from adapters.base import StartRefused
from durak_conformance.causes import seats_text
from durak_conformance.steps import notation
from durak_conformance.steps.checks import fail, full_clause, note_reason, result_shape
from durak_conformance.steps.driver import (
    CAP_CHEATING,
    CAP_CLOCK,
    CAP_MATCH,
    JSON,
    TableDriver,
    seat_state,
)
from reference_engine.cards import deck as full_deck

# ---------------------------------------------------------------- the lobby


@given(parsers.re(r"the game is started through the lobby"))
def _lobby(durak_table: TableDriver) -> None:
    """Start with the table's rules checked (bots, ready, who chose the mode)."""
    if durak_table.setup.lobby is None:
        durak_table.setup.lobby = {}


@given(parsers.re(r"only seats? (?P<seats>[\d ,and]+) (?:has|have) pressed ready"))
def _ready(durak_table: TableDriver, seats: str) -> None:
    durak_table.setup.lobby = {**(durak_table.setup.lobby or {})}
    durak_table.setup.lobby["ready"] = notation.seat_list(seats)


@given(parsers.re(r"every seat has pressed ready"))
def _all_ready(durak_table: TableDriver) -> None:
    durak_table.setup.lobby = {**(durak_table.setup.lobby or {})}
    durak_table.setup.lobby.pop("ready", None)


@given(parsers.re(r"the mode (?:was|is) chosen by seat (?P<seat>\d+)"))
def _chosen_by(durak_table: TableDriver, seat: str) -> None:
    durak_table.setup.lobby = {**(durak_table.setup.lobby or {}), "chosen_by": int(seat)}


@given(parsers.re(r"seats (?P<seats>[\d ,and]+) are bots"))
def _bots(durak_table: TableDriver, seats: str) -> None:
    durak_table.setup.bots.update(notation.seat_list(seats))


@then(parsers.re(r'the engine refuses to start the game because of rule "(?P<clause>[a-z0-9.-]+)"'))
def _start_refused_by(durak_table: TableDriver, clause: str) -> None:
    try:
        state = durak_table.start()
    except StartRefused as exc:
        full = full_clause(durak_table, clause)
        code = exc.error.get("code")
        if code != "illegal":
            raise fail(
                durak_table,
                "start",
                f"an 'illegal' refusal under {full}",
                exc.error,
                expected_shape="the table refused: illegal",
                actual=f"the table refused: {code}",
                clause=full,
            ) from None
        # The refusal is the verdict; its reason is only noted when it differs.
        note_reason(durak_table, full, exc.error.get("clause"))
        return
    full = full_clause(durak_table, clause)
    raise fail(
        durak_table,
        "start",
        f'the table to be refused because of rule "{clause}"',
        f"a game with {len(state.get('seats', []))} seats was started",
        expected_shape="the table refused",
        actual="a game started",
        clause=full,
    )


@then(parsers.re(r"the game starts(?: normally)?"))
def _game_starts(durak_table: TableDriver) -> None:
    state = durak_table.start()
    if state.get("phase") != "lead":
        raise fail(
            durak_table,
            "start",
            "a game waiting for its first attack",
            state.get("phase"),
            actual=f"phase {state.get('phase')}",
        )


def _lobby_state(durak_table: TableDriver) -> JSON:
    lobby = durak_table.current().get("lobby")
    if not isinstance(lobby, dict):
        raise fail(durak_table, "lobby", "the state to show the lobby", "no lobby in the state")
    return lobby


@then(parsers.re(r"the empty seats are closed"))
def _closed(durak_table: TableDriver) -> None:
    lobby = _lobby_state(durak_table)
    if lobby.get("open_seats"):
        raise fail(
            durak_table,
            "lobby",
            "no open seat during the game",
            lobby,
            actual=f"{seats_text(lobby['open_seats'])} open",
        )


@then(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:is|are) open(?: to join)?"))
def _open(durak_table: TableDriver, seats: str) -> None:
    lobby = _lobby_state(durak_table)
    wanted = notation.seat_list(seats)
    if sorted(lobby.get("open_seats", [])) != sorted(wanted):
        raise fail(
            durak_table,
            "lobby",
            f"open seats {wanted}",
            lobby,
            expected_shape=f"{seats_text(wanted)} open",
            actual=f"{seats_text(sorted(lobby.get('open_seats', [])))} open",
        )


@then(parsers.re(r"the table is set to (?P<teams>pairs|every player for themselves)"))
def _table_teams(durak_table: TableDriver, teams: str) -> None:
    lobby = _lobby_state(durak_table)
    wanted = "pairs" if teams == "pairs" else "solo"
    if lobby.get("teams") != wanted:
        raise fail(
            durak_table,
            "lobby",
            f"the table's teams option to be {wanted}",
            lobby,
            actual=f"teams {lobby.get('teams')}",
        )


@then(parsers.re(r"the game is played (?P<how>in pairs|without pairs)"))
def _game_teams(durak_table: TableDriver, how: str) -> None:
    """The game's own teams (the state's ``teams``: the pairs, or null when every player
    plays for themselves), as opposed to the lobby's setting for the table."""
    state = durak_table.current()
    teams = state.get("teams")
    if (how == "in pairs") != bool(teams):
        raise fail(
            durak_table,
            "teams",
            f"the game {how}",
            teams,
            actual=f"teams {teams}" if teams else "no pairs",
        )


# ---------------------------------------------------------------- time


@when(parsers.re(r"(?P<seconds>\d+(?:\.\d+)?) (?:more )?seconds? pass(?:es)?"))
def _time_passes(durak_table: TableDriver, seconds: str) -> None:
    durak_table.pass_time(float(seconds))


def _seat(durak_table: TableDriver, seat: int) -> JSON:
    durak_table.require_capability(CAP_CLOCK, "the scenario checks time")
    return seat_state(durak_table.current(), seat)


def _seconds_close(a: Any, b: float) -> bool:
    return isinstance(a, int | float) and abs(float(a) - b) < 0.01


@then(
    parsers.re(r"seat (?P<seat>\d+) has (?P<n>\d+(?:\.\d+)?) seconds? left (?:to act|for the move)")
)
def _timer_left(durak_table: TableDriver, seat: str, n: str) -> None:
    entry = _seat(durak_table, int(seat))
    if not durak_table.observes(int(seat), f"seat {seat} has {n} seconds left"):
        return  # one player to move: only the seat to move has a move timer running
    got = entry.get("timer")
    if not _seconds_close(got, float(n)):
        raise fail(
            durak_table,
            "time",
            f"seat {seat} to have {n} s for its move",
            got,
            actual=f"seat {seat} has {got} s" if got is not None else f"no timer for seat {seat}",
        )


@then(parsers.re(r"no timer runs for seat (?P<seat>\d+)"))
def _no_timer(durak_table: TableDriver, seat: str) -> None:
    got = _seat(durak_table, int(seat)).get("timer")
    if got is not None:
        raise fail(
            durak_table, "time", f"no timer for seat {seat}", got, actual=f"seat {seat} has a timer"
        )


@then(parsers.re(r"seat (?P<seat>\d+)'s clock shows (?P<n>\d+(?:\.\d+)?) seconds?"))
def _bank(durak_table: TableDriver, seat: str, n: str) -> None:
    got = _seat(durak_table, int(seat)).get("clock")
    if not _seconds_close(got, float(n)):
        raise fail(
            durak_table,
            "time",
            f"seat {seat}'s clock at {n} s",
            got,
            actual=f"seat {seat}'s clock at {got} s" if got is not None else "no clock",
        )


@then(parsers.re(r"the clocks are (?P<how>paused|running)"))
def _paused(durak_table: TableDriver, how: str) -> None:
    durak_table.require_capability(CAP_CLOCK, "the scenario checks time")
    time = durak_table.current().get("time") or {}
    if bool(time.get("paused")) != (how == "paused"):
        raise fail(
            durak_table,
            "time",
            f"the clocks {how}",
            time,
            actual="the clocks " + ("paused" if time.get("paused") else "running"),
        )


@then(parsers.re(r"seat (?P<seat>\d+) (?P<neg>timed|did not time) out"))
def _timed_out(durak_table: TableDriver, seat: str, neg: str) -> None:
    found = any(
        e.get("type") == "timeout" and e.get("seat") == int(seat) for e in durak_table.recent_events
    )
    if found != (neg == "timed"):
        raise fail(
            durak_table,
            "time",
            f"seat {seat} {'to' if neg == 'timed' else 'not to'} time out",
            [e.get("type") for e in durak_table.recent_events],
            actual=f"seat {seat} " + ("timed out" if found else "did not time out"),
        )


@then(parsers.re(r"a bot plays for seat (?P<seat>\d+)"))
def _bot_control(durak_table: TableDriver, seat: str) -> None:
    if not _seat(durak_table, int(seat)).get("bot_control"):
        raise fail(durak_table, "time", f"a bot to play for seat {seat}", "the player plays")


@then(parsers.re(r"seat (?P<seat>\d+) plays for (?:itself|themselves)(?: again)?"))
def _player_control(durak_table: TableDriver, seat: str) -> None:
    if _seat(durak_table, int(seat)).get("bot_control"):
        raise fail(durak_table, "time", f"seat {seat} played by its player", "a bot plays")


@then(parsers.re(r"seat (?P<seat>\d+) is (?P<how>disconnected|connected)"))
def _connected(durak_table: TableDriver, seat: str, how: str) -> None:
    got = _seat(durak_table, int(seat)).get("connected")
    if got != (how == "connected"):
        raise fail(
            durak_table,
            "time",
            f"seat {seat} {how}",
            got,
            actual=f"seat {seat} " + ("connected" if got else "disconnected"),
        )


# ---------------------------------------------------------------- departures and results


def _result(durak_table: TableDriver) -> JSON:
    state = durak_table.current()
    result = state.get("result")
    if state.get("phase") != "finished" or not isinstance(result, dict):
        raise fail(durak_table, "result", "the game to be over", f"phase {state.get('phase')}")
    return result


@then(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:loses|lose) by forfeit"))
def _forfeit(durak_table: TableDriver, seats: str) -> None:
    result = _result(durak_table)
    wanted = sorted(notation.seat_list(seats))
    if sorted(result.get("forfeited", [])) != wanted:
        raise fail(
            durak_table,
            "result",
            f"seats {wanted} to lose by forfeit",
            result,
            expected_shape=f"forfeited by {seats_text(wanted)}",
            actual=result_shape(result),
        )
    if any(s in result.get("winners", []) for s in wanted):
        raise fail(
            durak_table,
            "result",
            f"seats {wanted} not among the winners",
            result,
            expected_shape=f"{seats_text(wanted)} not among the winners",
            actual=f"winners {seats_text(result.get('winners', []))}",
        )


@then(parsers.re(r"the game ends by forfeit"))
def _ends_by_forfeit(durak_table: TableDriver) -> None:
    result = _result(durak_table)
    if result.get("termination") != "forfeit":
        raise fail(
            durak_table, "result", "the game to end by forfeit", result, actual=result_shape(result)
        )


@then(parsers.re(r"seat (?P<seat>\d+) has left the game"))
def _departed(durak_table: TableDriver, seat: str) -> None:
    entry = seat_state(durak_table.current(), int(seat))
    if not entry.get("departed") or entry.get("hand"):
        raise fail(
            durak_table,
            "seats",
            f"seat {seat} gone, with no cards",
            entry,
            actual=f"seat {seat} "
            + ("departed" if entry.get("departed") else "still at the table")
            + (", holding cards" if entry.get("hand") else ""),
        )


# ---------------------------------------------------------------- cheater mode


def _pair_of(durak_table: TableDriver, card: str) -> tuple[JSON, str]:
    code = notation.card(card)
    for pair in durak_table.current().get("table", []):
        if pair.get("attack") == code:
            return pair, "attack"
        if pair.get("defence") == code:
            return pair, "defence"
    raise fail(
        durak_table,
        "table",
        f"{code} on the table",
        durak_table.current().get("table"),
        actual=f"{code} not on the table",
    )


@then(parsers.re(r"(?P<card>\S+) is marked as (?P<how>unfair|fair)"))
def _unfair(durak_table: TableDriver, card: str, how: str) -> None:
    durak_table.require_capability(CAP_CHEATING, "the scenario checks cheat flags")
    pair, side = _pair_of(durak_table, card)
    got = bool(pair.get(f"{side}_unfair"))
    if got != (how == "unfair"):
        raise fail(
            durak_table,
            "cheating",
            f"{card} marked {how}",
            pair,
            actual=f"{card} marked " + ("unfair" if got else "fair"),
        )


@then(parsers.re(r"the bout is being checked"))
def _checking(durak_table: TableDriver) -> None:
    durak_table.require_capability(CAP_CHEATING, "the scenario checks the catch window")
    cheating = durak_table.current().get("cheating") or {}
    if not cheating.get("checking") or not durak_table.current().get("table"):
        raise fail(
            durak_table,
            "cheating",
            "the check before the bout closes",
            cheating,
            actual="checking" if cheating.get("checking") else "no check",
        )


@then(parsers.re(r"the bout ends with seat (?P<seat>\d+) caught taking the cards"))
def _caught_takes(durak_table: TableDriver, seat: str) -> None:
    ends = [e for e in durak_table.recent_events if e.get("type") == "bout_end"]
    if not ends or ends[-1].get("outcome") != "caught" or ends[-1].get("cheater") != int(seat):
        end = ends[-1] if ends else {}
        raise fail(
            durak_table,
            "cheating",
            f"the bout to end with seat {seat} caught",
            ends,
            actual=f"the bout ended {end.get('outcome')}"
            + (f", cheater seat {end.get('cheater')}" if end.get("cheater") else "")
            if ends
            else "the bout did not end",
        )
    hand = seat_state(durak_table.current(), int(seat)).get("hand", [])
    missing = [c for c in ends[-1].get("cards", []) if c not in hand]
    if missing or durak_table.current().get("table"):
        raise fail(
            durak_table,
            "cheating",
            f"seat {seat} to hold the table's cards",
            hand,
            actual=f"seat {seat} lacks {' '.join(missing)}" if missing else "the table not empty",
        )


@then(parsers.re(r"seat (?P<seat>\d+) draws a penalty card"))
def _penalty(durak_table: TableDriver, seat: str) -> None:
    found = [
        e
        for e in durak_table.recent_events
        if e.get("type") == "false_catch" and e.get("seat") == int(seat)
    ]
    if not found or found[0].get("penalty") != 1:
        raise fail(
            durak_table,
            "cheating",
            f"a false catch with a penalty card for seat {seat}",
            found,
            actual=f"a false catch with {found[0].get('penalty')} penalty cards"
            if found
            else "no false catch",
        )


# ---------------------------------------------------------------- deal, match, epaulettes


@then(parsers.re(r"seat (?P<seat>\d+) shows (?P<card>\S+) as the lowest trump"))
def _shown(durak_table: TableDriver, seat: str, card: str) -> None:
    shown = durak_table.current().get("shown_trump")
    wanted = {"seat": int(seat), "card": notation.card(card)}
    if shown != wanted:
        raise fail(
            durak_table,
            "trump",
            f"{wanted} shown to everyone",
            shown,
            expected_shape=f"seat {seat} shows {wanted['card']} as the lowest trump",
            actual=f"seat {shown.get('seat')} shows {shown.get('card')}"
            if isinstance(shown, dict)
            else "no trump shown",
        )


@then(parsers.re(r"no trump is shown"))
def _not_shown(durak_table: TableDriver) -> None:
    state = durak_table.current()
    if state.get("shown_trump") is not None:
        raise fail(
            durak_table, "trump", "no shown trump", state.get("shown_trump"), actual="a trump shown"
        )


@then(parsers.re(r"the game is won (?P<how>with|without) epaulettes"))
def _epaulettes(durak_table: TableDriver, how: str) -> None:
    result = _result(durak_table)
    if bool(result.get("epaulettes")) != (how == "with"):
        raise fail(
            durak_table,
            "match",
            f"a win {how} epaulettes",
            result,
            actual="a win " + ("with" if result.get("epaulettes") else "without") + " epaulettes",
        )


def _match(durak_table: TableDriver) -> JSON:
    # The tally of a match (games played, points, epaulette pairs) is capability match's.
    durak_table.require_capability(CAP_MATCH, "the scenario checks the match's tally")
    match = durak_table.current().get("match")
    if not isinstance(match, dict):
        raise fail(durak_table, "match", "the state to show the match", "no match in the state")
    return match


@then(parsers.re(r"the match counts (?P<n>\d+) games? played"))
def _games(durak_table: TableDriver, n: str) -> None:
    match = _match(durak_table)
    if match.get("games") != int(n):
        raise fail(
            durak_table,
            "match",
            f"{n} games played",
            match,
            actual=f"{match.get('games')} games played",
        )


@then(parsers.re(r"seat (?P<seat>\d+) has (?P<n>\d+) (?P<what>win|loss) points? in the match"))
def _points(durak_table: TableDriver, seat: str, n: str, what: str) -> None:
    match = _match(durak_table)
    table = match.get("wins" if what == "win" else "losses", {})
    if table.get(seat, 0) != int(n):
        raise fail(
            durak_table,
            "match",
            f"seat {seat} with {n} {what} points",
            match,
            actual=f"seat {seat} with {table.get(seat, 0)} {what} points",
        )


@then(parsers.re(r"seat (?P<seat>\d+) wears (?P<n>-?\d+) pairs? of epaulettes"))
def _pairs_worn(durak_table: TableDriver, seat: str, n: str) -> None:
    match = _match(durak_table)
    worn = match.get("epaulettes", {}).get(seat, 0)
    if worn != int(n):
        raise fail(
            durak_table,
            "match",
            f"seat {seat} with {n} pairs of epaulettes",
            match,
            actual=f"seat {seat} with {worn} pairs of epaulettes",
        )


@when(
    parsers.re(
        r'the next game is dealt from a deck starting "(?P<top>[^"]*)" '
        r"and ending with (?P<bottom>\S+)"
    )
)
def _next_game(durak_table: TableDriver, top: str, bottom: str) -> None:
    rules = durak_table.rules or {}
    size = int(rules.get("deck_size", 36))
    top_cards = notation.cards(top)
    last = notation.card(bottom)
    middle = [c.code for c in full_deck(size) if c.code not in top_cards and c.code != last]
    durak_table.next_game([*top_cards, *middle, last])


@then(parsers.re(r"every seat holds (?P<n>\d+) cards and the stock (?P<m>\d+)"))
def _dealt(durak_table: TableDriver, n: str, m: str) -> None:
    state = durak_table.current()
    sizes = [len(s.get("hand", [])) for s in state.get("seats", [])]
    if any(size != int(n) for size in sizes) or len(state.get("stock", [])) != int(m):
        wrong = next((size for size in sizes if size != int(n)), int(n))
        raise fail(
            durak_table,
            "hand",
            f"{n} cards a seat and {m} in the stock",
            (sizes, len(state["stock"])),
            actual=f"{wrong} cards a seat and {len(state.get('stock', []))} in the stock",
        )
