"""Views along random and heuristic games fit the declared types, reach their optional keys, and
show a hand and a room's place only to their own seat."""

from __future__ import annotations

import random
from typing import get_args

import pytest

from candlelit import load
from candlelit.bots.base import SeatObservation
from candlelit.engine.state import TERMINAL
from candlelit.engine.viewcheck import check_view_type
from candlelit.games.fatal_frame.bot import HeuristicBot
from candlelit.games.fatal_frame.constants import FIGHT_PRE, OVER, PHASE_NAMES, REACT_MOVE
from candlelit.games.fatal_frame.view_types import FatalFrameView, PhaseName

GAME = "fatal-frame"


def sampled_views(players: int, seed: int, heuristic: bool):
    """Views of every seat and the spectator, every few steps of one seeded game, and the end."""
    state = load(GAME, players, seed=seed, options={"max_rounds": 5})
    rng = random.Random(seed)
    bots = [HeuristicBot(GAME, q, 0) for q in range(players)]
    step = 0
    while state.current_player() != TERMINAL:
        if step % 5 == 0:
            yield from (state.view(v) for v in [*range(players), None])
        seat = state.current_player()
        legal = state.legal_actions(seat)
        action = bots[seat].act(SeatObservation(state, seat), legal) if heuristic \
            else rng.choice(legal)
        state.apply_action(action, seat)
        step += 1
    yield from (state.view(v) for v in [*range(players), None])


def test_each_phase_number_names_its_phase_and_every_name_is_declared():
    assert len(PHASE_NAMES) == OVER + 1 and set(PHASE_NAMES) == set(get_args(PhaseName))
    assert (PHASE_NAMES[FIGHT_PRE], PHASE_NAMES[REACT_MOVE], PHASE_NAMES[OVER]) == \
        ("fight", "react_move", "over")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_of_every_seat_and_the_spectator_have_exactly_the_declared_keys(players):
    seen: set[str] = set()
    for seed, heuristic in ((players, False), (players + 10, True)):
        for view in sampled_views(players, seed, heuristic):
            seen |= check_view_type(view, FatalFrameView)
            seen |= {"view.combat"} if view["combat"] is not None else set()
            assert ("hand" in view) == (view["viewer"] is not None)
            for seat in view["seats"]:
                own = seat["seat"] == view["viewer"]
                assert all(("place" in room) == own for room in seat["rooms"])
    assert {"view.hand", "view.result", "view.seats[].rooms[].place", "view.combat"} <= seen
