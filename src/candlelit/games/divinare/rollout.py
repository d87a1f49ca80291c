"""The search's rollout policy: greedy play inside one of the searching seat's own worlds.

A world drawn by `resample` is the bot's to read: every card in it is dealt, and every dealt
card is played by the round's end (the two-player discards are revealed and counted), so a
suit's final count is known there. Tokens head for the free space that scores best at that
count; cards are played where a token gains most and set aside where it gains least.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from candlelit.games.divinare.boards import CARDS_PER_SUIT, Layout
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

Ranking = tuple[tuple[int, int], ...]
"""(points, space) of every numbered space of a board at one count, best first."""

_RANKINGS: dict[int, tuple[Layout, tuple[tuple[Ranking, ...], ...]]] = {}
"""Per layout (by id, kept alive beside it), per suit, per count: the spaces ranked."""
KEPT = 16
"""Layouts ranked at most before the cache starts again (custom boards make new ones)."""


def _rankings(layout: Layout) -> tuple[tuple[Ranking, ...], ...]:
    """Per suit, per possible count: the board's spaces by the points they score there."""
    found = _RANKINGS.get(id(layout))
    if found is not None and found[0] is layout:
        return found[1]
    if len(_RANKINGS) >= KEPT:
        _RANKINGS.clear()
    ranked = tuple(
        tuple(tuple(sorted(((token_points(score_space(v, count, board.bonus.get(v, 0))), v)
                            for v in board.spaces), reverse=True))
              for count in range(CARDS_PER_SUIT[suit] + 1))
        for suit, board in enumerate(layout.boards))
    _RANKINGS[id(layout)] = (layout, ranked)
    return ranked


def final_counts(world: DivinareFields) -> list[int]:
    """Per suit, the cards that will have been counted when this world's round is scored."""
    c0, c1, c2, c3 = world.played
    for piles in (world.hands, world.held, world.discards):
        for pile in piles:
            c0 += pile[0]
            c1 += pile[1]
            c2 += pile[2]
            c3 += pile[3]
    return [c0, c1, c2, c3]


def _gain(ranking: Ranking, occupied: int, here: int) -> int:
    """What one move adds to a token on `here` (CENTRE or a space) at the ranked count."""
    now = 0
    if here != CENTRE:
        now = next(points for points, space in ranking if space == here)
    for points, space in ranking:
        if not occupied >> space & 1:
            return max(points, 0) - now if here != CENTRE else points
    return -now if here != CENTRE else 0


def rollout_action(world: DivinareFields, seat: int, legal: Sequence[int],
                   rng: random.Random) -> int:
    """One of `legal` for `seat` in `world`: the best-scoring move, the play of most gain,
    the card of least gain set aside (ties broken by `rng`)."""
    ranks = _rankings(world.layout)
    counts = final_counts(world)
    phase = world.phase
    if phase == MOVE:
        suit = world.move_suit
        points = dict((space, p) for p, space in ranks[suit][counts[suit]])
        return _pick(legal, [0 if a == CENTRE_ACTION else points[a - MOVE_BASE]
                             for a in legal], rng)
    mine = world.tokens[seat]
    gains = [_gain(ranks[s][counts[s]], world.occupied[s], mine[s]) for s in range(4)]
    if phase == PLAY:
        return _pick(legal, [gains[a] for a in legal], rng)
    base = PASS_BASE if phase == PASS else DISCARD_BASE
    return _pick(legal, [-gains[a - base] for a in legal], rng)


def _pick(legal: Sequence[int], values: list[int], rng: random.Random) -> int:
    """The action of highest value, a seeded draw among ties."""
    top = max(values)
    best = [a for a, v in zip(legal, values, strict=True) if v == top]
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]
