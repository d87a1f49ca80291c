"""Nevermore resolution: the Conspiracy, commitments, most-minus-second and priority.

One test per item of the seed's FAQ section 結算 (and 分數), plus the resolution order.
"""

from __future__ import annotations

import pytest
from nvkit import (
    act,
    choose,
    commit,
    decision,
    events,
    finish_round,
    keys,
    skip_windows,
    table,
    title,
    until,
)

from candlelit.games.nevermore.constants import (
    A_COMMIT,
    A_TARGET,
    LEFT,
    RIGHT,
)


# -- the resolution order ------------------------------------------------------------------
def test_round_one_resolves_in_the_printed_token_order():
    s = table(4, ["H", "L", "V", "R"])
    finish_round(s)
    called = [e["suit"] for e in events(s, "nevermore.step_called")][:4]
    assert called == ["attack", "healing", "radiance", "victory"]
    assert keys(s).index("nevermore.no_conspiracy") < keys(s).index("nevermore.step_called")
    assert keys(s).index("nevermore.skulking") > keys(s).index("nevermore.step_won")


def test_from_round_two_the_middle_tokens_are_face_down_and_turned_one_at_a_time():
    s = table(4, ["A", "H", "L", "V"], round_no=2, tokens="VLAH", phase="before_resolution",
              magick={0: ["D08"]})
    assert s.view(0)["tokens"] == [None, None, None, None]
    skip_windows(s)
    assert s.view(2)["tokens"] == ["victory", None, None, None]
    commit(s)
    skip_windows(s)
    assert s.view(None)["tokens"] == ["victory", "radiance", None, None]
    flips = events(s, "nevermore.token_flipped")
    assert [f["suit"] for f in flips] == ["victory", "radiance"]


def test_later_rounds_shuffle_the_middle_tokens_with_the_games_own_rng():
    orders = set()
    for seed in range(12):
        s = table(3, ["H", "L", "V"], seed=seed)
        until(s, "pass")
        assert s.round == 2 and s.shown == 0
        orders.add(tuple(s.mids))
    assert len(orders) > 3


# -- 結算 1-2: the Conspiracy of Ravens ------------------------------------------------------
def test_five_or_more_ravens_win_the_conspiracy():
    s = table(4, ["RRRRRR", "AHLV", "AAHL", "HLLV"], shadow=["D02", "D03"])
    until(s, "window")
    plot = events(s, "nevermore.conspiracy")
    assert plot == [{"seat": 0, "ravens": 6}]
    assert s.health[1:] == [4, 4, 4]
    assert s.vp[0] == 1
    assert s.magick[0][title("D03")] == 1


def test_conspiracy_ends_the_resolution_at_once():
    s = table(4, ["RRRRR", "AAAH", "HH", "VV"], phase="resolution")
    until(s, "pass")
    before_end = keys(s)[:keys(s).index("nevermore.round_end")]
    assert "nevermore.step_called" not in before_end
    assert "nevermore.skulking" not in before_end
    assert "nevermore.resolution_ends" in before_end
    assert s.vp == [1, 0, 0, 0]


def test_conspiracy_that_turns_a_player_into_a_raven_scores_two():
    s = table(4, ["RRRRR", "AHLV", "AAHL", "HLLV"], health=[5, 1, 5, 5])
    until(s, "pass")
    assert s.raven[1] == 1
    assert s.vp[0] == 2


def test_a_raven_may_conspire_hitting_only_humans_and_its_five_ravens_bring_it_back():
    s = table(4, ["RRRRR", "AHLV", "AAHL", "HLLV"], ravens=[0, 3])
    until(s, "pass")
    assert s.health[1:3] == [4, 4]
    assert s.vp[0] == 1
    assert events(s, "nevermore.returns") == [{"seat": 0, "health": 5}]
    assert s.raven == [0, 0, 0, 1]


# -- 結算 3: all or nothing, no bluff with the suit ---------------------------------------
def test_a_seat_holding_the_suit_must_commit_all_of_it():
    s = table(4, ["AAAR", "HH", "", "V"])
    legal = s.legal_actions(0)
    assert legal == [A_COMMIT, A_COMMIT + 1]
    act(s, 0, A_COMMIT)
    assert s.hand[0] == [0, 0, 0, 0, 1]
    assert s.view(1)["seats"][0]["committed"] == 3


def test_a_seat_without_the_suit_may_put_down_any_number_that_comes_back():
    s = table(4, ["A", "HHLV", "", "V"])
    assert s.legal_actions(1) == [A_COMMIT + k for k in range(5)]
    act(s, 1, A_COMMIT + 3)
    assert s.view(0)["seats"][1]["committed"] == 3
    assert s.view(0)["seats"][1]["hand"] == 1
    act(s, 0, A_COMMIT)
    act(s, 3, A_COMMIT)
    skip_windows(s)
    assert events(s, "nevermore.bluff_back") == [{"seat": 1, "count": 3, "suit": "attack"}]
    assert s.hand[1] == [0, 2, 1, 1, 0]
    assert s.view(0)["seats"][1]["hand"] == 4


