"""The game registry: one GameSpec per game, looked up by the name used everywhere."""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from candlelit.engine.errors import OptionError, RecordError, UnknownGame
from candlelit.engine.options import Option, Variant, resolve_options
from candlelit.engine.state import State, _slot_names


@dataclass(frozen=True)
class GameSpec:
    """What the engine knows about a game before a state exists."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: tuple[Option, ...]
    variants: tuple[Variant, ...]
    new_state: Callable[[int, int, dict[str, Any]], State]
    state_class: type[State]

    @property
    def player_counts(self) -> range:
        """Every supported player count."""
        return range(self.min_players, self.max_players + 1)


_GAMES: dict[str, GameSpec] = {}
_MODULES = ("candlelit.games.divinare", "candlelit.games.nevermore", "candlelit.games.fatal_frame",
            "candlelit.games.shadow_hunters", "candlelit.games.anima")


def register(spec: GameSpec) -> GameSpec:
    """Add `spec` to the registry (called by each game package on import)."""
    _GAMES[spec.name] = spec
    return spec


def _ensure_loaded() -> None:
    for module in _MODULES:
        importlib.import_module(module)


def games() -> list[GameSpec]:
    """Every registered game, by name."""
    _ensure_loaded()
    return [_GAMES[name] for name in sorted(_GAMES)]


def get(name: str) -> GameSpec:
    """The spec of game `name`, or UnknownGame listing the known names."""
    _ensure_loaded()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"unknown game {name!r} (known games: {known})") from None


def load(name: str, players: int, seed: int = 0,
         options: Mapping[str, Any] | None = None, variant: str | None = None) -> State:
    """A new game of `name` for `players` seats, its chance seeded with `seed`."""
    spec = get(name)
    if type(players) is not int or players not in spec.player_counts:
        raise OptionError(
            f"{name} is played by {spec.min_players} to {spec.max_players} players, "
            f"not {players!r}")
    if type(seed) is not int or seed < 0:
        raise OptionError(f"the seed must be a non-negative integer, not {seed!r}")
    resolved = resolve_options(spec.options, spec.variants, variant, options)
    return spec.new_state(players, seed, resolved)


def deserialize(text: str) -> State:
    """Restore a state from `State.serialize()` output."""
    try:
        doc = json.loads(text)
        data = doc["state"]
        spec = get(data["game"])
        missing = [n for n in _slot_names(spec.state_class)
                   if n not in data and n not in spec.state_class.derived_slots]
        if doc.get("format") != "candlelit-state/1" or missing:
            raise RecordError(f"not a candlelit state (missing {missing})")
        return spec.state_class.from_snapshot(data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RecordError | UnknownGame):
            raise
        raise RecordError(f"not a candlelit state: {exc}") from exc
