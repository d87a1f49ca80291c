"""Each of the 65 cards, drawn where the rules draw it, against the seed's 卡片說明 2-6."""

from __future__ import annotations

import json

import pytest
from shkit import card_no, on_top, seated, take_action_at, turn_at

from candlelit.games.shadow_hunters import combat, reach, victory
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_CELL,
    A_CHAR,
    A_NO,
    A_SEAT,
    A_SKILL,
    A_YES,
    CELLS,
    step,
)
from candlelit.games.shadow_hunters.rules import ShadowHuntersState
from candlelit.games.shadow_hunters.state import ATTACK, F_SKIP_MOVE

DECK_CELL = {"blue": 6, "yellow": 2, "green": 4, "red": 8}
CAST = ("slime", "templar", "angel", "ranger")
"""0 獨行俠, 1 南門, 2 獨行俠, 3 西門: only seats 1 and 3 ever get a community heal."""


def table(cells=(6, 2, 9, 4), hidden=(), **options):
    return seated(*CAST, cells=list(cells), hidden=hidden, **options)


def draw(s, seat, cid):
    """`seat` takes the action of the location whose deck holds `cid`, with `cid` on top."""
    on_top(s, cid)
    take_action_at(s, seat, DECK_CELL[s.cards[card_no(s, cid)].colour])


def last(s, key):
    return [e for e in s.events() if e.key == f"shadow_hunters.log.{key}"][-1]


def damages(s, since):
    return [(e.args["seat"], e.args["n"], e.args["element"]) for e in s.events(since)
            if e.key == "shadow_hunters.log.damage"]


def everyone(s):
    return [A_SEAT + t for t in s.living()]


# == blue (湖之神殿) ========================================================================
@pytest.mark.parametrize("cid", ["blue-01", "blue-02", "blue-03"])
def test_spring_water_heals_one_by_water_at_once(cid):
    s = table()
    s.hp[0] = 10
    draw(s, 0, cid)
    assert s.decision[:2] == ["keep", 0] and s.legal_actions(0) == [A_NO, A_YES]
    s.apply_action(A_YES, 0)
    assert s.hp[0] == 11 and last(s, "heal").args == {"seat": 0, "n": 1, "element": "water"}


@pytest.mark.parametrize("cid", ["blue-01", "blue-02", "blue-03"])
def test_spring_water_kept_privately_is_offered_at_the_start_of_a_later_turn(cid):
    s = table()
    s.hp[0] = 10
    k = card_no(s, cid)
    draw(s, 0, cid)
    s.apply_action(A_NO, 0)
    assert s.held[0] == [k] and s.hp[0] == 10
    assert s.view(1)["seats"][0]["kept"] == 1 and "kept_cards" not in s.view(1)["seats"][0]
    assert s.view(0)["seats"][0]["kept_cards"] == [cid]
    turn_at(s, 0, 0)
    assert A_CARD + k in s.legal_actions(0)
    s.apply_action(A_CARD + k, 0)
    assert s.hp[0] == 11 and s.held[0] == []


@pytest.mark.parametrize("cid", ["blue-04", "blue-05"])
def test_sermon_heals_you_and_one_other_character_one_each_by_water(cid):
    s = table()
    s.hp[0], s.hp[2] = 10, 9
    draw(s, 0, cid)
    assert s.hp[0] == 11
    assert s.decision[:2] == ["target", 0]
    assert s.legal_actions(0) == [A_SEAT + 1, A_SEAT + 2, A_SEAT + 3]
    s.apply_action(A_SEAT + 2, 0)
    assert s.hp[2] == 10 and last(s, "heal").args == {"seat": 2, "n": 1, "element": "water"}


def test_miracle_heals_you_two_and_every_other_character_one():
    s = table()
    for seat in range(4):
        s.hp[seat] -= 3
    draw(s, 0, "blue-06")
    assert [s.hp[seat] for seat in range(4)] == [15 - 1, 14 - 2, 12 - 2, 11 - 2]
    heals = [e.args["element"] for e in s.events() if e.key == "shadow_hunters.log.heal"]
    assert heals[-4:] == ["water"] * 4


@pytest.mark.parametrize(("cid", "element"), [("blue-07", "water"), ("yellow-07", "earth"),
                                              ("green-07", "wind")])
