"""Wickwatch's observation tensor: chosen slices on tables laid out by hand."""

from __future__ import annotations

import numpy as np
from candlelit.engine.registry import load

from candlelit_wickwatch.state import WickwatchState
from helpers import SPIRIT, counts, offer, table


def part(state: WickwatchState, viewer: int, name: str) -> list[float]:
    """Part `name` of `viewer`'s tensor."""
    return state.observation_tensor(viewer)[state.observation_layout().span(name)].tolist()


def test_a_face_down_candle_shows_to_its_seat_and_only_readiness_to_the_others():
    state = table([[7, 1, 2], [7, 3, 4], [4, 5, 6]], ["lamplighter"], ["old-warden"], [9, 8])
    before = state.observation_tensor(0)
    state.apply_action(3 - 1, 1)
    assert part(state, 1, "offer") == counts(3) and part(state, 1, "hand") == counts(4, 7)
    assert part(state, 1, "candles") == [3, 3, 3]
    after = state.observation_tensor(0)
    changed = [p.name for p in state.observation_layout().parts
               if not np.array_equal(before[state.observation_layout().span(p.name)],
                                     after[state.observation_layout().span(p.name)])]
    assert changed == ["ready"] and part(state, 0, "ready") == [0, 1, 0]


def test_after_a_night_the_returned_candles_ash_pile_and_scores_show():
    state = table([[7, 1, 2], [7, 3, 4], [4, 5, 6]], ["lamplighter", "cold-draught"],
                  ["old-warden"], [9, 8])
    offer(state, 7, 7, 4)
    assert part(state, 2, "known") == [*counts(), *counts(7), *counts(7)]
    assert part(state, 0, "ash") == counts(4)
    assert part(state, 0, "scores") == [0, 0, 1] and part(state, 1, "scores") == [0, 1, 0]
    assert np.flatnonzero(part(state, 0, "pile")).tolist() == [SPIRIT["old-warden"]]
    assert part(state, 0, "pile_value") == [6] and part(state, 0, "night") == [2]
    taken = np.array(part(state, 1, "taken")).reshape(3, -1)
    assert np.flatnonzero(taken[1]).tolist() == sorted([SPIRIT["lamplighter"],
                                                        SPIRIT["cold-draught"]])
    assert part(state, 0, "box") == [1]


def test_a_restless_pile_tells_the_shortest_takes_and_the_spirit_deck_sizes_the_layout():
    state = table([[2, 9], [5, 9]], ["hollow-widow"], ["old-warden"], [1])
    assert part(state, 0, "takes_shortest") == [1] and part(state, 0, "pile_value") == [-4]
    small = {"spirits": [{"id": f"s{k}", "value": k + 1} for k in range(5)]}
    quick = load("wickwatch", 2, 0, {"spirits": small, "nights": 4})
    layout = quick.observation_layout()
    assert layout.span("pile").stop - layout.at["pile"] == 5
    assert layout.size == state.observation_layout().size - 5 * 3
