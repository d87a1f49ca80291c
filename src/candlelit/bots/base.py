"""The bot interface: a bot sees one seat's view (and resampled worlds), never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from candlelit.engine.state import State


class SeatObservation:
    """One seat's window on a game: its view, its legal actions and resampled worlds.

    The state itself stays private to this object; bots must only use the methods below.
    """

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.seat = seat

    @property
    def game(self) -> str:
        """The game's registered name."""
        return self.__state.game

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.__state.num_players

    def view(self) -> Mapping[str, Any]:
        """Everything this seat may see (the engine's `view(seat)`; a game's bot narrows it
        to the game's typed view)."""
        return self.__state.view(self.seat)

    def information_state(self) -> str:
        """The engine's information-state string for this seat."""
        return self.__state.information_state_string(self.seat)

    def information_state_key(self) -> Hashable:
        """The engine's compact information-state key for this seat (in-process only)."""
        return self.__state.information_state_key(self.seat)

    def legal_actions(self) -> list[int]:
        """This seat's legal actions now."""
        return self.__state.legal_actions(self.seat)

    def action_to_string(self, action: int, lang: str = "en") -> str:
        """A label for one of this seat's actions."""
        return self.__state.action_to_string(self.seat, action, lang)

    def action_to_struct(self, action: int) -> dict[str, Any]:
        """A JSON form of one of this seat's actions."""
        return self.__state.action_to_struct(self.seat, action)

    def resample(self, rng: random.Random) -> State:
        """A full world drawn from what this seat knows (safe to search in)."""
        return self.__state.resample(self.seat, rng)


class Bot(Protocol):
    """Chooses an action for its seat from what that seat may know."""

    name: str

    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """One of `legal`, chosen from `seat`'s point of view."""
        ...


BotFactory = Callable[[str, int, int], Bot]
"""(game name, seat, seed) → a bot."""
