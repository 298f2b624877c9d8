"""Sub-commands of the ``durak-conformance`` command line, one module each.

Each module exposes ``register(subparsers)`` which adds its parser and sets ``func`` to a
callable taking the parsed namespace and returning the exit code.
"""

from __future__ import annotations

COMMAND_MODULES: tuple[str, ...] = (
    "rules",
    "play",
    "serve",
    "smoke",
    "run",
    "adapters",
    "diff",
    "site",
    "fuzz",
    "mutants",
    "derive",
)
