"""Wickwatch's rules, one scenario per rule of the rulebook's night."""

from __future__ import annotations

import pytest
from candlelit.engine.errors import IllegalAction, OptionError
from candlelit.engine.registry import load

from candlelit_wickwatch.fields import NO_OFFER
from helpers import SPIRIT, counts, keys, offer, table


def test_worked_night_twins_gutter_single_takes_burns_and_draws():
    state = table([[7, 1, 2], [7, 3, 4], [4, 5, 6]], ["lamplighter", "cold-draught"],
                  ["old-warden"], [9, 8])
    offer(state, 7, 7, 4)
    assert state.taken[2] == [SPIRIT["lamplighter"], SPIRIT["cold-draught"]]
    assert state.scores() == [0, 0, 1]
    assert state.hands[2] == counts(5, 6, 8)  # the 4 burnt, the box's top candle drawn
    assert state.ash == counts(4)
    assert state.hands[0] == counts(1, 2, 7) and state.hands[1] == counts(3, 4, 7)
    assert state.shown == [counts(7), counts(7), counts()]
    assert state.box == [9]
    assert state.pile == [SPIRIT["old-warden"]] and state.night == 2


def test_restless_pile_goes_to_the_shortest_single_candle():
    state = table([[2, 9], [5, 9], [8, 9]], ["hollow-widow"], ["old-warden"], [1])
    offer(state, 2, 5, 8)
    assert state.scores() == [-4, 0, 0]


def test_greedy_dark_variant_gives_a_restless_pile_to_the_tallest():
    state = load("wickwatch", 3, 0, variant="greedy-dark")
    state.hands = [counts(2, 9), counts(5, 9), counts(8, 9)]
    state.pile, state.spirit_deck = [SPIRIT["hollow-widow"]], [SPIRIT["old-warden"]]
    offer(state, 2, 5, 8)
    assert state.scores() == [0, 0, -4]


def test_a_pile_worth_zero_goes_to_the_tallest():
    state = table([[2, 9], [5, 9]], ["lamplighter", "mirror-twin"], ["old-warden"], [1])
    offer(state, 2, 5)
    assert state.taken == [[], [SPIRIT["lamplighter"], SPIRIT["mirror-twin"]]]


def test_when_every_candle_gutters_the_pile_lingers_and_the_next_spirit_joins_it():
    state = table([[6, 1], [6, 2]], ["grey-nurse"], ["old-warden", "candle-moth"], [3, 4])
    offer(state, 6, 6)
    assert "wickwatch.lingers" in keys(state)
    assert state.pile == [SPIRIT["grey-nurse"], SPIRIT["candle-moth"]]
    assert state.hands == [counts(1, 6), counts(2, 6)] and state.taken == [[], []]
    offer(state, 1, 2)
    assert state.scores() == [0, 5]


def test_a_pile_lingering_after_the_last_night_fades_and_the_watch_ends():
    state = table([[6, 1], [6, 2]], ["grey-nurse"], [], [3, 4])
    offer(state, 6, 6)
    assert state.is_terminal() and state.pile == []
    assert keys(state)[-2:] == ["wickwatch.faded", "wickwatch.game_over"]
    assert state.winners() == [0, 1] and state.returns() == [1.0, 1.0]


def test_the_most_points_win_at_the_end():
    state = table([[9, 1], [3, 2]], ["drowned-bell"], [], [4])
    offer(state, 9, 3)
    assert state.is_terminal()
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]
    assert state.view(1)["result"] == {"scores": [5, 0], "winners": [0]}


def test_a_known_candle_that_burns_is_no_longer_known():
    state = table([[7, 1], [7, 2]], ["lamplighter"], ["old-warden", "drowned-bell"], [5, 4])
    offer(state, 7, 7)
    assert state.shown == [counts(7), counts(7)]
    offer(state, 7, 2)
    assert state.shown == [counts(), counts(2, 7)]
    assert state.view(1)["seats"][0]["known"] == [] and state.hands[0] == counts(1, 4)


def test_offers_stay_hidden_until_every_seat_has_chosen():
    state = table([[7, 1], [3, 2]], ["lamplighter"], ["old-warden"], [5])
    state.apply_action(2, 1)
    assert state.pending_players() == [0]
    assert state.view(1)["offer"] == 3
    assert state.view(0)["offer"] is None
    assert state.view(0)["seats"][1] == {"seat": 1, "candles": 2, "known": [],
                                         "ready": True, "spirits": [], "score": 0}
    for viewer in (0, None):
        log = state.view(viewer)["log"]
        assert log[-1] == {"kind": "offer", "key": "wickwatch.ready", "args": {"seat": 1}}
        assert all(e["key"] != "wickwatch.offered" for e in log)


@pytest.mark.parametrize(("action", "seat", "reason"), [
    (5, 0, "no candle of height 6"),
    (10, 0, "10 is not a wickwatch action"),
    (0, 2, "no seat 2"),
])
def test_illegal_offers_are_refused_with_a_reason(action, seat, reason):
    state = table([[7, 1], [3, 2]], ["lamplighter"], ["old-warden"], [5])
    with pytest.raises(IllegalAction, match=reason):
        state.apply_action(action, seat)
    assert state.offers == [NO_OFFER, NO_OFFER]


def test_a_seat_sets_down_one_candle_a_night():
    state = table([[7, 1], [3, 2]], ["lamplighter"], ["old-warden"], [5])
    state.apply_action(0, 0)
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="seat 1 has nothing to decide now"):
        state.apply_action(6, 0)


def test_options_that_cannot_be_played_are_refused():
    with pytest.raises(OptionError, match="nights"):
        load("wickwatch", 2, 0, {"nights": 11})
    with pytest.raises(OptionError, match="hand_size"):
        load("wickwatch", 2, 0, {"hand_size": 7})


def test_a_players_own_spirit_deck_is_played():
    deck = {"spirits": [{"id": "a", "value": 2}, {"id": "b", "value": -1},
                        {"id": "c", "value": 3}, {"id": "d", "value": 1}]}
    state = load("wickwatch", 2, 4, {"spirits": deck})
    assert state.max_game_length() == 8
    assert state.view(None)["pile"][0]["id"] in "abcd"
    with pytest.raises(OptionError, match="spirits"):
        load("wickwatch", 2, 0, {"spirits": {"spirits": [{"id": "a", "value": 0}] * 4}})


def test_quick_variant_watches_six_nights_with_four_candles():
    state = load("wickwatch", 4, 2, variant="quick")
    assert state.max_game_length() == 24
    assert all(seat["candles"] == 4 for seat in state.view(None)["seats"])
    assert state.view(None)["spirits_left"] == 5
