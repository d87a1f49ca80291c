"""What the lobby says about each game: players, typical length, and the human names of
its variants."""

from __future__ import annotations

from dataclasses import dataclass

from candlelit.engine.registry import GameSpec, games
from candlelit.i18n import t_or

DECISIONS_PER_SEAT = {"anima": 50, "divinare": 65, "fatal-frame": 75, "nevermore": 73,
                      "shadow-hunters": 37, "wickwatch": 10}
"""Median decisions (turns with a real choice) per seat in a 4-player game, each seat played
by the game's strongest bot; measured by `bench/lobby_lengths.py --games 12` (seeds 0-11)."""
SECONDS_PER_DECISION = 15
"""The pace assumed for a person at a table, to turn decisions into minutes."""


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


def game_card(spec: GameSpec) -> GameCard:
    """The lobby's card of one game."""
    return GameCard(spec.name, spec.min_players, spec.max_players,
                    DECISIONS_PER_SEAT.get(spec.name, 0))


def game_cards() -> list[GameCard]:
    """The lobby's card of every installed game, in the registry's order."""
    return [game_card(spec) for spec in games()]


def variant_name(game: str, variant: str, lang: str) -> str:
    """A variant's human name (`<game>.variant.<id>.name`), else its id."""
    return t_or(f"{game}.variant.{variant}.name", lang, variant)


def variant_help(game: str, variant: str, lang: str) -> str:
    """A variant's one-line explanation (`<game>.variant.<id>.help`), else nothing."""
    return t_or(f"{game}.variant.{variant}.help", lang, "")


def about(game: str, lang: str) -> str:
    """A game's one-sentence description for the lobby (`lobby.about.<game>`), else nothing."""
    return t_or(f"lobby.about.{game}", lang, "")
