"""Every bound on what an engine, a file or a request may make durak-conformance do.

The suite runs in CI against engines nobody here controls and reads files anyone may have
written: nothing they send may cost a result, a file outside the reports folder, unbounded
memory or a hung job.  Each limit below is a number with a name, what it bounds and what
happens when it is reached; :data:`LIMITS` lists them for the protocol page (``docs/protocol.md``
shows the table; a test keeps it in step with this module).

The module also holds the small guards that apply the limits to data from outside:
:func:`decode_json` (a JSON text within the nesting, number and Unicode limits), :func:`clip`
(bounded text with the length that was cut) and :func:`printable` (engine text made safe for
a terminal, a Markdown summary or a log).

It imports nothing from the project (only the standard library), so the adapters may import
it too (the one import from ``adapters`` into ``durak_conformance``: a leaf of constants).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final

# ------------------------------------------------------------------------------------ protocol

LINE_BYTES: Final = 1 << 20
"""Longest protocol line (newline excluded), either way."""

REQUEST_BYTES: Final = 64 * 1024
"""Longest request line the reference server (``serve``) reads: the harness's longest
request (a ``start`` with its rules and a position) is under 5 kB."""

JSON_DEPTH: Final = 32
"""Deepest nesting of arrays and objects in one protocol message (a state is about 5 deep)."""

MAX_INTEGER: Final = 2**63 - 1
"""Largest magnitude of an integer in a protocol message (a signed 64-bit integer)."""

MAX_FLOAT: Final = 1e15
"""Largest magnitude of a number with a fraction or exponent; NaN and infinities are refused."""

ENGINE_TEXT_CHARS: Final = 2_000
"""Longest piece of engine text (an error message, a line it wrote) quoted in a message."""

STDERR_LINES: Final = 50
"""Lines of the engine's stderr kept (the last ones), for failure messages."""

STDERR_LINE_CHARS: Final = 1_000
"""Longest stderr line kept (longer ones are cut)."""

# ----------------------------------------------------------------------------------- handshake

HELLO_TEXT_CHARS: Final = 200
"""Longest ``name``, ``version``, ``language`` or ``protocol`` in the handshake."""

HELLO_URL_CHARS: Final = 2_000
"""Longest ``homepage`` or ``issues`` address in the handshake."""

HELLO_LIST_ITEMS: Final = 64
"""Most ``profiles`` or ``capabilities`` an engine may list in the handshake."""

HELLO_ID_CHARS: Final = 64
"""Longest profile or capability name in the handshake."""

HELLO_EXTRA_BYTES: Final = 16 * 1024
"""Largest total size (as JSON) of the handshake's extra fields, kept in reports."""

# ------------------------------------------------------------------------------------- timeouts

DEFAULT_TIMEOUT: Final = 10.0
"""Seconds an engine has to answer one request (``--timeout``)."""

HANDSHAKE_TIMEOUT: Final = 30.0
"""Seconds a freshly started engine has at least to answer ``hello`` (``--timeout`` raises
it: the handshake waits the larger of the two)."""

MAX_TIMEOUT: Final = 3_600.0
"""Longest ``--timeout`` accepted; it must also be a finite number above zero."""

MAX_FUZZ_SECONDS: Final = 7 * 24 * 3_600.0
"""Longest ``fuzz --time`` or ``--shrink-time`` accepted (a week)."""

CLOSE_TIMEOUT: Final = 5.0
"""Seconds an engine has to answer ``bye`` and exit before it is killed."""

KILL_WAIT: Final = 5.0
"""Seconds to wait for a killed process to be gone."""

# ------------------------------------------------------------------------- the server (serve)

SERVER_GAMES: Final = 1_000
"""Most games one connection to ``serve`` may keep running at once."""

SERVER_ACTIONS_PER_GAME: Final = 10_000
"""Most ``act``, ``clock`` and ``next_game`` requests about one game (a real game takes a
few hundred)."""

MAX_CLOCK_SECONDS: Final = 86_400.0
"""Most virtual seconds one ``clock`` request may pass (a day)."""

MAX_RULE_SECONDS: Final = 86_400
"""Largest time parameter of a ruleset (``action_seconds``, ``clock_total_seconds``, ...)."""

MAX_RULE_COUNT: Final = 52
"""Largest count parameter of a ruleset (cards, seats, bots, timeouts ...)."""

# -------------------------------------------------------------------------------------- files

YAML_BYTES: Final = 4 * 1024 * 1024
"""Largest profile or expectations file."""

YAML_NODES: Final = 200_000
"""Most values in a YAML file once its aliases are expanded (an alias bomb stops here)."""

