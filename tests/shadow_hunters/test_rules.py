"""Board, attack pipeline, skills and missions, with scripted dice."""

from __future__ import annotations

import pytest
from shkit import deal, new_game

from candlelit.engine.errors import IllegalAction
from candlelit.games.shadow_hunters import combat, damage, effects, reach, table, victory
from candlelit.games.shadow_hunters.constants import A_CELL, CELLS, neighbours, step


def cast(state, *ids, cells=None, revealed=True):
    """Give seats 0.. the characters `ids` (face up unless told), on `cells`."""
    return deal(state, *ids, cells=cells, hidden=() if revealed else tuple(range(len(ids))))


def card(state, cid):
    return next(k for k, c in enumerate(state.cards) if c.id == cid)


def test_ring_neighbours_follow_the_keypad_without_diagonals():
    assert set(neighbours(2)) == {1, 3} and set(neighbours(6)) == {3, 9}
    assert step(7, 8) == 7 and step(7, 1) == 8 and step(7, -1) == 4


def test_movement_offers_both_directions_and_any_other_cell_on_a_full_lap(dice):
    s = new_game(seed=3)
    seat = s.active()
    s.cell[seat] = 7
    s.phase, s.decision, s.chosen = 1, [], [1]
    dice([2, 1])
    s.advance()
    assert s.legal_actions() == sorted(A_CELL + CELLS.index(c) for c in (step(7, 3),
                                                                        step(7, -3)))
    s.phase, s.decision = 1, []
    dice([4, 4])
    s.advance()
    assert len(s.legal_actions()) == 7


def test_attack_damage_is_the_difference_and_zero_misses(dice):
    s = cast(new_game(), "slime", "templar", "angel", "ifrit", cells=[1, 2, 9, 9])
    dice([6, 2])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 12 - 4
    dice([3, 3])
    combat.attack(s, 1, 2)
    assert s.hp[2] == 8 and s.events()[-1].key == "shadow_hunters.log.miss"


def test_the_default_deal_plays_every_card_and_character():
    s = new_game(players=8)
    assert sum(len(d) for d in s.decks) == 65


def test_rubbery_body_reduces_attack_damage_to_zero(dice):
    s = cast(new_game(), "slime", "templar", "angel", "ifrit", cells=[1, 2, 9, 9])
    dice([2, 1])
    combat.attack(s, 1, 0)
    assert s.hp[0] == 15


def test_zombie_virus_adds_one_outside_reductions(dice):
    s = cast(new_game(), "zombie", "slime", "angel", "ifrit", cells=[1, 2, 9, 9])
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 15 - (2 - 1 + 1)


def test_earth_sword_rolls_one_d6_minus_one_against_the_lake_temple(dice):
    s = cast(new_game(), "templar", "saint", "angel", "ifrit", cells=[1, 2, 9, 9])
    dice([5])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 8 - 4


def test_double_strike_doubles_once_before_reductions(dice):
    s = cast(new_game(), "ranger", "templar", "angel", "ifrit", cells=[1, 2, 9, 9])
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] == "double"
    s.apply_action(1, 0)
    assert s.hp[1] == 14 - 6
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "double" and s.hp[1] == 14 - 6 - 3


def test_stealth_hides_the_ranger_in_the_west():
    s = cast(new_game(), "ranger", "templar", "angel", "ifrit", cells=[4, 7, 9, 9])
    assert 0 not in reach.attack_targets(s, 1)
    s.cell[0] = 8
    assert 0 in reach.attack_targets(s, 1)


def test_holy_body_attacks_with_light_and_the_dead_take_one_more(dice):
    s = cast(new_game(), "angel", "zombie", "slime", "ifrit", cells=[1, 2, 9, 9])
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 13 - 3


def test_fire_spirit_heals_after_fire_and_takes_two_more_from_water():
    s = cast(new_game(), "fire_spirit", "slime", "angel", "templar", cells=[1, 2, 9, 9])
    damage.hit_many(s, [(0, 2)], ("fire",), 1, "card")
    assert s.hp[0] == 13
    damage.hit_many(s, [(0, 1)], ("water",), 1, "card")
    assert s.hp[0] == 10


def test_water_heals_wound_the_fire_spirit_and_reveal_it():
    s = cast(new_game(), "fire_spirit", "slime", "angel", "templar", revealed=False)
    damage.heal(s, 0, 1, ("water",), 1)
    assert s.hp[0] == 13 - 3 and s.revealed[0]


def test_ifrit_takes_two_at_the_start_of_each_turn_and_is_revealed():
    s = cast(new_game(), "ifrit", "slime", "angel", "templar", revealed=False)
    s.order = [0, 1, 2, 3]
    s.turn, s.phase, s.chosen, s.decision = 0, 0, [], []
    s.advance()
    assert s.hp[0] == 12 and s.revealed[0]


def test_devouring_heals_the_slime_two_per_kill():
    s = cast(new_game(), "slime", "angel", "ifrit", "templar")
    s.hp[0], s.hp[1] = 10, 1
    damage.hit_many(s, [(1, 1)], (), 0, "attack")
    assert not s.alive[1] and s.killer[1] == 0 and s.hp[0] == 12