def test_card_seven_deals_two_damage_of_its_element_over_one_or_two_characters(cid, element):
    s = table()
    draw(s, 0, cid)
    assert s.decision[:2] == ["target", 0] and s.legal_actions(0) == everyone(s)
    s.apply_action(A_SEAT + 1, 0)
    assert s.legal_actions(0) == everyone(s)
    mark = len(s.log)
    s.apply_action(A_SEAT + 2, 0)
    assert damages(s, mark) == [(1, 1, element), (2, 1, element)]
    draw(s, 0, cid)
    s.apply_action(A_SEAT + 3, 0)
    mark = len(s.log)
    s.apply_action(A_SEAT + 3, 0)
    assert damages(s, mark) == [(3, 2, element)]


def test_lake_forgiveness_heals_two_and_discards_one_red_item_of_the_target():
    s = table()
    whip, wings, sword = (card_no(s, c) for c in ("red-10", "red-11", "blue-10"))
    s.equip[2] = [whip, wings, sword]
    s.hp[2] = 6
    draw(s, 0, "blue-08")
    assert s.legal_actions(0) == everyone(s)
    s.apply_action(A_SEAT + 2, 0)
    assert s.hp[2] == 8
    assert s.decision[:2] == ["equip", 0]
    assert s.legal_actions(0) == sorted([A_CARD + whip, A_CARD + wings])
    s.apply_action(A_CARD + whip, 0)
    assert sorted(s.equip[2]) == sorted([wings, sword]) and whip in s.decks[3]


def test_lake_forgiveness_without_red_items_only_heals():
    s = table()
    s.hp[3] = 5
    draw(s, 0, "blue-08")
    s.apply_action(A_SEAT + 3, 0)
    assert s.hp[3] == 7 and s.decision[0] != "equip"


