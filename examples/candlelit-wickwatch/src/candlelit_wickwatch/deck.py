"""Wickwatch's components: the candle box (heights 1-10, four of each) and the spirit deck.

The spirit deck comes from data/spirits.yaml, or from a player's file in the same format
(the `spirits` option); either is validated once and reduced to ids and values.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from candlelit.engine.datafiles import built_once, shipped_yaml, user_yaml
from candlelit.engine.errors import DataError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

TALLEST = 10
"""Candle heights run from 1 to TALLEST."""
COPIES = 4
"""How many candles of each height the box holds."""
BOX_SIZE = TALLEST * COPIES
MIN_SPIRITS, MAX_SPIRITS = 4, 12
"""A spirit deck holds this many cards (a player's file included)."""


class SpiritCard(BaseModel):
    """One spirit: kindly ones are worth points (value > 0), restless ones cost them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)
    value: int = Field(ge=-9, le=9)
    source: tuple[str, ...] = ()
    confidence: Literal["high", "medium", "low", "invented"] = "invented"

    @model_validator(mode="after")
    def _not_zero(self) -> SpiritCard:
        if self.value == 0:
            raise ValueError(f"spirit {self.id!r} is worth 0: a spirit is kindly or restless")
        return self


class SpiritDeck(BaseModel):
    """A spirit deck file: its cards (unique ids) and optional meta (sources by key)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    meta: dict[str, Any] = Field(default_factory=dict)
    spirits: tuple[SpiritCard, ...] = Field(min_length=MIN_SPIRITS, max_length=MAX_SPIRITS)

    @model_validator(mode="after")
    def _unique_ids(self) -> SpiritDeck:
        ids = [s.id for s in self.spirits]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"spirit ids appear twice: {', '.join(twice)}")
        return self


def _parse(data: Any, where: str) -> SpiritDeck:
    try:
        return SpiritDeck.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        place = ".".join(str(p) for p in first["loc"])
        raise DataError(f"{where}: {place}: {first['msg']}") from None


def builtin_data() -> dict[str, Any]:
    """The shipped spirits.yaml as parsed YAML (with its meta and provenance)."""
    return shipped_yaml("candlelit_wickwatch", "spirits.yaml")


@cache
def builtin_deck() -> SpiritDeck:
    """The shipped spirit deck, validated (once: shipped data never changes)."""
    return _parse(builtin_data(), "data/spirits.yaml")


def read_spirits_file(path: str | Path) -> dict[str, Any]:
    """A player's spirit deck file, validated: the value of the `spirits` option (DataError)."""
    data = user_yaml(path, "spirit deck file")
    _parse(data, str(path))
    return data


def check_spirits_option(value: Any) -> dict[str, Any] | None:
    """The `spirits` option: None (the shipped deck) or a deck in spirits.yaml's format."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("None or a spirit deck (a mapping in spirits.yaml's format)")
    deck_for(value)
    return value


def deck_for(option: dict[str, Any] | None) -> SpiritDeck:
    """The spirit deck the `spirits` option names (validated once per distinct content)."""
    if option is None:
        return builtin_deck()
    return built_once("wickwatch-spirits", option, lambda data: _parse(data, "option spirits"))
