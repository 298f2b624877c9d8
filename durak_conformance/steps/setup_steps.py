"""``Given`` steps: the profile, table options, seats, a stacked deck or a position."""

from __future__ import annotations

from pytest_bdd import given, parsers

from durak_conformance.steps import notation
from durak_conformance.steps.driver import TableDriver
from reference_engine.cards import deck as full_deck


@given(parsers.re(r'the "(?P<profile>[a-z0-9-]+)" (?:profile|rules)'))
def _profile(durak_table: TableDriver, profile: str) -> None:
    durak_table.set_profile(profile)


@given(parsers.re(r'the (?:table )?option "(?P<key>[a-z_]+)" is "(?P<value>[^"]+)"'))
def _option(durak_table: TableDriver, key: str, value: str) -> None:
    durak_table.set_option(key, value)


@given(parsers.re(r'the (?:table )?options are "(?P<pairs>[^"]*)"'))
def _options(durak_table: TableDriver, pairs: str) -> None:
    """Several options at once, ``key=value, key=value``; empty for the defaults."""
    for item in filter(None, (p.strip() for p in pairs.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise durak_table.error(f"{item!r} is not key=value")
        durak_table.set_option(key.strip(), value.strip())


@given(parsers.re(r"(?P<n>\d+) seats"))
def _seats(durak_table: TableDriver, n: str) -> None:
    durak_table.setup.seats = int(n)


@given(parsers.re(r"seat (?P<seat>\d+) is (?:a bot|the computer)"))
def _bot(durak_table: TableDriver, seat: str) -> None:
    durak_table.setup.bots.add(int(seat))


@given(parsers.re(r"the stacked deck, top card first, is:?"))
def _stacked_deck(durak_table: TableDriver, docstring: str) -> None:
    durak_table.setup.deck = notation.cards(docstring)


@given(parsers.re(r'the deck starts with "(?P<top>[^"]*)" and ends with (?P<bottom>\S+)'))
def _deck_top_bottom(durak_table: TableDriver, top: str, bottom: str) -> None:
    """A stacked deck whose top and face-up bottom card are given; the rest follow in
    suit order (spades, hearts, diamonds, clubs), low to high."""
    profile = durak_table.setup.profile
    if profile is None:
        raise durak_table.error("name the profile before the deck")
    rules, _ = durak_table._resolve(profile, durak_table.setup.options)
    top_cards = notation.cards(top)
    last = notation.card(bottom)
    if last in top_cards:
        raise durak_table.error(f"{last} is both on top and at the bottom of the deck")
    middle = [
        c.code
        for c in full_deck(int(rules["deck_size"]))
        if c.code not in top_cards and c.code != last
    ]
    durak_table.setup.deck = [*top_cards, *middle, last]


@given(parsers.re(r"the trump card is (?P<card>\S+)"))
def _trump(durak_table: TableDriver, card: str) -> None:
    durak_table.setup.trump = notation.card(card)


@given(parsers.re(r"the stock is empty"))
def _stock_empty(durak_table: TableDriver) -> None:
    durak_table.setup.stock = []
    durak_table.setup.stock_rest = False


@given(parsers.re(r'the stock, top first, is "?(?P<cards>[^"]+)"?'))
def _stock(durak_table: TableDriver, cards: str) -> None:
    durak_table.setup.stock = notation.cards(cards)
    durak_table.setup.stock_rest = False


@given(parsers.re(r'the stock is "(?P<cards>[^"]*)"'))
def _stock_is(durak_table: TableDriver, cards: str) -> None:
    """The stock, top first (the face-up trump card last, when it is still there)."""
    _stock(durak_table, cards)


@given(parsers.re(r"the position cannot be reached by legal play, because (?P<reason>.+)"))
def _unreachable(durak_table: TableDriver, reason: str) -> None:
    """The scenario needs a table no legal play reaches, and says why: it is not derived (an
    engine that cannot load a position skips it, with this reason)."""
    durak_table.setup.unreachable = reason.strip()


@given(parsers.re(r"the rest of the deck is the stock|the stock is the rest of the deck"))
def _stock_rest(durak_table: TableDriver) -> None:
    """Every card the position places nowhere is in the stock (suit by suit, low to high),
    the face-up trump card last: a table where nothing has been discarded yet."""
    durak_table.setup.stock = []
    durak_table.setup.stock_rest = True


@given(parsers.re(r'the stock starts with "(?P<cards>[^"]*)" and holds the rest of the deck'))
def _stock_top_rest(durak_table: TableDriver, cards: str) -> None:
    """As ``the rest of the deck is the stock``, with these cards on top, in this order."""
    durak_table.setup.stock = notation.cards(cards)
    durak_table.setup.stock_rest = True


@given(parsers.re(r'the discard pile holds "(?P<cards>[^"]*)"'))
def _discard_cards(durak_table: TableDriver, cards: str) -> None:
    durak_table.setup.discard = notation.cards(cards)


@given(parsers.re(r"the discard pile holds (?P<n>\d+) other cards?"))
def _discard_count(durak_table: TableDriver, n: str) -> None:
    durak_table.setup.discard_count = int(n)


@given(parsers.re(r"the discard pile is empty"))
def _discard_empty(durak_table: TableDriver) -> None:
    durak_table.setup.discard = []
    durak_table.setup.discard_count = None


@given(parsers.re(r"the first bout (?P<which>is over|has not been played)"))
def _first_bout(durak_table: TableDriver, which: str) -> None:
    durak_table.setup.first_bout_over = which == "is over"


@given(parsers.re(r"the hands are:?"))
def _hands(durak_table: TableDriver, datatable: list[list[str]]) -> None:
    """A table with a header row ``| seat | hand |``."""
    header = [h.strip().lower() for h in datatable[0]]
    if header[:2] != ["seat", "hand"]:
        raise durak_table.error("the hands table needs the header | seat | hand |")
    for row in datatable[1:]:
        try:
            seat = int(row[0])
        except ValueError:
            raise durak_table.error(f"{row[0]!r} is not a seat number") from None
        if seat in durak_table.setup.hands:
            raise durak_table.error(f"seat {seat} is listed twice")
        durak_table.setup.hands[seat] = notation.cards(row[1])


@given(parsers.re(r'seat (?P<seat>\d+) holds "?(?P<cards>[^"]*?)"?$'))
def _hand(durak_table: TableDriver, seat: str, cards: str) -> None:
    durak_table.setup.hands[int(seat)] = notation.cards(cards)


@given(parsers.re(r"seat (?P<seat>\d+) (?:attacks first|is to attack|leads)"))
def _attacker(durak_table: TableDriver, seat: str) -> None:
    durak_table.setup.attacker = int(seat)


@given(parsers.re(r"seats? (?P<seats>[\d ,and]+) (?:is|are) out(?: of the game)?"))
def _out(durak_table: TableDriver, seats: str) -> None:
    durak_table.setup.out.extend(notation.seat_list(seats))


@given(parsers.re(r"the seed is (?P<seed>\d+)"))
def _seed(durak_table: TableDriver, seed: str) -> None:
    durak_table.setup.seed = int(seed)


@given(parsers.re(r"(?:they have played|the play so far is):?"))
def _played(durak_table: TableDriver, docstring: str) -> None:
    """Actions already played, one per line; each must be accepted."""
    locations = notation.block_locations(durak_table.location, docstring)
    durak_table.play_all(
        [(line.strip(), _parse(durak_table, line)) for _, line in locations],
        [where for where, _ in locations],
    )


def _parse(durak_table: TableDriver, line: str) -> notation.ParsedAction:
    try:
        return notation.action(line)
    except notation.ScenarioError as exc:
        raise durak_table.error(str(exc)) from None
