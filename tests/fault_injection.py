"""Run ``durak-conformance`` with an internal error injected, to test what the run keeps.

Usage::

    python tests/fault_injection.py --after N -- run --no-progress ...
    python tests/fault_injection.py --in-junit -- run --no-progress ...

``--after N`` adds a pytest plugin whose ``pytest_runtest_logreport`` raises once N scenario
records have been reported (a bug in a hook, in the middle of the run); ``--in-junit`` makes
the JUnit writer raise (a bug after every scenario was played).  Everything else is the real
command line, so the exit code, the console and the files are what a user would get.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from typing import Any

import pytest

from durak_conformance import cli, runner
from durak_conformance.commands import run as run_command


class RaiseAfter:
    """A plugin that raises in ``pytest_runtest_logreport`` after ``count`` records."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.seen = 0

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if any(key == "durak" for key, _ in report.user_properties) and report.when == "call":
            self.seen += 1
            if self.seen >= self.count:
                raise RuntimeError(f"injected fault after {self.seen} records")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--after", type=int, default=None)
    parser.add_argument("--in-junit", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    # Patched through the modules' namespaces: the command and the runner look these names up
    # when they run.
    commands, runners = vars(run_command), vars(runner)
    real_run = commands["run"]

    def faulty_run(options: runner.RunOptions, console: Any = None) -> runner.RunResult:
        if args.after is not None:
            options = replace(options, plugins=[*options.plugins, RaiseAfter(args.after)])
        result: runner.RunResult = real_run(options, console)
        return result

    commands["run"] = faulty_run
    if args.in_junit:

        def broken_junit(*_: object, **__: object) -> str:
            raise RuntimeError("injected fault in the JUnit writer")

        runners["junit_xml"] = broken_junit
    return cli.main(command)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
