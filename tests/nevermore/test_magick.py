"""Nevermore magick: the window rules (seed 魔法牌 1-7) and every card of the built-in decks.

Each card test follows the seed FAQ item that describes the card (魔法牌 6-19); the parts
the FAQ leaves open follow the card text in data/cards.yaml (marked reconstructed there).
"""

from __future__ import annotations

from nvkit import (
    act,
    choose,
    commit,
    counts,
    decision,
    events,
    finish_round,
    in_anytime_window,
    keys,
    play,
    skip_windows,
    suit,
    table,
    title,
    until,
    until_window,
)

from candlelit.games.nevermore.constants import (
    A_COMMIT,
    A_DONE,
    A_JOIN,
    A_PASS,
    A_PLAY,
    A_TARGET,
    A_YES,
    HEAL,
    LEFT,
    RIGHT,
)

FOUR = ["AAAAA", "HHHHH", "LLLLL", "VVVVV"]


# -- windows (魔法牌 1-5) ------------------------------------------------------------------
def test_a_seat_that_passed_may_choose_again_after_a_later_seat_plays():
    s = table(4, ["A", "H", "", ""], phase="before_resolution",
              magick={1: ["D02"], 2: ["D03"]})
    assert s.pending == [1]
    act(s, 1, A_DONE)
    play(s, 2, "D03")
    assert s.pending == [1] and decision(s) == "window"


def test_cards_played_together_go_from_the_start_players_downstream_neighbour_round():
    s = table(4, ["A", "H", "", ""], phase="before_resolution", start=2, direction=LEFT,
              magick={1: ["D03"], 2: ["D03"], 3: ["D03"]})
    asked = []
    while decision(s) == "window":
        asked.append(s.pending[0])
        act(s, s.pending[0], A_DONE)
    assert asked == [3, 1, 2]
    s = table(4, ["A", "H", "", ""], phase="before_resolution", start=2, direction=RIGHT,
              magick={1: ["D03"], 2: ["D03"], 3: ["D03"]})
    assert s.pending == [1]


def test_every_magick_holder_is_asked_so_being_asked_reveals_nothing():
    s = table(4, ["A", "H", "", ""], phase="before_resolution", magick={3: ["D08"]})
    assert s.pending == [3] and s.legal_actions(3) == [A_JOIN + title("D08"), A_DONE]
    s = table(4, ["A", "H", "", ""], phase="before_resolution", magick={3: ["L03"]})
    assert s.pending == [3] and s.legal_actions(3) == [A_DONE]


def test_any_number_of_magick_cards_may_be_held_and_played():
    s = table(4, ["A", "H", "", ""], phase="before_resolution",
              magick={1: ["D03", "D03", "L02", "L02", "D07"]})
    play(s, 1, "D03")
    play(s, 1, "L02")
    play(s, 1, "L02")
    assert s.pending == [1] and sum(s.magick[1]) == 2
    assert s.repent == [1]


def test_a_raven_must_use_the_raven_symbol_effect():
    s = table(4, ["A", "H", "", ""], phase="before_resolution", ravens=[0],
              magick={0: ["D02"]})
    play(s, 0, "D02")
    assert events(s, "nevermore.plays")[0]["form"] == "raven"
    choose(s, 2)
    assert s.health == [0, 5, 4, 5]


def test_raven_symbol_effects_keep_the_cards_timing():
    s = table(4, ["", "HH", "H", ""], phase="before_resolution", ravens=[0],
              magick={0: ["D06"]})
    assert A_PLAY + title("D06") not in s.legal_actions(0)
    act(s, 0, A_DONE)
    commit(s)
    skip_windows(s)
    commit(s)
    assert decision(s) == "window" and s.pending == [0]
    play(s, 0, "D06")
    choose(s, 3)
    assert s.health[3] == 4


def test_only_a_raven_may_use_a_raven_symbol_effect():
    s = table(4, ["", "AAA", "A", ""], phase="before_resolution", magick={0: ["D04"]})
    skip_windows(s)
    commit(s)
    play(s, 0, "D04")
    assert s.view(None)["decision"] == {"kind": "target", "purpose": "rage"}
    assert "nevermore.fx.rage_raven" not in keys(s)


