"""What a learning agent receives for one seat: the Gymnasium space and the observation itself
(the seat's observation tensor and action mask), plus the seat names and game seeds the
adapters share."""

from __future__ import annotations

from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from candlelit.engine.rng import derive_seed
from candlelit.engine.state import State

Observation: TypeAlias = dict[str, npt.NDArray[Any]]
"""{"observation": float32 tensor of the layout's size, "action_mask": int8 over the actions}."""


def observation_space(state: State) -> spaces.Space[Any]:
    """A new Dict space of `observe(state, seat)` for every state of `state`'s game and settings
    (the tensor has no declared range, so its box is unbounded)."""
    size = state.observation_layout().size
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
        "action_mask": spaces.Box(0, 1, (state.num_distinct_actions(),), np.int8),
    })


def observe(state: State, seat: int) -> Observation:
    """What `seat` knows now and which actions it may take (all 0 when it may not act)."""
    return {"observation": state.observation_tensor(seat), "action_mask": state.action_mask(seat)}


def seat_names(players: int) -> list[str]:
    """The agents' names, `seat_0` … `seat_{players-1}` in seat order."""
    return [f"seat_{seat}" for seat in range(players)]


def game_seed(master: int, index: int) -> int:
    """The seed of the `index`-th game (0-based) after a reset seeded with `master`."""
    return derive_seed("rl", master, index)
