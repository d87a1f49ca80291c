"""The engine's conformance checks, called directly for this unregistered game at 4-8 players."""

from __future__ import annotations

import random

import pytest

from candlelit.engine import conformance as c

PLAYERS = [4, 5, 6, 7, 8]


@pytest.mark.parametrize("players", PLAYERS)
def test_random_playouts_end_within_max_length_with_consistent_outcome(playable, players):
    for seed in range(15):
        final = c.playout("shadow-hunters", players, seed, chooser=seed * 31 + 1)
        c.check_outcome(final)
        assert all(final.legal_actions(p) == [] for p in range(players))


@pytest.mark.parametrize("players", PLAYERS)
def test_legal_actions_sorted_unique_labelled_and_empty_off_turn(playable, players):
    for seed in range(2):
        c.playout("shadow-hunters", players, seed, chooser=seed,
                  visit=lambda s, _: c.check_actions(s))


@pytest.mark.parametrize("players", PLAYERS)
def test_illegal_actions_rejected_without_change(playable, players):
    rng = random.Random(5)
    final = c.playout("shadow-hunters", players, 3, chooser=9,
                      visit=lambda s, step: c.check_illegal(s, rng) if step % 7 == 0 else None)
    c.check_illegal(final, rng)


@pytest.mark.parametrize("players", PLAYERS)
def test_clone_serialize_and_pickle_round_trip_and_independence(playable, players):
    rng = random.Random(11)
    final = c.playout("shadow-hunters", players, 8, chooser=2,
                      visit=lambda s, step: c.check_copies(s, rng) if step % 11 == 0 else None)
    c.check_copies(final, rng)


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_trajectory_even_with_global_rngs_disturbed(playable, players):
    calm = list(c.trajectory("shadow-hunters", players, 7, chooser=7))
    disturbed = list(c.trajectory("shadow-hunters", players, 7, chooser=7, disturb=True))
    assert calm == disturbed
    assert list(c.trajectory("shadow-hunters", players, 1, chooser=0)) != \
        list(c.trajectory("shadow-hunters", players, 0, chooser=0))


@pytest.mark.parametrize("players", PLAYERS)
def test_views_leak_nothing_across_resampled_worlds(playable, players):
    rng = random.Random(23)
    redrawn = []
    for seed in range(2):
        length = c.load("shadow-hunters", players, seed).max_game_length()
        steps = c.sample_steps(min(length, 300), 5, rng)

        def visit(state, step, steps=steps):
            if step in steps:
                redrawn.append(c.check_no_leak(state, rng, worlds=3))

        c.playout("shadow-hunters", players, seed, chooser=seed + 100, visit=visit)
    assert any(redrawn), "resample never re-drew any hidden information"
