"""Nevermore's suit effects: Attack, Healing, Radiance, Victory, Ravens and Skulking Ravens.

Includes one test per item of the seed's FAQ sections 治療, 攻擊 and 光輝.
"""

from __future__ import annotations

import pytest
from nvkit import act, choose, commit, decision, events, finish_round, skip_windows, table, until

from candlelit.games.nevermore.constants import A_COMMIT, A_SWEEP, A_TARGET


# -- Attack ----------------------------------------------------------------------------------
def test_attack_deals_most_minus_second_to_one_chosen_player():
    s = table(4, ["AAAA", "A", "", ""])
    until(s, "attack")
    assert s.pending == [0]
    assert s.legal_actions(0) == [A_TARGET + 1, A_TARGET + 2, A_TARGET + 3]
    choose(s, 2)
    assert s.health == [5, 5, 2, 5]


def test_attack_of_four_or_more_may_hit_every_other_player_for_one_and_score_two():
    s = table(4, ["AAAA", "", "", ""], health=[5, 5, 1, 5])
    until(s, "attack")
    assert A_SWEEP in s.legal_actions(0)
    act(s, 0, A_SWEEP)
    assert s.health == [5, 4, 0, 4]
    assert s.raven[2] == 1
    assert s.vp[0] == 3


def test_attack_below_four_offers_no_sweep():
    s = table(4, ["AAA", "", "", ""])
    until(s, "attack")
    assert A_SWEEP not in s.legal_actions(0)


def test_turning_a_player_into_a_raven_scores_one():
    s = table(3, ["AAA", "", ""], health=[5, 2, 5])
    until(s, "attack")
    choose(s, 1)
    assert s.raven[1] == 1 and s.health[1] == 0
    assert s.vp[0] == 1


def test_ravens_attached_to_a_suit_cancel_its_cards_and_do_not_count():
    s = table(3, ["AAAR", "AA", ""])
    commit(s, ravens={0: 1})
    skip_windows(s)
    reveal = events(s, "nevermore.revealed")[0]
    assert (reveal["count"], reveal["ravens"], reveal["net"]) == (3, 1, 2)
    won = events(s, "nevermore.step_won")[0]
    assert won["seats"] == [1, 0] and won["value"] == 2


def test_a_winner_turned_raven_by_an_earlier_attacker_still_pecks_the_second_most():
    s = table(4, ["", "AAA", "A", "AAA"], health=[5, 2, 5, 2])
    until(s, "attack")
    choose(s, 3)
    assert s.raven[3] == 1
    assert events(s, "nevermore.pecks") == [{"seat": 3, "to": 2, "amount": 1}]
    assert s.health[2] == 4


def test_a_raven_cannot_peck_when_every_player_ties():
    s = table(4, ["AA", "AA", "AA", "AA"], ravens=[0])
    until(s, "attack")
    for seat, target in ((1, 2), (2, 3), (3, 1)):
        assert s.pending == [seat]
        choose(s, target)
    assert events(s, "nevermore.peck_none") == [{"seat": 0, "suit": "attack"}]
    assert s.health == [0, 3, 3, 3]


# -- Healing ---------------------------------------------------------------------------------
def test_healing_restores_most_minus_second_up_to_the_maximum():
    s = table(4, ["HHHH", "H", "", ""], health=[1, 5, 5, 5])
    finish_round(s)
    assert s.health[0] == 4
    s = table(4, ["HHHH", "", "", ""], health=[3, 5, 5, 5])
    finish_round(s)
    assert s.health[0] == 5 and s.vp[0] == 0


def test_healing_at_full_health_by_three_or_more_scores_one():
    s = table(4, ["HHH", "", "", ""])
    finish_round(s)
    assert s.vp[0] == 1 and s.health[0] == 5


def test_healing_point_needs_full_health_before_the_heal():
    s = table(4, ["HHHH", "", "", ""], health=[4, 5, 5, 5])
    finish_round(s)
    assert s.health[0] == 5 and s.vp[0] == 0


