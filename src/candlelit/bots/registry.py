"""Bots by name: 'random' for every game, plus the bots each game's manifest names."""

from __future__ import annotations

from candlelit.bots.base import Bot, BotFactory
from candlelit.bots.random_bot import RandomBot
from candlelit.engine.errors import OptionError
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import get

_GENERIC: dict[str, BotFactory] = {"random": RandomBot}


def bot_names(game: str) -> list[str]:
    """Bots that can play `game`."""
    return sorted([*_GENERIC, *get(game).bots])


def default_bot(game: str) -> str:
    """The bot offered first for `game` (its strongest)."""
    return get(game).default_bot


def make_bot(name: str, game: str, seat: int, seed: int) -> Bot:
    """A bot called `name` for `seat` of `game`, seeded with `seed`."""
    factory = _GENERIC.get(name)
    if factory is None:
        target = get(game).bots.get(name)
        if target is None:
            raise OptionError.worded("error.bot.unknown", value=name, game=game,
                                     bots=bot_names(game))
        factory = resolve(target)
    return factory(game, seat, seed)