# -- 魔法牌 6: Betrayal ----------------------------------------------------------------------
def test_betrayal_lets_the_attack_winner_choose_who_gains_the_health():
    s = table(4, ["AAA", "", "", ""], health=[5, 2, 3, 5], phase="before_resolution",
              magick={3: ["D01"]})
    play(s, 3, "D01")
    until(s, "target")
    assert s.pending == [0]
    choose(s, 1)
    assert s.health == [5, 5, 3, 5]


def test_betrayal_makes_the_healing_winner_hurt_themselves_and_pays_the_betrayer():
    s = table(4, ["", "HHH", "", ""], health=[5, 3, 5, 5], phase="before_resolution",
              magick={2: ["D01"]})
    play(s, 2, "D01")
    finish_round(s)
    assert s.raven[1] == 1
    assert s.vp == [0, 0, 1, 0]


def test_betrayal_played_by_a_raven_voids_attack_and_healing():
    s = table(4, ["AAA", "HHH", "", ""], health=[5, 2, 5, 5], phase="before_resolution",
              ravens=[3], magick={3: ["D01"]})
    play(s, 3, "D01")
    finish_round(s)
    assert s.health[:3] == [5, 2, 5]
    assert [e["suit"] for e in events(s, "nevermore.step_void")] == ["attack", "healing"]


# -- 魔法牌 7: Bloodletting -----------------------------------------------------------------
def test_bloodletting_costs_one_health_and_deals_two():
    s = table(4, ["A", "H", "", ""], phase="before_resolution", magick={0: ["D02"]})
    play(s, 0, "D02")
    choose(s, 3)
    assert s.health == [4, 5, 5, 3]


def test_bloodletting_may_turn_its_player_into_a_raven_for_a_point():
    s = table(4, ["A", "H", "", ""], health=[1, 5, 5, 5], phase="before_resolution",
              magick={0: ["D02"]})
    play(s, 0, "D02")
    assert s.raven[0] == 1 and s.vp[0] == 1
    choose(s, 2)
    assert s.health[2] == 3


# -- 魔法牌 8: Darkness Falls ---------------------------------------------------------------
def test_darkness_falls_makes_every_raven_skulk():
    s = table(3, ["VVRR", "V", ""], phase="before_resolution", magick={1: ["D03"]},
              shadow=["D05", "D06", "D07"], round_no=2, tokens="VAHL")
    play(s, 1, "D03")
    skip_windows(s)
    assert s.legal_actions(0) == [A_COMMIT]
    finish_round(s)
    assert events(s, "nevermore.skulking")[0]["ravens"] == [2, 0, 0]
    assert sum(s.magick[0]) == 2


# -- 魔法牌 9: Rage, Dominate, Drain --------------------------------------------------------
def test_rage_takes_up_to_two_attack_cards_left_after_ravens_cancel():
    s = table(4, ["A", "AAAR", "", ""], phase="before_resolution", magick={0: ["D04"]})
    skip_windows(s)
    commit(s, ravens={1: 1})
    play(s, 0, "D04")
    assert events(s, "nevermore.fx.takes") == [{"seat": 0, "to": 1, "count": 2,
                                                 "suit": "attack"}]
    assert s.net[:2] == [3, 0] and s.front[1][0] == 1 and s.front[0][0] == 3
    until(s, "attack")
    assert s.pending == [0]


def test_cancelled_cards_cannot_be_taken():
    s = table(4, ["A", "AAR", "", ""], phase="before_resolution", magick={0: ["D04"]})
    skip_windows(s)
    commit(s, ravens={1: 1})
    play(s, 0, "D04")
    assert s.net[:2] == [2, 0]


def test_a_taker_may_cancel_the_taken_cards_with_its_own_ravens():
    s = table(4, ["AR", "AA", "", ""], phase="before_resolution", magick={0: ["D05"]})
    skip_windows(s)
    commit(s)
    play(s, 0, "D05")
    assert decision(s) == "yes_no" and s.legal_actions(0) == [A_YES, A_DONE]
    act(s, 0, A_YES)
    assert s.net[:2] == [1, 1] and s.hand[0] == [0] * 5 and s.front[0][4] == 1


