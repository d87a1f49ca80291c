"""Bots never cheat: their choices depend only on what their seat may know."""

from __future__ import annotations

import random

import pytest

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import bot_names, make_bot
from candlelit.engine import conformance as c
from candlelit.engine.errors import OptionError
from candlelit.engine.registry import games
from candlelit.games.divinare.knowledge import count_distribution

SLOW = {"fatal-frame-4p-heuristic"}
SEARCH = {"ismcts", "hard"}
"""The searching bots: checked at a tiny budget (their own budgets take minutes a case)."""
TINY = "ismcts:2:epsilon=1"
GUIDED = "ismcts:2:depth=3:reuse=2:prior=1"
"""A tiny search the way `hard` searches: rollout policy, evaluation cut-off, reused worlds."""
WRAPPERS = {"easy", TINY, GUIDED}
"""Bots built on others (a level's noise, the search over resample): checked at each game's
smallest player count; `normal` is the game's heuristic by another name, checked as itself."""
CASES = [pytest.param(spec.name, n, bot, id=f"{spec.name}-{n}p-{bot}",
                      marks=[pytest.mark.slow] if f"{spec.name}-{n}p-{bot}" in SLOW else [])
         for spec in games() for n in spec.player_counts
         for bot in [*sorted(set(bot_names(spec.name)) - SEARCH - {"normal"}), TINY, GUIDED]
         if bot not in WRAPPERS or n == spec.min_players]
assert {case.id for case in CASES} >= SLOW, "a slow id names no case"


@pytest.mark.parametrize(("game", "players", "bot"), CASES)
def test_a_bot_decides_the_same_in_every_world_its_seat_cannot_tell_apart(game, players, bot):
    rng = random.Random(3)
    checked = 0

    def visit(state, step):
        nonlocal checked
        if step % 11:
            return
        for seat in state.pending_players():
            legal = state.legal_actions(seat)
            real = make_bot(bot, game, seat, 42).act(SeatObservation(state, seat), legal)
            assert real in legal
            for _ in range(3):
                world = state.resample(seat, random.Random(rng.getrandbits(32)))
                again = make_bot(bot, game, seat, 42).act(SeatObservation(world, seat), legal)
                assert again == real, f"{bot} at seat {seat} reads hidden information"
            checked += 1

    for seed in range(5, 25):  # as many games as it takes to check six decisions
        c.playout(game, players, seed, chooser=1, visit=visit)
        if checked > 5:
            break
    assert checked > 5


def test_unknown_bot_is_refused_with_the_known_names():
    with pytest.raises(OptionError,
                       match="known bots: easy, expectation, hard, ismcts, normal, random"):
        make_bot("oracle", "divinare", 0, 0)


def test_count_distribution_is_exact_and_conditioned_on_the_seats_knowledge():
    state = c.load("divinare", 4, 7)
    view = state.view(0)
    dist = count_distribution(view)
    for suit, d in enumerate(dist):
        assert sum(d.values()) == pytest.approx(1.0)
        assert min(d) >= view["hand"][("red", "blue", "green", "yellow")[suit]]
    # before any card is seen beyond the hand, red's mean is 4 + what the hand adds
    hand = view["hand"]["red"]
    mean = sum(k * p for k, p in dist[0].items())
    assert mean == pytest.approx(hand + (6 - hand) * 18 / 30)
