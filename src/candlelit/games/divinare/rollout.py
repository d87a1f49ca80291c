"""The search's rollout policy: greedy play inside one of the searching seat's own worlds.

A world drawn by `resample` is the bot's to read: every card in it is dealt, and every dealt
card is played by the round's end (the two-player discards are revealed and counted), so a
suit's final count is known there. Tokens head for the free space that scores best at that
count; cards are played where a token gains most and set aside where it gains least.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from candlelit.games.divinare.scoring import score_space, token_points
from candlelit.games.divinare.state import (
    CENTRE,
    CENTRE_ACTION,
    DISCARD_BASE,
    MOVE,
    MOVE_BASE,
    PASS,
    PASS_BASE,
    PLAY,
    DivinareFields,
)


def final_counts(world: DivinareFields) -> list[int]:
    """Per suit, the cards that will have been counted when this world's round is scored."""
    counts = list(world.played)
    for pile in (*world.hands, *world.held, *world.discards):
        for suit in range(4):
            counts[suit] += pile[suit]
    return counts


def _points(world: DivinareFields, suit: int, at: int, count: int) -> int:
    """Points a token of `suit` on space `at` (or the centre) scores at `count` cards."""
    if at == CENTRE:
        return 0
    return token_points(score_space(at, count, world.layout.boards[suit].bonus.get(at, 0)))


def _best_free(world: DivinareFields, seat: int, suit: int, count: int) -> int:
    """The best points `seat`'s token of `suit` can reach in one move (staying is no move)."""
    occupied = world.occupied[suit]
    best = 0 if world.tokens[seat][suit] != CENTRE else -99
    for space in world.layout.boards[suit].spaces:
        if not occupied >> space & 1:
            best = max(best, _points(world, suit, space, count))
    return best


def _gains(world: DivinareFields, seat: int) -> list[int]:
    """Per suit, what one move of `seat`'s token of that suit adds at this world's counts."""
    counts = final_counts(world)
    return [_best_free(world, seat, s, counts[s])
            - _points(world, s, world.tokens[seat][s], counts[s]) for s in range(4)]


def rollout_action(world: DivinareFields, seat: int, legal: Sequence[int],
                   rng: random.Random) -> int:
    """One of `legal` for `seat` in `world`: the best-scoring move, the play of most gain,
    the card of least gain set aside (ties broken by `rng`)."""
    phase = world.phase
    if phase == MOVE:
        suit = world.move_suit
        count = final_counts(world)[suit]

        def value(action: int) -> int:
            at = CENTRE if action == CENTRE_ACTION else action - MOVE_BASE
            return _points(world, suit, at, count)

        return _pick(legal, value, rng)
    gains = _gains(world, seat)
    if phase == PLAY:
        return _pick(legal, lambda a: gains[a], rng)
    base = PASS_BASE if phase == PASS else DISCARD_BASE
    return _pick(legal, lambda a: -gains[a - base], rng)


def _pick(legal: Sequence[int], value: Callable[[int], int], rng: random.Random) -> int:
    """The action of highest `value`, a seeded draw among ties."""
    scored = [(value(a), a) for a in legal]
    top = max(v for v, _ in scored)
    best = [a for v, a in scored if v == top]
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]
