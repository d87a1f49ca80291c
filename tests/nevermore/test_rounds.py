"""Nevermore set-up, the round's flow and drafting (seed 規則 1-2; FAQ 輪抽, 結束)."""

from __future__ import annotations

import pytest
from nvkit import act, counts, events, finish_round, keys, skip_windows, table, title, until

import candlelit
from candlelit.games.nevermore.constants import (
    A_DONE,
    A_JOIN,
    A_PASS,
    A_PLAY,
    LEFT,
    RIGHT,
    SHADOW,
)


def new(players: int, seed: int = 0, **options):
    return candlelit.load("nevermore", players, seed, options)


# -- set-up ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "health"), [(3, 5), (4, 5), (5, 4), (6, 4)])
def test_health_is_five_at_three_or_four_players_and_four_at_five_or_six(players, health):
    s = new(players)
    assert s.health == [health] * players and s.max_health == health
    assert s.vp == [0] * players and s.raven == [0] * players


def test_everyone_starts_with_one_secret_shadow_magick_card():
    s = new(5, seed=4)
    for seat in range(5):
        held = [s.cards.magick[t] for t, c in enumerate(s.magick[seat]) for _ in range(c)]
        assert len(held) == 1 and held[0].deck == SHADOW
        mine = s.view(seat)["you"]["magick"]
        assert [m["card"] for m in mine] == [held[0].name()]
    assert "you" not in s.view(None)
    assert all(seat["shadow"] == 1 and seat["light"] == 0 for seat in s.view(None)["seats"])


def test_the_direction_marker_starts_left_and_the_owner_starts():
    s = new(4)
    view = s.view(None)
    assert view["direction"] == "left" and view["first_player"] == 0
    assert view["priority"] == [1, 2, 3, 0]


def test_each_round_deals_five_from_a_fully_reshuffled_main_deck():
    s = table(4, ["H", "L", "V", ""])
    finish_round(s)
    assert s.round == 2
    assert [sum(h) for h in s.hand] == [5, 5, 5, 5]
    pile = [sum(h[k] for h in s.hand) + s.mdeck.count(k) for k in range(5)]
    assert pile == [12] * 5


def test_clean_up_moves_the_start_player_clockwise_and_flips_the_marker():
    s = table(4, ["H", "L", "V", ""], start=3, direction=LEFT)
    finish_round(s)
    assert (s.start, s.direction) == (0, RIGHT)
    assert s.view(None)["priority"] == [3, 2, 1, 0]
    assert events(s, "nevermore.round_start")[-1] == {"round": 2, "first": 0,
                                                       "direction": "right"}


def test_the_marker_flips_at_clean_up_so_resolution_priority_keeps_the_drafting_direction():
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="draft", direction=LEFT)
    until(s, "commit")
    assert s.direction == LEFT and s.order == [1, 2, 3, 0]


# -- drafting (輪抽 1) --------------------------------------------------------------------------
def _draft_table(direction: int = LEFT):
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="draft", direction=direction)
    assert s.view(None)["decision"] == {"kind": "pass", "pass": 1}
    return s


def _pass_all(s, kinds: dict[int, str]) -> None:
    for seat, letters in kinds.items():
        for letter in letters:
            act(s, seat, A_PASS + "AHLVR".index(letter))


def test_drafting_passes_three_then_two_then_one_in_the_markers_direction():
    s = _draft_table(LEFT)
    assert [s.to_pass[seat] for seat in range(4)] == [3, 3, 3, 3]
    _pass_all(s, {0: "AAA", 1: "HHH", 2: "LLL", 3: "VVV"})
    assert s.hand[1] == counts("AAAHH")
    assert s.to_pass == [2, 2, 2, 2]
    _pass_all(s, {0: "AA", 1: "AA", 2: "LL", 3: "VV"})
    assert s.to_pass == [1, 1, 1, 1]
    _pass_all(s, {0: "V", 1: "H", 2: "H", 3: "L"})
    skip_windows(s)
    assert [sum(h) for h in s.hand] == [5, 5, 5, 5]
    passed = [e for e in s.events() if e.key == "nevermore.passed"]
    assert all(e.args["to"] == (e.args["seat"] + 1) % 4 for e in passed)


def test_drafting_to_the_right_passes_to_the_previous_seat():
    s = _draft_table(RIGHT)
    _pass_all(s, {0: "AAA", 1: "HHH", 2: "LLL", 3: "VVV"})
    assert s.hand[0] == counts("AAHHH")
    assert s.hand[3] == counts("AAAVV")


def test_cards_passed_may_come_from_the_whole_hand_including_cards_received():
    s = _draft_table(LEFT)
    _pass_all(s, {0: "AAA", 1: "HHH", 2: "LLL", 3: "VVV"})
    assert s.legal_actions(1) == [A_PASS, A_PASS + 1]
    _pass_all(s, {1: "AA"})
    assert s.hand[1] == counts("AHH")


