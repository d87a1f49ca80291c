"""Scoring a round's boards and counting the score tokens at the end of the game."""

from __future__ import annotations

import math

from candlelit.games.divinare.boards import SUITS
from candlelit.games.divinare.state import BLUE, CENTRE, OVER, RED, YELLOW, DivinareFields


def score_space(at: int, count: int, bonus: int) -> tuple[int, int, int]:
    """(blue, yellow, red) tokens won by a token on space `at` when `count` cards were played."""
    if at == count:
        return (1, bonus, 0)
    if at == count + 1 or at == count - 1:
        return (0, 1 + bonus, 0)
    return (0, 0, 1 + bonus)


def token_points(bag: list[int] | tuple[int, ...]) -> int:
    """Points of a (blue, yellow, red) token count."""
    return 3 * bag[BLUE] + bag[YELLOW] - bag[RED]


def score_board(state: DivinareFields, suit: int) -> None:
    """Exact: blue; either neighbour space: yellow; other numbered spaces: red."""
    count = state.played[suit]
    board = state.layout.boards[suit]
    if count not in state.spaces[suit]:
        state._emit("score", "divinare.no_space", {"suit": SUITS[suit], "count": count})
        return
    state._emit("score", "divinare.count", {"suit": SUITS[suit], "count": count})
    for seat, tokens in enumerate(state.tokens):
        at = tokens[suit]
        if at == CENTRE:
            continue
        won = score_space(at, count, board.bonus.get(at, 0))
        bag = state.tokens_won[seat]
        for colour in range(3):
            bag[colour] += won[colour]
        state._emit("score", "divinare.scored", {
            "seat": seat, "suit": SUITS[suit], "space": at, "blue": won[0],
            "yellow": won[1], "red": won[2], "points": token_points(won)})


def scores(state: DivinareFields) -> list[int]:
    """Points of each seat: 3 per blue token, 1 per yellow, -1 per red."""
    return [token_points(bag) for bag in state.tokens_won]


def winners(state: DivinareFields) -> list[int]:
    """Most points wins; ties share the win (or the invented tie-break option); [] till over."""
    if state.phase != OVER:
        return []
    if state.options["tie_break"] == "fewest-red-then-most-blue":
        keys = [(token_points(b), -b[RED], b[BLUE]) for b in state.tokens_won]
    else:
        keys = [(token_points(b), 0, 0) for b in state.tokens_won]
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


LEAD_SCALE = 4.0
"""Points of lead that move a seat's evaluation from 1/2 to about 3/4."""


def evaluate(state: DivinareFields) -> list[float] | None:
    """Per seat, a value in (0, 1) from its lead over the best other seat's banked points
    (a logistic curve; 1/2 when level): the search's estimate of a game cut off early.
    None but between rounds, i.e. once the round has moved on from its deal (a card chosen,
    passed or played: its boards are not scored yet); the game's end answers too."""
    if state.phase != OVER and (not state.log or state.log[-1][0] != "deal"
                                or any(any(cards) for cards in state.held)):
        return None
    points = scores(state)
    values = []
    for seat, mine in enumerate(points):
        best_other = max(p for other, p in enumerate(points) if other != seat)
        values.append(1.0 / (1.0 + math.exp((best_other - mine) / LEAD_SCALE)))
    return values
