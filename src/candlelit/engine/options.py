"""Game options and named variants: declared per game, validated with clear errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from candlelit.engine.errors import OptionError


@dataclass(frozen=True)
class Option:
    """One named option: its default, allowed choices (or a validator) and a help text."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    validate: Callable[[Any], Any] | None = None
    formerly: str | None = None
    """The option's earlier name, still accepted (records made under it keep verifying)."""

    def check(self, value: Any) -> Any:
        """Return the normalised value, or raise OptionError naming the option."""
        if self.choices is not None and value not in self.choices:
            raise OptionError.worded("error.option.not_one_of", option=self.name, value=value,
                                     choices=self.choices)
        if self.validate is not None:
            try:
                return self.validate(value)
            except OptionError:
                raise
            except (TypeError, ValueError) as exc:
                raise OptionError.worded("error.option.refused", option=self.name,
                                         why=exc) from exc
        return value


def true_or_false(value: Any) -> bool:
    """An option validator: a real boolean (not 'yes', not 1)."""
    if type(value) is not bool:
        raise ValueError(f"true or false, not {value!r}")
    return value


def whole_number(low: int, high: int, none_means: str | None = None,
                 ) -> Callable[[Any], int | None]:
    """An option validator: an int in [low, high], or None when `none_means` says what None
    stands for."""
    def check(value: Any) -> int | None:
        if value is None and none_means is not None:
            return None
        if type(value) is not int or not low <= value <= high:
            alternative = f"None ({none_means}) or " if none_means is not None else ""
            raise ValueError(f"{alternative}a whole number from {low} to {high}, not {value!r}")
        return value
    return check


@dataclass(frozen=True)
class Variant:
    """A named preset of option values."""

    name: str
    help: str
    options: Mapping[str, Any] = field(default_factory=dict)


def resolve_options(
    declared: tuple[Option, ...],
    variants: tuple[Variant, ...],
    variant: str | None,
    overrides: Mapping[str, Any] | None,
    game: str = "",
) -> dict[str, Any]:
    """Defaults, then the variant's values, then explicit overrides; all validated (errors
    name `game`'s variants by their catalog names where the reader's language has them)."""
    by_name = {o.name: o for o in declared}
    values: dict[str, Any] = {o.name: o.default for o in declared}
    if variant is not None:
        known = {v.name: v for v in variants}
        if variant not in known:
            raise OptionError.worded("error.variant.unknown" if known else
                                     "error.variant.unknown_none", game=game, value=variant,
                                     variants=sorted(known))
        values.update(known[variant].options)
    former = {o.formerly: o.name for o in declared if o.formerly is not None}
    given = dict(overrides or {})
    for old, new in former.items():
        if old in given:
            if new in given:
                raise OptionError.worded("error.option.twice", option=new, former=old)
            given[new] = given.pop(old)
    for name, value in given.items():
        if name not in by_name:
            raise OptionError.worded("error.option.unknown" if by_name else
                                     "error.option.unknown_none", value=name,
                                     options=sorted(by_name))
        values[name] = value
    return {name: by_name[name].check(value) for name, value in values.items()}


def former_names(declared: tuple[Option, ...], used: Mapping[str, Any]) -> dict[str, str]:
    """Current name -> former name of each renamed option that `used` names the old way."""
    return {o.name: o.formerly for o in declared
            if o.formerly is not None and o.formerly in used}