def test_the_cards_being_chosen_stay_private_until_everyone_has_chosen():
    s = _draft_table(LEFT)
    act(s, 0, A_PASS)
    for viewer in (None, 1):
        seat0 = s.view(viewer)["seats"][0]
        assert seat0["hand"] == 5 and seat0["ready"] is False
    assert s.view(0)["you"]["passing"]["attack"] == 1
    _pass_all(s, {0: "AA"})
    assert s.view(1)["seats"][0]["ready"] is True
    assert not [e for e in s.events() if e.key == "nevermore.passed"]


# -- windows (輪抽 2: "before X" is the moment just before X) ---------------------------------
def test_the_before_draft_window_comes_after_the_deal_and_before_the_first_pass():
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="before_draft",
              magick={2: ["L05"]})
    assert s.view(None)["phase"] == "before_draft" and s.pending == [2]
    act(s, 2, A_DONE)
    assert s.view(None)["decision"]["kind"] == "pass"


def test_the_before_resolution_window_comes_after_the_last_pass():
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="draft", magick={3: ["D03"]})
    until(s, "window")
    assert s.view(None)["phase"] == "before_resolution"
    assert "nevermore.step_called" not in keys(s) and s.to_pass == [0, 0, 0, 0]


def test_a_magick_card_added_to_the_hand_before_drafting_can_be_passed_by_default():
    """FAQ 魔法牌 3: 可以被抽走、丟棄、傳遞 — so a card may join the hand before the draft."""
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="before_draft",
              magick={0: ["D03"]})
    act(s, 0, A_JOIN + title("D03"))
    assert s.hand[0] == counts("AAAAAR") and sum(s.magick[0]) == 0
    assert events(s, "nevermore.adds_to_hand") == [
        {"seat": 0, "card": s.cards.magick[title("D03")].name(), "suit": "raven"}]
    skip_windows(s)
    act(s, 0, A_PASS + 4)
    _pass_all(s, {0: "AA", 1: "HHH", 2: "LLL", 3: "VVV"})
    assert s.hand[1][4] == 1 and s.hand[0][4] == 0


def test_with_the_option_cards_join_the_hand_only_just_before_resolution():
    s = table(4, ["AAAAA", "HHHHH", "LLLLL", "VVVVV"], phase="before_draft",
              magick={0: ["D03"]}, options={"join_hand": "before-resolution"})
    assert s.pending == [0] and A_JOIN + title("D03") not in s.legal_actions(0)
    act(s, 0, A_DONE)
    until(s, "window")
    assert s.view(None)["phase"] == "before_resolution"
    assert A_JOIN + title("D03") in s.legal_actions(0)


def test_with_the_option_off_shadow_cards_never_join_the_hand():
    s = table(4, ["A", "H", "L", "V"], phase="before_resolution", magick={0: ["D03"]},
              options={"shadow_ravens": "none"})
    assert s.pending == [0]
    assert all(not A_JOIN <= a < A_JOIN + 32 for a in s.legal_actions(0))


# -- 結束: the end phase and clean-up ----------------------------------------------------------
def test_cards_played_during_resolution_stay_in_front_for_the_end_phase_check():
    s = table(4, ["AHLVR", "", "", ""], ravens=[0])
    finish_round(s)
    assert s.health[1:] == [2, 2, 2]
    assert events(s, "nevermore.returns") == [{"seat": 0, "health": 5}]
    assert s.raven[0] == 0 and s.health[0] == 5


def test_a_raven_with_five_identical_suit_cards_turns_human_with_full_health():
    s = table(5, ["", "", "VVVVV", "", ""], ravens=[2])
    finish_round(s)
    assert s.raven[2] == 0 and s.health[2] == 4


def test_a_raven_without_a_perfect_hand_stays_a_raven():
    s = table(4, ["AAHLV", "", "", ""], ravens=[0])
    finish_round(s)
    assert s.raven[0] == 1 and s.health[0] == 0


def test_used_magick_cards_are_discarded_at_clean_up_and_decks_reshuffle_only_when_empty():
    s = table(3, ["LL", "", ""], phase="before_resolution", magick={1: ["L02"]},
              light=["L04"])
    s.ldisc = [title("L06"), title("L07")]
    act(s, 1, A_PLAY + title("L02"))
    assert s.adrift == [title("L02")]
    finish_round(s)
    assert events(s, "nevermore.reshuffled") == [{"deck": "light"}]
    assert sum(s.magick[0]) == 2 and s.magick[0][title("L04")] == 1
    assert s.ldisc == [title("L02")] and not s.adrift
