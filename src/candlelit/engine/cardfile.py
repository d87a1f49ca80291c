"""Card files read strictly: size cap, UTF-8, YAML without anchors, and `file:line` errors.

The same reader serves the data a game ships and the files users bring. A `Source` keeps
the YAML node tree so a problem found later (by a model or a game's own checks) can name
the line of the key it is about; every error is one line, raised as `DataError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import yaml

from candlelit.engine.errors import DataError

USER_LIMIT = 1_000_000
"""Largest user file read, in bytes (the biggest shipped file is under 70 kB)."""
MAX_DEPTH = 40
"""Deepest nesting of mappings and lists a card file may use."""
MAX_NODES = 50_000
"""Most values (mappings, lists, keys and scalars) a card file may hold: ten times the
largest shipped file, so a file that is small in bytes but huge in values fails fast."""

Loc = Sequence[str | int]
"""A path into card data: mapping keys and list indices, outermost first."""


class Failure(Protocol):
    """Makes the error about one entry of card data: `fail(problem, *keys below it)`."""

    def __call__(self, problem: str, *key: str | int) -> DataError:
        """The one-line error naming the entry's (or its `key`'s) line and path."""
        ...


@dataclass(frozen=True)
class Source:
    """Where card data came from: a name for errors and, when read from YAML, its node tree."""

    name: str
    root: yaml.Node | None = None

    def line(self, loc: Loc) -> int | None:
        """The 1-based line of the deepest key or entry of `loc` in the file (None: no file)."""
        node = self.root
        if node is None:
            return None
        line = node.start_mark.line
        for part in loc:
            if isinstance(node, yaml.MappingNode):
                found = next(((k, v) for k, v in node.value
                              if isinstance(k, yaml.ScalarNode) and k.value == str(part)), None)
                if found is None:
                    break
                line, node = found[0].start_mark.line, found[1]
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) \
                    and 0 <= part < len(node.value):
                node = node.value[part]
                line = node.start_mark.line
            else:
                break
        return line + 1

    def error(self, loc: Loc, problem: str) -> DataError:
        """The one-line error `name:line: dotted.path: problem` (line and path when known)."""
        line = self.line(loc)
        where = self.name if line is None else f"{self.name}:{line}"
        path = dotted(loc)
        return DataError(" ".join(f"{where}: {path + ': ' if path else ''}{problem}".split()))

    def entry(self, loc: Loc, label: str = "") -> Failure:
        """Errors about the entry at `loc`, each problem led by `label` (e.g. the card id)."""
        lead = f"{label}: " if label else ""

        def fail(problem: str, *key: str | int) -> DataError:
            return self.error((*loc, *key), lead + problem)
        return fail


def dotted(loc: Loc) -> str:
    """`loc` written as a reader finds it: `magick[3].power`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out


def as_source(origin: str | Source) -> Source:
    """`origin` as a Source (a plain name has no file lines)."""
    return origin if isinstance(origin, Source) else Source(origin)


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader refusing anchors, aliases, deep nesting, too many values and
    repeated keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = self.nodes = 0

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        """Scan `[` or `{`; nesting past MAX_DEPTH is refused before the scanner slows."""
        if self.flow_level >= MAX_DEPTH:
            raise yaml.MarkedYAMLError(problem=f"nested more than {MAX_DEPTH} levels deep",
                                       problem_mark=self.get_mark())
        super().fetch_flow_collection_start(token_class)

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        """Compose one node; anchors and aliases (`&x`, `*x`), deep nesting and too many values
        are refused."""
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise yaml.MarkedYAMLError(problem="anchors and aliases (& and *) are not allowed "
                                       "in card files", problem_mark=event.start_mark)
        self.depth += 1
        self.nodes += 1
        if self.depth > MAX_DEPTH:
            raise yaml.MarkedYAMLError(problem=f"nested more than {MAX_DEPTH} levels deep",
                                       problem_mark=event.start_mark)
        if self.nodes > MAX_NODES:
            raise yaml.MarkedYAMLError(problem=f"more than {MAX_NODES:,} values (keys, "
                                       f"entries and texts)", problem_mark=event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        """A mapping's value; a key given twice is refused (YAML would keep the last)."""
        seen: set[tuple[str, str]] = set()
        for key, _ in node.value:
            if isinstance(key, yaml.ScalarNode):
                if (key.tag, key.value) in seen:
                    raise yaml.MarkedYAMLError(problem=f"key {key.value!r} is given twice",
                                               problem_mark=key.start_mark)
                seen.add((key.tag, key.value))
        return super().construct_mapping(node, deep)


def parse_text(text: str, name: str, what: str) -> tuple[dict[str, Any], Source]:
    """YAML `text` (a mapping) and its Source; DataError `name:line: problem` otherwise."""
    loader: _Loader | None = None
    try:
        loader = _Loader(text)
        root = loader.get_single_node()
        data = None if root is None else loader.construct_document(root)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise DataError(" ".join(f"{name}{line}: {exc.problem or exc.context}".split())) \
            from None
    except yaml.reader.ReaderError as exc:
        raise DataError(f"{name}: character U+{exc.character:04X} at offset {exc.position} is not "
                        f"allowed in YAML") from None
    except (yaml.YAMLError, ValueError, RecursionError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise DataError(f"{name}: not readable YAML ({first[:120]})") from None
    finally:
        if loader is not None:
            loader.dispose()
    source = Source(name, root)
    if not isinstance(data, dict):
        raise source.error((), f"a {what} is a YAML mapping (key: value lines)")
    return data, source


def decode(raw: bytes, name: str) -> str:
    """`raw` as UTF-8 text; a one-line DataError naming the first bad byte otherwise."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{name}: not UTF-8 text (byte offset {exc.start}); save the file "
                        f"as UTF-8") from None


def read_user(path: str | Path, what: str) -> tuple[dict[str, Any], Source]:
    """A user's `what` file (at most USER_LIMIT bytes of UTF-8 YAML mapping) and its Source."""
    p = Path(path)
    try:
        with p.open("rb") as handle:
            raw = handle.read(USER_LIMIT + 1)
    except OSError as exc:
        raise DataError(f"{p}: cannot read {what} ({exc.strerror or exc})") from None
    if len(raw) > USER_LIMIT:
        raise DataError(f"{p}: a {what} may hold at most {USER_LIMIT:,} bytes; this one is "
                        f"larger")
    return parse_text(decode(raw, str(p)), str(p), what)


@cache
def read_shipped(package: str, name: str) -> tuple[dict[str, Any], Source]:
    """`package`'s data/`name` and its Source (cached: shipped data never changes; read it,
    never change it)."""
    raw = (resources.files(package) / "data" / name).read_bytes()
    origin = f"built-in {package.rsplit('.', 1)[-1]}/data/{name}"
    return parse_text(decode(raw, origin), origin, "data file")