FILE_DEPTH: Final = 64
"""Deepest nesting in a YAML file or a JSON report."""

REPORT_BYTES: Final = 256 * 1024 * 1024
"""Largest JSON report ``diff`` and ``site`` read."""

REPORT_RECORDS: Final = 100_000
"""Most records in a JSON report read by ``diff`` and ``site``."""

# ------------------------------------------------------------------------------------ reports

MESSAGE_CHARS: Final = 8_000
"""Longest record message in a report (the rest is cut, with the length that was cut)."""

TRANSCRIPT_STEPS: Final = 200
"""Most transcript steps kept in a record (the first and the last ones)."""

TRANSCRIPT_STEP_BYTES: Final = 64 * 1024
"""Largest transcript step (as JSON); a bigger one is replaced by a note of its size."""

REPORT_NAME_CHARS: Final = 64
"""Longest report file base name (``--name`` or taken from the engine's name)."""


@dataclass(frozen=True)
class Limit:
    """One bound, as the protocol page lists it."""

    name: str
    value: str
    what: str
    when_reached: str


def _n(value: int) -> str:
    """``1 MiB``, ``64 KiB`` or ``2,000``: a size or count as the table shows it."""
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if value >= size and value % size == 0:
            return f"{value // size} {unit}"
    return f"{value:,}"


LIMITS: Final[tuple[Limit, ...]] = (
    Limit(
        "LINE_BYTES",
        _n(LINE_BYTES),
        "a protocol line, either way",
        "the reply is the scenario's failure; the engine is killed and restarted",
    ),
    Limit(
        "JSON_DEPTH",
        str(JSON_DEPTH),
        "nesting of arrays and objects in a protocol message",
        "the same (a reply); `serve` answers `malformed`",
    ),
    Limit(
        "MAX_INTEGER",
        "2^63 - 1",
        "magnitude of an integer in a protocol message",
        "the same",
    ),
    Limit(
        "MAX_FLOAT",
        "10^15",
        "magnitude of a number with a fraction or exponent (NaN, Infinity refused)",
        "the same",
    ),
    Limit(
        "Unicode text",
        "-",
        "strings must be Unicode text: a lone surrogate escape such as `\\udc80` is refused",
        "the same",
    ),
    Limit(
        "DEFAULT_TIMEOUT",
        f"{DEFAULT_TIMEOUT:g} s",
        "an engine's answer to one request (`--timeout`)",
        "the engine and every process of its session are killed; failure, restart",
    ),
    Limit(
        "HANDSHAKE_TIMEOUT",
        f"{HANDSHAKE_TIMEOUT:g} s",
        "a fresh engine's answer to `hello` (or `--timeout`, when that is longer)",
        "the engine could not be started (exit 3)",
    ),
    Limit(
        "MAX_TIMEOUT",
        f"{MAX_TIMEOUT:,.0f} s",
        "the longest `--timeout` (finite, above zero)",
        "usage error (exit 2)",
    ),
    Limit(
        "CLOSE_TIMEOUT",
        f"{CLOSE_TIMEOUT:g} s",
        "an engine's answer to `bye` and its exit",
        "killed",
    ),
    Limit(
        "HELLO_TEXT_CHARS",
        str(HELLO_TEXT_CHARS),
        "`name`, `version`, `language`, `protocol` in the handshake",
        "handshake refused: the engine could not be started (exit 3)",
    ),
    Limit(
        "HELLO_URL_CHARS", _n(HELLO_URL_CHARS), "`homepage`, `issues` in the handshake", "the same"
    ),
    Limit(
        "HELLO_LIST_ITEMS",
        str(HELLO_LIST_ITEMS),
        "entries of `profiles` and of `capabilities`",
        "the same",
    ),
    Limit("HELLO_ID_CHARS", str(HELLO_ID_CHARS), "one profile or capability name", "the same"),
    Limit(
        "HELLO_EXTRA_BYTES",
        _n(HELLO_EXTRA_BYTES),
        "the handshake's extra fields together, as JSON",
        "the same",
    ),
    Limit(
        "ENGINE_TEXT_CHARS",
        _n(ENGINE_TEXT_CHARS),
        "engine text quoted in a failure message (an error message, a line it wrote)",
        "cut, with the number of characters left out",
    ),
    Limit(
        "STDERR_LINES",
        str(STDERR_LINES),
        f"stderr lines kept (the last ones), each at most {STDERR_LINE_CHARS:,} characters",
        "older lines dropped, long lines cut",
    ),
    Limit(
        "MESSAGE_CHARS",
        _n(MESSAGE_CHARS),
        "a record's message in a report",
        "cut, with the number of characters left out",
    ),
    Limit(
        "TRANSCRIPT_STEPS",
        str(TRANSCRIPT_STEPS),
        "transcript steps kept in a record",
        "the first and last ones kept, a note counts the rest",
    ),
    Limit(
        "TRANSCRIPT_STEP_BYTES",
        _n(TRANSCRIPT_STEP_BYTES),
        "one transcript step, as JSON",
        "replaced by a note of its size",
    ),
    Limit(
        "REPORT_NAME_CHARS",
        str(REPORT_NAME_CHARS),
        "a report's base name (`--name`, or from the engine's name)",
        "`--name`: usage error; an engine's name: shortened, with a hash",
    ),
    Limit(
        "SERVER_GAMES",
        _n(SERVER_GAMES),
        "games running at once on one `serve` connection",
        "`start` refused `unsupported` until a game is ended",
    ),
    Limit(
        "SERVER_ACTIONS_PER_GAME",
        _n(SERVER_ACTIONS_PER_GAME),
        "`act`, `clock` and `next_game` requests about one game on `serve`",
        "refused `unsupported`; `end` the game",
    ),
    Limit(
        "REQUEST_BYTES",
        _n(REQUEST_BYTES),
        "a request line read by `serve`",
        "answered `malformed` at once (the line is skipped unread)",
    ),
    Limit(
        "MAX_CLOCK_SECONDS",
        f"{MAX_CLOCK_SECONDS:,.0f}",
        "virtual seconds one `clock` request passes on `serve`",
        "`malformed`",
    ),
    Limit(
        "MAX_RULE_SECONDS / MAX_RULE_COUNT",
        f"{MAX_RULE_SECONDS:,} / {MAX_RULE_COUNT}",
        "a time / count parameter of the rules a `start` sends to `serve`",
        "`malformed`, naming the parameter",
    ),
    Limit(
        "YAML_BYTES",
        _n(YAML_BYTES),
        "a profile or expectations file",
        "the file is refused (exit 2), naming the limit",
    ),
    Limit(
        "YAML_NODES",
        _n(YAML_NODES),
        "values in a YAML file, aliases expanded (an alias bomb)",
        "the same",
    ),
    Limit(
        "FILE_DEPTH",
        str(FILE_DEPTH),
        "nesting in a YAML file or a JSON report",
        "the same (reports: `diff` and `site` exit 2)",
    ),
    Limit(
        "MAX_FUZZ_SECONDS",
        f"{MAX_FUZZ_SECONDS:,.0f} s",
        "`fuzz --time` and `--shrink-time`",
        "the option is refused (exit 2)",
    ),
    Limit(
        "REPORT_BYTES",
        _n(REPORT_BYTES),
        "a JSON report read by `diff`, `site` or `fuzz merge`",
        "the same",
    ),
    Limit("REPORT_RECORDS", _n(REPORT_RECORDS), "records in a JSON report read", "the same"),
)
"""Every limit, in the order the protocol page lists them."""


