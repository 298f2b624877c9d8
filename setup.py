"""Build step of durak-conformance (the metadata is in pyproject.toml).

A wheel must work outside a checkout, so ``build_py`` adds two things to it:

- ``durak_conformance/site/project/``: ``mkdocs.yml``, ``docs/``, the published JSON reports of
  ``reports/`` and every file the docs embed with a ``--8<--`` snippet line (CI templates,
  example code), so ``durak-conformance site`` builds the same site from an installed copy;
- ``durak_conformance/_build_info.json``: the git commit the wheel was built from (with
  ``-dirty`` when tracked files had changed), which reports name as the suite revision.

An editable install reads the checkout itself and gets neither.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLE = Path("durak_conformance", "site", "project")
BUILD_INFO = Path("durak_conformance", "_build_info.json")
SNIPPET = re.compile(r'^\s*-{1,}8<-{1,}\s+"([^"]+)"', re.MULTILINE)


def site_files(root: Path) -> list[Path]:
    """The files (relative to ``root``) the site's build reads besides the packages."""
    files = [Path("mkdocs.yml")]
    docs = root / "docs"
    files += [p.relative_to(root) for p in sorted(docs.rglob("*")) if p.is_file()]
    files += [p.relative_to(root) for p in sorted((root / "reports").glob("*.json"))]
    for page in sorted(docs.rglob("*.md")):
        for target in SNIPPET.findall(page.read_text(encoding="utf-8")):
            files.append(Path(target.split(":", 1)[0]))
    keep = [f for f in dict.fromkeys(files) if "__pycache__" not in f.parts]
    return [f for f in keep if (root / f).is_file()]


def git_revision(root: Path) -> str | None:
    """The checkout's commit, ``-dirty`` when tracked files differ from it; None outside git."""
    if not (root / ".git").exists():
        return None
    try:
        rev = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return (f"{rev}-dirty" if dirty else rev) or None


class BuildWithSite(build_py):
    """``build_py`` that also bundles the site's sources and the build's git revision."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout
        target = Path(self.build_lib)
        bundle = target / BUNDLE
        if bundle.exists():
            shutil.rmtree(bundle)
        for relative in site_files(ROOT):
            destination = bundle / relative
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / relative, destination)
        info = {"revision": git_revision(ROOT)}
        (target / BUILD_INFO).write_text(json.dumps(info) + "\n", encoding="utf-8")


setup(cmdclass={"build_py": BuildWithSite})
