"""``durak-conformance site``: build (or serve) the documentation site from the data.

``site [--reports DIR ...] [--output DIR] [--serve] [--config mkdocs.yml] [--no-strict]``
runs MkDocs on the project's ``mkdocs.yml`` (the checkout's, or the copy an installed wheel
carries, so it works from any folder); its hook turns the rulesets, the features and every
JSON report in the reports folders into the rules matrix, profile pages, catalogue and
conformance matrix.  Without --reports it reads the published reports (the project's
``reports/``) and then, when it exists, ``./conformance-reports/`` (where ``run`` writes by
default): a local report replaces a published one of the same file name.  The build is
strict by default: a report that cannot be read, a feature that does not parse or a tag
naming no clause stops it (exit 2) with the problem named.

Exit codes: 0 built (or the server stopped), 2 no ``mkdocs.yml``, a bad folder, or a build
problem.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any

import durak_conformance
from durak_conformance.reports.naming import LOCAL_REPORTS
from durak_conformance.site import REPORTS_ENV

EXIT_OK = 0
EXIT_USAGE = 2


def register(subparsers: Any) -> None:
    """Add the ``site`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "site",
        help="build the documentation site with the matrices from the reports",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
    )
    parser.add_argument(
        "--reports",
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of JSON run reports (repeatable; a later folder's report replaces an "
        "earlier one of the same name); default: the published reports, then "
        f"./{LOCAL_REPORTS}/ if it exists",
    )
    parser.add_argument(
        "--output", "-o", default="site", metavar="DIR", help="where to build (default: site)"
    )
    parser.add_argument(
        "--serve", action="store_true", help="serve with live reload instead of building"
    )
    parser.add_argument(
        "--dev-addr",
        default="127.0.0.1:8000",
        metavar="HOST:PORT",
        help="address for --serve (default: 127.0.0.1:8000)",
    )
    parser.add_argument(
        "--config",
        default=None,
        metavar="FILE",
        help="mkdocs.yml to use (default: the project's own)",
    )
    parser.add_argument(
        "--no-strict", action="store_true", help="publish even when the build has warnings"
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="show MkDocs' progress")
    parser.set_defaults(func=run)


BUNDLED_PROJECT = Path(durak_conformance.__file__).resolve().parent / "site" / "project"
"""Where a wheel carries ``mkdocs.yml``, ``docs/`` and the published reports (see setup.py)."""


def find_config(given: str | None) -> Path | None:
    """The ``mkdocs.yml`` to build: the one given, else the checkout's (an editable install
    or a run from the source tree), else the copy a wheel carries.

    The current folder is not searched: an engine's repository may have an ``mkdocs.yml`` of
    its own, which is not ours to build.
    """
    if given is not None:
        path = Path(given)
        return path if path.is_file() else None
    for candidate in (
        Path(durak_conformance.__file__).resolve().parent.parent / "mkdocs.yml",
        BUNDLED_PROJECT / "mkdocs.yml",
    ):
        if candidate.is_file():
            return candidate
    return None


def _error(message: str) -> int:
    print(f"durak-conformance site: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    """Build or serve the site; returns the exit code."""
    config = find_config(args.config)
    if config is None:
        where = args.config or "the current folder or the durak-conformance checkout"
        return _error(
            f"no mkdocs.yml in {where}: the site is built from a checkout of durak-conformance"
        )
    folders: list[Path] = []
    for given in args.reports:
        folder = Path(given).resolve()
        if folder.exists() and not folder.is_dir():
            return _error(f"--reports {given}: not a folder")
        if not folder.exists():
            return _error(f"--reports {given}: no such folder")
        folders.append(folder)
    if not args.reports:
        folders.append(config.parent / "reports")
        if LOCAL_REPORTS.is_dir():
            folders.append(LOCAL_REPORTS.resolve())
    os.environ[REPORTS_ENV] = os.pathsep.join(str(folder) for folder in folders)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    mkdocs_log = logging.getLogger("mkdocs")
    mkdocs_log.addHandler(handler)
    mkdocs_log.setLevel(logging.INFO if args.verbose else logging.WARNING)

    from mkdocs.exceptions import Abort, ConfigurationError

    try:
        if args.serve:
            from mkdocs.commands.serve import serve

            print(
                f"serving the site at http://{args.dev_addr}/ (reports from "
                f"{', '.join(map(str, folders))}); Ctrl-C stops",
                flush=True,
            )
            serve(
                config_file=str(config),
                dev_addr=args.dev_addr,
                strict=not args.no_strict,
            )
            return EXIT_OK
        from mkdocs.commands.build import build
        from mkdocs.config import load_config

        output = Path(args.output).resolve()
        build(load_config(str(config), site_dir=str(output), strict=not args.no_strict))
    except (Abort, ConfigurationError) as exc:
        return _error(f"site not built: {exc}")
    finally:
        mkdocs_log.removeHandler(handler)
    shown = ", ".join(str(folder) for folder in folders)
    print(f"site built in {output} (reports from {shown}); open {output / 'index.html'}")
    return EXIT_OK