def test_lake_staff_takes_one_from_every_attack_roll(dice):
    s = table()
    s.equip[1] = [card_no(s, "blue-09")]
    dice([5, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12 - 3
    dice([2, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 9 and last(s, "miss").args["seat"] == 1


def test_lake_staff_heals_a_zone_mate_by_the_attack_dice_instead_of_attacking(dice):
    s = table(cells=(6, 2, 3, 4))
    s.equip[1] = [card_no(s, "blue-09")]
    s.hp[2] = 5
    turn_at(s, 1, ATTACK)
    staff = A_CARD + card_no(s, "blue-09")
    assert staff in s.legal_actions(1) and A_SKILL not in s.legal_actions(1)
    dice([5, 1])
    s.apply_action(staff, 1)
    assert s.decision[:2] == ["target", 1]
    assert s.legal_actions(1) == [A_SEAT + 1, A_SEAT + 2], "only the south zone (cells 1-3)"
    s.apply_action(A_SEAT + 2, 1)
    assert s.hp[2] == 5 + 3 and last(s, "heal").args["element"] == "water"
    assert s.active() != 1, "the turn ends after the heal"


def test_lake_staff_heal_is_water_so_it_wounds_a_fire_spirit(dice):
    s = seated("slime", "templar", "fire_spirit", "ranger", cells=[6, 2, 3, 4])
    s.equip[1] = [card_no(s, "blue-09")]
    turn_at(s, 1, ATTACK)
    dice([4, 1])
    s.apply_action(A_CARD + card_no(s, "blue-09"), 1)
    mark = len(s.log)
    s.apply_action(A_SEAT + 2, 1)
    assert damages(s, mark) == [(2, 2 + 2, "water")] and s.revealed[2]


def test_lake_sword_takes_one_from_the_damage_and_heals_its_holder_one(dice):
    s = table()
    s.equip[1] = [card_no(s, "blue-10")]
    s.hp[1] = 10
    dice([5, 1])
    combat.attack(s, 1, 2)
    assert (s.hp[2], s.hp[1]) == (12 - 3, 11)


def test_lake_sword_still_heals_when_a_successful_roll_of_one_is_cut_to_nothing(dice):
    s = table()
    s.equip[1] = [card_no(s, "blue-10")]
    s.hp[1] = 10
    dice([2, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12
    assert s.hp[1] == 11, "攻擊成功 is a non-zero roll: the sword's heal still applies"


def test_lake_vestment_heals_its_holder_one_at_the_start_of_each_turn():
    s = table()
    s.equip[0] = [card_no(s, "blue-11")]
    s.hp[0] = 10
    turn_at(s, 0, 0)
    assert s.hp[0] == 11
    turn_at(s, 0, 0)
    assert s.hp[0] == 12


def test_lake_treasure_sets_hp_to_five_instead_of_dying_and_leaves_the_game():
    s = table(hidden=(2,))
    k = card_no(s, "blue-12")
    s.equip[2] = [k]
    s.hp[2] = 2
    take_action_at(s, 1, 9)
    s.apply_action(A_SEAT + 2, 1)
    assert s.alive[2] and s.hp[2] == 5 and k in s.removed and s.equip[2] == []
    assert not s.revealed[2] and s.killer[2] == -1 and s.deaths == 0


@pytest.mark.parametrize("colour", ["blue", "yellow", "green", "red"])
def test_the_fourth_orb_wins_for_its_holder_alone_not_its_community(colour):
    s = seated("hane", "templar", "saint", "ranger", cells=[6, 2, 9, 4])
    s.equip[0] = [card_no(s, f"{c}-13") for c in ("blue", "yellow", "green", "red")
                  if c != colour]
    victory.check_end(s)
    assert not s.over, "three orbs are not enough"
    draw(s, 0, f"{colour}-13")
    assert s.over and s.reason == "orbs" and s.winners() == [0]


@pytest.mark.parametrize("cid", [f"{c}-{n:02d}" for c in ("blue", "yellow", "green", "red")
                                 for n in (9, 10, 11, 12, 13)])
def test_equipment_and_orbs_go_face_up_in_front_of_the_drawer(cid):
    s = table()
    draw(s, 0, cid)
    assert s.equip[0] == [card_no(s, cid)]
    assert s.view(2)["seats"][0]["equipment"] == [cid]
    assert last(s, "draw").visible_to is None and last(s, "draw").args["card"] == cid


# == yellow (高山聖堂) ======================================================================
@pytest.mark.parametrize("cid", ["yellow-01", "yellow-02", "yellow-03"])
def test_shelter_cuts_each_damage_by_one_but_not_below_one_until_the_next_turn(cid, dice):
    s = table(cells=(6, 2, 2, 4))
    draw(s, 2, cid)
    assert s.shelter[2] == 1
    dice([4, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12 - 2
    dice([2, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 10 - 1
    take_action_at(s, 1, 9)
    s.apply_action(A_SEAT + 2, 1)
    assert s.hp[2] == 9 - 1, "card and location damage is cut too"
    turn_at(s, 2, 0)
    assert s.shelter[2] == 0
    dice([4, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 8 - 3


@pytest.mark.parametrize("cid", ["yellow-04", "yellow-05"])
def test_ward_protects_you_and_one_other_and_weakens_both_sides_attacks(cid, dice):
    s = table(cells=(2, 2, 2, 1))
    draw(s, 1, cid)
    assert s.decision[:2] == ["target", 1]
    assert s.legal_actions(1) == [A_SEAT + 0, A_SEAT + 2, A_SEAT + 3]
    s.apply_action(A_SEAT + 2, 1)
    dice([5, 1])
    combat.attack(s, 1, 3)
    assert s.hp[3] == 11 - 3, "the warded attacker deals 1 less"
    dice([2, 1])
    combat.attack(s, 2, 3)
    assert s.hp[3] == 8 - 1, "but never below 1"
    dice([5, 1])
    combat.attack(s, 0, 2)
    assert s.hp[2] == 12 - 3, "the warded target takes 1 less"
    turn_at(s, 1, 0)
    assert (s.ward[1], s.shelter[1]) == (0, 0) and (s.ward[2], s.shelter[2]) == (1, 1)
    turn_at(s, 2, 0)
    assert (s.ward[2], s.shelter[2]) == (0, 0)


def test_templars_guard_stops_attacks_from_and_into_the_south_until_the_users_next_turn():
    s = table(cells=(2, 3, 6, 9))
    draw(s, 0, "yellow-06")
    assert reach.attack_targets(s, 1) == [], "the south (cells 1-3) cannot attack"
    assert reach.attack_targets(s, 2) == [3], "nor be attacked: only the one on cell 9 is a target"
    turn_at(s, 0, 0)
    assert 0 in reach.attack_targets(s, 1) and 1 in reach.attack_targets(s, 2)


def test_admonition_moves_the_target_to_the_sanctuary_drops_a_blue_item_and_shields_it():
    s = table(cells=(2, 3, 9, 4))
    sword, vest, whip = (card_no(s, c) for c in ("blue-10", "blue-11", "red-10"))
    s.equip[2] = [sword, vest, whip]
    draw(s, 0, "yellow-08")
    assert s.legal_actions(0) == everyone(s)
    s.apply_action(A_SEAT + 2, 0)
    assert s.cell[2] == 2
    assert s.legal_actions(0) == sorted([A_CARD + sword, A_CARD + vest])
    s.apply_action(A_CARD + sword, 0)
    assert sorted(s.equip[2]) == sorted([vest, whip]) and sword in s.decks[0]
    assert 2 not in reach.attack_targets(s, 1) and 2 not in reach.attack_targets(s, 0)
    turn_at(s, 2, 0)
    assert 2 in reach.attack_targets(s, 1)


def test_admonition_on_a_target_without_blue_items_only_moves_it():
    s = table(cells=(2, 3, 9, 4))
    draw(s, 0, "yellow-08")
    s.apply_action(A_SEAT + 3, 0)
    assert s.cell[3] == 2 and s.decision[0] != "equip"


def test_sanctuary_shield_also_protects_its_holder(dice):
    s = table(cells=(6, 2, 2, 4))
    s.equip[2] = [card_no(s, "yellow-09")]
    dice([6, 1])
    combat.attack(s, 1, 2)
    assert s.decision[:2] == ["shield", 2]
    s.apply_action(A_YES, 2)
    assert s.hp[2] == 12 - 4


def test_sanctuary_hammer_makes_a_one_a_miss_and_cuts_damage_taken_by_one(dice):
    s = table(cells=(6, 2, 2, 4))
    s.equip[1] = [card_no(s, "yellow-10")]
    dice([2, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12 and last(s, "miss").args["seat"] == 1
    dice([3, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 10
    dice([4, 1])
    combat.attack(s, 2, 1)
    assert s.hp[1] == 14 - 2
    dice([2, 1])
    combat.attack(s, 2, 1)
    assert s.hp[1] == 12 - 1


def test_sanctuary_helm_cuts_attack_damage_by_two_but_not_below_one(dice):
    s = table(cells=(6, 2, 2, 4))
    s.equip[2] = [card_no(s, "yellow-11")]
    dice([6, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12 - 3
    dice([3, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 9 - 1


def test_sanctuary_treasure_saves_at_one_hp_and_lets_the_holder_move_anywhere():
    s = table(cells=(6, 2, 9, 4), hidden=(2,))
    k = card_no(s, "yellow-12")
    s.equip[2] = [k]
    s.hp[2] = 1
    take_action_at(s, 1, 9)
    s.apply_action(A_SEAT + 2, 1)
    assert s.alive[2] and s.hp[2] == 1 and k in s.removed and not s.revealed[2]
    assert s.decision[:2] == ["cell", 2] and len(s.legal_actions(2)) == 8
    s.apply_action(A_CELL + CELLS.index(7), 2)
    assert s.cell[2] == 7 and s.deaths == 0


# == green (叢森秘境) =======================================================================
@pytest.mark.parametrize("cid", ["green-01", "green-02", "green-03"])
def test_lost_lodestone_lets_its_user_make_one_mover_roll_again(cid, dice):
    s = table(cells=(4, 2, 9, 6))
    draw(s, 0, cid)
    assert s.lodestone[0] == 1
    dice([1, 1, 6, 6])
    turn_at(s, 1, 1)
    assert s.decision[:2] == ["lodestone", 0]
    s.apply_action(A_YES, 0)
    assert s.legal_actions(1) == sorted({A_CELL + CELLS.index(step(2, 12)),
                                         A_CELL + CELLS.index(step(2, -12))})


@pytest.mark.parametrize("cid", ["green-04", "green-05"])
def test_dryads_prank_from_the_forest_swaps_one_item_each_way(cid):
    s = table()
    helm, bow = card_no(s, "yellow-11"), card_no(s, "green-10")
    s.equip[0], s.equip[2] = [helm], [bow]
    draw(s, 0, cid)
    assert s.legal_actions(0) == [A_SEAT + 1, A_SEAT + 2, A_SEAT + 3]
    s.apply_action(A_SEAT + 2, 0)
    s.apply_action(A_CARD + helm, 0)
    s.apply_action(A_CARD + bow, 0)
    assert (s.equip[0], s.equip[2]) == ([bow], [helm])


def test_dryads_prank_with_nothing_on_either_side_changes_nothing():
    s = table()
    draw(s, 0, "green-04")
    s.apply_action(A_SEAT + 1, 0)
    assert s.equip == [[], [], [], []] and last(s, "no_effect").args["seat"] == 1


def test_rangers_snare_stops_everyone_on_the_rolled_location_and_wounds_them(monkeypatch):
    s = table(cells=(4, 2, 2, 9))
    monkeypatch.setattr(ShadowHuntersState, "d8", lambda self: 2)
    draw(s, 0, "green-06")
    assert (s.hp[1], s.hp[2], s.hp[3]) == (13, 11, 11)
    assert s.flags[1] & F_SKIP_MOVE and not s.flags[3] & F_SKIP_MOVE
    turn_at(s, 1, 0)
    s.apply_action(A_NO, 1)
    assert s.decision[:2] == ["act", 1] and s.cell[1] == 2, "no movement this turn"


def test_rangers_pact_from_the_forest_exchanges_and_heals_both(dice):
    s = table()
    s.equip[2] = [card_no(s, "green-09")]
    s.hp[0], s.hp[2] = 10, 10
    draw(s, 0, "green-08")
    s.apply_action(A_SEAT + 2, 0)
    s.apply_action(A_CARD + card_no(s, "green-09"), 0)
    assert s.equip[0] == [card_no(s, "green-09")] and (s.hp[0], s.hp[2]) == (11, 11)


def test_elven_dagger_fixes_a_successful_hit_at_two_whatever_the_roll_or_armour(dice):
    s = table(cells=(6, 2, 2, 4))
    s.equip[1] = [card_no(s, "green-09")]
    s.equip[2] = [card_no(s, "yellow-11")]
    s.shelter[2] = 1
    dice([6, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12 - 2
    dice([2, 1])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 10 - 2
    dice([4, 4])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 8


def test_elven_longbow_reaches_only_characters_in_other_zones_but_anywhere():
    s = table(cells=(3, 2, 1, 9))
    assert sorted(reach.attack_targets(s, 1)) == [0, 2]
    s.equip[1] = [card_no(s, "green-10")]
    assert reach.attack_targets(s, 1) == [3], "cells 1 and 3 share the south with 2; 9 does not"


def test_elven_boots_move_one_more_or_one_less(dice):
    s = table(cells=(7, 2, 9, 4))
    s.equip[0] = [card_no(s, "green-11")]
    dice([2, 1])
    turn_at(s, 0, 1)
    want = {step(7, n) for n in (2, 3, 4, -2, -3, -4)}
    assert s.legal_actions(0) == sorted(A_CELL + CELLS.index(c) for c in want)
    dice([4, 3])
    turn_at(s, 0, 1)
    assert len(s.legal_actions(0)) == 7, "a 7 made 8 lets the holder pick any other cell"


def test_forest_treasure_saves_at_one_hp_and_steals_an_item_of_the_damage_source(dice):
    s = table(cells=(6, 2, 2, 4))
    k, helm, boots = (card_no(s, c) for c in ("green-12", "yellow-11", "green-11"))
    s.equip[2] = [k]
    s.equip[1] = [helm, boots]
    s.hp[2] = 1
    turn_at(s, 1, ATTACK)
    dice([4, 1])
    s.apply_action(A_SEAT + 2, 1)
    assert s.alive[2] and s.hp[2] == 1 and k in s.removed
    assert s.decision[:2] == ["equip", 2]
    assert s.legal_actions(2) == sorted([A_CARD + helm, A_CARD + boots])
    s.apply_action(A_CARD + helm, 2)
    assert s.equip[2] == [helm] and s.equip[1] == [boots]


# == red (炎之祭壇) =========================================================================
@pytest.mark.parametrize("cid", ["red-01", "red-02", "red-03"])
def test_fireball_deals_two_fire_damage_to_any_one_character(cid):
    s = table()
    draw(s, 0, cid)
    assert s.legal_actions(0) == everyone(s)
    mark = len(s.log)
    s.apply_action(A_SEAT + 2, 0)
    assert damages(s, mark) == [(2, 2, "fire")] and s.hp[2] == 10


@pytest.mark.parametrize("cid", ["red-04", "red-05"])
def test_blaze_deals_two_fire_damage_to_everyone_on_the_chosen_location(cid):
    s = table(cells=(8, 9, 9, 4))
    draw(s, 0, cid)
    assert s.decision[:2] == ["cell", 0] and len(s.legal_actions(0)) == 8
    mark = len(s.log)
    s.apply_action(A_CELL + CELLS.index(9), 0)
    assert damages(s, mark) == [(1, 2, "fire"), (2, 2, "fire")] and s.hp[3] == 11


def test_advent_of_the_flame_lord_burns_you_one_and_everyone_else_two():
    s = table()
    mark = len(s.log)
    draw(s, 0, "red-06")
    assert damages(s, mark) == [(0, 1, "fire"), (1, 2, "fire"), (2, 2, "fire"),
                                (3, 2, "fire")]


def test_iron_fist_deals_two_fire_damage_to_each_of_two_characters():
    s = table()
    draw(s, 0, "red-07")
    assert s.legal_actions(0) == everyone(s)
    s.apply_action(A_SEAT + 1, 0)
    assert s.legal_actions(0) == [A_SEAT + 0, A_SEAT + 2, A_SEAT + 3]
    mark = len(s.log)
    s.apply_action(A_SEAT + 3, 0)
    assert damages(s, mark) == [(1, 2, "fire"), (3, 2, "fire")]


def test_burning_removes_a_blue_item_from_the_game_and_heals_its_user_three():
    """紅 8 「可指定任意一名角色身上一件藍色裝備移出遊戲並治療 3點HP」: the one subject of
    both verbs is the card's user, so the user heals and the item's owner does not."""
    s = table()
    sword, whip = card_no(s, "blue-10"), card_no(s, "red-10")
    s.equip[2] = [sword, whip]
    s.hp[0], s.hp[2] = 9, 6
    draw(s, 0, "red-08")
    s.apply_action(A_SEAT + 2, 0)
    assert s.legal_actions(0) == [A_CARD + sword]
    mark = len(s.log)
    s.apply_action(A_CARD + sword, 0)
    assert s.equip[2] == [whip] and sword in s.removed
    assert (s.hp[0], s.hp[2]) == (12, 6)
    assert [e.args["seat"] for e in s.events(mark) if e.key == "shadow_hunters.log.heal"] == [0]


def test_burning_a_character_without_blue_items_deals_three_fire_damage():
    s = table()
    draw(s, 0, "red-08")
    mark = len(s.log)
    s.apply_action(A_SEAT + 3, 0)
    assert damages(s, mark) == [(3, 3, "fire")]


def test_flame_lance_burns_everyone_in_the_targets_zone_one_even_on_a_miss(dice):
    s = table(cells=(3, 1, 2, 6))
    s.equip[0] = [card_no(s, "red-09")]
    turn_at(s, 0, ATTACK)
    dice([4, 4])
    s.apply_action(A_SEAT + 2, 0)
    assert s.decision[:2] == ["lance", 0]
    mark = len(s.log)
    s.apply_action(A_YES, 0)
    burnt = {seat for seat, n, element in damages(s, mark) if (n, element) == (1, "fire")}
    assert burnt == {0, 1, 2}, "同區 of cell 2 is the south (1-3): user, target, bystander"
    assert s.hp[3] == 11


def test_flame_lance_may_be_declined(dice):
    s = table(cells=(3, 1, 2, 6))
    s.equip[0] = [card_no(s, "red-09")]
    turn_at(s, 0, ATTACK)
    dice([5, 1])
    s.apply_action(A_SEAT + 2, 0)
    s.apply_action(A_NO, 0)
    assert s.hp[2] == 12 - 4 and s.hp[0] == 15 and s.hp[1] == 14


def test_flame_treasure_discards_all_equipment_and_returns_the_red_count_as_fire(dice):
    s = table(cells=(6, 2, 2, 4))
    k, whip, wings, sword = (card_no(s, c) for c in ("red-12", "red-10", "red-11", "blue-10"))
    s.equip[2] = [k, whip, wings, sword]
    s.hp[2] = 1
    turn_at(s, 1, ATTACK)
    dice([4, 1])
    s.apply_action(A_SEAT + 2, 1)
    assert s.alive[2] and s.hp[2] == 2 and s.equip[2] == [] and k in s.removed
    assert whip in s.decks[3] and wings in s.decks[3] and sword in s.decks[0]
    assert last(s, "damage").args == {"seat": 1, "n": 2, "element": "fire",
                                      "cause": "treasure"}
    assert s.hp[1] == 12


def test_flame_treasure_without_another_red_item_does_not_save(dice):
    s = table(cells=(6, 2, 2, 4))
    s.equip[2] = [card_no(s, "red-12"), card_no(s, "blue-10")]
    s.hp[2] = 1
    dice([4, 1])
    combat.attack(s, 1, 2)
    assert not s.alive[2] and s.hp[1] == 14


# == white (巫師小屋) =======================================================================
WHITE = {1: ("east", "heal"), 2: ("east", "hurt"), 3: ("south", "heal"),
         4: ("south", "hurt"), 5: ("west", "heal"), 6: ("west", "hurt"),
         7: ("north", "heal"), 8: ("north", "hurt"), 9: ("none", "heal"),
         10: ("none", "hurt"), 11: ("any", "heal"), 12: ("any", "hurt")}
ASKED = ("angel", "hane", "templar", "ranger", "fire_spirit", "slime")
GATES = {1: "east", 2: "south", 3: "west", 4: "north", 5: "none"}


def question(number, to):
    s = seated(*ASKED, cells=[7, 1, 2, 3, 8, 9])
    for seat in range(6):
        s.hp[seat] -= 2
    on_top(s, f"white-{number:02d}")
    take_action_at(s, 0, 7)
    s.apply_action(18 + 4, 0)
    assert s.decision[:2] == ["give", 0]
    assert s.legal_actions(0) == [A_SEAT + t for t in range(1, 6)]
    s.apply_action(A_SEAT + to, 0)
    return s


@pytest.mark.parametrize("number", range(1, 13))
@pytest.mark.parametrize("to", range(1, 6))
def test_each_question_card_acts_only_on_a_receiver_it_describes(number, to):
    asks, outcome = WHITE[number]
    gate = GATES[to]
    holds = gate == asks or (asks == "any" and gate != "none")
    s = question(number, to)
    before = s.pool[s.char[to]].hp - 2
    expected = {"heal": before + 1, "hurt": before - 1}[outcome] if holds else before
    assert s.hp[to] == expected
    assert last(s, "white_effect").args == {"seat": to,
                                            "outcome": outcome if holds else "nothing"}
    assert last(s, "white_effect").visible_to is None


@pytest.mark.parametrize("number", range(1, 14))
def test_a_question_is_read_only_by_its_giver_and_receiver(number):
    s = seated("angel", "hane", "templar", "ranger", cells=[7, 1, 2, 3], hidden=(0, 1, 2, 3))
    cid = f"white-{number:02d}"
    on_top(s, cid)
    take_action_at(s, 0, 7)
    s.apply_action(18 + 4, 0)
    s.apply_action(A_SEAT + 1, 0)
    if number == 13:
        s.apply_action(A_CHAR + 0, 0)
    for seat, sees in ((0, True), (1, True), (2, False), (3, False)):
        assert (cid in json.dumps(s.view(seat), ensure_ascii=False)) is sees
    assert cid not in json.dumps(s.view(None), ensure_ascii=False)
    assert card_no(s, cid) in s.decks[4], "the question goes back into the white deck"
    assert any(e.key.endswith("give_white") and e.visible_to is None for e in s.events())


def test_name_guess_is_public_and_a_right_guess_wounds_one():
    s = seated("angel", "hane", "templar", "ranger", cells=[7, 1, 2, 3], hidden=(0, 1, 2, 3))
    on_top(s, "white-13")
    take_action_at(s, 0, 7)
    s.apply_action(18 + 4, 0)
    s.apply_action(A_SEAT + 2, 0)
    assert s.decision[:2] == ["guess", 0]
    assert s.legal_actions(0) == [A_CHAR + k for k in range(4)]
    s.apply_action(A_CHAR + s.roster.index(s.char[2]), 0)
    assert s.hp[2] == 13
    guess = last(s, "guess")
    assert guess.visible_to is None and guess.args["character"] == "templar"


def test_name_guess_wrong_heals_one():
    s = seated("angel", "hane", "templar", "ranger", cells=[7, 1, 2, 3], hidden=(0, 1, 2, 3))
    s.hp[2] = 10
    on_top(s, "white-13")
    take_action_at(s, 0, 7)
    s.apply_action(18 + 4, 0)
    s.apply_action(A_SEAT + 2, 0)
    s.apply_action(A_CHAR + s.roster.index(s.char[3]), 0)
    assert s.hp[2] == 11 and last(s, "white_effect").args["outcome"] == "heal"