def test_the_size_of_a_face_down_commitment_is_all_the_table_sees():
    s = table(4, ["AA", "HH", "LL", "VV"])
    act(s, 0, A_COMMIT)
    act(s, 1, A_COMMIT + 2)
    for viewer in (None, 2, 3):
        seats = s.view(viewer)["seats"]
        assert seats[0]["committed"] == 2 and seats[1]["committed"] == 2
        assert seats[2]["committed"] is None
    assert s.view(1)["you"]["commit"]["bluff"] == 2


# -- 結算 4: ties for most; everyone tied means second most is 0 --------------------------
def test_when_everyone_ties_the_second_most_is_zero():
    s = table(4, ["VV", "VV", "VV", "VV"])
    finish_round(s)
    won = events(s, "nevermore.step_won")
    assert won[0]["second"] == 0 and won[0]["value"] == 2
    assert s.vp == [2, 2, 2, 2]


def test_everyone_tied_at_attack_strikes_in_priority_order():
    s = table(3, ["AA", "AA", "AA"])
    until(s, "attack")
    for seat in (1, 2, 0):
        assert s.pending == [seat]
        choose(s, (seat + 1) % 3)
    assert s.health == [3, 3, 3]


def test_tied_healing_radiance_and_victory_resolve_together():
    s = table(4, ["HHLLVV", "HHLLVV", "", "V"], health=[3, 2, 5, 5],
              light=["L01", "L02", "L03", "L05"])
    finish_round(s)
    assert s.health[:2] == [5, 4]
    assert sum(s.magick[0]) == 2 and sum(s.magick[1]) == 2
    assert s.vp[:2] == [1, 1]


def test_ties_for_second_most_use_the_next_count_down():
    s = table(4, ["VVVV", "VVVV", "VV", "VV"])
    finish_round(s)
    assert events(s, "nevermore.step_won")[0]["value"] == 2
    assert s.vp == [2, 2, 0, 0]


# -- 結算 5-7: ravens among the winners ----------------------------------------------------
def test_two_ravens_tied_for_most_peck_every_human_when_no_human_played_the_suit():
    s = table(4, ["AA", "AA", "", ""], ravens=[0, 1])
    finish_round(s)
    assert s.health[2:] == [3, 3]
    assert [e["seat"] for e in events(s, "nevermore.peck_all")] == [1, 0]


@pytest.mark.parametrize(("direction", "first"), [(LEFT, 1), (RIGHT, 2)])
def test_a_raven_and_a_human_tied_for_most_resolve_in_priority_order(direction, first):
    s = table(4, ["V", "VVV", "VVV", "VV"], ravens=[1], direction=direction)
    finish_round(s)
    victory = [k for k in keys(s) if k in ("nevermore.pecks", "nevermore.scores")]
    assert victory[0] == ("nevermore.pecks" if first == 1 else "nevermore.scores")
    assert s.health[3] == 4 and s.vp[2] == 1


def test_nothing_happens_when_most_and_second_most_are_both_ravens():
    s = table(4, ["AAA", "AA", "A", "H"], ravens=[0, 1])
    finish_round(s)
    assert events(s, "nevermore.peck_ravens") == [{"seat": 0, "suit": "attack"}]
    assert s.health[2:] == [5, 5]


def test_attack_tie_priority_follows_the_direction_marker():
    for direction, attacker, victim in ((LEFT, 1, 3), (RIGHT, 3, 1)):
        s = table(4, ["", "AAA", "A", "AAA"], health=[5, 2, 5, 2], direction=direction)
        assert s.view(None)["priority"][0] == attacker
        until(s, "attack")
        assert s.pending == [attacker]
        choose(s, victim)
        assert s.raven[victim] == 1


def test_priority_starts_downstream_of_the_start_player_who_is_always_last():
    s = table(5, ["A"] * 5, start=2, direction=LEFT)
    assert s.order == [3, 4, 0, 1, 2]
    s = table(5, ["A"] * 5, start=2, direction=RIGHT)
    assert s.order == [1, 0, 4, 3, 2]


# -- 分數 1 / 獲勝 1: simultaneous points, attack points in priority order ------------------
def test_points_from_the_same_step_are_gained_together():
    s = table(4, ["VV", "VV", "", "V"], vp=[5, 5, 0, 0], health=[5, 3, 5, 5])
    finish_round(s)
    assert s.is_terminal()
    assert s.vp[:2] == [6, 6]
    assert s.winners() == [0]
    assert s.reason == "points"


def test_attack_points_are_gained_in_priority_order():
    s = table(4, ["A", "AAA", "AA", "AAA"], vp=[0, 5, 0, 5], health=[1, 5, 1, 5])
    until(s, "attack")
    assert s.pending == [1]
    choose(s, 2)
    assert s.is_terminal() and s.winners() == [1]
    assert s.vp[3] == 5


def test_a_bluff_does_not_count_toward_the_step():
    s = table(3, ["", "A", "HHHH"])
    act(s, 1, A_COMMIT)
    act(s, 2, A_COMMIT + 4)
    skip_windows(s)
    won = events(s, "nevermore.step_won")[0]
    assert (won["seats"], won["value"]) == ([1], 1)
    assert decision(s) == "attack" and s.legal_actions(1) == [A_TARGET, A_TARGET + 2]
