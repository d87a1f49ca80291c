"""Reaction windows (聖堂之盾, 圍觀助威, reveals when attacked) and the equipment-moving cards."""

from __future__ import annotations

from shkit import deal, new_game, turn_at

from candlelit.games.shadow_hunters import combat, effects, movement
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_CELL,
    A_NO,
    A_REVEAL,
    A_SEAT,
    A_VALUE,
    A_YES,
    CELLS,
    step,
)
from candlelit.games.shadow_hunters.state import ATTACK, MOVE

CHEER_DOWN, CHEER_UP = A_VALUE, A_VALUE + 2


def table(*ids, cells, hidden=(), **options):
    """A 4-seat game dealt exactly `ids` (the public roster too), on `cells`."""
    return deal(new_game(**options), *ids, cells=cells, hidden=hidden, roster=True)


def card(s, cid):
    return next(k for k, c in enumerate(s.cards) if c.id == cid)


def turn_of(s, seat, phase):
    """Make it `seat`'s turn at `phase` and run the rules to its first decision."""
    turn_at(s, seat, phase)


def test_sanctuary_shield_cuts_a_zone_mates_attack_damage_once_a_round(dice):
    s = table("templar", "ranger", "angel", "ifrit", cells=[2, 2, 3, 9])
    s.equip[2] = [card(s, "yellow-09")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["shield", 2] and s.legal_actions(2) == [A_NO, A_YES]
    s.apply_action(A_YES, 2)
    assert s.hp[1] == 11 - 4
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "shield" and s.hp[1] == 11 - 4 - 5
    turn_of(s, 2, 0)
    dice([2, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "shield", "a 1-damage hit cannot be reduced, so nobody is asked"
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["shield", 2], "the shield is ready again after its holder's turn"


def test_lost_lodestone_makes_another_player_roll_their_move_again(dice):
    s = table("templar", "ranger", "angel", "ifrit", cells=[2, 2, 3, 9])
    effects.play(s, 0, card(s, "green-01"))
    assert s.lodestone[0] == 1
    dice([1, 2, 3, 3])
    movement.roll_move(s, 1)
    assert s.decision[:2] == ["lodestone", 0]
    s.apply_action(A_YES, 0)
    assert s.decision[:2] == ["move", 1] and s.lodestone[0] == 0
    assert s.legal_actions(1) == sorted({A_CELL + CELLS.index(step(2, 6)),
                                         A_CELL + CELLS.index(step(2, -6))})
    s.lodestone[0] = 1
    turn_of(s, 0, 0)
    assert s.lodestone[0] == 0, "the card lasts until its user's next turn starts"


def test_dryads_prank_swaps_one_item_each_way_and_a_bare_side_just_receives():
    s = table("templar", "ranger", "angel", "ifrit", cells=[2, 2, 3, 9])
    helm, dagger, boots = card(s, "yellow-11"), card(s, "green-09"), card(s, "green-10")
    s.equip[0], s.equip[1] = [helm], [dagger, boots]
    effects.play(s, 0, card(s, "green-04"))
    s.apply_action(A_SEAT + 1, 0)
    assert s.decision[0] == "swap" and s.legal_actions(0) == [A_CARD + helm]
    s.apply_action(A_CARD + helm, 0)
    assert s.legal_actions(0) == sorted([A_CARD + dagger, A_CARD + boots])
    s.apply_action(A_CARD + dagger, 0)
    assert s.equip[0] == [dagger] and sorted(s.equip[1]) == sorted([boots, helm])
    effects.play(s, 2, card(s, "green-05"))
    s.apply_action(A_SEAT + 0, 2)
    s.apply_action(A_CARD + dagger, 2)
    assert s.equip[2] == [dagger] and s.equip[0] == []


def test_rangers_pact_heals_both_sides_when_an_item_changes_hands():
    s = table("templar", "ranger", "angel", "ifrit", cells=[2, 2, 3, 9])
    s.hp[0], s.hp[1] = 10, 8
    s.equip[1] = [card(s, "green-09")]
    effects.play(s, 0, card(s, "green-08"))
    s.apply_action(A_SEAT + 1, 0)
    s.apply_action(A_CARD + card(s, "green-09"), 0)
    assert s.equip[0] == [card(s, "green-09")] and (s.hp[0], s.hp[1]) == (11, 9)
    s.hp[2] = 10
    effects.play(s, 0, card(s, "green-08"))
    s.apply_action(A_SEAT + 3, 0)
    s.apply_action(A_CARD + card(s, "green-09"), 0)
    assert s.equip[3] == [card(s, "green-09")] and s.hp[3] == 14 and s.hp[0] == 12


def test_flame_whip_attacks_twice_with_each_roll_capped_at_three(dice):
    s = table("templar", "ranger", "angel", "ifrit", cells=[2, 2, 2, 9])
    s.equip[0] = [card(s, "red-10")]
    turn_of(s, 0, ATTACK)
    dice([6, 1])
    s.apply_action(A_SEAT + 1, 0)
    assert s.hp[1] == 11 - 3
    assert s.decision[:2] == ["attack", 0] and A_NO in s.legal_actions(0)
    dice([5, 1])
    s.apply_action(A_SEAT + 2, 0)
    assert s.hp[2] == 12 - 3
    assert s.decision[1] != 0, "no third attack"


def test_flame_wings_move_after_the_attack_then_take_the_location_action(dice):
    s = table("templar", "ranger", "angel", "ifrit", cells=[2, 2, 3, 9])
    s.equip[0] = [card(s, "red-11")]
    turn_of(s, 0, MOVE)
    assert s.decision[:2] == ["wings", 0]
    s.apply_action(A_YES, 0)
    assert s.decision[:2] == ["attack", 0] and s.cell[0] == 2
    dice([1, 2])
    s.apply_action(A_NO, 0)
    assert s.decision[:2] == ["move", 0]
    s.apply_action(A_CELL + CELLS.index(step(2, 3)), 0)
    assert s.decision[:2] == ["act", 0]
    s.apply_action(A_NO, 0)
    assert s.decision[1] != 0, "the turn ends after the late move's location action"


def test_cheering_bystander_reveals_and_moves_the_damage_by_one_once_a_round(dice):
    s = table("templar", "ranger", "hane", "ifrit", cells=[2, 2, 1, 9], hidden=(2,))
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["cheer", 2]
    assert s.legal_actions(2) == [A_NO, CHEER_DOWN, CHEER_UP, A_REVEAL]
    s.apply_action(CHEER_UP, 2)
    assert s.revealed[2] and s.hp[1] == 11 - 6
    dice([2, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "cheer" and s.hp[1] == 11 - 6 - 1
    s.hp[1] = 11
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "cheer"
    turn_of(s, 2, 0)
    dice([6, 1])
    combat.attack(s, 0, 1)
    s.apply_action(CHEER_DOWN, 2)
    assert s.hp[1] == 11 - 2 - 4


def test_hane_wins_when_an_attack_it_cheered_kills(dice):
    s = table("templar", "ranger", "hane", "ifrit", cells=[2, 2, 1, 9], hidden=(2,))
    s.hp[1] = 6
    dice([6, 1])
    combat.attack(s, 0, 1)
    s.apply_action(CHEER_UP, 2)
    assert s.over and s.reason == "mission" and 2 in s.winners()


def test_a_hidden_target_may_reveal_when_attacked_so_its_defence_applies(dice):
    s = table("templar", "slime", "angel", "ifrit", cells=[2, 2, 3, 9], hidden=(1,))
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["brace", 1] and s.legal_actions(1) == [A_NO, A_REVEAL]
    dice([3, 1])
    s.apply_action(A_REVEAL, 1)
    assert s.revealed[1] and s.hp[1] == 15 - 1
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "brace" and s.hp[1] == 15 - 2


def test_every_hidden_bystander_is_asked_while_a_reaction_character_is_unseen(dice):
    s = table("templar", "ranger", "ifrit", "hane", cells=[2, 2, 1, 9], hidden=(2, 3))
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["cheer", 2] and s.legal_actions(2) == [A_NO, A_REVEAL]
    s.apply_action(A_NO, 2)
    assert s.hp[1] == 11 - 3
    s.revealed[3] = 1
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "cheer", "with 羽 face up and away, nobody hidden is asked"


def test_who_is_asked_after_an_attack_does_not_depend_on_hidden_identities():
    import random

    compared = 0
    for seed in range(40):
        s = new_game(players=6, seed=seed)
        if "hane" not in [s.pool[k].id for k in s.roster]:
            continue
        rng = random.Random(seed)
        while not s.is_terminal() and compared < 400:
            seat = s.current_player()
            legal = s.legal_actions(seat)
            action = rng.choice([a for a in legal if a != A_REVEAL] or legal)
            if s.decision[0] == "attack" and A_SEAT <= action < A_SEAT + 8:
                for p in range(s.num_players):
                    if p == seat:
                        continue
                    world = s.resample(p, random.Random(rng.getrandbits(32)))
                    world.seed = s.seed
                    real, other = s.clone(), world.clone()
                    real.apply_action(action, seat)
                    other.apply_action(action, seat)
                    new = real.events(len(s.log)) + other.events(len(world.log))
                    if any(e.kind in ("reveal", "death") for e in new):
                        continue
                    assert real.view(p)["deciding"] == other.view(p)["deciding"]
                    assert real.view(p)["decision"] == other.view(p)["decision"]
                    compared += 1
            s.apply_action(action, seat)
    assert compared > 100


def test_a_hidden_attacker_may_reveal_as_it_attacks_so_its_attack_skills_apply(dice):
    s = table("templar", "saint", "angel", "ifrit", cells=[2, 2, 3, 9], hidden=(0,))
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["press", 0] and s.legal_actions(0) == [A_NO, A_REVEAL]
    dice([5])
    s.apply_action(A_REVEAL, 0)
    assert s.revealed[0] and s.hp[1] == 8 - 4
    dice([3])
    combat.attack(s, 0, 1)
    assert s.decision[0] != "press" and s.hp[1] == 4 - 2


def test_the_equipment_element_option_lets_a_water_attack_wound_the_fire_spirit_more(dice):
    s = table("templar", "fire_spirit", "angel", "ifrit", cells=[2, 2, 3, 9],
              attack_element="equipment")
    s.equip[0] = [card(s, "blue-12")]
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["element", 0] and s.legal_actions(0) == [A_NO, A_VALUE]
    dice([4, 1])
    s.apply_action(A_VALUE, 0)
    assert s.hp[1] == 13 - 3 - 2
    dice([4, 1])
    combat.attack(s, 0, 1)
    s.apply_action(A_NO, 0)
    assert s.hp[1] == 13 - 5 - 3


def test_attacks_carry_no_equipment_element_by_default(dice):
    s = table("templar", "fire_spirit", "angel", "ifrit", cells=[2, 2, 3, 9])
    s.equip[0] = [card(s, "blue-12")]
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 13 - 3


def test_random_games_with_equipment_elements_play_to_the_end():
    import random

    chose = 0
    for seed in range(6):
        s = new_game(players=6, seed=seed, attack_element="equipment")
        rng = random.Random(seed)
        while not s.is_terminal():
            chose += s.decision[0] == "element"
            s.apply_action(rng.choice(s.legal_actions()))
        assert s.winners()
    assert chose > 0
