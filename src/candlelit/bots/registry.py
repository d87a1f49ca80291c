"""Bots by name: 'random' and the ISMCTS search for every game, the levels easy / normal /
hard, plus the bots each game's manifest names.

Parameterised names: `ismcts:<N>` searches N iterations per decision, `ismcts:<T>s` T
seconds, either followed by `:epsilon=<x>` (random rollout moves), `:depth=<n>` or
`:prior=<n>` (see `ismcts.Settings`).
The levels: `easy` is the game's heuristic (manifest `default_bot`) with 30 % random moves,
`normal` the heuristic, `hard` the manifest's `hard_bot` (an ISMCTS budget measured to
decide within a second on a 4-player game)."""

from __future__ import annotations

from candlelit.bots.base import Bot, BotFactory
from candlelit.bots.ismcts import ISMCTSBot, parse_budget
from candlelit.bots.noisy import NoisyBot
from candlelit.bots.random_bot import RandomBot
from candlelit.engine.errors import OptionError
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import get
from candlelit.engine.rng import derive_seed

_GENERIC: dict[str, BotFactory] = {"random": RandomBot, "ismcts": ISMCTSBot}
LEVELS = ("easy", "normal", "hard")
"""Named strengths every game offers, weakest first."""
EASY_NOISE = 0.3
"""Share of random moves of the `easy` level."""
SEARCHES = frozenset({"ismcts"})
"""Generic bots that search (at any budget, `ismcts:…` included): slow to decide."""


def bot_names(game: str) -> list[str]:
    """Bots that can play `game` (parameterised `ismcts:…` names are accepted besides)."""
    return sorted([*_GENERIC, *get(game).bots, *LEVELS])


def default_bot(game: str) -> str:
    """The bot offered first for `game` (its strongest heuristic)."""
    return get(game).default_bot


def is_slow(name: str, game: str) -> bool:
    """Whether the bot `name` of `game` takes long to decide: a search (`ismcts`, any
    `ismcts:…`, `hard` when the game's hard bot searches) or one of the manifest's
    `slow_bots`."""
    spec = get(game)
    if name == "hard":
        name = spec.hard_bot
    return name.partition(":")[0] in SEARCHES or name in spec.slow_bots


def make_bot(name: str, game: str, seat: int, seed: int) -> Bot:
    """A bot called `name` for `seat` of `game`, seeded with `seed`."""
    spec = get(game)
    if name == "normal":
        return _named(spec.default_bot, game, seat, seed)
    if name == "easy":
        inner = _named(spec.default_bot, game, seat, seed)
        return NoisyBot(inner, EASY_NOISE, derive_seed("easy", seed), "easy")
    if name == "hard":
        bot = make_bot(spec.hard_bot, game, seat, seed)
        bot.name = "hard"
        return bot
    if name.startswith("ismcts:"):
        try:
            settings = parse_budget(name.partition(":")[2])
        except ValueError as exc:
            raise OptionError(f"bad bot name {name!r}: ismcts:<iterations> or "
                              f"ismcts:<seconds>s, then :epsilon=<x>, :depth=<n> or :prior=<n> "
                              f"({exc})") from None
        return ISMCTSBot(game, seat, seed, settings, name)
    return _named(name, game, seat, seed)


def _named(name: str, game: str, seat: int, seed: int) -> Bot:
    """A generic bot or one of the game's own, by plain name."""
    factory = _GENERIC.get(name)
    if factory is None:
        target = get(game).bots.get(name)
        if target is None:
            raise OptionError.worded("error.bot.unknown", value=name, game=game,
                                     bots=bot_names(game))
        factory = resolve(target)
    return factory(game, seat, seed)
