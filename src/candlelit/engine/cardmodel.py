"""Card data checked against a game's models: strict fields, no unknown keys, one-line errors.

Games describe their files with `CardModel` subclasses; `validated` turns the first thing
pydantic objects to into `file:line: dotted.path: what is wrong`, in the file's own terms
(key names and YAML kinds, never the models' class names).
"""

from __future__ import annotations

import difflib
import types
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, ValidationError

from candlelit.engine.cardfile import Source, as_source
from candlelit.engine.errors import DataError

M = TypeVar("M", bound=BaseModel)


class CardModel(BaseModel):
    """Base of every card-file model: frozen, strict (true is not 1), unknown keys refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def validated(model: type[M], data: Any, origin: str | Source) -> M:
    """`data` as `model`; DataError naming the first problem's line, key path and nature."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise problem(model, data, as_source(origin), exc) from None


def problem(model: type[BaseModel], data: Any, source: Source,
            exc: ValidationError) -> DataError:
    """The one-line DataError for the first of pydantic's `exc` on `data`, an unknown key
    first (a misspelt key is also a missing one; the misspelling is the news)."""
    errors = exc.errors(include_url=False)
    first = next((e for e in errors if e["type"] == "extra_forbidden"), errors[0])
    kind = first["type"]
    path = _data_path(data, first["loc"], keep_last=kind == "missing")
    return source.error(path, _what(first, model, path) + _entry_id(data, path))


def _entry_id(data: Any, path: list[str | int]) -> str:
    """` (id 'x')` naming the innermost list entry on `path` that has an id, else ''."""
    found, current = "", data
    for part in path:
        if isinstance(current, list) and isinstance(part, int):
            current = current[part]
            if isinstance(current, dict) and isinstance(current.get("id"), str):
                found = f" (id {current['id']!r})"
        elif isinstance(current, dict) and part in current:
            current = current[part]
        else:
            break
    return found


def _data_path(data: Any, loc: tuple[str | int, ...], keep_last: bool) -> list[str | int]:
    """The keys and indices of pydantic's `loc` that exist in `data` (union member tags are
    dropped); its last part is kept regardless when `keep_last` (a missing key)."""
    out: list[str | int] = []
    current = data
    for i, part in enumerate(loc):
        inside = (isinstance(current, dict) and part in current) or (
            isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current))
        if inside:
            current = current[part]
            out.append(part)
        elif keep_last and i == len(loc) - 1:
            out.append(part)
    return out


def _what(error: Any, model: type[BaseModel], path: list[str | int]) -> str:
    """What is wrong, in a card file's terms."""
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    got = f"not {_shown(value)}"
    if kind == "extra_forbidden":
        known = _known_keys(model, path[:-1])
        by_lower = {k.lower(): k for k in known}
        near = difflib.get_close_matches(str(path[-1]).lower(), list(by_lower), n=1)
        hint = f"did you mean {by_lower[near[0]]!r}? " if near else ""
        return f"unknown key ({hint}known: {', '.join(known)})"
    simple = {"missing": "required key is missing",
              "int_type": f"should be a whole number, {got}",
              "int_parsing": f"should be a whole number, {got}",
              "int_from_float": f"should be a whole number, {got}",
              "float_type": f"should be a number, {got}",
              "bool_type": f"should be true or false, {got}",
              "string_type": f"should be text, {got}",
              "list_type": f"should be a list, {got}",
              "tuple_type": f"should be a list, {got}",
              "dict_type": f"should be a mapping (key: value), {got}",
              "model_type": f"should be a mapping (key: value), {got}",
              "model_attributes_type": f"should be a mapping (key: value), {got}",
              "literal_error": f"should be {ctx.get('expected')}, {got}",
              "greater_than_equal": f"should be at least {ctx.get('ge')}, {got}",
              "less_than_equal": f"should be at most {ctx.get('le')}, {got}",
              "greater_than": f"should be more than {ctx.get('gt')}, {got}",
              "less_than": f"should be less than {ctx.get('lt')}, {got}",
              "too_short": f"should have at least {_entries(ctx.get('min_length'))}, "
                           f"not {ctx.get('actual_length')}",
              "too_long": f"should have at most {_entries(ctx.get('max_length'))}, "
                          f"not {ctx.get('actual_length')}"}
    if kind in simple:
        return simple[kind]
    message = str(error["msg"]).removeprefix("Value error, ")
    return f"{message[:1].lower()}{message[1:]}, {got}"


def _entries(count: Any) -> str:
    """`count` entries, in words."""
    return f"{count} entry" if count == 1 else f"{count} entries"


def _shown(value: Any) -> str:
    """A short, one-line picture of a value found in a file."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    if value is None:
        return "empty"
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _known_keys(model: type[BaseModel], path: list[str | int]) -> list[str]:
    """The keys the model found at `path` accepts, in the order it declares them."""
    found: Any = model
    for part in path:
        found = _inner(found, part)
    for candidate in _members(found):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return [f.alias or name for name, f in candidate.model_fields.items()]
    return []


def _inner(annotation: Any, part: str | int) -> Any:
    """The annotation of what `part` selects inside a value annotated `annotation`."""
    for member in _members(annotation):
        if isinstance(member, type) and issubclass(member, BaseModel) and isinstance(part, str):
            for name, field in member.model_fields.items():
                if (field.alias or name) == part:
                    return field.annotation
        origin, args = get_origin(member), get_args(member)
        if origin in (list, tuple) and isinstance(part, int) and args:
            return args[0]
        if origin is dict and len(args) == 2:
            return args[1]
    return None


def _members(annotation: Any) -> list[Any]:
    """The alternatives of a union (or Optional, or Annotated) annotation; itself otherwise."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _members(get_args(annotation)[0])
    if origin in (Union, types.UnionType):
        return [m for arg in get_args(annotation) for m in _members(arg)]
    return [annotation]
