"""Finding an adapter: by name, or by the command line of an engine program.

Names come from the entry-point group ``durak_conformance.adapters`` (a Python package adds
its own adapter by declaring one) and from the built-ins below, which work even when the
project is not installed.  An entry point names a factory: a callable taking
:class:`AdapterOptions` and returning an :class:`~adapters.base.Adapter`.

Any other engine is used through its command line (``--engine -- COMMAND ...``) with the
stdio adapter.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import cast

from adapters.base import Adapter
from adapters.stdio import ReplyChecker, StdioAdapter, reference_stdio_command

ENTRY_POINT_GROUP = "durak_conformance.adapters"


@dataclass(frozen=True)
class AdapterOptions:
    """Settings a factory may use (the in-process adapters ignore the stdio ones).

    ``checker`` checks replies against the protocol schemas (None switches checking off).
    """

    checker: ReplyChecker | None = None
    timeout: float = 10.0
    start_timeout: float = 30.0
    stderr_lines: int = 50


AdapterFactory = Callable[[AdapterOptions], Adapter]


def reference(options: AdapterOptions) -> Adapter:
    """The reference engine in process."""
    from adapters.reference import ReferenceAdapter

    return ReferenceAdapter()


def reference_stdio(options: AdapterOptions) -> Adapter:
    """The reference engine over stdio (``python -m durak_conformance serve``)."""
    return from_command(reference_stdio_command(), options, name="reference-stdio")


MUTANT_PREFIX = "mutant:"
"""``mutant:NAME`` names a mutant of the reference engine in process (see
:mod:`adapters.mutants`)."""


def mutant(name: str) -> AdapterFactory:
    """The factory of the in-process adapter for the mutant ``name``."""
    from adapters.mutants import MutantAdapter, UnknownMutant, get

    try:
        chosen = get(name)
    except UnknownMutant as exc:
        raise UnknownAdapter(str(exc)) from None
    return lambda options: MutantAdapter(chosen)


BUILTINS: dict[str, str] = {
    "reference": "adapters.registry:reference",
    "reference-stdio": "adapters.registry:reference_stdio",
}


class UnknownAdapter(LookupError):
    """No adapter of that name; the message lists the known ones."""


def available() -> dict[str, str]:
    """Adapter name -> ``module:attribute`` of its factory (entry points win over built-ins)."""
    found = dict(BUILTINS)
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        found[entry.name] = entry.value
    return dict(sorted(found.items()))


def factory(name: str) -> AdapterFactory:
    """The factory registered under ``name`` (or of the mutant ``mutant:NAME``)."""
    if name.startswith(MUTANT_PREFIX):
        return mutant(name[len(MUTANT_PREFIX) :])
    known = available()
    if name not in known:
        raise UnknownAdapter(
            f"no adapter named {name!r}; known adapters: {', '.join(known)} "
            "(or mutant:NAME, or give an engine command line after --)"
        )
    module_name, _, attribute = known[name].partition(":")
    target: object = importlib.import_module(module_name)
    for part in attribute.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise UnknownAdapter(f"adapter {name!r} points to {known[name]}, which is not callable")
    return cast(AdapterFactory, target)


def create(name: str, options: AdapterOptions | None = None) -> Adapter:
    """The adapter registered under ``name``."""
    return factory(name)(options or AdapterOptions())


def from_command(
    command: Sequence[str], options: AdapterOptions | None = None, *, name: str | None = None
) -> StdioAdapter:
    """A stdio adapter for the engine program ``command``."""
    opts = options or AdapterOptions()
    return StdioAdapter(
        command,
        checker=opts.checker,
        timeout=opts.timeout,
        start_timeout=opts.start_timeout,
        stderr_lines=opts.stderr_lines,
        name=name,
    )


def open_adapter(
    name: str | None = None,
    command: Sequence[str] | None = None,
    options: AdapterOptions | None = None,
) -> Adapter:
    """An adapter by ``name`` or by engine ``command`` (exactly one of them)."""
    if (name is None) == (not command):
        raise ValueError("give an adapter name or an engine command line, not both or neither")
    if command:
        return from_command(command, options)
    assert name is not None
    return create(name, options)
