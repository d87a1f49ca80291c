"""The declared view types match the views: every key declared, no key undeclared, values typed."""

from __future__ import annotations

import random
import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from candlelit import load
from candlelit.bots.base import SeatObservation
from candlelit.engine.state import TERMINAL
from candlelit.games.fatal_frame.bot import HeuristicBot
from candlelit.games.fatal_frame.constants import FIGHT_PRE, OVER, PHASE_NAMES, REACT_MOVE
from candlelit.games.fatal_frame.view_types import FatalFrameView, PhaseName

GAME = "fatal-frame"


def conforms(value: Any, declared: Any, where: str, seen: set[str]) -> None:
    """Assert `value` has the `declared` type, walking TypedDicts and lists; note optional keys."""
    origin = get_origin(declared)
    if is_typeddict(declared):
        assert isinstance(value, dict), where
        required, optional = declared.__required_keys__, declared.__optional_keys__
        assert required <= value.keys(), f"{where}: missing {required - value.keys()}"
        assert value.keys() <= required | optional, \
            f"{where}: undeclared {value.keys() - required - optional}"
        hints = get_type_hints(declared)
        for key, item in value.items():
            if key in optional:
                seen.add(f"{declared.__name__}.{key}")
            conforms(item, hints[key], f"{where}.{key}", seen)
    elif origin in (Union, types.UnionType):
        options = get_args(declared)
        if value is None:
            assert type(None) in options, f"{where}: None"
        else:
            seen.add(f"{where.split('[')[0]}:set")
            conforms(value, next(o for o in options if o is not type(None)), where, seen)
    elif origin is Literal:
        assert value in get_args(declared), f"{where}: {value!r}"
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            conforms(item, get_args(declared)[0], f"{where}[{i}]", seen)
    elif origin is dict:
        assert isinstance(value, dict), where
    elif declared is not Any:
        assert type(value) is declared, f"{where}: {type(value).__name__} is not {declared}"


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
            conforms(view, FatalFrameView, "view", seen)
            assert ("hand" in view) == (view["viewer"] is not None)
            for seat in view["seats"]:
                own = seat["seat"] == view["viewer"]
                assert all(("place" in room) == own for room in seat["rooms"])
    assert {"FatalFrameView.hand", "FatalFrameView.result", "RoomView.place",
            "view.combat:set"} <= seen
