"""The game registry: one manifest (`GameSpec`) per installed game, found through the
`candlelit.games` entry-point group and looked up by the name used everywhere.

Everything outside a game's package learns about the game from its manifest only. The
plug-in pieces are lazy references (`"module:attribute"` strings, or a module name), so
reading the registry never imports terminal, browser or bot code; `resolve` loads one."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from candlelit.engine.errors import CandlelitError, OptionError, RecordError, UnknownGame
from candlelit.engine.options import Option, Variant, resolve_options
from candlelit.engine.plugins import game_entry_points
from candlelit.engine.state import State, stored_slots


@dataclass(frozen=True)
class GameSpec:
    """A game's manifest: what the engine, bots, terminal, browser and CLI need to know."""

    name: str
    """The game's name in the API, CLI and URLs (also its entry point's name)."""
    title: str
    min_players: int
    max_players: int
    rules_version: str
    options: tuple[Option, ...]
    variants: tuple[Variant, ...]
    new_state: Callable[[int, int, dict[str, Any]], State]
    state_class: type[State]
    package: str = ""
    """The game's import package, holding `i18n/<lang>.yaml`, `rulebook/<lang>.md` and
    `web/{board,cards}.html`, `web/style.css` (default: the state class's package)."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Bot name → `"module:Class"`, called `Class(game, seat, seed)`; "random" is always there."""
    default_bot: str = "random"
    """The bot offered first (the strongest heuristic; ISMCTS rolls out with it)."""
    usual_players: int = 4
    """The player count tools default to (the ladder's table size)."""
    hard_bot: str = "ismcts"
    """The bot of the `hard` level: an ISMCTS budget (`ismcts:<N>`) measured to decide
    within a second on a 4-player game."""
    slow_bots: frozenset[str] = frozenset()
    """The game's own bots (names in `bots`) that take long to decide, as searches do: the
    server asks them in its bot processes (the ISMCTS names and `hard` always go there)."""
    evaluate: str | None = None
    """`"module:function"`: function(state) → one value in [0, 1] per seat for a game cut
    off before its end (ISMCTS's depth cut-off), or None where it cannot tell."""
    rollout: str | None = None
    """`"module:function"`: function(world, seat, legal, rng) → one of `legal`: ISMCTS's
    fast rollout policy, reading the fields of a world the searching seat drew itself
    (None: the heuristic bot plays the rollouts through seat observations)."""
    cards_reader: str | None = None
    """`"module:function"`: function(path) → validated data for the game's card-file option."""
    cards_option: str = "cards"
    """The option a card file given with `--cards FILE` fills."""
    characters_reader: str | None = None
    """`"module:function"`: function(paths) → the `characters` option holding those files."""
    catalogue: str | None = None
    """`"module:function"`: function() → the data of the game's cards page."""
    terminal: str | None = None
    """Module with any of `render_view(view, lang, who)`, `render_status(view, lang)`,
    `render_cards(lang, path)` (Rich renderables)."""
    formatter: str | None = None
    """`"module:function"`: function(name, value, lang) → the game's own message arguments
    rendered (None: not one of its kinds)."""
    template_context: str | None = None
    """`"module:function"`: function(view) → extra names for `web/board.html`."""
    commands: str | None = None
    """`"module:function"`: function(app) adds the game's own commands to the `candlelit` CLI."""
    balance: str | None = None
    """Module with `run_balance`, `plot` and `markdown`: the game's balance lab (`run_balance`
    takes `tables=`, a `candlelit.sim.parquet.GameTables`, for `balance --out`)."""
    view_type: str | None = None
    """`"module:TypedDict"`: the type every `view(seat)` and `view(None)` returns."""
    follow_up: str | None = None
    """`"module:function"`: function(state, seat, action) → whether the browser may be shown
    the seat's next decision after `action` before it is sent (an opt-in: only when that
    decision is the same seat's and computing it reveals nothing hidden)."""

    @property
    def player_counts(self) -> range:
        """Every supported player count."""
        return range(self.min_players, self.max_players + 1)

    @property
    def home(self) -> str:
        """The game's import package (`package`, else the state class's package)."""
        return self.package or self.state_class.__module__.rpartition(".")[0]

    def resource(self, *parts: str) -> Traversable:
        """A file shipped in the game's package (it may not exist)."""
        node = resources.files(self.home)
        for part in parts:
            node = node / part
        return node


_GAMES: dict[str, GameSpec] = {}


def _ensure_loaded() -> None:
    if _GAMES:
        return
    found = game_entry_points()
    if not found:
        raise CandlelitError("no games are installed (install candlelit: pip install -e .)")
    for name, entry in found.items():
        try:
            spec = entry.load()
        except Exception as exc:  # a broken plug-in must not take the other games down
            warnings.warn(f"game {name!r} ({entry.value}) cannot be loaded: "
                          f"{type(exc).__name__}: {exc}", stacklevel=2)
            continue
        if not isinstance(spec, GameSpec) or spec.name != name:
            warnings.warn(f"entry point {name!r} ({entry.value}) is not the GameSpec of a "
                          f"game called {name!r}; left out", stacklevel=2)
            continue
        _GAMES[name] = spec


def games() -> list[GameSpec]:
    """Every installed game, by name."""
    _ensure_loaded()
    return [_GAMES[name] for name in sorted(_GAMES)]


def get(name: str) -> GameSpec:
    """The spec of game `name`, or UnknownGame listing the known names."""
    _ensure_loaded()
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownGame.worded("error.game.unknown", value=name,
                                 games=sorted(_GAMES)) from None


def load(name: str, players: int, seed: int = 0,
         options: Mapping[str, Any] | None = None, variant: str | None = None) -> State:
    """A new game of `name` for `players` seats, its chance seeded with `seed`."""
    spec = get(name)
    if type(players) is not int or players not in spec.player_counts:
        raise OptionError.worded("error.game.players", game=name, low=spec.min_players,
                                 high=spec.max_players, value=players)
    if type(seed) is not int or seed < 0:
        raise OptionError.worded("error.game.seed", value=seed)
    resolved = resolve_options(spec.options, spec.variants, variant, options, spec.name)
    return spec.new_state(players, seed, resolved)


def deserialize(text: str) -> State:
    """Restore a state from `State.serialize()` output."""
    try:
        doc = json.loads(text)
        data = doc["state"]
        spec = get(data["game"])
        missing = [n for n in stored_slots(spec.state_class) if n not in data]
        if doc.get("format") != "candlelit-state/1" or missing:
            raise RecordError(f"not a candlelit state (missing {missing})")
        return spec.state_class.from_snapshot(data)
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RecordError | UnknownGame):
            raise
        raise RecordError(f"not a candlelit state: {exc}") from exc
