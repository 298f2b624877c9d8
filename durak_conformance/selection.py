"""What a run's selection (``--durak-profile``, ``--durak-id``, ``--durak-tag``) keeps.

:meth:`Selection.keeps` decides for one scenario; the plugin applies it to every collected
item.  :meth:`Selection.may_reach` decides for a whole feature file before it is parsed:
pytest-bdd parses every file it is given before a single scenario runs (about a second for
the whole suite, in every run and every worker), and a targeted run needs only the files that
hold a scenario it keeps.

``may_reach`` is a plain text scan that errs on the side of keeping a file: it is False only
when no scenario of the file can be kept, so a run plays the same scenarios with or without
it (tests/test_selection.py checks this against the real collection).
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

_TAG = re.compile(r"(?<!\S)@(\S+)")
_ID = re.compile(r"(?<!\S)@id:(\S+)")
_SCENARIO = re.compile(
    r"^[ \t]*(?:Scenario Outline|Scenario Template|Scenario|Example):", re.MULTILINE
)
_PROFILE_COLUMN = re.compile(r"^[ \t]*\|(?:[^|\n]*\|)*[ \t]*profile[ \t]*\|", re.MULTILINE)


@dataclass(frozen=True)
class Selection:
    """Profiles, id patterns and tag patterns (``fnmatch``, tags without ``@``); an empty
    field selects everything."""

    profiles: Sequence[str] = ()
    ids: Sequence[str] = ()
    tags: Sequence[str] = ()

    def __bool__(self) -> bool:
        return bool(self.profiles or self.ids or self.tags)

    def keeps(self, profile: str | None, ids: Sequence[str], tags: Sequence[str]) -> bool:
        """Whether a scenario is kept: its profile (None when it has none, as a comparison
        without a profile column), its ``@id`` values and its selectable tags (without
        ``@``)."""
        if self.profiles and profile is not None and profile not in self.profiles:
            return False
        if self.tags and not _any_match(tags, self.tags):
            return False
        return not self.ids or _any_match(ids, self.ids)

    def may_reach(self, text: str) -> bool:
        """Whether the feature file ``text`` may hold a scenario :meth:`keeps` keeps."""
        scenario_ids = _ID.findall(text)
        if self.ids and not _any_match(scenario_ids, self.ids):
            return False  # a scenario is kept only by an id it carries
        if self.tags and not _any_match(_TAG.findall(text), self.tags):
            return False  # every selectable tag of a scenario is written in its file
        if self.profiles:
            # A scenario without an id has no profile, and an outline with a profile column
            # one per row: keep the file.  Otherwise each id's prefix is its profile.
            if len(_SCENARIO.findall(text)) > len(scenario_ids) or _PROFILE_COLUMN.search(text):
                return True
            return any(
                i.startswith("compare.") or i.split(".", 1)[0] in self.profiles
                for i in scenario_ids
            )
        return True

    def feature_files(self, root: Path) -> list[Path]:
        """The ``*.feature`` files under ``root`` the selection may reach, sorted (all of
        them when nothing is selected)."""
        files = sorted(root.rglob("*.feature"))
        if not self:
            return files
        return [f for f in files if self.may_reach(f.read_text("utf-8", errors="replace"))]


def _any_match(values: Sequence[str], patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(v, p) for v in values for p in patterns)