def test_a_taker_without_ravens_is_still_asked_and_can_only_decline():
    s = table(4, ["AV", "AA", "", ""], phase="before_resolution", magick={0: ["D05"]})
    skip_windows(s)
    commit(s)
    play(s, 0, "D05")
    assert decision(s) == "yes_no" and s.legal_actions(0) == [A_DONE]


def test_dominate_takes_one_card_at_any_suit_step():
    s = table(4, ["", "", "VVV", "V"], phase="before_resolution", magick={3: ["D05"]},
              round_no=2, tokens="VAHL")
    skip_windows(s)
    commit(s)
    play(s, 3, "D05")
    assert events(s, "nevermore.fx.takes")[0]["count"] == 1
    assert events(s, "nevermore.step_won")[0]["seats"] == [2, 3]
    assert s.vp[2:] == [2, 2]


def test_drain_takes_one_healing_card_at_the_healing_step_only():
    s = table(4, ["", "HH", "", "H"], phase="before_resolution", magick={3: ["D06"]},
              health=[5, 5, 5, 2])
    skip_windows(s)
    commit(s)
    assert decision(s) == "window" and A_PLAY + title("D06") not in s.legal_actions(3)
    until(s, "commit")
    commit(s)
    play(s, 3, "D06")
    assert events(s, "nevermore.fx.takes") == [{"seat": 3, "to": 1, "count": 1,
                                                 "suit": "healing"}]
    won = events(s, "nevermore.step_won")[0]
    assert (won["seats"], won["most"], won["second"]) == ([3], 2, 1)
    assert s.health[3] == 3


def test_rage_played_by_a_raven_makes_its_attack_peck_deal_two():
    s = table(4, ["AA", "A", "", ""], ravens=[0], phase="before_resolution",
              magick={0: ["D04"]})
    skip_windows(s)
    commit(s)
    play(s, 0, "D04")
    assert events(s, "nevermore.pecks") == [{"seat": 0, "to": 1, "amount": 2}]
    assert s.health[1] == 3


def test_drain_played_by_a_raven_takes_one_health_from_a_human():
    s = table(4, ["", "H", "", ""], ravens=[0], phase="before_resolution",
              magick={0: ["D06"]})
    skip_windows(s)
    commit(s)
    skip_windows(s)
    commit(s)
    play(s, 0, "D06")
    choose(s, 2)
    assert s.health[2] == 4


# -- 魔法牌 10: Deceive ----------------------------------------------------------------------
def test_deceive_swaps_hands_with_the_upstream_player():
    s = table(4, ["A", "HH", "LLL", "V"], phase="before_resolution", magick={2: ["D07"]})
    play(s, 2, "D07")
    assert s.hand[2] == counts("HH") and s.hand[1] == counts("LLL")
    s = table(4, ["A", "HH", "LLL", "V"], phase="before_resolution", magick={2: ["D07"]},
              direction=RIGHT)
    play(s, 2, "D07")
    assert s.hand[2] == counts("V") and s.hand[3] == counts("LLL")
    mine = [e for e in s.events() if e.key == "nevermore.fx.new_hand"]
    assert {e.visible_to for e in mine} == {(2,), (3,)}


# -- 魔法牌 11: Prophecy ---------------------------------------------------------------------
def test_prophecy_scores_when_the_named_player_keeps_two_after_ravens_cancel():
    s = table(4, ["", "", "VVV", ""], phase="before_resolution", magick={0: ["L01"]})
    play(s, 0, "L01")
    suit(s, "V")
    choose(s, 2)
    finish_round(s)
    assert s.vp[0] == 1
    s = table(4, ["", "", "VVR", ""], phase="before_resolution", magick={0: ["L01"]})
    play(s, 0, "L01")
    suit(s, "V")
    choose(s, 2)
    finish_round(s, ravens={2: 1})
    assert s.vp[0] == 0 and events(s, "nevermore.prophecy_checked")[0]["count"] == 1


