"""The table drawn as a picture (HTML and CSS): hands, attack/defence pairs, trump, stock.

Used on the conformance pages to show where an engine went wrong: the last ``state`` in a
failing scenario's transcript, followed by the actions sent after it.  Every value comes from
an engine under test and may be anything, so all text is escaped and every field is optional.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from durak_conformance.site.markup import SUITS, card, esc

TRANSCRIPT_LIMIT = 60
"""Transcript entries shown in full; earlier ones are summarised (a hung engine can log many)."""


def last_state(transcript: Sequence[Any]) -> tuple[int, Mapping[str, Any]] | None:
    """Index and value of the last ``reply.state`` in a transcript (None if there is none)."""
    for index in range(len(transcript) - 1, -1, -1):
        entry = transcript[index]
        reply = entry.get("reply") if isinstance(entry, Mapping) else None
        state = reply.get("state") if isinstance(reply, Mapping) else None
        if isinstance(state, Mapping):
            return index, state
    return None


def _cards(value: Any) -> str:
    if not isinstance(value, list) or not value:
        return '<span class="dc-empty">no cards</span>'
    return "".join(card(c) for c in value)


def _count(value: Any) -> str:
    if isinstance(value, list):
        return str(len(value))
    if isinstance(value, int):
        return str(value)
    return "?"


def _seat_label(seat: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    number = seat.get("seat")
    roles = []
    if number is not None and number == state.get("attacker"):
        roles.append("attacker")
    if number is not None and number == state.get("defender"):
        roles.append("defender")
    if number is not None and number == state.get("starter") and "attacker" not in roles:
        roles.append("starter")
    if seat.get("out"):
        roles.append("out")
    roles.append("human" if seat.get("human") else "bot")
    actions = seat.get("actions")
    may = (
        f" · may: {esc(', '.join(str(a) for a in actions))}"
        if isinstance(actions, list) and actions
        else ""
    )
    return f"Seat {esc(number)} · {esc(' · '.join(roles))}{may}"


def render_table(state: Mapping[str, Any]) -> str:
    """The state as a picture of the table."""
    trump = state.get("trump")
    suit = state.get("trump_suit")
    suit_text = SUITS.get(str(suit), str(suit)) if suit is not None else "?"
    info = [
        f"<span>bout {esc(state.get('bout', '?'))}</span>",
        f"<span>phase {esc(state.get('phase', '?'))}</span>",
        f'<span class="dc-trump">trump {card(trump) if trump else ""} '
        f'<span class="dc-trump-suit">{esc(suit_text)}</span></span>',
        f"<span>stock {esc(_count(state.get('stock')))}</span>",
        f"<span>discard {esc(_count(state.get('discard')))}</span>",
    ]
    if state.get("attacker") is not None or state.get("defender") is not None:
        info.append(
            f"<span>seat {esc(state.get('attacker'))} attacks seat {esc(state.get('defender'))}"
            "</span>"
        )
    if state.get("limit") is not None:
        info.append(f"<span>limit {esc(state.get('limit'))}</span>")
    if state.get("taken"):
        info.append('<span class="dc-taken">defender takes</span>')

    pairs = []
    table = state.get("table")
    for pair in table if isinstance(table, list) else []:
        if not isinstance(pair, Mapping):
            continue
        defence = pair.get("defence")
        beaten = card(defence) if defence else '<span class="dc-card dc-slot">?</span>'
        pairs.append(
            f'<div class="dc-pair" title="attack by seat {esc(pair.get("attacker"))}">'
            f'{card(pair.get("attack"))}<span class="dc-defence">{beaten}</span></div>'
        )
    table_html = "".join(pairs) or '<span class="dc-empty">table empty</span>'

    seats_html = []
    seats = state.get("seats")
    for seat in seats if isinstance(seats, list) else []:
        if not isinstance(seat, Mapping):
            continue
        classes = ["dc-seat"]
        if seat.get("seat") == state.get("attacker"):
            classes.append("dc-seat-attacker")
        if seat.get("seat") == state.get("defender"):
            classes.append("dc-seat-defender")
        if seat.get("out"):
            classes.append("dc-seat-out")
        seats_html.append(
            f'<div class="{" ".join(classes)}"><div class="dc-seat-label">'
            f'{_seat_label(seat, state)}</div><div class="dc-hand">{_cards(seat.get("hand"))}'
            "</div></div>"
        )
    result = state.get("result")
    result_html = (
        f'<div class="dc-result">result: <code>{esc(json.dumps(result))}</code></div>'
        if result
        else ""
    )
    return (
        '<div class="dc-tablepic">'
        f'<div class="dc-tp-info">{"".join(info)}</div>'
        f'<div class="dc-tp-table">{table_html}</div>'
        f'<div class="dc-tp-seats">{"".join(seats_html)}</div>'
        f"{result_html}</div>"
    )


def _request_text(request: Any) -> str:
    if not isinstance(request, Mapping):
        return json.dumps(request, ensure_ascii=False)
    action = request.get("action")
    if request.get("cmd") == "act" and isinstance(action, Mapping):
        fields = {k: v for k, v in action.items() if k not in ("type", "seat")}
        detail = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in fields.items())
        return f"seat {action.get('seat')} {action.get('type')} {detail}".strip()
    return str(request.get("cmd", json.dumps(request, ensure_ascii=False)))


def actions_after(transcript: Sequence[Any], index: int) -> list[str]:
    """One line per request sent after entry ``index``, with whether it was accepted."""
    lines = []
    for entry in transcript[index + 1 :]:
        if not isinstance(entry, Mapping):
            continue
        reply = entry.get("reply")
        verdict = ""
        if isinstance(reply, Mapping) and "ok" in reply:
            if reply.get("ok"):
                verdict = "accepted"
            else:
                error = reply.get("error")
                code = error.get("code") if isinstance(error, Mapping) else error
                verdict = f"refused ({code})"
        lines.append(f"{_request_text(entry.get('request'))} → {verdict or 'replied'}")
    return lines


def render_failure_picture(transcript: Sequence[Any]) -> str:
    """The last table state of a transcript and the actions sent after it, as HTML."""
    found = last_state(transcript)
    if found is None:
        return '<p class="dc-muted">The transcript holds no table state to draw.</p>'
    index, state = found
    request = transcript[index].get("request") if isinstance(transcript[index], Mapping) else {}
    caption = f"Table after request {index + 1} ({esc(_request_text(request))})"
    after = actions_after(transcript, index)
    after_html = (
        '<ol class="dc-after" start="{}">{}</ol>'.format(
            index + 2, "".join(f"<li>{esc(line)}</li>" for line in after)
        )
        if after
        else ""
    )
    heading = "Then:" if after else ""
    return (
        f'<figure class="dc-figure">{render_table(state)}<figcaption>{caption}</figcaption>'
        f"</figure>{heading}{after_html}"
    )


def render_transcript(transcript: Sequence[Any]) -> str:
    """The protocol exchange as numbered request/reply lines in a collapsed block."""
    shown = list(enumerate(transcript))
    skipped = 0
    if len(shown) > TRANSCRIPT_LIMIT:
        skipped = len(shown) - TRANSCRIPT_LIMIT
        shown = shown[skipped:]
    lines = [f"… {skipped} earlier entries not shown …"] if skipped else []
    for number, entry in shown:
        if isinstance(entry, Mapping):
            request = json.dumps(entry.get("request"), ensure_ascii=False)
            reply = json.dumps(entry.get("reply"), ensure_ascii=False)
            lines.append(f"{number + 1:>3} → {request}\n    ← {reply}")
        else:
            lines.append(f"{number + 1:>3}   {json.dumps(entry, ensure_ascii=False)}")
    body = esc("\n".join(lines))
    return (
        f'<details class="dc-transcript"><summary>Transcript ({len(transcript)} '
        f"entries)</summary><pre>{body}</pre></details>"
    )