def test_healing_of_two_at_full_health_scores_nothing():
    s = table(4, ["HH", "", "", ""])
    finish_round(s)
    assert s.vp[0] == 0


def test_a_raven_winning_healing_pecks_the_second_most_human_instead():
    s = table(4, ["HHH", "H", "", ""], ravens=[0])
    finish_round(s)
    assert s.health == [0, 4, 5, 5]


# -- Radiance --------------------------------------------------------------------------------
def test_radiance_winner_draws_most_minus_second_light_magick():
    s = table(3, ["LLL", "L", ""], light=["L01", "L02", "L03"])
    finish_round(s)
    assert sum(s.magick[0]) == 2 and sum(s.magick[1]) == 0


@pytest.mark.parametrize(("mode", "cards"), [("extra-card", 6), ("normal-draw", 5)])
def test_five_radiance_played_give_two_health_a_point_and_light_magick(mode, cards):
    light = ["L01", "L02", "L03", "L04", "L05", "L06", "L07"]
    s = table(3, ["LLLLL", "", ""], health=[2, 5, 5], light=light,
              options={"radiance_five": mode})
    finish_round(s)
    assert s.health[0] == 4 and s.vp[0] == 1
    assert sum(s.magick[0]) == cards


def test_five_radiance_cancelled_by_ravens_still_count_as_played():
    s = table(3, ["LLLLLR", "L", ""], health=[3, 5, 5], light=["L01"] * 9)
    finish_round(s, ravens={0: 1})
    assert s.health[0] == 5 and s.vp[0] == 1


def test_a_raven_playing_five_radiance_still_scores():
    s = table(3, ["LLLLL", "", ""], ravens=[0], light=["L01"] * 8)
    finish_round(s)
    assert s.vp[0] == 1 and sum(s.magick[0]) == 6
    assert not [e for e in events(s, "nevermore.healed") if e["seat"] == 0]
    assert events(s, "nevermore.returns") == [{"seat": 0, "health": 5}]


# -- Victory ---------------------------------------------------------------------------------
def test_victory_winner_scores_most_minus_second():
    s = table(3, ["VVVV", "V", "VV"])
    finish_round(s)
    assert s.vp == [2, 0, 0]


def test_a_raven_winning_victory_scores_nothing_and_pecks_the_second_most():
    s = table(3, ["VVVV", "V", "VV"], ravens=[0])
    finish_round(s)
    assert s.vp == [0, 0, 0] and s.health == [0, 5, 4]


def test_a_raven_winning_a_suit_no_human_played_pecks_every_human():
    s = table(4, ["V", "", "", ""], ravens=[0])
    finish_round(s)
    assert s.health == [0, 4, 4, 4]


# -- Skulking Ravens -------------------------------------------------------------------------
def test_skulking_ravens_winner_draws_shadow_magick_equal_to_the_difference():
    s = table(3, ["AAARRR", "R", ""], shadow=["D01", "D02", "D03"])
    until(s, "attack")
    choose(s, 2)
    finish_round(s)
    skulk = events(s, "nevermore.skulking")[0]
    assert skulk["ravens"] == [3, 1, 0]
    assert sum(s.magick[0]) == 2 and sum(s.magick[1]) == 0


def test_ravens_used_to_cancel_do_not_skulk():
    s = table(3, ["AAARRR", "R", ""], shadow=["D01", "D02", "D03"])
    commit(s, ravens={0: 3})
    finish_round(s)
    assert events(s, "nevermore.skulking")[0]["ravens"] == [0, 1, 0]
    assert sum(s.magick[1]) == 1


def test_a_raven_may_attach_no_more_ravens_than_it_has_suit_cards():
    s = table(3, ["ARRR", "", ""])
    assert s.legal_actions(0) == [A_COMMIT, A_COMMIT + 1]
    s = table(3, ["ARRR", "", ""], options={"raven_cancel": "mandatory"})
    assert s.legal_actions(0) == [A_COMMIT + 1]
    assert decision(s) == "commit"