def test_prophecy_is_checked_even_when_a_conspiracy_ends_the_resolution():
    s = table(4, ["", "RRRRR", "VV", ""], phase="before_resolution", magick={0: ["L01"]})
    play(s, 0, "L01")
    suit(s, "V")
    choose(s, 2)
    assert in_anytime_window(s) and s.pending == [1]  # the conspirator drew a Shadow card
    skip_windows(s)
    assert s.round == 2 and events(s, "nevermore.conspiracy")
    assert events(s, "nevermore.prophecy_checked")[0]["hit"] == "yes"
    assert s.vp[0] == 1


# -- 魔法牌 12: Repentance -------------------------------------------------------------------
def test_repentance_makes_skulking_ravens_hurt_and_scores_for_each_player_turned():
    s = table(4, ["", "RR", "R", ""], health=[5, 2, 5, 5], phase="before_resolution",
              magick={0: ["L02"]}, shadow=["D05"] * 3)
    play(s, 0, "L02")
    finish_round(s)
    assert s.raven[1] == 1 and s.health[2] == 4
    assert s.vp[0] == 1


# -- 魔法牌 13: Punishment -------------------------------------------------------------------
def test_punishment_makes_one_raven_cancel_a_whole_suit_so_a_second_covers_another():
    s = table(4, ["", "AAAHHRR", "", ""], phase="before_resolution", magick={0: ["L04"]})
    play(s, 0, "L04")
    choose(s, 1)
    skip_windows(s)
    assert s.legal_actions(1) == [A_COMMIT + 1]
    commit(s, ravens={1: 1})
    assert s.legal_actions(1) == [A_COMMIT + 1]
    finish_round(s, ravens={1: 1})
    nets = [e["net"] for e in events(s, "nevermore.revealed")]
    assert nets == [0, 0]
    assert events(s, "nevermore.skulking")[0]["ravens"][1] == 0


# -- 魔法牌 14: Wither and Spite ------------------------------------------------------------
def test_wither_takes_a_point_after_resolution():
    s = table(4, ["", "", "", ""], vp=[0, 2, 0, 0], phase="after_resolution",
              magick={3: ["D08"]})
    play(s, 3, "D08")
    assert s.vp[1] == 1


def test_spite_strikes_every_human_who_damaged_you_this_round():
    s = table(4, ["", "AA", "AA", "A"], phase="before_resolution", magick={0: ["D09"]})
    until(s, "attack")
    choose(s, 0)
    choose(s, 0)
    until_window(s, "after_resolution")
    play(s, 0, "D09")
    assert s.health == [3, 4, 4, 5]


def test_after_resolution_cards_come_before_the_end_phase_so_a_returning_raven_cannot_use_them():
    s = table(4, ["AHLVR", "", "", ""], ravens=[0], vp=[0, 1, 0, 0], phase="resolution",
              magick={0: ["D08"]})
    until_window(s, "after_resolution")
    assert s.raven[0] == 1 and "nevermore.returns" not in keys(s)
    assert A_PLAY + title("D08") in s.legal_actions(0)
    act(s, 0, A_DONE)
    assert events(s, "nevermore.returns") == [{"seat": 0, "health": 5}]
    assert s.view(None)["phase"] != "after_resolution" and s.round == 2


# -- 魔法牌 15: Freeze, Harvest, Justice ----------------------------------------------------
def test_freeze_stops_the_draft_and_voids_harvest_and_justice_played_after_it():
    s = table(4, FOUR, phase="before_draft",
              magick={1: ["L05"], 2: ["L06"], 3: ["L03"]})
    play(s, 1, "L05")
    play(s, 2, "L06")
    play(s, 3, "L03")
    skip_windows(s)
    assert s.view(None)["phase"] in ("before_resolution", "resolution")
    assert [sum(h) for h in s.hand] == [5, 5, 5, 5] and s.hand[0] == counts("AAAAA")
    assert [e["seat"] for e in events(s, "nevermore.fx.void_no_draft")] == [2, 3]


def test_harvest_makes_the_upstream_player_pass_one_more_card_in_the_first_pass():
    s = table(4, FOUR, phase="before_draft", magick={2: ["L06"]})
    play(s, 2, "L06")
    skip_windows(s)
    assert s.to_pass == [3, 4, 3, 3]
    for seat, letter in ((0, "A"), (1, "H"), (2, "L"), (3, "V")):
        while seat in s.pending:
            act(s, seat, A_PASS + "AHLVR".index(letter))
    assert s.hand[2] == counts("LLHHHH") and s.hand[1] == counts("HAAA")


