"""The second reading: what each sentence of a rule document maps to in its profile.

A profile's ``sentence_map`` lists every sentence of its document, in order, by number and by
a short digest of the sentence (never its text: the project paraphrases, it does not copy).
Each entry either names what the sentence becomes in the profile -- clauses, parameters,
options -- or says why it is not a rule (a heading, the page's display, advice, ...).

:func:`split_document` is the one definition of "a sentence" both the map's author and its
check use: each non-empty line of the document, cut after a full stop, question or
exclamation mark that is followed by a capital letter, a digit or a bullet.  A numbered list
item's own number ("1.") stays with its sentence.

:func:`check_map` compares a profile's map with the document's text: same sentences in the
same order, none left out.  The documents are not part of the project, so the check runs
where a copy of them is at hand (``rules sentences PROFILE --document FILE``, the tests next
to ``shared/seeds``); the map's references are checked whenever the profile is loaded.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

NOT_A_RULE_KINDS = (
    "heading",
    "introduction",
    "display",
    "advice",
    "example",
    "platform",
    "status",
)
"""Why a sentence is no rule: a title or heading; the page introducing itself; how the game
is shown on screen; advice on playing well; an example that restates rules already mapped;
the site around the game (its lobby, accounts, listings); the state of the project."""

DIGEST_LENGTH = 10

_END = re.compile(r"[.!?…][\"”)’']*\s+(?=[\"“(‘'•]?[A-Z0-9•])")
_LIST_NUMBER = re.compile(r"^\d{1,3}[.)]$")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a document: its number (from 1), its line, its text and digest."""

    n: int
    line: int
    text: str
    digest: str


@dataclass(frozen=True, slots=True)
class MapEntry:
    """What one sentence maps to: targets (``clause:ID``, ``parameter:NAME``,
    ``option:KEY``) or, for a sentence that is no rule, the kind of text and why."""

    n: int
    digest: str
    gist: str
    maps: tuple[str, ...] = ()
    not_a_rule: str | None = None
    reason: str | None = None


def digest(sentence: str) -> str:
    """The sentence's digest: the first hex digits of the SHA-256 of its words."""
    words = " ".join(sentence.split())
    return hashlib.sha256(words.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]


def split_document(text: str) -> list[Sentence]:
    """Every sentence of ``text``, numbered in document order (see the module docstring)."""
    sentences: list[Sentence] = []
    for line_number, raw in enumerate(text.splitlines(), 1):
        line = " ".join(raw.split())
        if not line:
            continue
        pieces: list[str] = []
        start = 0
        for end in _END.finditer(line):
            pieces.append(line[start : end.end()].strip())
            start = end.end()
        pieces.append(line[start:].strip())
        merged: list[str] = []
        for piece in pieces:
            if merged and _LIST_NUMBER.match(merged[-1]):
                merged[-1] = f"{merged[-1]} {piece}"
            else:
                merged.append(piece)
        for piece in filter(None, merged):
            sentences.append(Sentence(len(sentences) + 1, line_number, piece, digest(piece)))
    return sentences


def check_map(entries: Sequence[MapEntry], text: str) -> list[str]:
    """Where ``entries`` and the document ``text`` disagree (empty: the map is complete).

    Each problem names the sentence by number and line; the document's own words are shown
    only here, to the person holding the document."""
    sentences = split_document(text)
    problems: list[str] = []
    for entry, sentence in zip(entries, sentences, strict=False):
        if entry.digest != sentence.digest:
            problems.append(
                f"sentence {sentence.n} (line {sentence.line}) has digest {sentence.digest}, "
                f"the map's entry {entry.n} says {entry.digest} ({entry.gist!r}): "
                f"{sentence.text!r}"
            )
            break  # after one sentence out of step, every later one is too
    if len(entries) < len(sentences):
        missing = sentences[len(entries) :]
        problems.append(
            f"{len(missing)} sentence(s) not in the map, from sentence {missing[0].n} "
            f"(line {missing[0].line}, digest {missing[0].digest}): {missing[0].text!r}"
        )
    elif len(entries) > len(sentences):
        problems.append(
            f"the map has {len(entries)} entries, the document {len(sentences)} sentences"
        )
    return problems
