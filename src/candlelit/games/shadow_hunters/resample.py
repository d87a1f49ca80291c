"""Determinisation: a world consistent with everything one seat of 箱庭版暗影獵人 can see.

Re-drawn: the characters of the other seats still hidden and alive (permuted among them,
keeping each one's public damage below its new maximum HP), the order of every deck, and
the seed of future chance. Kept: everything public and everything the seat knows.

Known simplification: the permutation ignores evidence in the log (community heals,
white-card effects), so some worlds are less likely than others; views are unaffected.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypeVar

from candlelit.engine.events import seen_by

if TYPE_CHECKING:
    from candlelit.games.shadow_hunters.state import ShadowHuntersFields

TRIES = 20

World = TypeVar("World", bound="ShadowHuntersFields")


def resample(state: World, player: int, rng: random.Random) -> World:
    """A full world drawn from what `player` knows."""
    world = state.clone()
    hidden = [s for s in range(state.num_players)
              if s != player and not state.revealed[s] and state.alive[s]]
    damage = {s: state.max_hp(s) - state.hp[s] for s in hidden}
    chars = [state.char[s] for s in hidden]
    for _ in range(TRIES):
        rng.shuffle(chars)
        if all(state.pool[c].hp > damage[s] for s, c in zip(hidden, chars, strict=True)):
            for s, c in zip(hidden, chars, strict=True):
                world.char[s] = c
                world.hp[s] = state.pool[c].hp - damage[s]
            break
    for deck in world.decks:
        rng.shuffle(deck)
    world.seed = rng.getrandbits(62)
    world.log = [e for e in state.log if seen_by(e, player)]
    return world