# --------------------------------------------------------------------------------- the guards


class LimitError(ValueError):
    """Data from outside breaks a limit, or is not what the format allows; the message says
    which and where."""


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_LONG_DIGITS = re.compile(r"[0-9][0-9]{18}")
# (``[0-9][0-9]{18}`` rather than ``\d{19}``: the same runs of a JSON number's digits, found
# about three times faster in a state full of short numbers.)
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def nesting_depth_exceeds(text: str, depth: int) -> bool:
    """Whether the JSON ``text`` nests arrays and objects deeper than ``depth``.

    Cheap for ordinary messages (a message with no more brackets than ``depth`` cannot be
    too deep); otherwise the strings are removed and one innermost level of brackets is
    stripped per round (a regular expression each, so a line nested 100,000 deep costs at
    most ``depth`` passes, never a recursion).
    """
    if text.count("[") + text.count("{") <= depth:
        return False
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    for _ in range(depth):
        stripped = _INNERMOST.sub("", brackets)
        if not stripped or stripped == brackets:
            return False
        brackets = stripped
    return bool(brackets)


def _reject_constant(name: str) -> Any:
    raise LimitError(f"{name} is not a JSON number")


def _decoder(bounded_ints: bool) -> json.JSONDecoder:
    return json.JSONDecoder(
        parse_constant=_reject_constant,
        parse_float=_bounded_float,
        parse_int=_bounded_int if bounded_ints else None,
    )


