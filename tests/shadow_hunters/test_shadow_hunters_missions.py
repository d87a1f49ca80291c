"""Each mission (任務), otherwise_join, and how a win spreads to a community (D23-D24)."""

from __future__ import annotations

import pytest
from shkit import card_no, seated

from candlelit.games.shadow_hunters import combat, damage, victory
from candlelit.games.shadow_hunters.constants import A_VALUE

CHEER_UP = A_VALUE + 2


def end_of_rounds(s):
    victory.end(s, "rounds")
    return s.winners()


# == trigger missions ======================================================================
def test_hanes_cheer_is_no_kill_when_a_treasure_saves_the_target(dice):
    s = seated("templar", "ranger", "hane", "slime", cells=[2, 2, 1, 9])
    s.equip[1] = [card_no(s, "blue-12")]
    s.hp[1] = 6
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["cheer", 2]
    s.apply_action(CHEER_UP, 2)
    assert s.alive[1] and s.hp[1] == 5 and not s.over


def test_hanes_mission_wins_for_the_whole_east_even_its_dead(dice):
    s = seated("templar", "ranger", "hane", "saint", "zombie", cells=[2, 2, 1, 9, 9])
    s.alive[3], s.hp[3] = 0, 0
    s.hp[1] = 3
    dice([4, 1])
    combat.attack(s, 0, 1)
    s.apply_action(CHEER_UP, 2)
    assert not s.alive[1] and s.over and s.reason == "mission"
    assert s.winners() == [2, 3]


def test_zombies_at_exactly_half_the_living_are_not_enough():
    s = seated("zombie", "angel", "slime", "templar", "ranger", "hane",
               cells=[2, 2, 2, 2, 2, 2])
    s.hp[1] = 1
    damage.hit_many(s, [(1, 1)], (), 0, "attack")
    s.alive[5] = 0
    victory.check_end(s)
    assert not s.over, "2 zombies of 5 living"
    s.hp[2] = 1
    damage.hit_many(s, [(2, 1)], (), 0, "attack")
    assert s.over and s.reason == "mission" and {0, 1, 2} <= set(s.winners())


@pytest.mark.parametrize("cell", [6, 2, 4])
def test_fire_spirits_self_destruct_wins_on_each_mission_location(cell):
    s = seated("fire_spirit", "hane", "zombie", "templar", cells=[cell, 9, 9, 9])
    s.hp[0] = 1
    damage.hit_many(s, [(0, 1)], (), 1, "card")
    assert s.over and s.reason == "mission" and s.winners() == [0]


def test_fire_spirits_death_by_its_own_fireball_is_no_self_destruct():
    s = seated("fire_spirit", "slime", "angel", "ranger", cells=[6, 6, 9, 9])
    s.hp[0] = 2
    damage.hit_many(s, [(0, 2), (1, 2)], (), 0, "skill")
    assert not s.over and s.hp[1] == 13


def test_ifrit_wins_when_the_angel_dies_together_with_others_first():
    s = seated("ifrit", "angel", "slime", "templar", "hane", cells=[9, 9, 9, 9, 9])
    s.hp[1], s.hp[4] = 2, 2
    damage.hit_many(s, [(1, 2), (4, 2)], (), 2, "card")
    assert s.over and s.reason == "mission" and 0 in s.winners()


def test_ifrits_mission_fails_once_someone_else_fell_first():
    s = seated("ifrit", "angel", "slime", "templar", "hane", cells=[9, 9, 9, 9, 9])
    s.hp[4] = 1
    damage.hit_many(s, [(4, 1)], (), 2, "card")
    s.hp[1] = 1
    damage.hit_many(s, [(1, 1)], (), 2, "card")
    assert not s.over


# == end-state missions ====================================================================
def test_survive_wins_only_alive_and_only_for_the_lone_wolf_itself():
    cast = ("slime", "zombie", "hane", "templar", "fire_spirit")
    s = seated(*cast, cells=[1, 1, 1, 1, 1])
    assert end_of_rounds(s) == [0]
    s = seated(*cast, cells=[1, 1, 1, 1, 1])
    s.alive[0] = 0
    assert 0 not in end_of_rounds(s)


def test_saint_loses_her_mission_when_a_south_character_also_wins():
    s = seated("saint", "templar", "slime", "hane", cells=[1, 6, 9, 9])
    s.equip[0] = [card_no(s, "blue-09")]
    assert end_of_rounds(s) == [1, 2]


def test_saint_without_the_staff_at_the_end_does_not_win():
    s = seated("saint", "ranger", "slime", "hane", cells=[1, 6, 9, 9])
    s.equip[1] = [card_no(s, "blue-09")]
    assert 0 not in end_of_rounds(s)


def test_saints_mission_wins_for_hane_and_lone_wolves_stay_out():
    s = seated("saint", "hane", "slime", "ifrit", "zombie", cells=[1, 6, 9, 9, 9])
    s.equip[0] = [card_no(s, "blue-09")]
    s.alive[2], s.alive[3] = 0, 0
    assert end_of_rounds(s) == [0, 1]


def test_templar_must_stand_alive_on_the_lake_temple():
    s = seated("templar", "slime", "ranger", "zombie", cells=[2, 9, 9, 9])
    assert 0 not in end_of_rounds(s)
    s = seated("templar", "slime", "ranger", "zombie", cells=[6, 9, 9, 9])
    s.alive[0] = 0
    assert 0 not in end_of_rounds(s)


def test_ranger_fails_while_a_north_member_lives():
    s = seated("ranger", "fire_spirit", "slime", "zombie", cells=[1, 2, 9, 9])
    assert end_of_rounds(s) == [2]


def test_angel_wins_alone_when_half_the_starting_characters_live():
    s = seated("angel", "templar", "slime", "zombie", cells=[1, 2, 9, 9])
    s.alive[2] = s.alive[3] = 0
    assert end_of_rounds(s) == [0]


def test_ifrit_joins_the_north_when_the_angel_did_not_fall_first():
    s = seated("ifrit", "fire_spirit", "angel", "slime", "templar", cells=[1, 2, 9, 6, 8])
    s.alive[3] = s.alive[2] = 0
    s.death_rank[3], s.death_rank[2], s.deaths = 1, 2, 2
    s.hp[1] = 1
    s.cell[1] = 4
    damage.hit_many(s, [(1, 1)], (), 4, "card")
    assert s.over and s.reason == "mission" and s.winners() == [0, 1]


def test_when_nobody_qualifies_the_side_with_most_living_members_wins():
    s = seated("hane", "saint", "templar", "zombie", "ifrit", cells=[1, 1, 1, 1, 1])
    s.alive[4] = 0
    s.death_rank[4], s.deaths = 1, 1
    assert end_of_rounds(s) == [0, 1]
