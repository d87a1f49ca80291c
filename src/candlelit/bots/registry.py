"""Bots by name: 'random' for every game, plus each game's own heuristic bots."""

from __future__ import annotations

import importlib

from candlelit.bots.base import Bot, BotFactory
from candlelit.bots.random_bot import RandomBot
from candlelit.engine.errors import OptionError

_GENERIC: dict[str, BotFactory] = {"random": RandomBot}
_PER_GAME: dict[str, dict[str, str]] = {
    "divinare": {"expectation": "candlelit.games.divinare.bot:ExpectationBot"},
    "nevermore": {"heuristic": "candlelit.games.nevermore.bot:HeuristicBot"},
    "fatal-frame": {"heuristic": "candlelit.games.fatal_frame.bot:HeuristicBot"},
    "shadow-hunters": {"heuristic": "candlelit.games.shadow_hunters.bot:HeuristicBot"},
    "anima": {"heuristic": "candlelit.games.anima.bot:HeuristicBot"},
}


def bot_names(game: str) -> list[str]:
    """Bots that can play `game`."""
    return sorted([*_GENERIC, *_PER_GAME.get(game, {})])


def make_bot(name: str, game: str, seat: int, seed: int) -> Bot:
    """A bot called `name` for `seat` of `game`, seeded with `seed`."""
    factory = _GENERIC.get(name)
    if factory is None:
        target = _PER_GAME.get(game, {}).get(name)
        if target is None:
            raise OptionError(f"unknown bot {name!r} for {game} "
                              f"(known bots: {', '.join(bot_names(game))})")
        module, attr = target.split(":")
        factory = getattr(importlib.import_module(module), attr)
    return factory(game, seat, seed)
