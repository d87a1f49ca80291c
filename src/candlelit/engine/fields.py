"""Declare a game's state fields once, as annotations, and derive the rest from them.

`@state_fields` turns a class's own annotations (ClassVars aside) into its `__slots__` and
compiles a `clone` that copies each field as deep as its type says: `list[list[int]]` is
copied two levels deep, `list[int]` one, anything else (ints, strs, tuples, frozen card
data) is shared. Serialisation already walks the slots (engine/state.py), so a field added
to the declaration is cloned, stored and compared with no other line to write. The clone is
generated source compiled once per class, as fast as one written by hand.
"""

from __future__ import annotations

import inspect
import re
from typing import Any, TypeVar

from candlelit.engine.errors import CandlelitError

C = TypeVar("C", bound=type)

_LIST = re.compile(r"\s*list\[")
_MUTABLE = re.compile(r"\s*(dict|set|bytearray)\b")


def state_fields(cls: C) -> C:
    """Rebuild `cls` with `__slots__` from its own annotations and a generated `clone`
    (which starts from `fresh_copy()`, the engine's own fields)."""
    own = [name for name, kind in inspect.get_annotations(cls).items()
           if not str(kind).startswith("ClassVar")]
    namespace = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    for name in own:
        namespace.pop(name, None)
    namespace["__slots__"] = tuple(own)
    new = type(cls)(cls.__name__, cls.__bases__, namespace)
    new.__qualname__ = cls.__qualname__
    setattr(new, "clone", _compile_clone(new))  # noqa: B010  (mypy cannot see a new method)
    return new


def depth(annotation: str) -> int:
    """How many list levels a field's annotation has (0: shared as it is)."""
    n = 0
    rest = annotation
    while (m := _LIST.match(rest)) is not None:
        n += 1
        rest = rest[m.end():]
    if n == 0 and _MUTABLE.match(annotation):
        raise CandlelitError(f"state field of type {annotation} cannot be cloned: use lists")
    return n


def declared(cls: type) -> dict[str, str]:
    """Every game field of `cls` (not the engine's) and its annotation, base classes first."""
    from candlelit.engine.state import State

    out: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if klass is State or not issubclass(klass, State):
            continue
        for name, kind in inspect.get_annotations(klass).items():
            if name in klass.__dict__.get("__slots__", ()):
                out[name] = str(kind)
    return out


def _copy(expr: str, levels: int) -> str:
    if levels == 0:
        return expr
    if levels == 1:
        return f"{expr}[:]"
    var = f"x{levels}"
    return f"[{_copy(var, levels - 1)} for {var} in {expr}]"


def _compile_clone(cls: type) -> Any:
    lines = ["def clone(self):",
             '    """An independent copy (generated from the declared fields)."""',
             "    c = self.fresh_copy()"]
    for name, kind in declared(cls).items():
        lines.append(f"    c.{name} = {_copy('self.' + name, depth(kind))}")
    lines.append("    return c")
    scope: dict[str, Any] = {}
    exec(compile("\n".join(lines), f"<clone of {cls.__qualname__}>", "exec"), scope)
    clone = scope["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    return clone
