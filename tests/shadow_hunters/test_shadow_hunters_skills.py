"""Each skill of the nine sample characters (seed 【角色卡範例】), with D11's reveal rules."""

from __future__ import annotations

from shkit import card_no, on_top, seated, take_action_at, turn_at

from candlelit.games.shadow_hunters import combat, damage, reach
from candlelit.games.shadow_hunters.constants import (
    A_CELL,
    A_NO,
    A_REVEAL,
    A_SEAT,
    A_SKILL,
    A_VALUE,
    CELLS,
)
from candlelit.games.shadow_hunters.state import ATTACK

CHEER_UP = A_VALUE + 2


def last(s, key):
    return [e for e in s.events() if e.key == f"shadow_hunters.log.{key}"][-1]


def damages(s, since):
    return [(e.args["seat"], e.args["n"], e.args["element"]) for e in s.events(since)
            if e.key == "shadow_hunters.log.damage"]


# == 羽 =====================================================================================
def test_sky_walk_takes_two_from_the_roll_against_hane(dice):
    s = seated("templar", "hane", "slime", "angel", cells=[2, 2, 6, 9])
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 8 - 3
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 5 and last(s, "miss").args["seat"] == 0


def test_sky_walk_is_halved_to_one_while_hane_wears_armour(dice):
    s = seated("templar", "hane", "slime", "angel", cells=[2, 2, 6, 9])
    s.equip[1] = [card_no(s, "blue-11")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 8 - 4


def test_sky_walk_needs_hane_revealed(dice):
    s = seated("templar", "hane", "slime", "angel", cells=[2, 2, 6, 9], hidden=(1,))
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["brace", 1]
    dice([6, 1])
    s.apply_action(A_NO, 1)
    assert s.hp[1] == 8 - 5 and not s.revealed[1]


def test_cheering_is_offered_to_bystanders_only_not_to_hane_as_the_target(dice):
    s = seated("templar", "hane", "slime", "angel", cells=[2, 2, 6, 9])
    dice([5, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "cheer" and s.hp[1] == 8 - 2


def test_cheering_needs_the_attack_in_hanes_zone(dice):
    s = seated("templar", "slime", "hane", "angel", cells=[2, 3, 8, 9])
    dice([5, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "cheer" and s.hp[1] == 15 - 3
    s.cell[2] = 1
    dice([5, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["cheer", 2]
    s.apply_action(CHEER_UP, 2)
    assert s.hp[1] == 12 - 4


# == 殭屍 ===================================================================================
def test_a_hidden_zombies_virus_still_adds_one_and_turns_it_face_up(dice):
    s = seated("zombie", "slime", "angel", "ifrit", cells=[2, 2, 6, 9], hidden=(0,))
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["press", 0]
    dice([4, 1])
    s.apply_action(A_NO, 0)
    assert s.hp[1] == 15 - (3 - 1) - 1 and s.revealed[0]


def test_the_virus_adds_nothing_on_a_miss(dice):
    s = seated("zombie", "slime", "angel", "ifrit", cells=[2, 2, 6, 9])
    dice([4, 4])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 15


def test_the_dead_cannot_be_healed_by_cards_locations_or_skills():
    s = seated("zombie", "saint", "angel", "ifrit", cells=[1, 1, 6, 9])
    s.hp[0] = 5
    take_action_at(s, 1, 1)
    s.apply_action(A_SEAT + 0, 1)
    assert s.hp[0] == 5
    on_top(s, "blue-06")
    take_action_at(s, 1, 6)
    assert s.hp[0] == 5
    turn_at(s, 1, 0)
    s.apply_action(A_SKILL + 0, 1)
    assert A_SEAT + 0 in s.legal_actions(1)
    s.apply_action(A_SEAT + 0, 1)
    assert s.hp[0] == 5 and s.decision[0] != "value"


def test_the_dead_cannot_be_saved_by_a_treasure():
    s = seated("zombie", "templar", "angel", "ifrit", cells=[1, 9, 6, 9])
    s.equip[0] = [card_no(s, "blue-12")]
    s.hp[0] = 2
    take_action_at(s, 1, 9)
    s.apply_action(A_SEAT + 0, 1)
    assert not s.alive[0]


def test_a_zombie_kill_rises_as_a_zombie_with_the_zombies_skills_and_no_gate(dice):
    s = seated("zombie", "templar", "angel", "slime", "hane", cells=[2, 2, 6, 9, 8],
               hidden=(0,))
    s.hp[1] = 1
    combat.attack(s, 0, 1)
    dice([3, 1])
    s.apply_action(A_NO, 0)
    assert s.revealed[0] and s.alive[1] and s.character(1).id == "zombie"
    assert (s.hp[1], s.max_hp(1), s.gate(1)) == (7, 13, "none")
    assert s.killer[1] == 0 and s.death_rank[1] == 1


def test_a_zombie_killed_by_a_zombie_stays_dead():
    s = seated("zombie", "zombie", "angel", "slime", "templar", cells=[2, 2, 6, 9, 8])
    s.hp[1] = 1
    damage.hit_many(s, [(1, 1)], (), 0, "attack")
    assert not s.alive[1]


# == 史萊姆 =================================================================================
def test_a_hidden_slime_still_devours_and_is_revealed_by_it():
    s = seated("slime", "templar", "ifrit", "angel", cells=[9, 9, 6, 2], hidden=(0,))
    s.hp[0], s.hp[1] = 9, 2
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert not s.alive[1] and s.hp[0] == 11 and s.revealed[0]


def test_rubbery_body_cuts_one_even_through_other_floors(dice):
    s = seated("templar", "slime", "angel", "ifrit", cells=[2, 2, 6, 9])
    s.equip[1] = [card_no(s, "yellow-11")]
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 15 - 0, "helm leaves 1, then 膠質構造 takes it to 0"


# == 聖女 ===================================================================================
def test_divine_grace_raises_any_characters_hp_to_a_chosen_value_up_to_ten_once():
    s = seated("saint", "templar", "hane", "ifrit", cells=[6, 2, 1, 9])
    s.hp[1] = 3
    turn_at(s, 0, 0)
    assert A_SKILL + 0 in s.legal_actions(0)
    s.apply_action(A_SKILL + 0, 0)
    assert s.legal_actions(0) == [A_SEAT + t for t in range(4)]
    s.apply_action(A_SEAT + 1, 0)
    assert s.decision[:2] == ["value", 0]
    assert s.legal_actions(0) == [A_VALUE + v for v in range(4, 11)]
    s.apply_action(A_VALUE + 10, 0)
    assert s.hp[1] == 10
    turn_at(s, 0, 0)
    assert A_SKILL + 0 not in s.legal_actions(0), "限定一次"


def test_divine_grace_is_capped_by_the_targets_own_maximum():
    s = seated("saint", "templar", "hane", "ifrit", cells=[6, 2, 1, 9])
    s.hp[2] = 2
    turn_at(s, 0, 0)
    s.apply_action(A_SKILL + 0, 0)
    s.apply_action(A_SEAT + 2, 0)
    assert s.legal_actions(0) == [A_VALUE + v for v in range(3, 9)]


def test_divine_grace_needs_the_saint_revealed():
    s = seated("saint", "templar", "hane", "ifrit", cells=[6, 2, 1, 9], hidden=(0,))
    turn_at(s, 0, 0)
    assert s.legal_actions(0) == [A_NO, A_REVEAL]
    s.apply_action(A_REVEAL, 0)
    assert A_SKILL + 0 in s.legal_actions(0)


def test_healing_gives_up_the_attack_to_heal_a_zone_mate_one():
    s = seated("saint", "templar", "hane", "ifrit", cells=[6, 3, 2, 9])
    s.hp[1] = 10
    turn_at(s, 0, ATTACK)
    assert A_SKILL in s.legal_actions(0)
    s.apply_action(A_SKILL, 0)
    assert s.legal_actions(0) == [A_SEAT + 0, A_SEAT + 1, A_SEAT + 3], \
        "the east zone of cell 6 holds cells 3, 6 and 9"
    s.apply_action(A_SEAT + 1, 0)
    assert s.hp[1] == 11 and s.active() != 0


def test_lake_saint_attacks_with_the_staff_without_its_penalty(dice):
    s = seated("saint", "templar", "hane", "ifrit", cells=[3, 3, 8, 9])
    s.equip[0] = [card_no(s, "blue-09")]
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 14 - 3


def test_lake_saint_can_heal_by_the_staffs_full_dice_instead_of_attacking(dice):
    """聖湖之杖 lets its holder heal by the attack dice; 湖之聖女 removes the -1."""
    s = seated("saint", "templar", "hane", "ifrit", cells=[3, 3, 8, 9])
    s.equip[0] = [card_no(s, "blue-09")]
    s.hp[1] = 5
    turn_at(s, 0, ATTACK)
    results = set()
    for action in s.legal_actions(0):
        if action == A_NO or A_SEAT <= action < A_SEAT + 8:
            continue
        trial = s.clone()
        dice([5, 1] * 2)
        trial.apply_action(action, 0)
        if trial.decision[:2] == ["target", 0] and A_SEAT + 1 in trial.legal_actions(0):
            trial.apply_action(A_SEAT + 1, 0)
        results.add(trial.hp[1])
    assert 5 + 4 in results, "some choice heals the templar by the full roll of 4"


# == 聖堂武士 ===============================================================================
def test_earth_sword_does_not_change_the_roll_against_other_communities(dice):
    s = seated("templar", "hane", "angel", "ifrit", cells=[2, 2, 6, 9])
    dice([6, 2])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 8 - (4 - 2)


def test_templar_spirit_revives_at_the_sanctuary_with_six_hp_and_lifts_the_limit(dice):
    s = seated("templar", "angel", "slime", "ifrit", cells=[9, 9, 6, 2], hidden=(0,))
    s.equip[0] = [card_no(s, "yellow-12")]
    s.hp[0] = 2
    take_action_at(s, 1, 9)
    s.apply_action(A_SEAT + 0, 1)
    assert s.alive[0] and (s.hp[0], s.cell[0]) == (6, 2) and s.revealed[0]
    assert s.decision[0] != "cell", "no free move: the spirit rises at 高山聖堂"
    dice([6])
    combat.attack(s, 0, 3)
    assert s.hp[3] == 14 - 5, "1d6-1 against anyone now"


def test_templar_wins_for_the_south_by_killing_the_ranger_while_holding_a_treasure():
    s = seated("templar", "ranger", "angel", "slime", cells=[9, 9, 6, 2])
    s.equip[0] = [card_no(s, "green-12")]
    s.hp[1] = 2
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert s.over and s.reason == "mission" and 0 in s.winners()


def test_killing_the_ranger_without_a_treasure_is_no_mission():
    s = seated("templar", "ranger", "angel", "slime", cells=[9, 9, 6, 2])
    s.hp[1] = 2
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert not s.alive[1] and not s.over


# == 精靈遊俠 ===============================================================================
def test_dagger_mastery_raises_the_daggers_fixed_damage_to_three(dice):
    s = seated("ranger", "templar", "angel", "slime", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-09")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["double", 0]
    s.apply_action(A_NO, 0)
    assert s.hp[1] == 14 - 3


def test_double_strike_needs_the_ranger_revealed(dice):
    s = seated("ranger", "angel", "templar", "slime", cells=[2, 2, 6, 9], hidden=(0,))
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["press", 0]
    dice([4, 1])
    s.apply_action(A_NO, 0)
    assert s.decision[0] != "double" and s.hp[1] == 12 - 3


def test_a_hidden_ranger_can_be_attacked_in_the_west():
    s = seated("ranger", "templar", "angel", "slime", cells=[4, 7, 6, 9], hidden=(0,))
    assert 0 in reach.attack_targets(s, 1)


# == 火炎精靈 ===============================================================================
def test_self_fireball_hurts_any_other_character_and_the_user_two_at_turn_start():
    s = seated("fire_spirit", "templar", "angel", "slime", cells=[8, 2, 6, 9])
    turn_at(s, 0, 0)
    assert A_SKILL + 0 in s.legal_actions(0)
    s.apply_action(A_SKILL + 0, 0)
    assert s.legal_actions(0) == [A_SEAT + 1, A_SEAT + 2, A_SEAT + 3]
    mark = len(s.log)
    s.apply_action(A_SEAT + 3, 0)
    assert sorted(damages(s, mark)) == [(0, 2, "none"), (3, 2, "none")]
    assert A_SKILL + 0 not in s.legal_actions(0)
    s.apply_action(A_NO, 0)
    while s.decision[:2] != ["attack", 0]:
        s.apply_action(s.legal_actions(0)[0], 0)
    assert A_SKILL + 1 not in s.legal_actions(0), "once a turn"


def test_self_fireball_may_replace_the_attack():
    s = seated("fire_spirit", "templar", "angel", "slime", cells=[8, 2, 6, 9])
    turn_at(s, 0, ATTACK)
    assert A_SKILL + 1 in s.legal_actions(0)
    s.apply_action(A_SKILL + 1, 0)
    s.apply_action(A_SEAT + 1, 0)
    assert (s.hp[0], s.hp[1]) == (11, 12) and s.active() != 0


def test_self_fireball_needs_the_fire_spirit_revealed():
    s = seated("fire_spirit", "templar", "angel", "slime", cells=[8, 2, 6, 9], hidden=(0,))
    turn_at(s, 0, 0)
    assert s.legal_actions(0) == [A_NO, A_REVEAL]


def test_self_destruct_hurts_everyone_on_the_location_two_without_winning_elsewhere():
    s = seated("fire_spirit", "slime", "angel", "templar", cells=[9, 9, 9, 6])
    s.hp[0] = 1
    take_action_at(s, 3, 9)
    s.apply_action(A_SEAT + 0, 3)
    assert not s.alive[0] and (s.hp[1], s.hp[2], s.hp[3]) == (13, 10, 12)
    assert not s.over


def test_fire_body_heals_after_fire_and_reveals_a_hidden_fire_spirit():
    s = seated("fire_spirit", "slime", "angel", "templar", cells=[8, 9, 6, 2], hidden=(0,))
    s.hp[0] = 9
    on_top(s, "red-01")
    take_action_at(s, 1, 8)
    s.apply_action(A_SEAT + 0, 1)
    assert s.hp[0] == 9 - 2 + 2 + 1 and s.revealed[0], "then the north's community heal"


def test_a_water_heal_wounds_the_fire_spirit_as_water_damage():
    s = seated("fire_spirit", "slime", "angel", "templar", cells=[6, 9, 6, 2])
    mark = len(s.log)
    on_top(s, "blue-06")
    take_action_at(s, 2, 6)
    assert (0, 1 + 2, "water") in damages(s, mark)


# == 片翼天使 ===============================================================================
def test_holy_body_gives_no_light_to_an_equipped_angel(dice):
    s = seated("angel", "zombie", "slime", "ifrit", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-11")]
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 13 - 2


def test_holy_body_takes_one_more_from_dark_damage():
    s = seated("angel", "zombie", "slime", "ifrit", cells=[2, 2, 6, 9], hidden=(0,))
    damage.hit_many(s, [(0, 2)], ("dark",), 3, "attack")
    assert s.hp[0] == 12 - 3 and s.revealed[0]


def test_one_wing_flight_replaces_the_roll_and_forbids_the_attack():
    s = seated("angel", "slime", "templar", "ifrit", cells=[2, 3, 9, 6])
    turn_at(s, 0, 0)
    assert A_SKILL + 1 in s.legal_actions(0)
    s.apply_action(A_SKILL + 1, 0)
    assert s.decision[:2] == ["fly", 0] and len(s.legal_actions(0)) == 8
    s.apply_action(A_CELL + CELLS.index(9), 0)
    assert s.cell[0] == 9 and s.decision[:2] == ["act", 0]
    s.apply_action(A_NO, 0)
    assert s.decision[:2] == ["attack", 0] and s.legal_actions(0) == [A_NO]


def test_one_wing_flight_needs_the_angel_revealed():
    s = seated("angel", "slime", "templar", "ifrit", cells=[2, 3, 9, 6], hidden=(0,))
    turn_at(s, 0, 0)
    assert s.legal_actions(0) == [A_NO, A_REVEAL]


def test_demon_hunt_forces_the_angel_to_attack_a_revealed_ifrit_in_its_zone(dice):
    s = seated("angel", "slime", "templar", "ifrit", cells=[9, 9, 6, 9], hidden=(0,))
    turn_at(s, 0, ATTACK)
    assert s.legal_actions(0) == [A_SEAT + 3]
    dice([4, 1])
    s.apply_action(A_SEAT + 3, 0)
    assert s.revealed[0]


def test_demon_hunt_does_not_force_an_attack_on_a_hidden_ifrit():
    s = seated("angel", "slime", "templar", "ifrit", cells=[9, 9, 6, 9], hidden=(3,))
    turn_at(s, 0, ATTACK)
    assert A_NO in s.legal_actions(0) and A_SEAT + 1 in s.legal_actions(0)


# == 伊夫利特 ===============================================================================
def test_demon_flame_makes_an_unequipped_ifrits_attack_dark_and_fire_and_one_stronger(dice):
    s = seated("ifrit", "slime", "angel", "templar", cells=[2, 2, 6, 9])
    mark = len(s.log)
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert damages(s, mark) == [(1, 3 + 1 - 1, ["dark", "fire"])]


def test_demon_flame_gives_nothing_to_an_equipped_ifrit(dice):
    s = seated("ifrit", "slime", "angel", "templar", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-11")]
    mark = len(s.log)
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert damages(s, mark) == [(1, 3 - 1, "none")]


def test_demon_flame_adds_one_to_the_ifrits_fire_cards():
    s = seated("ifrit", "slime", "angel", "templar", cells=[8, 2, 6, 9])
    on_top(s, "red-01")
    take_action_at(s, 0, 8)
    mark = len(s.log)
    s.apply_action(A_SEAT + 2, 0)
    assert damages(s, mark) == [(2, 3, "fire")]


def test_demon_flame_needs_the_ifrit_revealed(dice):
    s = seated("ifrit", "slime", "angel", "templar", cells=[2, 2, 6, 9], hidden=(0,))
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 15 - 2 and not s.revealed[0]


def test_projection_damage_comes_at_the_start_of_a_rested_turn_too():
    s = seated("ifrit", "slime", "angel", "templar", cells=[3, 2, 6, 9])
    take_action_at(s, 0, 3)
    assert s.hp[0] == 14
    turn_at(s, 0, 0)
    assert s.hp[0] == 12 and s.active() != 0


def test_fire_demon_heals_one_after_fire_and_takes_one_more_from_light(dice):
    s = seated("ifrit", "slime", "angel", "templar", cells=[2, 2, 2, 9])
    s.hp[0] = 10
    on_top(s, "red-01")
    take_action_at(s, 1, 8)
    s.apply_action(A_SEAT + 0, 1)
    assert s.hp[0] == 10 - 2 + 1
    dice([4, 1])
    combat.attack(s, 2, 0)
    assert s.hp[0] == 9 - (3 + 1)


def test_fire_demon_takes_a_water_heal_as_damage():
    s = seated("ifrit", "slime", "angel", "templar", cells=[2, 6, 2, 9])
    s.hp[0] = 10
    on_top(s, "blue-06")
    mark = len(s.log)
    take_action_at(s, 1, 6)
    assert (0, 1, "water") in damages(s, mark) and s.hp[0] == 9



def test_a_refused_heal_turns_a_hidden_zombie_face_up():
    """D11 (rules notes): 死者 applies while hidden and reveals when it changes a public
    outcome; a damaged character that a heal leaves damaged is such an outcome."""
    s = seated("zombie", "saint", "angel", "ifrit", cells=[1, 1, 6, 9], hidden=(0,))
    s.hp[0] = 5
    take_action_at(s, 1, 1)
    s.apply_action(A_SEAT + 0, 1)
    assert s.hp[0] == 5 and s.revealed[0]