def test_justice_hurts_the_upstream_player_for_each_raven_passed_to_you():
    s = table(4, ["AARRR", "HHHHH", "LLLLL", "VVVVV"], phase="before_draft",
              magick={1: ["L03"]})
    play(s, 1, "L03")
    skip_windows(s)
    for seat, letters in ((0, "RRA"), (1, "HHH"), (2, "LLL"), (3, "VVV")):
        for letter in letters:
            act(s, seat, A_PASS + "AHLVR".index(letter))
    assert s.health == [3, 5, 5, 5]
    assert events(s, "nevermore.damaged")[0]["cause"] == "justice"


def test_a_freeze_played_after_harvest_still_stops_the_draft():
    s = table(4, FOUR, phase="before_draft", magick={1: ["L06"], 2: ["L05"]})
    play(s, 1, "L06")
    play(s, 2, "L05")
    skip_windows(s)
    assert "nevermore.no_draft" in keys(s) and s.hand[1] == counts("HHHHH")


# -- 魔法牌 16-19 ---------------------------------------------------------------------------
def test_discarded_cards_still_count_toward_returning_to_human_but_taken_ones_do_not():
    s = table(4, ["AHLVR", "V", "", ""], ravens=[0], phase="before_resolution",
              magick={0: ["D11"]})
    play(s, 0, "D11")
    suit(s, "A")
    finish_round(s)
    assert s.raven[0] == 0
    s = table(4, ["", "AHLVR", "", ""], ravens=[1], phase="before_resolution",
              magick={0: ["D11"]})
    play(s, 0, "D11")
    until(s, "kind")
    act(s, 0, s.legal_actions(0)[0])
    finish_round(s)
    assert s.raven[1] == 1


def test_exhaust_hits_one_of_the_players_with_the_most_health():
    s = table(4, ["A", "", "", ""], health=[3, 5, 5, 2], phase="before_resolution",
              magick={0: ["D10"]})
    play(s, 0, "D10")
    assert s.legal_actions(0) == [A_TARGET + 1, A_TARGET + 2]
    choose(s, 2)
    assert s.health == [3, 5, 3, 2]


def test_exhaust_can_be_played_at_any_window_including_a_steps():
    s = table(4, ["A", "A", "", ""], phase="before_resolution", magick={3: ["D10"]})
    act(s, 3, A_DONE)
    commit(s)
    assert decision(s) == "window" and A_PLAY + title("D10") in s.legal_actions(3)


def test_an_any_time_card_answers_a_played_card_before_the_next_seat_in_priority():
    """魔法牌 5: 隨時可打出 — the one kind of card that may break priority."""
    s = table(4, ["A", "H", "", ""], phase="before_resolution",
              magick={1: ["D03"], 2: ["L02"], 3: ["D10"]})
    assert s.order == [1, 2, 3, 0] and s.pending == [1]
    act(s, 1, A_PLAY + title("D03"))
    assert in_anytime_window(s) and s.pending == [2]
    assert s.legal_actions(2) == [A_DONE]  # asked, but Repentance must wait its turn
    act(s, 2, A_DONE)
    assert s.pending == [3] and A_PLAY + title("D10") in s.legal_actions(3)
    act(s, 3, A_PLAY + title("D10"))
    choose(s, 2)
    assert s.health == [5, 5, 3, 5]
    while in_anytime_window(s):
        act(s, s.pending[0], A_DONE)
    assert s.view(None)["decision"]["window"] == "before_resolution"
    assert s.pending == [2] and A_PLAY + title("L02") in s.legal_actions(2)


def test_every_magick_holder_is_asked_in_an_any_time_window():
    s = table(4, ["A", "H", "", ""], phase="before_resolution",
              magick={0: ["L03"], 1: ["D03"], 3: ["D08"]})
    act(s, 1, A_PLAY + title("D03"))
    asked = []
    while in_anytime_window(s):
        asked.append(s.pending[0])
        assert s.legal_actions(s.pending[0]) == [A_DONE]
        act(s, s.pending[0], A_DONE)
    assert asked == [3, 0]


