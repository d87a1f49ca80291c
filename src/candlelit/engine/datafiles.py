"""Game data files: the YAML a game ships, and the files users bring in the same format."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import yaml

from candlelit.engine.errors import DataError

T = TypeVar("T")
_BUILT: dict[tuple[str, str], Any] = {}


@cache
def shipped_yaml(package: str, name: str) -> dict[str, Any]:
    """`package`'s data/`name` parsed (a mapping; cached: shipped data never changes)."""
    data = yaml.safe_load((resources.files(package) / "data" / name).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise DataError(f"{package}: data/{name} is not a YAML mapping")
    return data


def user_yaml(path: str | Path, what: str) -> dict[str, Any]:
    """A user's YAML mapping from `path` (`what` names it in errors); DataError if unreadable."""
    p = Path(path)
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataError(f"cannot read {what} {p}: {exc}") from exc
    if not isinstance(raw, dict):
        raise DataError(f"{p}: a {what} is a YAML mapping")
    return dict(raw)


def built_once(kind: str, data: Any, build: Callable[[Any], T]) -> T:
    """`build(data)`, computed once per distinct content of `data` (option data is rebuilt
    for every state otherwise: a user's card file arrives as plain JSON-like data)."""
    key = (kind, json.dumps(data, sort_keys=True, default=str))
    if key not in _BUILT:
        _BUILT[key] = build(data)
    result: T = _BUILT[key]
    return result


def built_so_far(kind: str) -> list[Any]:
    """Everything `built_once` has built for `kind` in this process, newest first."""
    return [v for (k, _), v in reversed(_BUILT.items()) if k == kind]