def _bounded_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_FLOAT:
        raise LimitError(f"the number {clip(text, 40)} is beyond the {MAX_FLOAT:g} limit")
    return value


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:
        raise LimitError(f"an integer of {len(text.lstrip('-'))} digits is beyond the limit")
    value = int(text)
    if abs(value) > MAX_INTEGER:
        raise LimitError(f"the integer {text} is beyond the 2^63 - 1 limit")
    return value


# Built once: ``json.loads`` with options builds a decoder per call.
_PLAIN_INTS = _decoder(False)
_BOUNDED_INTS = _decoder(True)

_NO_FAST_PATH = object()  # (a sentinel, not a limit)
_NOT_FOR_ORJSON = re.compile(r"[0-9](?:[.eE]|[0-9]{18})")
"""A number that may be a float, or a run of 19 digits (or a string holding such text: only
slower, never wrong)."""

# The same test on bytes, without a regular expression: every digit becomes "0", each of
# ".eE" becomes ".", each opening bracket "[" and everything else a space, so that "0." is a
# digit followed by one of ".eE", nineteen "0" are a run of nineteen digits, and one count
# gives the opening brackets.  Substring searches over one translated copy take about a third
# of the time of the expression's scan of a state reply.
_SHAPES = bytes(
    ord("0")
    if byte in b"0123456789"
    else ord(".")
    if byte in b".eE"
    else ord("[")
    if byte in b"[{"
    else ord(" ")
    for byte in range(256)
)
_FLOAT_LIKE = re.compile(rb"0\.")
# (A compiled search for the two bytes rather than ``in``: the translated text is full of
# "0" and ".", which the substring search's skips handle badly -- about twice as slow here.)
_LONG_RUN = b"0" * 19


def _number_shapes(data: bytes) -> bytes | None:
    """``data`` translated by :data:`_SHAPES`, or None when it holds a digit followed by one
    of ``.eE`` or a run of 19 digits (then it is not for orjson)."""
    shapes = data.translate(_SHAPES)
    return None if _FLOAT_LIKE.search(shapes) or _LONG_RUN in shapes else shapes


def _fast_decode(data: bytes | str, depth: int) -> Any:
    """``data`` decoded by orjson when that gives exactly what the checked ``json`` path
    gives, else :data:`_NO_FAST_PATH`.

    orjson (about five times faster on a protocol state) is used only for data that does not
    nest deeper than ``depth``, without a run of 19 digits (an integer that could break
    :data:`MAX_INTEGER`: orjson turns one past 2^64 into a float) and without anything that
    may be a float (:data:`MAX_FLOAT` is the ``json`` path's hook); whatever orjson refuses
    (bytes that are not UTF-8, NaN, a lone surrogate, bad JSON) goes the ``json`` way too,
    which gives the message."""
    if _orjson is None:
        return _NO_FAST_PATH
    if isinstance(data, bytes):
        shapes = _number_shapes(data)
        if shapes is None:
            return _NO_FAST_PATH
        if shapes.count(b"[") > depth:
            # More brackets than levels (a start's state has a few): measure the nesting.
            try:
                if nesting_depth_exceeds(data.decode("utf-8"), depth):
                    return _NO_FAST_PATH
            except UnicodeDecodeError:
                return _NO_FAST_PATH
    elif _NOT_FOR_ORJSON.search(data) or nesting_depth_exceeds(data, depth):
        return _NO_FAST_PATH
    try:
        return _orjson.loads(data)
    except (ValueError, TypeError):
        return _NO_FAST_PATH


def encode_line(message: Any) -> bytes:
    """One protocol line: compact UTF-8 JSON and a newline (ASCII escapes if it must).

    orjson writes it several times faster than ``json``; what orjson refuses (a lone
    surrogate, an integer past 64 bits, a key that is not a string) goes the ``json`` way."""
    if _orjson is not None:
        try:
            return bytes(_orjson.dumps(message, option=_orjson.OPT_APPEND_NEWLINE))
        except (TypeError, ValueError):
            pass
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    try:
        return text.encode() + b"\n"
    except UnicodeEncodeError:  # a lone surrogate: still valid JSON, written as an escape
        return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def json_identity(value: Any) -> bytes | None:
    """Bytes that are equal for two decoded JSON values exactly when the values are the same
    JSON, type for type: ``true`` is not ``1`` and ``1`` is not ``1.0`` here (Python's ``==``
    says they are), and only the order of an object's keys does not count.  None for what
    cannot be written as JSON.

    For telling that a reply holds a value known to be valid (see
    :func:`durak_conformance.protocol.response_problem`), on values :func:`decode_json` gave
    (it refuses ``NaN``, which orjson would write as ``null``)."""
    if _orjson is not None:
        try:
            return bytes(_orjson.dumps(value, option=_orjson.OPT_SORT_KEYS))
        except (TypeError, ValueError):
            pass
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()
    except (TypeError, ValueError):
        return None