def test_an_any_time_card_may_answer_a_resolution_step_before_the_next_one():
    s = table(4, ["AAA", "H", "", ""], magick={2: ["D10"]})
    commit(s)
    skip_windows(s)
    choose(s, 1)
    assert s.health == [5, 2, 5, 5] and s.netlog[HEAL][0] == -1
    assert in_anytime_window(s) and s.pending == [2]
    assert A_PLAY + title("D10") in s.legal_actions(2)
    act(s, 2, A_PLAY + title("D10"))
    choose(s, 3)
    assert s.health == [5, 2, 5, 3]
    skip_windows(s)
    assert decision(s) == "commit" and s.view(None)["step"] == "healing"


def test_requisition_takes_a_light_card_just_drawn_even_if_only_one():
    s = table(4, ["", "", "L", ""], magick={3: ["L07"]}, light=["L04"])
    until_window(s, "when_light_drawn")
    assert s.pending == [3]
    play(s, 3, "L07")
    assert s.magick[3][title("L04")] == 1 and sum(s.magick[2]) == 0
    private = [e for e in s.events() if e.key == "nevermore.fx.requisition_card"]
    assert private[0].visible_to == (3, 2)


def test_nightmare_takes_a_random_card_and_the_player_discards_one_of_their_own():
    s = table(4, ["HV", "AA", "", ""], phase="before_resolution", magick={0: ["D11"]})
    play(s, 0, "D11")
    assert decision(s) == "kind" and s.pending == [0]
    assert s.hand[1] == counts("A") and s.hand[0] == counts("AHV")
    suit(s, "H")
    assert s.front[0] == counts("H") and s.hand[0] == counts("AV")
    seen = [e for e in s.events() if e.key == "nevermore.fx.nightmare_card"]
    assert seen[0].visible_to == (0, 1)


def test_reprieve_restores_two_health_before_a_lethal_hit_lands():
    s = table(3, ["AAA", "", ""], health=[5, 2, 5], magick={1: ["X01"]})
    until(s, "attack")
    choose(s, 1)
    assert decision(s) == "lethal" and s.pending == [1]
    play(s, 1, "X01")
    assert s.health[1] == 1 and s.raven[1] == 0


def test_reprieve_can_also_be_played_in_any_window():
    s = table(3, ["A", "", ""], health=[5, 2, 5], phase="before_resolution",
              magick={1: ["X01"]})
    play(s, 1, "X01")
    assert s.health[1] == 4


def test_a_lethal_hit_asks_any_magick_holder_even_without_a_reprieve():
    s = table(3, ["AAA", "", ""], health=[5, 2, 5], magick={1: ["D03"]})
    until(s, "attack")
    choose(s, 1)
    assert decision(s) == "lethal" and s.legal_actions(1) == [A_DONE]
    act(s, 1, A_DONE)
    assert s.raven[1] == 1


# -- 魔法牌 3-4: Shadow cards joining the hand as Ravens -------------------------------------
def test_a_shadow_card_added_as_a_raven_is_part_of_the_hand_and_can_be_taken():
    s = table(4, ["", "", "", ""], phase="before_resolution",
              magick={0: ["D03"], 1: ["D11"]})
    act(s, 1, A_DONE)
    act(s, 0, A_JOIN + title("D03"))
    assert s.hand[0] == counts("R") and s.adrift == [title("D03")]
    play(s, 1, "D11")
    assert s.hand[0] == [0] * 5 and s.hand[1] == counts("R")
    suit(s, "R")
    assert events(s, "nevermore.fx.discards") == [{"seat": 1, "suit": "raven"}]


def test_a_shadow_card_added_as_a_raven_counts_toward_a_conspiracy():
    s = table(4, ["RRRR", "A", "", ""], phase="before_resolution", magick={0: ["D08"]})
    act(s, 0, A_JOIN + title("D08"))
    skip_windows(s)
    assert events(s, "nevermore.conspiracy") == [{"seat": 0, "ravens": 5}]
