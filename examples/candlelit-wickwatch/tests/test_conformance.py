"""The engine's conformance suite run over Wickwatch at every player count."""

from __future__ import annotations

import random

import pytest
from candlelit.engine import conformance as c
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

GAME = "wickwatch"
COUNTS = pytest.mark.parametrize("players", c.player_counts(GAME))


@COUNTS
def test_random_playouts_end_within_max_length_with_consistent_outcome(players):
    for seed in range(40):
        final = c.playout(GAME, players, seed, chooser=seed * 31 + 1)
        c.check_outcome(final)
        assert final.legal_actions() == []
        assert all(final.legal_actions(p) == [] for p in range(players))


@COUNTS
def test_legal_actions_sorted_unique_labelled_and_empty_off_turn(players):
    for seed in range(4):
        c.playout(GAME, players, seed, chooser=seed, visit=lambda s, _: c.check_actions(s))


@COUNTS
def test_illegal_actions_rejected_without_change(players):
    rng = random.Random(5)
    final = c.playout(GAME, players, 3, chooser=9, visit=lambda s, step: (
        c.check_illegal(s, rng) if c.checkpoints(step) else None))
    c.check_illegal(final, rng)


@COUNTS
def test_clone_serialize_and_pickle_round_trip_and_independence(players):
    rng = random.Random(11)
    final = c.playout(GAME, players, 8, chooser=2, visit=lambda s, step: (
        c.check_copies(s, rng) if c.checkpoints(step) else None))
    c.check_copies(final, rng)


@COUNTS
def test_same_seed_same_trajectory_even_with_global_rngs_disturbed(players):
    for seed in (0, 77):
        calm = c.trajectory(GAME, players, seed, chooser=seed)
        disturbed = c.trajectory(GAME, players, seed, chooser=seed, disturb=True)
        assert calm == disturbed
    other = c.trajectory(GAME, players, 1, chooser=0)
    assert other != c.trajectory(GAME, players, 0, chooser=0), "the seed changes nothing"


@COUNTS
def test_views_leak_nothing_across_resampled_worlds(players):
    rng = random.Random(23)
    redrawn = []
    for seed in range(3):
        length = c.load(GAME, players, seed).max_game_length()
        steps = c.sample_steps(length, 6, rng)

        def visit(state, step, steps=steps):
            if step in steps:
                redrawn.append(c.check_no_leak(state, rng, worlds=4))

        c.playout(GAME, players, seed, chooser=seed + 100, visit=visit)
    assert any(redrawn), "resample never re-drew any hidden information"


@COUNTS
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), walk=st.lists(st.integers(0, 10**6), max_size=400))
def test_any_walk_keeps_invariants(players, seed, walk):
    state = c.load(GAME, players, seed)
    rng = random.Random(seed)
    for choice in walk:
        if state.is_terminal():
            break
        pending = state.pending_players()
        player = pending[choice % len(pending)]
        legal = state.legal_actions(player)
        state.apply_action(legal[(choice // 7) % len(legal)], player)
    c.check_actions(state)
    c.check_illegal(state, rng)
    c.check_copies(state, rng)
    c.check_no_leak(state, rng, worlds=2)
