"""The conformance suite: every registered game, every player count."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from candlelit.engine import conformance as c
from candlelit.engine.registry import games, get
from candlelit.engine.state import State

CASES = [(spec.name, n) for spec in games() for n in spec.player_counts]
IDS = [f"{g}-{n}p" for g, n in CASES]
LONG_GAMES = ("fatal-frame-3p", "fatal-frame-4p", "anima-3p", "anima-4p", "anima-5p",
              "nevermore-4p", "nevermore-6p")
"""Cases whose step-by-step checks take seconds: slow, out of `make test-fast`."""
SMALLEST = {f"{spec.name}-{min(spec.player_counts)}p" for spec in games()}


def cases(*slow: str) -> list[object]:
    """Every game at every player count; ids in `slow` get the slow mark, never a smallest count."""
    assert set(slow) <= set(IDS) - SMALLEST, sorted(set(slow) - (set(IDS) - SMALLEST))
    return [pytest.param(g, n, id=i, marks=[pytest.mark.slow] if i in slow else [])
            for (g, n), i in zip(CASES, IDS, strict=True)]


@pytest.mark.parametrize(("game", "players"), cases("fatal-frame-4p", "anima-4p", "anima-5p"))
def test_random_playouts_end_within_max_length_with_consistent_outcome(game, players):
    for seed in range(40):
        final = c.playout(game, players, seed, chooser=seed * 31 + 1)
        c.check_outcome(final)
        assert final.legal_actions() == []
        assert all(final.legal_actions(p) == [] for p in range(players))


@pytest.mark.parametrize(("game", "players"), cases("fatal-frame-4p", "nevermore-6p"))
def test_legal_actions_sorted_unique_labelled_and_empty_off_turn(game, players):
    for seed in range(4):
        c.playout(game, players, seed, chooser=seed, visit=lambda s, _: c.check_actions(s))


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES))
def test_illegal_actions_rejected_without_change(game, players):
    rng = random.Random(5)
    final = c.playout(game, players, 3, chooser=9, visit=lambda s, step: (
        c.check_illegal(s, rng) if c.sparse_checkpoints(step) else None))
    c.check_illegal(final, rng)


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES))
def test_clone_serialize_and_pickle_round_trip_and_independence(game, players):
    rng = random.Random(11)
    final = c.playout(game, players, 8, chooser=2, visit=lambda s, step: (
        c.check_copies(s, rng) if c.sparse_checkpoints(step) else None))
    c.check_copies(final, rng)


@pytest.mark.parametrize(("game", "players"), cases())
def test_same_seed_same_trajectory_even_with_global_rngs_disturbed(game, players):
    for seed in (0, 77):
        calm = c.trajectory(game, players, seed, chooser=seed)
        disturbed = c.trajectory(game, players, seed, chooser=seed, disturb=True)
        assert calm == disturbed
    other = c.trajectory(game, players, 1, chooser=0)
    assert other != c.trajectory(game, players, 0, chooser=0), "the seed changes nothing"


@pytest.mark.parametrize(("game", "players"), cases("fatal-frame-4p", "anima-4p", "anima-5p",
                                                    "nevermore-6p"))
def test_views_leak_nothing_across_resampled_worlds(game, players):
    rng = random.Random(23)
    redrawn = []
    for seed in range(3):
        length = c.load(game, players, seed).max_game_length()
        steps = c.sample_steps(length, 6, rng)

        def visit(state, step, steps=steps):
            if step in steps:
                redrawn.append(c.check_no_leak(state, rng, worlds=4))

        c.playout(game, players, seed, chooser=seed + 100, visit=visit)
    assert any(redrawn), "resample never re-drew any hidden information"


@pytest.mark.parametrize(("game", "players"),
                         [case for case in cases() if get(case.values[0]).view_type])
def test_views_of_every_seat_and_the_spectator_fit_the_declared_view_type(game, players):
    declared = c.view_type(game)
    logged: dict[int | None, int] = {}
    met: set[str] = set()
    final = c.playout(game, players, 1, chooser=7, visit=lambda s, step: (
        met.update(c.check_views(s, declared, logged)) if c.checkpoints(step) else None))
    met |= c.check_views(final, declared, logged)
    assert any(not path.startswith("view(None).") for path in met), "no seat-only key met"


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES, "nevermore-5p",
                                                    "shadow-hunters-6p", "shadow-hunters-8p"))
@given(seed=st.integers(0, 2**40), walk=st.lists(st.integers(0, 10**6), max_size=400))
def test_any_walk_keeps_invariants(game, players, seed, walk):
    state = c.load(game, players, seed)
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


@pytest.mark.parametrize(("game", "players"), cases("fatal-frame-4p", "nevermore-6p"))
def test_every_game_plays_through_the_engine_kernel_and_quick_legality_agrees(game, players):
    c.playout(game, players, 2, chooser=5, visit=lambda s, step: (
        c.check_kernel(s) if c.checkpoints(step) else None))


WINDOW_STATES = 25
"""Window states checked per game (each resamples a world for every seat)."""


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES))
def test_whom_a_reaction_window_asks_follows_from_public_information(game, players):
    cls = type(c.load(game, players, 0))
    rng = random.Random(31)
    opened = 0
    for seed in range(6):
        def visit(state, _step):
            nonlocal opened
            if opened < WINDOW_STATES and c.check_window_public(state, rng):
                opened += 1
        c.playout(game, players, seed, chooser=seed + 3, visit=visit)
        if opened >= WINDOW_STATES:
            break
    assert bool(opened) == bool(cls.windows), (
        f"{game}: declares {len(cls.windows)} window kinds but {opened} window states met")


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES))
def test_information_state_keys_match_strings_and_survive_resampling(game, players):
    rng = random.Random(31)
    seen: dict[object, str] = {}
    for seed in range(2):
        length = c.load(game, players, seed).max_game_length()
        steps = c.sample_steps(length, 5, rng)
        c.playout(game, players, seed, chooser=seed + 5, visit=lambda s, step, steps=steps: (
            c.check_keys(s, rng, 2, seen) if step in steps else None))
    assert len(seen) > 4, "the check saw too few information states"


PIN_STATES = 40
"""States per game where some seat's log pins a card, checked besides the sampled steps."""


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES))
def test_resampled_worlds_keep_what_the_seats_own_log_pins_down(game, players):
    rng = random.Random(37)
    checked, pinned_states = 0, 0
    for seed in range(3):
        length = c.load(game, players, seed).max_game_length()
        steps = c.sample_steps(length, 6, rng)

        def visit(state, step, steps=steps):
            nonlocal checked, pinned_states
            if step in steps:
                checked += c.check_pins(state, rng, worlds=3)
            elif step % 3 == 0 and pinned_states < PIN_STATES:
                found = c.check_pins(state, rng, worlds=3, only_pinned=True)
                checked += found
                pinned_states += bool(found)

        c.playout(game, players, seed, chooser=seed + 41, visit=visit)
    pinned = type(c.load(game, players, 0)).pins is not None
    assert bool(checked) == pinned, f"{game}: {checked} facts checked, pins declared: {pinned}"


