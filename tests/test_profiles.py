"""Ruleset profiles: schema, provenance, options, clauses, and every way a profile can be wrong."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from profile_support import profile_error, raw_profile, write_profile

import rulesets
from durak_conformance.profiles import (
    ENGINE_PARAMETERS,
    Profile,
    ProfileError,
    base_parameters,
    check_file,
    list_profiles,
    load_profile,
    parameter_names,
    resolve,
)
from reference_engine.rules import Rules

PROFILES = ["durak-challenge", "ggtables", "howto-durak", "prototype-build10", "videochess"]
SEEDS = {
    "videochess": "000_36fce343d0c38fb2.txt",
    "durak-challenge": "001_49026caea6bbc10a.txt",
    "howto-durak": "002_d717d94c3548ffab.txt",
    "ggtables": "003_6dcc099e5a83ac24.txt",
    "prototype-build10": "004_e9e537387063a59f.txt",
}
SEED_DIR = Path(__file__).resolve().parents[2] / "shared" / "seeds"

COMMON = [
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
]
TRANSFER = ["transfer.rank", "transfer.before-beat", "transfer.before-take", "transfer.capacity"]
# A lobby start with nobody but computers at the table is refused under every profile.
TABLE = ["table.bots"]
# Written out by hand from the shared contract, independently of required_engine_clauses().
ENGINE_CLAUSES = {
    "videochess": [*COMMON, *TRANSFER, *TABLE, "throw-in.order"],
    "durak-challenge": [*COMMON, *TABLE, "throw-in.after-defence", "accept.when"],
    "howto-durak": [*COMMON, *TRANSFER, *TABLE, "limits.first-bout"],
    "ggtables": [*COMMON, *TABLE, "throw-in.order"],
    "prototype-build10": [*COMMON, *TRANSFER, *TABLE, "throw-in.after-defence"],
}
AREAS = [
    "deal",
    "first-attack",
    "attack",
    "defence",
    "throw-in",
    "limits",
    "take",
    "accept",
    "transfer",
    "done",
    "bout",
    "drawing",
    "next-attacker",
    "end",
    "pairs",
    "timers",
    "cheating",
    "table",
    "departures",
    "redeal",
    "epaulettes",
    "play",
    "game",
]
CLAUSE_ID = re.compile(
    r"^([a-z0-9]+(?:-[a-z0-9]+)*)\.(" + "|".join(AREAS) + r")\.[a-z0-9]+(-[a-z0-9]+)*$"
)


def combos(pid: str) -> list[tuple[str, dict[str, str]]]:
    return [(pid, c) for c in load_profile(pid).option_combinations()]


ALL_COMBOS = [pc for pid in PROFILES for pc in combos(pid)]


# --------------------------------------------------------------------------- the bundled files


def test_list_profiles_names_the_five_documents() -> None:
    assert list_profiles() == PROFILES


@pytest.mark.parametrize("pid", PROFILES)
def test_profile_loads_and_matches_its_seed(pid: str) -> None:
    profile = load_profile(pid)
    assert profile.id == pid
    assert profile.source["seed"] == SEEDS[pid]
    assert check_file(rulesets.path(f"{pid}.yaml")) == pid


def test_base_validates_and_covers_every_parameter() -> None:
    assert check_file(rulesets.path("base.yaml")) == "base"
    assert set(base_parameters()) == set(parameter_names())
    assert all(reason for _, reason in base_parameters().values())


def test_engine_parameters_are_exactly_the_rules_fields() -> None:
    fields = [f.name for f in dataclasses.fields(Rules) if f.name not in ("profile", "extra")]
    assert list(ENGINE_PARAMETERS) == fields
    assert set(ENGINE_PARAMETERS) <= set(parameter_names())


def test_schema_lists_the_same_parameters_as_base() -> None:
    schema = json.loads(rulesets.path("schema.json").read_text("utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert set(schema["$defs"]["values"]) == set(base_parameters())


def test_base_defaults_build_rules() -> None:
    params = {"profile": "base", **{k: v for k, (v, _) in base_parameters().items()}}
    assert Rules.from_mapping(params).bout_cap == 6


@pytest.mark.parametrize(("pid", "options"), ALL_COMBOS, ids=lambda x: str(x))
def test_every_option_combination_resolves_and_builds_rules(
    pid: str, options: dict[str, str]
) -> None:
    resolved = resolve(load_profile(pid), options)
    assert resolved.params["profile"] == pid
    assert dict(resolved.options) == options
    assert set(resolved.params) == {"profile", *parameter_names()}
    assert set(resolved.provenance) == set(parameter_names())
    rules = Rules.from_mapping(resolved.params)
    assert rules.profile == pid
    assert rules.to_mapping() == dict(resolved.params)


@pytest.mark.parametrize("pid", PROFILES)
def test_every_parameter_has_complete_provenance(pid: str) -> None:
    for name, param in resolve(load_profile(pid)).provenance.items():
        prov = param.provenance
        if prov.kind == "stated":
            assert prov.citation is not None, name
        elif prov.kind == "assumed":
            # An assumed value is base's (with base's reason), or set by a table option whose
            # values the document does not give (GGTables' clock amounts): then the entry's
            # own reason says so.
            assert prov.reason, name
            if param.via is None:
                assert param.base_reason, name
                assert param.value == base_parameters()[name][0], name
        else:
            assert len(prov.readings) >= 2 and prov.reason, name
            # Ambiguity you can run: every reading names the value it gives.
            assert len(prov.choices) == len(prov.readings), name
            assert param.value in [r.value for r in prov.choices], name


@pytest.mark.parametrize("pid", PROFILES)
def test_option_defaults_have_provenance(pid: str) -> None:
    for option in load_profile(pid).options.values():
        assert option.default in option.values
        prov = option.default_provenance
        assert prov.citation is not None or prov.reason


@pytest.mark.parametrize(
    ("pid", "options", "expected"),
    [
        ("howto-durak", {}, {"deck_size": 36, "min_seats": 2, "max_seats": 6, "transfer": False}),
        ("howto-durak", {"deck": "24"}, {"deck_size": 24, "min_seats": 2, "max_seats": 4}),
        ("howto-durak", {"deck": "52", "teams": "pairs"}, {"deck_size": 52, "min_seats": 4}),
        ("howto-durak", {"mode": "passing"}, {"transfer": True, "transferrer_throws_first": False}),
        ("howto-durak", {"throw_in": "neighbours"}, {"throw_in_scope": "neighbours"}),
        ("howto-durak", {"speed": "fast"}, {"action_seconds": 15, "throw_in_seconds": 5}),
        ("howto-durak", {}, {"opening": "same_rank", "first_bout_cap": 5}),
        ("videochess", {"teams": "pairs"}, {"teams": "pairs", "min_seats": 4, "max_seats": 4}),
        ("videochess", {"rules": "transfer"}, {"transfer": True, "transferrer_throws_first": True}),
        ("videochess", {"cheater": "on"}, {"cheater_mode": True, "catch_check_seconds": 4}),
        (
            "videochess",
            {},
            {"defender_limit": "unbeaten_in_hand", "throw_in_order": "starter_first"},
        ),
        (
            "ggtables",
            {"players": "3"},
            {"min_seats": 3, "max_seats": 3, "throw_in_order": "rounds"},
        ),
        ("ggtables", {}, {"transfer": False, "out_timing": "bout_end", "chess_clock": True}),
        ("durak-challenge", {}, {"accept_after_defence": True, "throw_in_timing": "after_defence"}),
        ("durak-challenge", {}, {"first_attack_fallback": "human", "redeal_min_same_suit": 5}),
        ("prototype-build10", {"table": "debug"}, {"max_seats": 5, "max_bots": 4}),
        ("prototype-build10", {"mode": "transfer"}, {"transfer_rank": "every_attack_card"}),
        ("prototype-build10", {}, {"take_ends_bout": True, "first_attack_fallback": "first_seat"}),
    ],
)
def test_options_set_the_documented_parameters(
    pid: str, options: dict[str, str], expected: dict[str, Any]
) -> None:
    params = resolve(load_profile(pid), options).params
    assert {k: params[k] for k in expected} == expected


def test_option_provenance_names_the_choice() -> None:
    resolved = resolve(load_profile("howto-durak"), {"deck": "24"})
    assert resolved.provenance["max_seats"].via == "deck=24"
    assert resolved.provenance["deck_size"].via_citation is not None
    assert resolved.provenance["bout_cap"].via is None


# --------------------------------------------------------------------------- clauses


@pytest.mark.parametrize("pid", PROFILES)
def test_engine_clauses_are_all_defined(pid: str) -> None:
    ids = {c.id for c in load_profile(pid).clauses}
    missing = [s for s in ENGINE_CLAUSES[pid] if f"{pid}.{s}" not in ids]
    assert missing == []


@pytest.mark.parametrize("pid", PROFILES)
def test_clause_ids_are_unique_and_well_formed(pid: str) -> None:
    clauses = load_profile(pid).clauses
    ids = [c.id for c in clauses]
    assert len(ids) == len(set(ids))
    for cid in ids:
        match = CLAUSE_ID.match(cid)
        assert match and match.group(1) == pid, cid
    assert 30 <= len(clauses) <= 60


@pytest.mark.parametrize("pid", PROFILES)
def test_clauses_carry_provenance(pid: str) -> None:
    for clause in load_profile(pid).clauses:
        prov = clause.provenance
        assert clause.text.endswith("."), clause.id
        if prov.kind == "stated":
            assert prov.citation is not None, clause.id
        elif prov.kind == "assumed":
            assert prov.reason, clause.id
        else:
            assert len(prov.readings) >= 2, clause.id


def _texts(profile: Profile) -> list[str]:
    out: list[str] = []
    for clause in profile.clauses:
        out.append(clause.text)
        if clause.provenance.citation:
            out.append(clause.provenance.citation.point)
    for param in profile.parameters.values():
        if param.provenance.citation:
            out.append(param.provenance.citation.point)
        out.extend(filter(None, [param.provenance.reason, *param.provenance.readings]))
    for entry in profile.sentence_map:  # the second reading names sentences, never quotes
        out.extend(filter(None, [entry.gist, entry.reason]))
    return out


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not SEED_DIR.is_dir(), reason="the rule documents are not next to the repo")
@pytest.mark.parametrize("pid", PROFILES)
def test_citations_name_real_sections_and_do_not_copy_sentences(pid: str) -> None:
    seed = (SEED_DIR / SEEDS[pid]).read_text("utf-8")
    headings = {line.strip() for line in seed.splitlines()}
    profile = load_profile(pid)
    cited = [c.provenance.citation for c in profile.clauses] + [
        p.provenance.citation for p in profile.parameters.values()
    ]
    cited += [o.citation for o in profile.options.values()]
    for citation in filter(None, cited):
        assert citation.section in headings, citation
    source = " ".join(_words(seed))
    for text in _texts(profile):
        words = _words(text)
        for i in range(len(words) - 7):
            window = " ".join(words[i : i + 8])
            assert f" {window} " not in f" {source} ", f"copied from the document: {text!r}"


# --------------------------------------------------------------------------- broken profiles


def test_malformed_yaml_names_the_line(tmp_path: Path) -> None:
    file = tmp_path / "videochess.yaml"
    file.write_text("id: videochess\ntitle: [unclosed\nsource: {}\n", "utf-8")
    message = profile_error(file)
    assert message.startswith("videochess.yaml: line ")
    assert "malformed YAML" in message


def test_duplicate_key_names_the_line(tmp_path: Path) -> None:
    file = tmp_path / "videochess.yaml"
    file.write_text("id: videochess\ntitle: a\ntitle: b\n", "utf-8")
    assert profile_error(file).startswith("videochess.yaml: line 3, column 1: malformed YAML")


def test_unquoted_boolean_key_is_refused(tmp_path: Path) -> None:
    text = rulesets.path("videochess.yaml").read_text("utf-8").replace('"off": {sets', "off: {sets")
    file = tmp_path / "videochess.yaml"
    file.write_text(text, "utf-8")
    assert "is not a string" in profile_error(file)


def test_schema_violation_names_the_key_path(tmp_path: Path) -> None:
    data = raw_profile()
    data["parameters"]["bout_cap"]["value"] = "six"
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.bout_cap.value: ")
    assert "integer" in message


def test_bad_enum_value_lists_the_allowed_values(tmp_path: Path) -> None:
    data = raw_profile()
    data["parameters"]["deal"]["value"] = "shuffled"
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.deal.value: expected one of")
    assert '"packets"' in message


def test_unknown_parameter_is_named_with_a_suggestion(tmp_path: Path) -> None:
    data = raw_profile()
    data["parameters"]["bout_kap"] = {"value": 6, "provenance": "assumed", "reason": "typo"}
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.bout_kap: unknown parameter")
    assert "'bout_cap'" in message


def test_unknown_parameter_in_an_option_is_named(tmp_path: Path) -> None:
    data = raw_profile()
    data["options"]["rules"]["values"]["transfer"]["sets"]["transfers"] = True
    message = profile_error(write_profile(tmp_path, data))
    assert "options.rules.values.transfer.sets.transfers: unknown parameter" in message


def test_missing_parameter_is_named(tmp_path: Path) -> None:
    data = raw_profile()
    del data["parameters"]["bout_cap"]
    assert (
        profile_error(write_profile(tmp_path, data))
        == "videochess.yaml: parameters: missing 'bout_cap'"
    )


def test_missing_provenance_is_named(tmp_path: Path) -> None:
    data = raw_profile()
    del data["parameters"]["bout_cap"]["provenance"]
    message = profile_error(write_profile(tmp_path, data))
    assert message == "videochess.yaml: parameters.bout_cap: missing 'provenance'"


def test_stated_without_citation(tmp_path: Path) -> None:
    data = raw_profile()
    del data["parameters"]["bout_cap"]["citation"]
    message = profile_error(write_profile(tmp_path, data))
    assert message == "videochess.yaml: parameters.bout_cap: missing 'citation'"


def test_stated_clause_without_citation(tmp_path: Path) -> None:
    data = raw_profile()
    del data["clauses"][0]["citation"]
    assert (
        profile_error(write_profile(tmp_path, data))
        == "videochess.yaml: clauses.0: missing 'citation'"
    )


def test_ambiguous_without_readings(tmp_path: Path) -> None:
    data = raw_profile()
    del data["parameters"]["out_timing"]["readings"]
    message = profile_error(write_profile(tmp_path, data))
    assert message == "videochess.yaml: parameters.out_timing: missing 'readings'"


def test_assumed_without_reason(tmp_path: Path) -> None:
    data = raw_profile()
    del data["parameters"]["first_bout_cap"]["reason"]
    message = profile_error(write_profile(tmp_path, data))
    assert message == "videochess.yaml: parameters.first_bout_cap: missing 'reason'"


def test_stated_without_a_value_is_refused(tmp_path: Path) -> None:
    data = raw_profile()
    del data["parameters"]["bout_cap"]["value"]
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.bout_cap: missing 'value' (or 'option')")


def test_assumed_value_must_equal_base(tmp_path: Path) -> None:
    data = raw_profile()
    data["parameters"]["first_bout_cap"]["value"] = 4
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.first_bout_cap.value: an assumed value")


def test_option_governed_parameter_must_be_set_by_every_value(tmp_path: Path) -> None:
    data = raw_profile()
    del data["options"]["teams"]["values"]["solo"]["sets"]["min_seats"]
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.min_seats.option: ")
    assert "solo" in message


def test_parameter_set_by_an_option_must_say_so(tmp_path: Path) -> None:
    data = raw_profile()
    data["options"]["cheater"]["values"]["on"]["sets"]["action_seconds"] = 20
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: parameters.action_seconds: set by option 'cheater'")


def test_option_default_must_be_a_value(tmp_path: Path) -> None:
    data = raw_profile()
    data["options"]["cheater"]["default"] = "maybe"
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: options.cheater.default: 'maybe'")


def test_missing_engine_clause_is_named(tmp_path: Path) -> None:
    data = raw_profile()
    data["clauses"] = [c for c in data["clauses"] if c["id"] != "videochess.limits.six"]
    data.pop("sentence_map", None)  # its entries name the clause; that is a second error
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: clauses: missing engine clauses")
    assert "videochess.limits.six" in message


def test_duplicate_clause_id(tmp_path: Path) -> None:
    data = raw_profile()
    data["clauses"].append(dict(data["clauses"][0]))
    n = len(data["clauses"]) - 1
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith(f"videochess.yaml: clauses.{n}.id: duplicate clause id")


def test_clause_id_must_carry_the_profile_prefix(tmp_path: Path) -> None:
    data = raw_profile()
    data["clauses"][0]["id"] = "ggtables.table.seats"
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: clauses.0.id: 'ggtables.table.seats' must start")


def test_clause_id_with_unknown_area(tmp_path: Path) -> None:
    data = raw_profile()
    data["clauses"][0]["id"] = "videochess.lobby.seats"
    message = profile_error(write_profile(tmp_path, data))
    assert message.startswith("videochess.yaml: clauses.0.id: 'videochess.lobby.seats' is not well")


def test_id_must_match_the_file_name(tmp_path: Path) -> None:
    message = profile_error(write_profile(tmp_path, raw_profile(), name="other.yaml"))
    assert message == "other.yaml: id: 'videochess' must match the file name ('other')"


def test_unknown_profile_id() -> None:
    with pytest.raises(ProfileError, match=r"^chess: unknown profile \(known: durak-challenge"):
        load_profile("chess")


def test_base_is_not_a_playable_profile() -> None:
    with pytest.raises(ProfileError, match="not a profile id"):
        load_profile("base")


def test_unreadable_file(tmp_path: Path) -> None:
    assert "cannot read the file" in profile_error(tmp_path / "missing.yaml")


def test_unknown_option() -> None:
    with pytest.raises(ProfileError) as info:
        resolve(load_profile("videochess"), {"speed": "fast"})
    assert str(info.value) == (
        "videochess.yaml: options: unknown option 'speed' for profile 'videochess' "
        "(its options: rules, teams, cheater)"
    )


def test_bad_option_value() -> None:
    with pytest.raises(ProfileError) as info:
        resolve(load_profile("howto-durak"), {"deck": "30"})
    assert str(info.value) == (
        "howto-durak.yaml: options.deck: '30' is not a value of option 'deck' "
        "(expected one of: 24, 36, 52)"
    )


def test_a_failed_load_leaves_nothing_behind(tmp_path: Path) -> None:
    data = raw_profile()
    data["parameters"]["bout_cap"]["value"] = 0
    profile_error(write_profile(tmp_path, data))
    assert resolve(load_profile("videochess")).params["bout_cap"] == 6


def test_readings_are_selected_and_recorded() -> None:
    profile = load_profile("videochess")
    resolved = resolve(profile, {"rules": "transfer"}, {"first_to_draw": "starter"})
    assert resolved.params["first_to_draw"] == "starter"
    assert resolved.readings == {"first_to_draw": "starter"}
    assert resolved.provenance["first_to_draw"].to_dict()["reading"] == "starter"
    default = resolve(profile, {"rules": "transfer"})
    assert default.params["first_to_draw"] == "attacker"
    assert default.readings == {}


def test_a_reading_limited_to_other_options_leaves_the_value() -> None:
    profile = load_profile("prototype-build10")
    transfer = resolve(profile, {"mode": "transfer"}, {"throw_in_timing": "any_time"})
    throw_in = resolve(profile, {"mode": "throw_in"}, {"throw_in_timing": "any_time"})
    assert transfer.params["throw_in_timing"] == "any_time"
    assert throw_in.params["throw_in_timing"] == "after_defence"
    assert throw_in.readings == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("first_to_draw", "expected PARAM=VALUE"),
        ("done_resets=false", "not marked ambiguous in profile 'videochess'"),
        (
            "first_to_draw=sideways",
            "not a reading of 'first_to_draw' (its readings: attacker, starter)",
        ),
    ],
)
def test_a_bad_reading_is_named(text: str, message: str) -> None:
    from durak_conformance.profiles import parse_reading

    with pytest.raises(ProfileError, match=re.escape(message)):
        parse_reading(load_profile("videochess"), text)


def test_an_ambiguous_parameter_must_offer_playable_readings(tmp_path: Path) -> None:
    text = rulesets.path("videochess.yaml").read_text("utf-8")
    broken = text.replace(
        '      - {value: starter, text: "the attacker who draws first',
        '      - {value: sideways, text: "the attacker who draws first',
    )
    assert broken != text
    file = tmp_path / "videochess.yaml"
    file.write_text(broken, "utf-8")
    with pytest.raises(ProfileError, match="first_to_draw"):
        load_profile(file)
    strings = text.replace(
        '      - {value: starter, text: "the attacker who draws first is the player who '
        'started the bout, whoever transferred since"}',
        '      - "the attacker who draws first is the player who started the bout"',
    )
    assert strings != text
    file.write_text(strings, "utf-8")
    with pytest.raises(ProfileError, match="each reading of an ambiguous parameter"):
        load_profile(file)
