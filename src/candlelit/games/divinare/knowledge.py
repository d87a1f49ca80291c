"""What one seat can infer about the round's final counts, from its view alone."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

from candlelit.engine.events import LogLine
from candlelit.games.divinare.boards import CARDS_PER_SUIT, DEALT, DECK_SIZE, SUITS
from candlelit.games.divinare.view_types import DivinareView


def known_outstanding(log: Sequence[LogLine], player: int) -> list[int]:
    """Cards `player` passed this round that must still be in other seats' hands.

    Of the cards it gave, some may have come back to it and some may have been played by
    others since; whatever is left is certainly held by another seat.
    """
    given = [0, 0, 0, 0]
    back = [0, 0, 0, 0]
    played_since = [0, 0, 0, 0]
    passing = False
    for event in log:
        key = event["key"]
        if key == "divinare.round_start":
            given, back, played_since, passing = [0] * 4, [0] * 4, [0] * 4, False
        elif key == "divinare.passed":
            args = event["args"]
            for suit in range(4):
                if args["seat"] == player:
                    given[suit] += args["cards"][suit]
                if args["to"] == player:
                    back[suit] += args["cards"][suit]
            passing = True
        elif key == "divinare.played" and passing and event["args"]["seat"] != player:
            played_since[SUITS.index(event["args"]["suit"])] += 1
    return [max(0, given[s] - back[s] - played_since[s]) for s in range(4)]


def known_dealt(view: DivinareView) -> list[int]:
    """Per suit, how many of the 24 dealt cards the viewing seat (not a spectator) can vouch
    for."""
    player = view["viewer"]
    assert player is not None, "a spectator holds no cards"
    forced = known_outstanding(view["log"], player)
    known = []
    for s, suit in enumerate(SUITS):
        played = view["boards"][s]["played"]
        mine = view["hand"][suit] + view["choosing"][suit] + view["discards"][suit]
        known.append(played + mine + forced[s])
    return known


@cache
def _hypergeometric(population: int, successes: int, draws: int) -> tuple[float, ...]:
    total = comb(population, draws)
    return tuple(comb(successes, k) * comb(population - successes, draws - k) / total
                 for k in range(min(successes, draws) + 1))


def count_distribution(view: DivinareView) -> list[dict[int, float]]:
    """For each suit, P(final count = c) given the viewer's knowledge (exact hypergeometric)."""
    known = known_dealt(view)
    unknown_dealt = DEALT - sum(known)
    population = DECK_SIZE - sum(known)
    out = []
    for s in range(4):
        pmf = _hypergeometric(population, CARDS_PER_SUIT[s] - known[s], unknown_dealt)
        out.append({known[s] + k: p for k, p in enumerate(pmf) if p > 0})
    return out


def expected_points(spaces: list[int], bonus: dict[str, int], dist: dict[int, float],
                    at: int | None) -> float:
    """Expected points of a token on space `at` (None: the centre) of one board."""
    if at is None:
        return 0.0
    extra = bonus.get(str(at), 0)
    ev = 0.0
    for count, p in dist.items():
        if count not in spaces:
            continue
        if at == count:
            ev += p * (3 + extra)
        elif at == count + 1 or at == count - 1:
            ev += p * (1 + extra)
        else:
            ev -= p * (1 + extra)
    return ev
