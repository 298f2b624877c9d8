"""YAML files (profiles, expectations) read within the limits of :mod:`durak_conformance.limits`.

Safe YAML still lets a small file cost a lot: an *alias bomb* (a list of aliases of a list
of aliases ...) is a few hundred bytes that stand for billions of values, and nesting
20,000 deep overflows the recursive composer.  :func:`compose` reads a file's node graph
with a composer that stops past :data:`~durak_conformance.limits.FILE_DEPTH` levels, then
counts its values with aliases expanded (each shared node once, so counting is cheap) and
stops past :data:`~durak_conformance.limits.YAML_NODES`.  Only then is anything built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import yaml

from durak_conformance.limits import FILE_DEPTH, YAML_BYTES, YAML_NODES


class YamlLimitError(ValueError):
    """A YAML file beyond a limit; ``mark`` says where, when known."""

    def __init__(self, message: str, mark: yaml.Mark | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark

    @property
    def where(self) -> str:
        """``line L, column C`` (empty when unknown)."""
        if self.mark is None:
            return ""
        return f"line {self.mark.line + 1}, column {self.mark.column + 1}"


class _DepthBound:
    """A composer that refuses nesting deeper than ``FILE_DEPTH``."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        self._depth += 1
        try:
            if self._depth > FILE_DEPTH:
                event = self.peek_event()  # type: ignore[attr-defined]
                raise YamlLimitError(
                    f"nested deeper than {FILE_DEPTH} levels", getattr(event, "start_mark", None)
                )
            return super().compose_node(parent, index)  # type: ignore[misc,no-any-return]
        finally:
            self._depth -= 1


def _safe_loader_base() -> type[yaml.SafeLoader]:
    """PyYAML's safe loading with libyaml's parser when PyYAML has it (it scans and parses
    about six times faster); the composing stays in Python, where its depth is bounded
    (libyaml's own composer is recursive C code that nothing could bound)."""
    try:
        from yaml._yaml import CParser
    except ImportError:  # pragma: no cover - PyYAML built without libyaml
        return yaml.SafeLoader

    class LibyamlSafeLoader(
        yaml.composer.Composer,
        CParser,
        yaml.constructor.SafeConstructor,
        yaml.resolver.Resolver,
    ):
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            yaml.constructor.SafeConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            yaml.composer.Composer.__init__(self)

    return cast(type[yaml.SafeLoader], LibyamlSafeLoader)


if TYPE_CHECKING:
    _SafeLoaderBase = yaml.SafeLoader
else:
    _SafeLoaderBase = _safe_loader_base()


class BoundedLoader(_DepthBound, _SafeLoaderBase):
    """Safe YAML whose composer refuses nesting deeper than ``FILE_DEPTH``."""


def expanded_size(node: yaml.Node, limit: int = YAML_NODES) -> int:
    """How many values ``node`` stands for with every alias expanded, up to ``limit``.

    Raises :class:`YamlLimitError` past ``limit`` or for a recursive alias.  Each distinct
    node is visited once (sizes are remembered), so a bomb is measured in microseconds.
    """
    sizes: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(node, False)]
    while stack:
        current, done = stack.pop()
        key = id(current)
        children = _children(current)
        if done:
            on_path.discard(key)
            total = 1 + sum(sizes[id(c)] for c in children)
            if total > limit:
                raise YamlLimitError(
                    f"holds more than {limit:,} values once its aliases are expanded "
                    "(an alias bomb?)",
                    current.start_mark,
                )
            sizes[key] = total
            continue
        if key in sizes:
            continue
        if key in on_path:
            raise YamlLimitError("an alias refers to a value that contains it", current.start_mark)
        on_path.add(key)
        stack.append((current, True))
        stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(node)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def check_size(text: str | int) -> None:
    """Refuse a file (its text, or its size in bytes) over ``YAML_BYTES``."""
    size = text if isinstance(text, int) else len(text.encode("utf-8", "surrogatepass"))
    if size > YAML_BYTES:
        raise YamlLimitError(f"{size:,} bytes, over the {YAML_BYTES:,}-byte limit of a YAML file")


def compose(text: str, loader: type[BoundedLoader] = BoundedLoader) -> tuple[Any, BoundedLoader]:
    """The node graph of the single document in ``text`` (None when empty), checked, and the
    loader that composed it (to construct from, then ``dispose()``).

    Raises :class:`YamlLimitError` or PyYAML's own errors for malformed YAML.
    """
    check_size(text)
    reader = loader(text)
    try:
        node = reader.get_single_node()
    except RecursionError:  # pragma: no cover - the depth check comes first
        reader.dispose()
        raise YamlLimitError(f"nested deeper than {FILE_DEPTH} levels") from None
    except yaml.MarkedYAMLError as exc:
        reader.dispose()
        # libyaml's scanner reads ahead and stops at its own limit (1,000 flow levels)
        # before our composer reaches FILE_DEPTH: the same refusal, said the same way.
        if "maximum nesting depth" in str(exc.problem or ""):
            raise YamlLimitError(
                f"nested deeper than {FILE_DEPTH} levels", exc.problem_mark
            ) from None
        raise
    except BaseException:
        reader.dispose()
        raise
    if node is not None:
        expanded_size(node)
    return node, reader
