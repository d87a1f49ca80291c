"""Nevermore's observation tensor: its slices say what the view says, it hides what the seat
may not see (checked densely where secrets are made), and it tells the seat's choices."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from candlelit.engine.registry import load
from candlelit.games.nevermore.constants import (
    A_TARGET,
    D_CHAR_KEEP,
    D_CHAR_PICK,
    D_COMMIT,
    D_PASS,
    D_TARGET,
    DECISIONS,
    STAGES,
    SUITS,
)
from candlelit.games.nevermore.rules import NevermoreState


def playout(players: int, seed: int, options: dict[str, object]) -> Iterator[NevermoreState]:
    """Every state of a uniformly random game, the final one included."""
    state = load("nevermore", players, seed, options=options)
    assert isinstance(state, NevermoreState)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        pending = state.pending_players()
        seat = pending[rng.randrange(len(pending))]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    yield state


def part(state: NevermoreState, tensor: np.ndarray, name: str) -> list[int]:
    """The entries of part `name` as whole numbers."""
    return [int(v) for v in tensor[state.observation_layout().span(name)]]


@pytest.mark.parametrize("options", [{}, {"characters": True}], ids=["standard", "specters"])
def test_slices_say_what_the_view_says(options):
    checked = 0
    for step, state in enumerate(playout(4, 3, options)):
        if step % 7:
            continue
        cards = state.cards
        for player in range(4):
            tensor = state.observation_tensor(player)
            view = state.view(player)
            seats = [view["seats"][(player + k) % 4] for k in range(4)]
            assert part(state, tensor, "my_hand") == [view["you"]["hand"][s] for s in SUITS]
            assert part(state, tensor, "hand") == [s["hand"] for s in seats]
            assert part(state, tensor, "health") == [s["health"] for s in seats]
            assert part(state, tensor, "vp") == [s["vp"] for s in seats]
            assert part(state, tensor, "light") == [s["light"] for s in seats]
            assert part(state, tensor, "shadow") == [s["shadow"] for s in seats]
            assert part(state, tensor, "to_act") == [
                int((player + k) % 4 in view["to_act"]) for k in range(4)]
            assert part(state, tensor, "stage").index(1) == STAGES.index(view["phase"])
            assert part(state, tensor, "decision").index(1) == DECISIONS.index(
                view["decision"]["kind"])
            held = part(state, tensor, "my_magick")
            assert {t: c for t, c in enumerate(held) if c} == {
                m["title"]: m["count"] for m in view["you"]["magick"]}
            people = len(cards.characters)
            shown = part(state, tensor, "character")
            for k, seat in enumerate(seats):
                one_hot = shown[k * people:(k + 1) * people]
                names = [cards.characters[c].name() for c, on in enumerate(one_hot) if on]
                assert names == ([] if seat["character"] is None else [seat["character"]])
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("options", [{}, {"characters": True}], ids=["standard", "specters"])
def test_no_secret_shows_while_seats_draft_pass_or_commit(options):
    """While characters are drafted, cards passed or commitments made face down, every
    seat's tensor is the same in worlds resampled for it."""
    rng = random.Random(7)
    secret = (D_CHAR_KEEP, D_CHAR_PICK, D_PASS, D_COMMIT)
    checked = 0
    for seed in (1, 2):
        for state in playout(4, seed, options):
            if state.decision[0] not in secret or len(state.pending) == 4:
                continue
            for player in range(4):
                tensor = state.observation_tensor(player)
                for _ in range(2):
                    world = state.resample(player, random.Random(rng.getrandbits(32)))
                    assert np.array_equal(world.observation_tensor(player), tensor)
            checked += 1
    assert checked > 20


def test_a_committed_seat_shows_its_size_not_its_ravens():
    for state in playout(4, 5, {}):
        answered = [s for s in range(4) if s not in state.pending and any(state.commit[s])]
        if state.decision[0] == D_COMMIT and answered:
            seat = answered[0]
            viewer = (seat + 1) % 4
            committed = part(state, state.observation_tensor(viewer), "committed")
            assert committed[(seat - viewer) % 4] == sum(state.commit[seat])
            return
    raise AssertionError("no seat committed face down while others chose")


def test_a_target_decision_lists_the_seats_it_may_choose():
    seen = 0
    for seed in range(6):
        for state in playout(4, seed, {"characters": True}):
            if state.decision[0] != D_TARGET:
                continue
            player = state.pending[0]
            legal = [a - A_TARGET for a in state.legal_actions(player)]
            choices = part(state, state.observation_tensor(player), "choice_seats")
            assert [(player + k) % 4 for k, on in enumerate(choices) if on] == \
                [s for s in sorted(legal, key=lambda s: (s - player) % 4)]
            other = (player + 1) % 4
            assert not any(part(state, state.observation_tensor(other), "choice_seats"))
            seen += 1
    assert seen
