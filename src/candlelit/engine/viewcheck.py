"""Whether a view matches the type its game declares: TypedDict keys exactly, values typed.

Paths name what they check: `view.seats[2].hand` in a mismatch's message; in the paths of
optional keys met or declared, a list's or tuple's item is `[]` and a dict's value `{}`.
"""

from __future__ import annotations

import types
import typing
from functools import cache
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

_UNIONS = (typing.Union, types.UnionType)


@cache
def _fields(typed: Any) -> tuple[dict[str, Any], frozenset[str]]:
    """The TypedDict `typed`'s keys with their bare types, and its required keys.

    A key written `Required[...]` / `NotRequired[...]` counts as such even where Python 3.11
    took it for required because the annotation was a string (`from __future__ import
    annotations` on a class-form TypedDict)."""
    required = set(typed.__required_keys__)
    fields: dict[str, Any] = {}
    for key, hint in get_type_hints(typed, include_extras=True).items():
        while get_origin(hint) in (Required, NotRequired, Annotated):
            if get_origin(hint) is Required:
                required.add(key)
            elif get_origin(hint) is NotRequired:
                required.discard(key)
            hint = get_args(hint)[0]
        fields[key] = hint
    return fields, frozenset(required)


def check_view_type(view: object, declared: Any, where: str = "view") -> set[str]:
    """Assert that `view` is of type `declared` (AssertionError naming the first mismatch's
    path); return the paths of the optional TypedDict keys it holds."""
    met: set[str] = set()
    _check(view, declared, where, where, met)
    return met


def optional_paths(declared: Any, where: str = "view") -> set[str]:
    """The paths of every optional TypedDict key the type `declared` holds, nested ones too."""
    out: set[str] = set()
    _declare(declared, where, out, ())
    return out


def _declare(hint: Any, path: str, out: set[str], inside: tuple[Any, ...]) -> None:
    """Add to `out` the optional-key paths under type `hint` at `path`."""
    origin, args = get_origin(hint), get_args(hint)
    if is_typeddict(hint):
        if hint in inside:
            return
        fields, required = _fields(hint)
        for key, inner in fields.items():
            if key not in required:
                out.add(f"{path}.{key}")
            _declare(inner, f"{path}.{key}", out, (*inside, hint))
    elif origin in _UNIONS:
        for arg in args:
            _declare(arg, path, out, inside)
    elif origin in (list, tuple):
        for arg in args:
            if arg is not Ellipsis:
                _declare(arg, f"{path}[]", out, inside)
    elif origin is dict:
        _declare(args[1], f"{path}{{}}", out, inside)


def _check(value: Any, hint: Any, where: str, path: str, met: set[str]) -> None:
    """Assert that `value` is of type `hint`; add to `met` the optional-key paths it holds."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any or hint is object:
        return
    if is_typeddict(hint):
        _check_typeddict(value, hint, where, path, met)
    elif origin in _UNIONS:
        _check_union(value, args, where, path, met)
    elif origin is Literal:
        assert any(type(value) is type(a) and value == a for a in args), \
            f"{where}: {value!r} is not one of {args}"
    elif origin is list:
        assert type(value) is list, f"{where}: {value!r} is not a list"
        for i, item in enumerate(value):
            _check(item, args[0], f"{where}[{i}]", f"{path}[]", met)
    elif origin is tuple:
        assert type(value) is tuple, f"{where}: {value!r} is not a tuple"
        kinds = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        assert len(kinds) == len(value), f"{where}: {len(value)} items, not {len(kinds)}"
        for i, (item, kind) in enumerate(zip(value, kinds, strict=True)):
            _check(item, kind, f"{where}[{i}]", f"{path}[]", met)
    elif origin is dict:
        assert type(value) is dict, f"{where}: {value!r} is not a dict"
        for key, item in value.items():
            _check(key, args[0], f"{where} key {key!r}", path, met)
            _check(item, args[1], f"{where}[{key!r}]", f"{path}{{}}", met)
    elif origin is not None:
        raise TypeError(f"{where}: cannot check a value against {hint!r}")
    elif hint is None or hint is type(None):
        assert value is None, f"{where}: {value!r} is not None"
    elif hint is float:
        assert type(value) in (int, float), f"{where}: {value!r} is not a float"
    elif isinstance(hint, type):
        exact = hint in (int, bool, str, list, dict, tuple)
        assert type(value) is hint if exact else isinstance(value, hint), \
            f"{where}: {value!r} is not {hint.__name__}"
    else:
        raise TypeError(f"{where}: cannot check a value against {hint!r}")


def _check_typeddict(value: Any, typed: Any, where: str, path: str, met: set[str]) -> None:
    """Assert that `value` has every required key of `typed`, no undeclared key, typed values."""
    assert type(value) is dict, f"{where}: {value!r} is not a dict ({typed.__name__})"
    fields, required = _fields(typed)
    missing, extra = required - value.keys(), value.keys() - fields.keys()
    assert not missing, f"{where}: {typed.__name__} keys missing: {sorted(missing)}"
    assert not extra, f"{where}: keys {typed.__name__} does not declare: {sorted(extra)}"
    for key, item in value.items():
        if key not in required:
            met.add(f"{path}.{key}")
        _check(item, fields[key], f"{where}.{key}", f"{path}.{key}", met)


def _check_union(value: Any, options: tuple[Any, ...], where: str, path: str,
                 met: set[str]) -> None:
    """Assert that `value` is of one of the types `options` (the first that fits counts)."""
    if value is None:
        assert type(None) in options or None in options, f"{where}: None is not allowed"
        return
    kinds = [o for o in options if o is not type(None) and o is not None]
    if len(kinds) == 1:
        _check(value, kinds[0], where, path, met)
        return
    for kind in kinds:
        found: set[str] = set()
        try:
            _check(value, kind, where, path, found)
        except AssertionError:
            continue
        met |= found
        return
    raise AssertionError(f"{where}: {value!r} is none of {options}")