VIEW_STRINGS = [case for case in cases(*LONG_GAMES)
                if type(c.load(*case.values)).information_state_string
                is State.information_state_string]
"""Cases whose game keeps the engine's default information-state string (its view)."""


@pytest.mark.parametrize(("game", "players"), VIEW_STRINGS)
def test_known_table_tells_states_apart_exactly_as_the_view_without_its_log(game, players):
    rng = random.Random(41)
    seen: dict[object, str] = {}
    for seed in range(2):
        final = c.playout(game, players, seed, chooser=seed + 17, visit=lambda s, step: (
            c.check_known_table(s, rng, 1, seen) if step % 9 == 0 else None))
        c.check_known_table(final, rng, 0, seen)
    assert len(seen) > 100, "the check saw too few known tables"


@pytest.mark.parametrize(("game", "players"), cases(*LONG_GAMES))
def test_observation_tensors_hide_what_the_seat_may_not_see_and_tell_its_decision(game, players):
    rng = random.Random(43)
    seen: dict[tuple[int, bytes], tuple[int, ...]] = {}
    for seed in range(2):
        length = c.load(game, players, seed).max_game_length()
        steps = c.sample_steps(length, 6, rng)
        final = c.playout(game, players, seed, chooser=seed + 19,
                          visit=lambda s, step, steps=steps: c.check_tensors(
                              s, rng, 2 if step in steps else 0, seen))
        c.check_tensors(final, rng, 1, seen)
    assert len(seen) > 20, "the check saw too few decisions"
