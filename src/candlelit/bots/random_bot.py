"""The uniformly random bot, for every game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from candlelit.bots.base import SeatObservation


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded RNG."""

    name = "random"

    def __init__(self, game: str, seat: int, seed: int) -> None:
        self._random = random.Random(seed).random

    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """A uniformly random legal action."""
        return legal[int(self._random() * len(legal))]