def test_virus_infection_raises_the_victim_as_a_zombie():
    s = cast(new_game(5), "zombie", "angel", "ifrit", "templar", "slime")
    s.hp[1] = 1
    damage.hit_many(s, [(1, 1)], (), 0, "attack")
    assert s.alive[1] and s.zombie_of[1] >= 0 and (s.hp[1], s.max_hp(1)) == (7, 13)
    assert s.death_rank[1] == 1


def test_zombie_mission_wins_when_zombies_outnumber_half_the_living():
    s = cast(new_game(), "zombie", "angel", "ifrit", "templar")
    s.hp[1], s.hp[3] = 1, 1
    damage.hit_many(s, [(1, 1)], (), 0, "attack")
    damage.hit_many(s, [(3, 1)], (), 0, "attack")
    assert s.is_terminal() and 0 in s.winners() and 1 in s.winners()


def test_ifrit_wins_when_the_angel_dies_first():
    s = cast(new_game(), "ifrit", "angel", "slime", "templar")
    s.hp[1] = 2
    damage.hit_many(s, [(1, 2)], (), 2, "card")
    assert s.is_terminal() and 0 in s.winners() and s.reason == "mission"


def test_self_destruct_at_the_lake_temple_wins_for_the_north_gate():
    s = cast(new_game(), "fire_spirit", "slime", "angel", "ifrit", cells=[6, 6, 9, 9])
    s.hp[0] = 1
    damage.hit_many(s, [(0, 1)], (), 1, "attack")
    assert s.is_terminal() and 0 in s.winners() and s.hp[1] < 15


def test_self_fireball_deaths_do_not_explode():
    s = cast(new_game(), "fire_spirit", "slime", "angel", "ifrit", cells=[6, 6, 9, 9])
    s.hp[0] = 2
    damage.hit_many(s, [(0, 2), (1, 2)], (), 0, "skill")
    assert not s.alive[0] and s.exploded_at[0] == 0


def test_round_limit_scores_end_state_missions():
    s = cast(new_game(), "slime", "templar", "angel", "ifrit", cells=[1, 6, 9, 9])
    victory.end(s, "rounds")
    assert 0 in s.winners() and 1 in s.winners() and 2 in s.winners()


def test_ranger_survives_only_without_north_or_south_alive():
    s = cast(new_game(), "ranger", "templar", "angel", "slime", cells=[1, 2, 9, 9])
    s.alive[1] = 0
    victory.end(s, "rounds")
    assert 0 in s.winners()


def test_saint_wins_holding_the_staff_if_no_north_or_south_wins():
    s = cast(new_game(), "saint", "slime", "angel", "ifrit")
    s.equip[0] = [card(s, "blue-09")]
    victory.end(s, "rounds")
    assert 0 in s.winners()


def test_angel_joins_the_south_when_half_the_table_has_fallen():
    s = cast(new_game(), "angel", "templar", "slime", "ifrit", cells=[1, 6, 9, 9])
    s.alive[2] = s.alive[3] = 0
    s.alive[0] = 1
    s.hp[2] = s.hp[3] = 0
    victory.end(s, "rounds")
    assert s.winners() == [0, 1]


def test_four_orbs_win_alone():
    s = cast(new_game(), "saint", "slime", "angel", "ifrit")
    s.equip[1] = [card(s, f"{c}-13") for c in ("blue", "yellow", "green", "red")]
    victory.check_end(s)
    assert s.winners() == [1] and s.reason == "orbs"


def test_lake_treasure_replaces_death_without_credit():
    s = cast(new_game(), "slime", "templar", "angel", "ifrit")
    s.equip[0] = [card(s, "blue-12")]
    damage.hit_many(s, [(0, 20)], (), 1, "card")
    assert s.alive[0] and s.hp[0] == 5 and s.killer[0] == -1


def test_white_question_is_public_only_as_its_effect():
    s = cast(new_game(), "templar", "slime", "angel", "ifrit", revealed=False)
    s.decks[4].append(card(s, "white-03"))
    effects.draw(s, 0, 4)
    s.apply_action(10 + 1, 0)
    public = [e for e in s.events() if e.visible_to is None]
    assert not any(e.key.endswith("white_text") for e in public)
    texts = [e for e in s.events() if e.key.endswith("white_text")]
    assert {e.visible_to for e in texts} == {(0,), (1,)}
    assert public[-1].args["outcome"] in ("hurt", "nothing")


def test_white_heal_at_full_hp_wounds_under_the_default_and_not_literally():
    for mode, hp in (("damage", 14), ("nothing", 15)):
        s = cast(new_game(white_heal_at_full=mode), "templar", "slime", "angel", "ifrit")
        effects.white_outcome(s, 1, "heal", 0)
        assert s.hp[1] == hp


def test_tournament_leaves_equipment_for_the_next_visitor():
    s = cast(new_game(variant="tournament"), "slime", "templar", "angel", "ifrit",
             cells=[1, 2, 9, 9])
    s.equip[0] = [card(s, "green-10")]
    damage.hit_many(s, [(0, 20)], (), 1, "card")
    table.place(s, 1, 1)
    assert s.equip[1] == [card(s, "green-10")]


def test_wrong_seat_raises_without_change():
    s = new_game()
    before = s.serialize()
    other = (s.current_player() + 1) % 4
    with pytest.raises(IllegalAction, match=f"seat {other + 1} has nothing to decide now"):
        s.apply_action(0, other)
    assert s.serialize() == before
