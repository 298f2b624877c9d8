"""Ruleset profiles: load, check and resolve them into the flat parameters an engine plays by.

A profile (``rulesets/<id>.yaml``) is written from one rule document.  It lists every known
parameter with its provenance (``stated`` with a citation, ``assumed`` from ``base.yaml`` with a
reason, or ``ambiguous`` with the readings and the one taken), the table options the document
offers, and the document's rule clauses.  :func:`resolve` applies chosen options and gives a
:class:`ResolvedRuleset`; its :attr:`~ResolvedRuleset.params` are what
``reference_engine.rules.Rules.from_mapping`` reads.

Every problem is a :class:`ProfileError` naming the file, the key path and what was expected.
Nothing is cached unless it loaded completely.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import itertools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, cast

import jsonschema  # type: ignore[import-untyped, unused-ignore]  # stubs are optional
import yaml

import rulesets
from durak_conformance.bounded_yaml import BoundedLoader, YamlLimitError, check_size, compose
from durak_conformance.sentence_map import MapEntry

Kind = Literal["stated", "assumed", "ambiguous"]

ENGINE_PARAMETERS: tuple[str, ...] = (
    "deck_size",
    "hand_size",
    "min_seats",
    "max_seats",
    "teams",
    "pairs_seats",
    "deal",
    "first_attack",
    "first_attack_fallback",
    "opening",
    "throw_in_scope",
    "throw_in_order",
    "throw_in_timing",
    "done_resets",
    "round_restart",
    "bout_cap",
    "first_bout_cap",
    "defender_limit",
    "take_ends_bout",
    "accept_after_defence",
    "accept_when",
    "transfer",
    "transfer_rank",
    "transferrer_throws_first",
    "first_to_draw",
    "transfer_by_showing_trump",
    "bot_accepts_anyway",
    "out_timing",
    "max_bots",
    "min_humans",
    "max_humans",
    "start_when_all_ready",
    "seats_closed_during_game",
    "options_chosen_by",
    "pairs_revert_to_solo_on_leave",
    "lowest_trump_shown",
    "redeal_min_same_suit",
    "winner_leads_next_game",
    "epaulettes",
    "action_seconds",
    "throw_in_seconds",
    "timeout_auto_move",
    "timeout_lead_card",
    "bot_takeover_after_timeouts",
    "chess_clock",
    "clock_total_seconds",
    "clock_increment_seconds",
    "leaving_loses",
    "leave_blocked_with_cards",
    "departure_ends_game",
    "departure_next_attacker",
    "disconnect_grace_seconds",
    "disconnect_pauses_clock",
    "cheater_mode",
    "catch_check_seconds",
    "false_catch_penalty_cards",
)
"""Parameters the reference engine reads (the fields of ``Rules`` besides ``profile``)."""

COMMON_ENGINE_CLAUSES: tuple[str, ...] = (
    "play.card-in-hand",
    "play.turn",
    "attack.opening-cards",
    "attack.compulsory",
    "defence.beat",
    "throw-in.rank",
    "throw-in.who",
    "limits.six",
    "limits.defender-hand",
    "take.when",
    "transfer.mode",
    "done.when",
    "game.finished",
)
"""Clause suffixes the engine can raise under every profile."""

TRANSFER_CLAUSES: tuple[str, ...] = (
    "transfer.rank",
    "transfer.before-beat",
    "transfer.before-take",
    "transfer.capacity",
)

BASE_ID = "base"


class ProfileError(Exception):
    """A profile (or option choice) that cannot be used.

    ``file`` is the profile's file name, ``where`` the key path inside it (``parameters.
    bout_cap.value``) or a line, ``message`` what is wrong and what was expected.
    """

    def __init__(self, file: str, where: str, message: str) -> None:
        self.file = file
        self.where = where
        self.message = message
        super().__init__(": ".join(part for part in (file, where, message) if part))


@dataclass(frozen=True, slots=True)
class Citation:
    """Where a document says something: its section heading and a locating phrase of ours."""

    section: str
    point: str

    def __str__(self) -> str:
        return f"§ {self.section}: {self.point}"


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of an ambiguous passage that a run can play: the parameter value it gives,
    our sentence for it, and the option values it is limited to (elsewhere the document is
    not ambiguous and the profile's value stands)."""

    value: Any
    text: str
    only_with: Mapping[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """The value as a user writes it after ``--reading PARAM=``."""
        return reading_label(self.value)

    def applies(self, options: Mapping[str, str]) -> bool:
        """Whether the reading is one under these option values."""
        return all(options.get(k) == v for k, v in self.only_with.items())


def reading_label(value: Any) -> str:
    """A parameter value as written on the command line (``true``, ``null``, ``5``, ``rounds``)."""
    return value if isinstance(value, str) else json.dumps(value)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Why a value (or clause) is what it is."""

    kind: Kind
    citation: Citation | None = None
    reason: str | None = None
    readings: tuple[str, ...] = ()
    note: str | None = None
    choices: tuple[Reading, ...] = ()
    """For an ambiguous parameter: each reading with the value it gives (``readings`` holds
    their sentences)."""

    def summary(self) -> str:
        """A one-paragraph explanation for display."""
        parts: list[str] = []
        if self.citation is not None:
            parts.append(str(self.citation))
        if self.reason:
            parts.append(self.reason)
        if self.readings:
            parts.append("readings: " + " | ".join(self.readings))
        if self.note:
            parts.append(f"note: {self.note}")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        """The provenance as plain data (for JSON / YAML output)."""
        out: dict[str, Any] = {"provenance": self.kind}
        if self.citation is not None:
            out["citation"] = {"section": self.citation.section, "point": self.citation.point}
        if self.reason:
            out["reason"] = self.reason
        if self.choices:
            out["readings"] = [
                {
                    "value": r.value,
                    "text": r.text,
                    **({"only_with": dict(r.only_with)} if r.only_with else {}),
                }
                for r in self.choices
            ]
        elif self.readings:
            out["readings"] = list(self.readings)
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class Parameter:
    """One parameter entry of a profile.

    ``value`` is the value with the default options (for an option-governed parameter) or the
    fixed value; an ``assumed`` entry without a value takes base's value, and ``base_reason``
    keeps base's reason for it.
    """

    name: str
    value: Any
    provenance: Provenance
    option: str | None = None
    base_reason: str | None = None


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One choice of a table option and the parameters it sets."""

    name: str
    sets: Mapping[str, Any]
    citation: Citation | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class Option:
    """A table option the document offers (e.g. ``deck``: 24 | 36 | 52)."""

    key: str
    description: str
    citation: Citation
    default: str
    default_provenance: Provenance
    values: Mapping[str, OptionValue]


@dataclass(frozen=True, slots=True)
class Clause:
    """A rule clause: stable id and a one-sentence paraphrase of ours."""

    id: str
    text: str
    provenance: Provenance

    @property
    def suffix(self) -> str:
        """The id without the profile prefix, e.g. ``limits.six``."""
        return self.id.split(".", 1)[1]


@dataclass(frozen=True, slots=True)
class Profile:
    """A checked ruleset profile."""

    id: str
    title: str
    description: str
    source: Mapping[str, str]
    options: Mapping[str, Option]
    parameters: Mapping[str, Parameter]
    clauses: tuple[Clause, ...]
    file: Path
    sentence_map: tuple[MapEntry, ...] = ()
    """The second reading of the document, sentence by sentence (see
    :mod:`durak_conformance.sentence_map`); empty where none is recorded."""

    def clause(self, clause_id: str) -> Clause:
        """The clause with this full id (``KeyError`` if absent)."""
        for clause in self.clauses:
            if clause.id == clause_id:
                return clause
        raise KeyError(clause_id)

    def possible_values(self, name: str) -> list[Any]:
        """Every value parameter ``name`` can take under some option choice."""
        values = [self.parameters[name].value]
        for option in self.options.values():
            for choice in option.values.values():
                if name in choice.sets and choice.sets[name] not in values:
                    values.append(choice.sets[name])
        return values

    def option_combinations(self) -> Iterator[dict[str, str]]:
        """Every combination of option values (one dict per table set-up)."""
        keys = list(self.options)
        for combo in itertools.product(*(list(self.options[k].values) for k in keys)):
            yield dict(zip(keys, combo, strict=True))


@dataclass(frozen=True, slots=True)
class ResolvedParameter:
    """A resolved value with where it came from: its entry and, if set by one, the option."""

    name: str
    value: Any
    provenance: Provenance
    via: str | None = None
    """``key=value`` of the option choice that set the value, if any."""
    via_citation: Citation | None = None
    base_reason: str | None = None
    reading: Reading | None = None
    """The reading selected for this run (``--reading``), when one was."""

    def to_dict(self) -> dict[str, Any]:
        """Value and provenance as plain data."""
        out: dict[str, Any] = {"value": self.value, **self.provenance.to_dict()}
        if self.reading is not None:
            out["reading"] = self.reading.label
        if self.via is not None:
            out["option"] = self.via
            if self.via_citation is not None:
                out["option_citation"] = {
                    "section": self.via_citation.section,
                    "point": self.via_citation.point,
                }
        if self.base_reason:
            out["base_reason"] = self.base_reason
        return out


@dataclass(frozen=True, slots=True)
class ResolvedRuleset:
    """A profile plus chosen options: the flat parameters and their provenance."""

    profile: Profile
    options: Mapping[str, str]
    """Every option of the profile with the value in force (chosen or default)."""
    params: Mapping[str, Any]
    """Flat parameters, ``profile`` first: what ``Rules.from_mapping`` reads."""
    provenance: Mapping[str, ResolvedParameter] = field(default_factory=dict)
    readings: Mapping[str, Any] = field(default_factory=dict)
    """The readings selected (parameter -> value) that changed or confirmed a value."""

    def to_dict(self) -> dict[str, Any]:
        """Profile, options, flat parameters and per-parameter provenance as plain data."""
        return {
            "profile": self.profile.id,
            "options": dict(self.options),
            "readings": {k: reading_label(v) for k, v in self.readings.items()},
            "rules": dict(self.params),
            "provenance": {name: p.to_dict() for name, p in self.provenance.items()},
        }


# --------------------------------------------------------------------------------------------
# public API


def list_profiles() -> list[str]:
    """Ids of the bundled profiles, sorted."""
    return sorted(p.stem for p in rulesets.path().glob("*.yaml") if p.stem != BASE_ID)


def parameter_names() -> tuple[str, ...]:
    """Every known parameter name (engine parameters first), as the schema lists them."""
    names = tuple(_schema()["$defs"]["values"])
    extra = tuple(n for n in names if n not in ENGINE_PARAMETERS)
    return ENGINE_PARAMETERS + extra


def base_parameters() -> Mapping[str, tuple[Any, str]]:
    """``base.yaml``: parameter name -> (value, reason)."""
    return _base()


def load_profile(id_or_path: str | Path) -> Profile:
    """Load and check a profile by id (``videochess``) or by file path.

    Raises :class:`ProfileError` for an unknown id, unreadable or malformed YAML, a schema
    violation, or an inconsistent profile.
    """
    file = _profile_file(id_or_path)
    try:
        stat = file.stat()
        key = (str(file.resolve()), stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = None  # unreadable: _read_yaml says so
    if key is not None and key in _loaded:
        return _loaded[key]
    data = _read_yaml(file)
    _check_names(file.name, data)
    _validate(file.name, data)
    if data.get("id") == BASE_ID:
        raise ProfileError(file.name, "id", "'base' is the baseline, not a playable profile")
    profile = _build_profile(file, data)
    if key is not None:
        _loaded[key] = profile
    return profile


# Profiles that loaded completely, by file, modification time and size: a run resolves the
# same few files hundreds of times, and an edited file (``mkdocs serve``) is read again.
_loaded: dict[tuple[str, int, int], Profile] = {}


def check_file(file: str | Path) -> str:
    """Check a profile file or ``base.yaml``; returns its id.  Raises :class:`ProfileError`."""
    path = Path(file)
    data = _read_yaml(path)
    if isinstance(data, dict) and data.get("id") == BASE_ID:
        _check_names(path.name, data)
        _validate(path.name, data)
        return BASE_ID
    return load_profile(path).id


def ambiguous_parameters(profile: Profile) -> dict[str, tuple[Reading, ...]]:
    """The parameters ``profile`` marks ambiguous, each with the readings a run can play."""
    return {
        name: p.provenance.choices
        for name, p in profile.parameters.items()
        if p.provenance.kind == "ambiguous"
    }


def parse_reading(profile: Profile, text: str) -> tuple[str, Any]:
    """``PARAM=VALUE`` (as given to ``--reading``) -> (parameter, value) for ``profile``.

    Raises :class:`ProfileError` naming what is wrong: no ``=``, a parameter the profile does
    not mark ambiguous (listing those it does), or a value that is not one of its readings.
    """
    name, sep, label = text.partition("=")
    name, label = name.strip(), label.strip()
    file = profile.file.name
    if not sep or not name or not label:
        raise ProfileError(file, "readings", f"{text!r}: expected PARAM=VALUE")
    choices = ambiguous_parameters(profile)
    if name not in choices:
        known = ", ".join(choices) or "none"
        raise ProfileError(
            file,
            f"parameters.{name}",
            f"{name!r} is not marked ambiguous in profile {profile.id!r}, so it has no "
            f"readings to choose (its ambiguous parameters: {known})",
        )
    for reading in choices[name]:
        if reading.label == label:
            return name, reading.value
    offered = ", ".join(r.label for r in choices[name])
    raise ProfileError(
        file,
        f"parameters.{name}.readings",
        f"{label!r} is not a reading of {name!r} (its readings: {offered})",
    )


def resolve(
    profile: Profile,
    options: Mapping[str, str] | None = None,
    readings: Mapping[str, Any] | None = None,
) -> ResolvedRuleset:
    """Apply ``options`` (key -> value; the rest take their defaults) to ``profile``, then
    ``readings`` (ambiguous parameter -> the value of one of its readings, see
    :func:`parse_reading`).

    Options are applied in the order the profile lists them; a later option overrides what an
    earlier one set.  A reading limited to other option values (``only_with``) leaves the
    profile's value.  Raises :class:`ProfileError` for an unknown option or value, or a
    reading the profile does not offer.
    """
    choices = dict(options or {})
    file = profile.file.name
    for key in choices:
        if key not in profile.options:
            known = ", ".join(profile.options) or "none"
            raise ProfileError(
                file,
                "options",
                f"unknown option {key!r} for profile {profile.id!r} (its options: {known})",
            )
    chosen: dict[str, str] = {}
    for key, option in profile.options.items():
        value = str(choices.get(key, option.default))
        if value not in option.values:
            raise ProfileError(
                file,
                f"options.{key}",
                f"{value!r} is not a value of option {key!r} "
                f"(expected one of: {', '.join(option.values)})",
            )
        chosen[key] = value

    resolved: dict[str, ResolvedParameter] = {}
    for name, param in profile.parameters.items():
        resolved[name] = ResolvedParameter(
            name, param.value, param.provenance, base_reason=param.base_reason
        )
    for key, option in profile.options.items():
        choice = option.values[chosen[key]]
        for name, value in choice.sets.items():
            param = profile.parameters[name]
            resolved[name] = ResolvedParameter(
                name,
                value,
                param.provenance,
                via=f"{key}={choice.name}",
                via_citation=choice.citation or option.citation,
            )
    applied: dict[str, Any] = {}
    ambiguous = ambiguous_parameters(profile)
    for name, value in (readings or {}).items():
        offered = ambiguous.get(name)
        match = next(
            (r for r in offered or () if r.value == value and type(r.value) is type(value)), None
        )
        if match is None:
            parse_reading(profile, f"{name}={reading_label(value)}")  # raises, naming why
            raise AssertionError("unreachable")  # pragma: no cover
        if not match.applies(chosen):
            continue  # under these options the document is not ambiguous
        resolved[name] = dataclasses.replace(resolved[name], value=value, reading=match)
        applied[name] = value
    params: dict[str, Any] = {"profile": profile.id}
    params.update({name: resolved[name].value for name in parameter_names()})
    ordered = {name: resolved[name] for name in parameter_names()}
    return ResolvedRuleset(
        profile=profile, options=chosen, params=params, provenance=ordered, readings=applied
    )


def required_engine_clauses(profile: Profile) -> list[str]:
    """Engine clause suffixes that can be raised under ``profile`` (some option choice)."""
    required = list(COMMON_ENGINE_CLAUSES)
    if True in profile.possible_values("transfer"):
        required += TRANSFER_CLAUSES
    if any(v != "free" for v in profile.possible_values("throw_in_order")):
        required.append("throw-in.order")
    if "after_defence" in profile.possible_values("throw_in_timing"):
        required.append("throw-in.after-defence")
    if any(v is not None for v in profile.possible_values("first_bout_cap")):
        required.append("limits.first-bout")
    if True in profile.possible_values("accept_after_defence"):
        required.append("accept.when")
    # A lobby start is refused under table.bots for too many bots or people, and also for
    # too few people (min_humans, which every profile inherits).
    if (
        any(v is not None for v in profile.possible_values("max_bots"))
        or any(v is not None for v in profile.possible_values("max_humans"))
        or any(v for v in profile.possible_values("min_humans"))
    ):
        required.append("table.bots")
    if True in profile.possible_values("start_when_all_ready"):
        required.append("table.ready")
    if "lowest_human_seat" in profile.possible_values("options_chosen_by"):
        required.append("table.mode-chooser")
    if True in profile.possible_values("cheater_mode"):
        required += ["cheating.catch", "cheating.check-window"]
    if any(v is not None for v in profile.possible_values("redeal_min_same_suit")):
        required.append("redeal.offer")
    if True in profile.possible_values("leave_blocked_with_cards"):
        required.append("departures.no-leaving")
    if any(v is not None for v in profile.possible_values("bot_takeover_after_timeouts")):
        required.append("timers.bot-takeover")
    return required


# --------------------------------------------------------------------------------------------
# loading


class _Loader(BoundedLoader):
    """Safe YAML within the limits (see :mod:`durak_conformance.bounded_yaml`) that refuses
    duplicate keys and non-string keys (``off:`` becomes false)."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str):
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"key {key!r} is not a string (quote keys such as on, off, yes, no, 24)",
                key_node.start_mark,
            )
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _profile_file(id_or_path: str | Path) -> Path:
    text = str(id_or_path)
    if isinstance(id_or_path, Path) or "/" in text or text.endswith((".yaml", ".yml")):
        return Path(id_or_path)
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", text) or text == BASE_ID:
        raise ProfileError(text, "", f"not a profile id (known: {', '.join(list_profiles())})")
    file = rulesets.path(f"{text}.yaml")
    if not file.is_file():
        raise ProfileError(text, "", f"unknown profile (known: {', '.join(list_profiles())})")
    return file


def _read_yaml(file: Path) -> Any:
    try:
        check_size(file.stat().st_size)  # before reading it: a huge file is refused unread
        text = file.read_text(encoding="utf-8")
    except YamlLimitError as exc:
        raise ProfileError(file.name, "", f"beyond the limits: {exc.message}") from None
    except OSError as exc:
        raise ProfileError(file.name, "", f"cannot read the file ({exc.strerror})") from exc
    try:
        node, loader = compose(text, _Loader)
        try:
            return None if node is None else loader.construct_document(node)
        finally:
            loader.dispose()
    except YamlLimitError as exc:
        raise ProfileError(file.name, exc.where, f"beyond the limits: {exc.message}") from None
    except ValueError as exc:  # a number PyYAML cannot build (a 5,000-digit integer)
        raise ProfileError(file.name, "", f"malformed YAML: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = " ".join(p for p in (exc.context, exc.problem) if p)
        raise ProfileError(file.name, where, f"malformed YAML: {what}") from exc
    except yaml.YAMLError as exc:
        raise ProfileError(file.name, "", f"malformed YAML: {exc}") from exc


@functools.cache
def _schema() -> dict[str, Any]:
    return cast(dict[str, Any], json.loads(rulesets.path("schema.json").read_text("utf-8")))


@functools.cache
def _validator() -> Any:
    # The schema is ours and tests/test_schemas_are_valid.py checks it against the
    # metaschema; checking it again here cost most of a second in every process.
    return jsonschema.Draft202012Validator(_schema())


@functools.cache
def _base() -> Mapping[str, tuple[Any, str]]:
    file = rulesets.path("base.yaml")
    data = _read_yaml(file)
    _check_names(file.name, data)
    _validate(file.name, data)
    if data.get("id") != BASE_ID:
        raise ProfileError(file.name, "id", "expected 'base'")
    return {name: (e["value"], e["reason"]) for name, e in data["parameters"].items()}


def _key_path(parts: Sequence[Any]) -> str:
    return ".".join(str(p) for p in parts)


def _check_names(file: str, data: Any) -> None:
    """Unknown parameter names, with a suggestion (clearer than the schema's message)."""
    if not isinstance(data, dict):
        return
    known = parameter_names()
    places: list[tuple[str, Any]] = [("parameters", data.get("parameters"))]
    options = data.get("options")
    if isinstance(options, dict):
        for key, option in options.items():
            values = option.get("values") if isinstance(option, dict) else None
            if isinstance(values, dict):
                for name, choice in values.items():
                    sets = choice.get("sets") if isinstance(choice, dict) else None
                    places.append((f"options.{key}.values.{name}.sets", sets))
    for where, mapping in places:
        if not isinstance(mapping, dict):
            continue
        for name in mapping:
            if name not in known:
                close = difflib.get_close_matches(str(name), known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise ProfileError(
                    file,
                    f"{where}.{name}",
                    f"unknown parameter{hint}; known parameters are listed in docs/rulesets.md",
                )


def _validate(file: str, data: Any) -> None:
    errors = list(_validator().iter_errors(data))
    if not errors:
        return
    for error in errors:
        path = list(error.absolute_path)
        if error.validator == "anyOf" and len(path) == 2 and path[0] == "parameters":
            raise ProfileError(
                file,
                _key_path(path),
                "missing 'value' (or 'option'); only an assumed entry may leave it out "
                "to take base's value",
            )
    # best_match prefers shallow errors and descends into anyOf/oneOf; the deepest error names
    # the exact key
    error = max(errors, key=lambda e: len(e.absolute_path))
    while error.context:
        error = jsonschema.exceptions.best_match(error.context)
    raise ProfileError(file, _key_path(error.absolute_path) or "(top level)", _message(error))


def _message(error: Any) -> str:
    if error.validator == "required":
        return f"missing {error.message.split(' is a required')[0]}"
    if error.validator == "additionalProperties":
        return str(error.message)
    if error.validator in ("enum", "const"):
        expected = error.validator_value if error.validator == "enum" else [error.validator_value]
        shown = ", ".join(json.dumps(v) for v in expected)
        return f"expected one of {shown}, got {json.dumps(error.instance)}"
    if error.validator == "pattern":
        return f"{error.instance!r} is not well formed (expected to match {error.validator_value})"
    if error.validator == "type":
        types = error.validator_value
        shown = " or ".join(types) if isinstance(types, list) else str(types)
        return f"expected {shown}, got {json.dumps(error.instance)}"
    return str(error.message)


def _sentence_map(
    file: str,
    raw: Sequence[Mapping[str, Any]],
    clause_ids: set[str],
    parameters: Mapping[str, Parameter],
    options: Mapping[str, Option],
) -> tuple[MapEntry, ...]:
    """The profile's sentence map, each target checked against the profile itself."""
    entries: list[MapEntry] = []
    for i, item in enumerate(raw):
        where = f"sentence_map.{i}"
        if item["n"] != i + 1:
            raise ProfileError(file, f"{where}.n", f"is {item['n']}, expected {i + 1} (in order)")
        maps = tuple(item.get("maps", ()))
        kind = item.get("not_a_rule")
        if bool(maps) == (kind is not None):
            raise ProfileError(
                file, where, "needs exactly one of 'maps' (what it becomes) or 'not_a_rule'"
            )
        if kind is not None and kind != "heading" and not item.get("reason"):
            raise ProfileError(file, where, f"not_a_rule {kind!r} needs a 'reason'")
        for j, target in enumerate(maps):
            what, _, name = target.partition(":")
            key, _, value = name.partition("=")
            if what == "clause":
                known = name in clause_ids
            elif what == "parameter":
                known = name in parameters
            else:
                known = key in options and (not value or value in options[key].values)
            if not known:
                raise ProfileError(
                    file, f"{where}.maps.{j}", f"{target!r} names no {what} of this profile"
                )
        entries.append(
            MapEntry(item["n"], item["digest"], item["gist"], maps, kind, item.get("reason"))
        )
    return tuple(entries)


def _citation(raw: Mapping[str, Any] | None) -> Citation | None:
    return None if raw is None else Citation(raw["section"], raw["point"])


def _provenance(raw: Mapping[str, Any]) -> Provenance:
    items = raw.get("readings", ())
    choices = tuple(
        Reading(r["value"], r["text"], dict(r.get("only_with", {})))
        for r in items
        if isinstance(r, dict)
    )
    texts = tuple(r["text"] if isinstance(r, dict) else r for r in items)
    return Provenance(
        kind=raw["provenance"],
        citation=_citation(raw.get("citation")),
        reason=raw.get("reason"),
        readings=texts,
        note=raw.get("note"),
        choices=choices,
    )


def _check_readings(file: str, where: str, param: Parameter, options: Mapping[str, Option]) -> None:
    """An ambiguous parameter offers each reading as a value a run can play: every reading
    names its value, the values differ, the profile's value is one of them, and a reading's
    ``only_with`` names real option values."""
    prov = param.provenance
    if prov.kind != "ambiguous":
        if prov.choices:
            raise ProfileError(file, f"{where}.readings", "only an ambiguous entry has readings")
        return
    if len(prov.choices) != len(prov.readings):
        raise ProfileError(
            file,
            f"{where}.readings",
            "each reading of an ambiguous parameter must be {value: ..., text: ...}, so that a "
            "run can play it (--reading PARAM=VALUE)",
        )
    labels = [r.label for r in prov.choices]
    allowed = _schema()["$defs"]["values"].get(param.name, True)
    for i, reading in enumerate(prov.choices):
        if not jsonschema.Draft202012Validator(allowed).is_valid(reading.value):
            raise ProfileError(
                file,
                f"{where}.readings.{i}.value",
                f"{reading.label!r} is not a value {param.name!r} can take ({json.dumps(allowed)})",
            )
    if len(set(labels)) != len(labels):
        raise ProfileError(
            file, f"{where}.readings", f"two readings give the same value ({labels})"
        )
    if param.option is None and param.value not in [r.value for r in prov.choices]:
        raise ProfileError(
            file,
            f"{where}.value",
            f"the profile's value {reading_label(param.value)!r} is not one of its readings "
            f"({', '.join(labels)})",
        )
    for i, reading in enumerate(prov.choices):
        for key, value in reading.only_with.items():
            if key not in options or value not in options[key].values:
                raise ProfileError(
                    file,
                    f"{where}.readings.{i}.only_with",
                    f"{key}={value} is not an option value of this profile",
                )


def _build_profile(file: Path, data: dict[str, Any]) -> Profile:
    name = file.name
    pid: str = data["id"]
    if pid != file.stem:
        raise ProfileError(name, "id", f"{pid!r} must match the file name ({file.stem!r})")
    base = _base()

    options: dict[str, Option] = {}
    for key, raw in data["options"].items():
        values = {
            v: OptionValue(v, dict(c["sets"]), _citation(c.get("citation")), c.get("note"))
            for v, c in raw["values"].items()
        }
        if raw["default"] not in values:
            raise ProfileError(
                name,
                f"options.{key}.default",
                f"{raw['default']!r} is not one of the option's values ({', '.join(values)})",
            )
        options[key] = Option(
            key,
            raw["description"],
            Citation(raw["citation"]["section"], raw["citation"]["point"]),
            raw["default"],
            _provenance(raw["default_provenance"]),
            values,
        )

    parameters: dict[str, Parameter] = {}
    for pname in parameter_names():
        raw = data["parameters"][pname]
        where = f"parameters.{pname}"
        prov = _provenance(raw)
        base_value, base_reason = base[pname]
        option_key: str | None = raw.get("option")
        if option_key is not None:
            if "value" in raw:
                raise ProfileError(name, where, "give either 'value' or 'option', not both")
            if option_key not in options:
                raise ProfileError(name, f"{where}.option", f"no option {option_key!r}")
            option = options[option_key]
            missing = [v for v, c in option.values.items() if pname not in c.sets]
            if missing:
                raise ProfileError(
                    name,
                    f"{where}.option",
                    f"option {option_key!r} must set {pname!r} in "
                    f"every value (not set by: {', '.join(missing)})",
                )
            value = option.values[option.default].sets[pname]
        elif "value" in raw:
            value = raw["value"]
        else:  # the schema lets only an assumed entry leave out its value
            value = base_value
        if prov.kind == "assumed" and option_key is None and value != base_value:
            raise ProfileError(
                name,
                f"{where}.value",
                f"an assumed value must be base's value "
                f"({json.dumps(base_value)}); mark it stated or ambiguous to differ",
            )
        parameters[pname] = Parameter(
            pname, value, prov, option_key, base_reason if prov.kind == "assumed" else None
        )
        _check_readings(name, where, parameters[pname], options)

    for key, option in options.items():
        for choice in option.values.values():
            for pname in choice.sets:
                if parameters[pname].option is None:
                    raise ProfileError(
                        name,
                        f"parameters.{pname}",
                        f"set by option {key!r}, so the entry "
                        "must name an option ('option: <key>') instead of a fixed value",
                    )

    clauses: list[Clause] = []
    seen: set[str] = set()
    for i, raw in enumerate(data["clauses"]):
        cid: str = raw["id"]
        if not cid.startswith(pid + "."):
            raise ProfileError(name, f"clauses.{i}.id", f"{cid!r} must start with {pid + '.'!r}")
        if cid in seen:
            raise ProfileError(name, f"clauses.{i}.id", f"duplicate clause id {cid!r}")
        seen.add(cid)
        clauses.append(Clause(cid, raw["text"], _provenance(raw)))

    profile = Profile(
        id=pid,
        title=data["title"],
        description=data.get("description", ""),
        source=dict(data["source"]),
        options=options,
        parameters=parameters,
        clauses=tuple(clauses),
        file=file,
        sentence_map=_sentence_map(name, data.get("sentence_map", ()), seen, parameters, options),
    )
    missing_clauses = [s for s in required_engine_clauses(profile) if f"{pid}.{s}" not in seen]
    if missing_clauses:
        raise ProfileError(
            name,
            "clauses",
            "missing engine clauses that can be raised under this profile: "
            + ", ".join(f"{pid}.{s}" for s in missing_clauses),
        )
    return profile
