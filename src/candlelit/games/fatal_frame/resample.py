"""Determinisation: a Fatal Frame world consistent with everything one seat knows."""

from __future__ import annotations

import random
from typing import TypeVar

from candlelit.engine.events import seen_by
from candlelit.games.fatal_frame.state import FatalFrameFields

World = TypeVar("World", bound=FatalFrameFields)


def resample(state: World, player: int, rng: random.Random) -> World:
    """Re-deal what `player` has not seen: others' hands with the main deck, others' paths
    with the interior deck, the face-down exteriors and the boss pile's order."""
    world = state.clone()
    others = [q for q in range(state.num_players) if q != player]
    pool = list(state.main_deck)
    for q in others:
        pool.extend(state.hands[q])
    rng.shuffle(pool)
    for q in others:
        size = len(state.hands[q])
        world.hands[q] = sorted(pool[:size])
        del pool[:size]
    world.main_deck = pool
    rooms = list(state.interior_deck)
    for q in others:
        rooms.extend(state.path[q])
    rng.shuffle(rooms)
    for q in others:
        size = len(state.path[q])
        world.path[q] = rooms[:size]
        del rooms[:size]
    world.interior_deck = rooms
    hidden = [c for c in range(len(state.grid)) if not state.revealed[c]]
    places = [state.grid[c] for c in hidden]
    rng.shuffle(places)
    for c, place in zip(hidden, places, strict=True):
        world.grid[c] = place
    rng.shuffle(world.boss_pile)
    world.seed = rng.getrandbits(62)
    world.log = [e for e in state.log if seen_by(e, player)]
    return world
