"""What the lobby says about each game: players, typical length, the bot seats get, and
the human names of variants and bots."""

from __future__ import annotations

from dataclasses import dataclass

from candlelit.bots.registry import bot_names
from candlelit.engine.registry import GameSpec, games
from candlelit.i18n import has, t

DECISIONS_PER_SEAT = {"anima": 50, "divinare": 65, "fatal-frame": 75, "nevermore": 73,
                      "shadow-hunters": 37, "wickwatch": 10}
"""Median decisions (turns with a real choice) per seat in a 4-player game, each seat played
by the game's strongest bot; measured by `bench/lobby_lengths.py --games 12` (seeds 0-11)."""
SECONDS_PER_DECISION = 15
"""The pace assumed for a person at a table, to turn decisions into minutes."""
STRONGEST = {"divinare": "expectation"}
"""The strongest bot where a game has several non-random ones."""


@dataclass(frozen=True)
class GameCard:
    """One game as the lobby shows it."""

    name: str
    min_players: int
    max_players: int
    decisions: int
    """Typical decisions per seat (DECISIONS_PER_SEAT), 0 when not measured."""

    @property
    def minutes(self) -> int:
        """Typical length in minutes, rounded to 5 (at least 5); 0 when not measured."""
        if not self.decisions:
            return 0
        return max(5, round(self.decisions * SECONDS_PER_DECISION / 60 / 5) * 5)


def table_bot(game: str) -> str:
    """The bot a lobby table's bot seats get unless told otherwise: the game's strongest.
    Every game's own bot decides in well under a millisecond (p99 below 1 ms in
    `bench/lobby_lengths.py`), so each runs at table pace."""
    own = [name for name in bot_names(game) if name != "random"]
    return STRONGEST.get(game, own[0] if own else "random")


def game_card(spec: GameSpec) -> GameCard:
    """The lobby's card of one game."""
    return GameCard(spec.name, spec.min_players, spec.max_players,
                    DECISIONS_PER_SEAT.get(spec.name, 0))


def game_cards() -> list[GameCard]:
    """The lobby's card of every installed game, in the registry's order."""
    return [game_card(spec) for spec in games()]


def variant_name(game: str, variant: str, lang: str) -> str:
    """A variant's human name (`<game>.variant.<id>.name`), else its id."""
    key = f"{game}.variant.{variant}.name"
    return t(key, lang) if has(key, lang) or has(key) else variant


def variant_help(game: str, variant: str, lang: str) -> str:
    """A variant's one-line explanation (`<game>.variant.<id>.help`), else nothing."""
    key = f"{game}.variant.{variant}.help"
    return t(key, lang) if has(key, lang) or has(key) else ""


def about(game: str, lang: str) -> str:
    """A game's one-sentence description for the lobby (`lobby.about.<game>`), else nothing."""
    key = f"lobby.about.{game}"
    return t(key, lang) if has(key, lang) or has(key) else ""
