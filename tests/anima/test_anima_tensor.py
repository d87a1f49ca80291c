"""Anima's observation tensor: its slices say what the view says, and it hides what the
seat may not see (checked densely where secrets change hands)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

from candlelit.engine.registry import load
from candlelit.games.anima.constants import (
    PHASE_NAMES,
    S_GIVE,
    S_KEEP_CHARACTER,
    S_KEEP_ONE,
    S_PICK_AREA,
    S_RETURN_ADVANTAGE,
    S_TRADE_CONFIRM,
    S_TRADE_OFFER,
    S_TRADE_REPLY,
    STEP_NAMES,
)
from candlelit.games.anima.rules import AnimaState


def playout(players: int, seed: int, options: dict[str, object]) -> Iterator[AnimaState]:
    """Every state of a uniformly random game, the final one included."""
    state = load("anima", players, seed, options=options)
    assert isinstance(state, AnimaState)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        seat = state.current_player()
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    yield state


def part(state: AnimaState, tensor: np.ndarray, name: str) -> list[int]:
    """The entries of part `name` as whole numbers."""
    return [int(v) for v in tensor[state.observation_layout().span(name)]]


def ids(kinds: list[int], on: list[int]) -> list[int]:
    """The kinds whose entry is 1."""
    return [kinds[i] for i, v in enumerate(on) if v]


def test_slices_say_what_the_view_says():
    checked = 0
    for step, state in enumerate(playout(4, 2, {})):
        if step % 9:
            continue
        cards = state.cards
        chars = len(cards.characters)
        slots = 8
        for player in range(4):
            tensor = state.observation_tensor(player)
            view = state.view(player)
            seats = [view["seats"][(player + k) % 4] for k in range(4)]
            assert part(state, tensor, "phase").index(1) == PHASE_NAMES.index(view["phase"])
            assert part(state, tensor, "step").index(1) == STEP_NAMES.index(view["step"])
            hand = [c.id for c, on in zip(cards.advantages, part(state, tensor, "hand"),
                                          strict=True) if on]
            assert hand == sorted(view["hand"], key=lambda i: [c.id for c in
                                                              cards.advantages].index(i))
            assert part(state, tensor, "hand_size") == [s["hand_size"] for s in seats]
            where = part(state, tensor, "location")
            party = part(state, tensor, "party")
            for k, seat in enumerate(seats):
                place = where[k * (slots + 1):(k + 1) * (slots + 1)].index(1)
                assert (None if place == slots else place) == seat["area"]
                members = {cards.characters[c].id
                           for c, on in enumerate(party[k * chars:(k + 1) * chars]) if on}
                assert members == {c["card"] for c in seat["characters"]}
            piles = view["piles"]
            assert part(state, tensor, "decks") == [
                piles["characters"], piles["advantages"], piles["areas"], piles["encounters"]]
            discard = part(state, tensor, "advantage_discard")
            assert {cards.advantages[k].id for k, on in enumerate(discard) if on} == \
                set(piles["advantage_discard"])
            checked += 1
    assert checked > 30


@pytest.mark.parametrize("options", [{}, {"end_game": "crisis", "final_reveal": "chosen",
                                          "trade": "one-for-one"}],
                         ids=["first-edition", "revised"])
def test_no_secret_shows_while_cards_change_hands(options):
    """While set-up offers are kept, trades are built or cards chosen among, every seat's
    tensor is the same in worlds resampled for it."""
    rng = random.Random(5)
    secret = (S_KEEP_CHARACTER, S_RETURN_ADVANTAGE, S_TRADE_OFFER, S_TRADE_REPLY,
              S_TRADE_CONFIRM, S_KEEP_ONE, S_GIVE, S_PICK_AREA)
    checked = 0
    for seed in range(4):
        for state in playout(3, seed, options):
            if state.step not in secret:
                continue
            for player in range(3):
                tensor = state.observation_tensor(player)
                world = state.resample(player, random.Random(rng.getrandbits(32)))
                assert np.array_equal(world.observation_tensor(player), tensor)
            checked += 1
    assert checked > 20


def test_another_seats_missions_show_once_shown_and_the_offer_only_to_its_seat():
    state = load("anima", 3, 4)
    assert isinstance(state, AnimaState)
    basic = len(state.cards.basic)
    for player in range(3):
        tensor = state.observation_tensor(player)
        missions = part(state, tensor, "missions")
        mine = [k for k, on in enumerate(missions[:2 * basic]) if on]
        assert mine == [state.missions[player][0], basic + state.missions[player][1]]
        assert not any(missions[2 * basic:])
        offered = part(state, tensor, "offer_advantages")
        assert sum(offered) == 4
        assert all(offered[k] for k in state.offer[player][-4:])
