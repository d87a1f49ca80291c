"""A bot that plays another bot's choice, except for a share of uniformly random moves."""

from __future__ import annotations

import random
from collections.abc import Sequence

from candlelit.bots.base import Bot, SeatObservation


class NoisyBot:
    """`inner`'s choice, or with probability `noise` a uniformly random legal action (its
    own seeded RNG decides which)."""

    def __init__(self, inner: Bot, noise: float, seed: int, name: str) -> None:
        self.inner = inner
        self.noise = noise
        self.name = name
        self._random = random.Random(seed).random

    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """A random legal action `noise` of the time, else the inner bot's."""
        if len(legal) > 1 and self._random() < self.noise:
            return legal[int(self._random() * len(legal))]
        return self.inner.act(seat, legal)
