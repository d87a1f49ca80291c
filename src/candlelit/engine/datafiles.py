"""A game's card data as an option: user files read, option values checked, each built once."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar

from candlelit.engine.cardfile import Source, read_user
from candlelit.engine.errors import DataError

T = TypeVar("T")
_BUILT: dict[tuple[str, str], Any] = {}


def built_once(kind: str, data: Any, build: Callable[[Any], T]) -> T:
    """`build(data)`, computed once per distinct content of `data` (option data is rebuilt
    for every state otherwise: a user's card file arrives as plain JSON-like data)."""
    try:
        key = (kind, json.dumps(data, sort_keys=True, default=str))
    except TypeError:  # keys of mixed kinds cannot be sorted
        key = (kind, repr(data))
    if key not in _BUILT:
        _BUILT[key] = build(data)
    result: T = _BUILT[key]
    return result


def built_so_far(kind: str) -> list[Any]:
    """Everything `built_once` has built for `kind` in this process, newest first."""
    return [v for (k, _), v in reversed(_BUILT.items()) if k == kind]


class CardData(Generic[T]):
    """One game's card data option: `build` turns file data into what the rules use."""

    def __init__(self, kind: str, what: str, option: str, builtin: Callable[[], T],
                 build: Callable[[dict[str, Any], Source], T]) -> None:
        self.kind, self.what, self.option = kind, what, option
        self.builtin, self.build = builtin, build

    def read_file(self, path: str | Path) -> dict[str, Any]:
        """A user's file, read strictly and validated; its data for the option."""
        data, source = read_user(path, self.what)
        built_once(self.kind, data, lambda d: self.build(d, source))
        return data

    def chosen(self, option: Any) -> T:
        """What the option chooses (None: the built-in data; a mapping: the user's)."""
        if option is None:
            return self.builtin()
        return built_once(self.kind, option,
                          lambda d: self.build(d, Source(f"{self.option} option")))

    def check(self, value: Any) -> Any:
        """Validator of the option: None, or data in the shipped file's format."""
        if value is not None:
            if not isinstance(value, dict):
                raise DataError(f"the {self.option} option takes {self.what} data (a mapping), "
                                f"or None")
            self.chosen(value)
        return value
