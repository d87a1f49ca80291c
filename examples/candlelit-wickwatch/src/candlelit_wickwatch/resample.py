"""Determinisation: a Wickwatch world consistent with everything one seat knows."""

from __future__ import annotations

import random
from typing import TypeVar

from candlelit.engine.events import seen_by

from candlelit_wickwatch.deck import COPIES, TALLEST
from candlelit_wickwatch.fields import NO_OFFER, OVER, WickwatchFields, heights

F = TypeVar("F", bound=WickwatchFields)


def resample(state: F, player: int, rng: random.Random) -> F:
    """Re-deal every candle and spirit `player` has not seen; keep all it knows.

    Others keep their known candles and their candle counts; a seat that has chosen
    tonight sets down one of its re-dealt candles; the rest of the unseen candles form the
    box in a fresh order, and the undrawn spirits are reshuffled.
    """
    world = state.clone()
    n = state.num_players
    unseen = [COPIES] * TALLEST
    own = state.offers[player]
    for h in range(TALLEST):
        unseen[h] -= state.hands[player][h] + state.ash[h] + (own == h + 1)
        unseen[h] -= sum(state.shown[q][h] for q in range(n) if q != player)
    pool = heights(unseen)
    rng.shuffle(pool)
    for seat in range(n):
        if seat == player:
            continue
        held = heights(state.shown[seat])
        extra = state.candles_held(seat) - len(held)
        held += pool[:extra]
        del pool[:extra]
        counts = [0] * TALLEST
        for h in held:
            counts[h - 1] += 1
        if state.offers[seat] != NO_OFFER:
            offer = held[rng.randrange(len(held))]
            counts[offer - 1] -= 1
            world.offers[seat] = offer
        world.hands[seat] = counts
    world.box = pool
    revealed = set(state.pile).union(*state.taken)
    undrawn = [i for i in range(len(state.spirit_ids)) if i not in revealed]
    rng.shuffle(undrawn)
    world.spirit_deck = undrawn[:len(state.spirit_deck)]
    world.seed = rng.getrandbits(62)
    world.log = [entry for entry in state.log if seen_by(entry, player)]
    settled = len(state.history) if state.phase == OVER else (state.night - 1) * n
    world.history = state.history[:settled] + [
        (seat, action) for seat, action in state.history[settled:] if seat == player]
    return world