def same_json(a: Any, b: Any) -> bool:
    """Whether two decoded JSON values are the same JSON, type for type: the test of
    comparing their :func:`json_identity`, in one call (it is on the path of every reply
    the fuzzer checks)."""
    if _orjson is not None:
        try:
            return bool(_orjson.dumps(a, option=_SORT_KEYS) == _orjson.dumps(b, option=_SORT_KEYS))
        except (TypeError, ValueError):
            pass
    mine = json_identity(a)
    return mine is not None and mine == json_identity(b)


def _optional_orjson() -> Any:
    try:
        import orjson
    except ImportError:  # pragma: no cover - a dependency; the json path alone is correct
        return None
    return orjson


_orjson: Any = _optional_orjson()
_SORT_KEYS = _orjson.OPT_SORT_KEYS if _orjson is not None else 0


def strings(value: Any) -> Iterator[str]:
    """Every string in decoded JSON (keys and values), without recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def decode_json(data: bytes | str, *, depth: int = JSON_DEPTH) -> Any:
    """Decode one JSON text within the limits; raises :class:`LimitError` saying what is wrong.

    Refused: bytes that are not UTF-8, text that is not JSON, nesting deeper than ``depth``,
    integers beyond :data:`MAX_INTEGER`, other numbers beyond :data:`MAX_FLOAT` (``1e999``),
    ``NaN`` and ``Infinity``, and strings that are not Unicode text (a lone surrogate escape
    such as ``"\\udc80"``, which no UTF-8 output could carry).  Ordinary messages pay for the
    checks with a few fast scans of the text.
    """
    fast = _fast_decode(data, depth)
    if fast is not _NO_FAST_PATH:
        return fast
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            byte = data[exc.start : exc.start + 1]
            raise LimitError(f"not UTF-8 (byte {exc.start}: {byte!r})") from None
    else:
        text = data
    if nesting_depth_exceeds(text, depth):
        raise LimitError(f"nested deeper than {depth} levels of arrays and objects")
    try:
        decoder = _BOUNDED_INTS if _LONG_DIGITS.search(text) else _PLAIN_INTS
        value = decoder.decode(text)
    except LimitError:
        raise
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise LimitError("nested too deeply") from None
    except ValueError as exc:
        raise LimitError(f"not JSON ({clip(str(exc), 200)})") from None
    if _SURROGATE_ESCAPE.search(text):
        for item in strings(value):
            found = _LONE_SURROGATE.search(item)
            if found is not None:
                raise LimitError(
                    f"a string holds a lone surrogate (\\u{ord(found.group()):04x}): JSON "
                    "strings must be Unicode text"
                )
    return value


def clip(text: str, limit: int) -> str:
    """``text`` cut to about ``limit`` characters, saying how many were left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [{len(text) - limit:,} more characters]"


# C0 controls but tab and newline, DEL, C1 controls, lone surrogates, and the Unicode
# direction overrides and isolates (which can make a terminal or a page show text reordered).
_UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, newlines: bool = True) -> str:
    """``text`` with every control character shown as a visible escape (``\\x1b``).

    Engine text reaches terminals, Markdown summaries and logs: an ESC could recolour or
    rewrite a terminal, a BEL ring it, a NUL cut a log, a direction override reorder a line.
    With ``newlines=False`` line breaks and tabs are escaped too (one line of output).
    """
    if not newlines:
        text = text.replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
    return _UNPRINTABLE.sub(_escape, text)


_URL = re.compile(r"https?://[A-Za-z0-9._~:/?#@!$&'*+,;=%-]+")


def safe_url(url: str | None) -> str | None:
    """``url`` if it is a plain ``http://`` or ``https://`` address (no spaces, quotes,
    angle brackets or control characters, at most :data:`HELLO_URL_CHARS`), else None.

    Only such an address from an engine becomes a link in a summary or on the site: a
    ``javascript:`` or ``data:`` one is shown as text.
    """
    if not url or len(url) > HELLO_URL_CHARS or not _URL.fullmatch(url):
        return None
    return url


def timeout_argument(text: str) -> float:
    """An ``argparse`` type for ``--timeout``: seconds above 0 and at most :data:`MAX_TIMEOUT`.

    ``nan`` (a wait that never ends and a loop that never waits), ``inf``, zero and negative
    numbers are refused.
    """
    import argparse

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(
            f"{text!r}: a timeout is a number of seconds above 0 and at most {MAX_TIMEOUT:g}"
        )
    return value
