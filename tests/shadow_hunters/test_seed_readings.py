"""Issue 13 readings of the seed: skills outrank cards and equipment (＊ note), attacks carry
every element a skill gives them, and 精靈之靴's 0/11 clause."""

from __future__ import annotations

import pytest
from shkit import card_no, seated, turn_at

from candlelit.engine.errors import DataError
from candlelit.games.shadow_hunters import characters as ch
from candlelit.games.shadow_hunters import combat, reach
from candlelit.games.shadow_hunters.constants import (
    A_CELL,
    A_NO,
    A_SEAT,
    A_SKILL,
    A_VALUE,
    A_YES,
    CELLS,
    ELEMENTS,
    step,
)
from candlelit.games.shadow_hunters.state import ATTACK, F_NO_ATTACK, F_SKIP_MOVE, F_UNTARGETABLE
from candlelit.i18n import message


def damages(s, since):
    return [(e.args["seat"], e.args["n"], e.args["element"]) for e in s.events(since)
            if e.key == "shadow_hunters.log.damage"]


# == ＊如無特別明示，技能優先於卡片及裝備 =====================================================
def test_gel_body_takes_one_even_from_the_elven_daggers_fixed_damage(dice):
    """The dagger's "不會受到減少" yields to 膠質構造's fixed -1 (a skill)."""
    s = seated("templar", "slime", "angel", "ifrit", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-09")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 15 - (2 - 1)


def test_the_dagger_still_ignores_the_reductions_of_cards_and_equipment(dice):
    s = seated("templar", "angel", "slime", "ifrit", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-09")]
    s.equip[1] = [card_no(s, "yellow-11")]
    s.shelter[1] = 1
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 12 - 2


def test_double_strike_doubles_the_daggers_fixed_damage(dice):
    """連擊 (a skill) doubles the dagger's 2 + 1 (匕首精通) although the dagger "is not raised"."""
    s = seated("ranger", "templar", "angel", "ifrit", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-09")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["double", 0]
    s.apply_action(A_YES, 0)
    assert s.hp[1] == 14 - 2 * 3


def test_gel_body_reduces_after_the_sanctuary_shield_so_it_may_reach_zero(dice):
    """The shield's floor of 1 is a card's; 膠質構造's "可以為0" outranks it, so the skill comes
    last and a shield is offered whenever it still changes the damage."""
    s = seated("templar", "slime", "angel", "ifrit", cells=[2, 2, 6, 9])
    s.equip[1] = [card_no(s, "yellow-09")]
    dice([3, 1])
    combat.attack(s, 0, 1)
    assert s.decision[:2] == ["shield", 1]
    s.apply_action(A_YES, 1)
    assert s.hp[1] == 15
    assert [e.key for e in s.events()][-1] == "shadow_hunters.log.absorbed"


def test_no_shield_is_offered_against_the_daggers_fixed_damage(dice):
    s = seated("templar", "angel", "slime", "ifrit", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-09")]
    s.equip[1] = [card_no(s, "yellow-09")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 12 - 2 and s.used[1] == 0


def test_projection_strikes_before_the_lake_vestment_heals():
    """Both act at the start of the ifrit's turn; the skill goes first, so a full-HP ifrit
    ends at 13, not 12."""
    s = seated("ifrit", "slime", "angel", "templar", cells=[9, 2, 6, 2])
    s.equip[0] = [card_no(s, "blue-11")]
    turn_at(s, 0, 0)
    assert s.hp[0] == 14 - 2 + 1


def test_demon_hunt_outranks_the_longbow():
    s = seated("angel", "slime", "templar", "ifrit", cells=[9, 2, 6, 9])
    s.equip[0] = [card_no(s, "green-10")]
    turn_at(s, 0, ATTACK)
    assert s.legal_actions(0) == [A_SEAT + 3]


@pytest.mark.parametrize("card", ["guard", "admonition"])
def test_demon_hunt_outranks_the_cards_that_forbid_attacks(card):
    s = seated("angel", "slime", "templar", "ifrit", cells=[2, 9, 6, 2])
    if card == "guard":
        s.guard[2] = 1
    else:
        s.flags[3] |= F_UNTARGETABLE
    turn_at(s, 0, ATTACK)
    assert s.legal_actions(0) == [A_SEAT + 3]


def test_demon_hunt_still_needs_reach_and_no_flight():
    s = seated("angel", "slime", "templar", "ifrit", cells=[1, 9, 6, 3], zones="compass")
    assert reach.forced_targets(s, 0) == [], "cells 1 and 3 share the south but are two steps apart"
    s.cell[3] = 2
    assert reach.forced_targets(s, 0) == [3]
    s.flags[0] |= F_NO_ATTACK
    assert reach.forced_targets(s, 0) == [] and reach.attack_targets(s, 0) == []


def test_flight_outranks_the_snare_and_spends_it(dice):
    """精靈遊俠的陷阱 skips one movement phase; 片翼飛翔 (a skill) still moves the angel, and the
    snare does not linger into the next turn."""
    s = seated("angel", "slime", "templar", "ifrit", cells=[2, 3, 9, 6])
    s.flags[0] |= F_SKIP_MOVE
    turn_at(s, 0, 0)
    s.apply_action(A_SKILL + 1, 0)
    s.apply_action(A_CELL + CELLS.index(7), 0)
    assert s.cell[0] == 7 and not s.flags[0] & F_SKIP_MOVE
    dice([2, 1])
    turn_at(s, 0, 1)
    assert s.decision[:2] == ["move", 0]


# == elements: an attack carries every element its skill names ============================
def test_demon_flame_attack_is_dark_and_fire_so_the_holy_body_takes_one_more(dice):
    """魔炎操控 「攻擊屬性為暗及火」: fire +1 from the ifrit and dark +1 on 片翼天使 (聖體),
    which turns a hidden angel face up."""
    s = seated("ifrit", "angel", "slime", "templar", cells=[2, 2, 6, 9], hidden=(1,))
    mark = len(s.log)
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert damages(s, mark) == [(1, 3 + 1 + 1, ["dark", "fire"])]
    assert s.hp[1] == 12 - 5 and s.revealed[1]


def test_a_dark_and_fire_attack_still_heals_the_fire_spirit(dice):
    s = seated("ifrit", "fire_spirit", "slime", "templar", cells=[2, 2, 6, 9])
    s.hp[1] = 8
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 8 - 4 + 2


def test_demon_flame_adds_one_to_a_fire_attack_picked_from_equipment(dice):
    """Under `attack_element` equipment, an equipped ifrit may pick fire (red); its fire
    damage is still +1 (你所造成的火屬性傷害 +1)."""
    s = seated("ifrit", "slime", "angel", "templar", cells=[2, 2, 6, 9],
               attack_element="equipment")
    s.equip[0] = [card_no(s, "red-11")]
    mark = len(s.log)
    combat.attack(s, 0, 1)
    fire = A_VALUE + ELEMENTS.index("fire")
    assert s.decision[:2] == ["element", 0] and fire in s.legal_actions(0)
    dice([4, 1])
    s.apply_action(fire, 0)
    assert damages(s, mark) == [(1, 3 + 1 - 1, "fire")]


def test_several_elements_are_named_in_both_languages():
    event = {"seat": 1, "n": 5, "element": ["dark", "fire"], "cause": "attack"}
    key = "shadow_hunters.log.damage"
    assert "5 dark and fire damage" in message("shadow-hunters", key, event, "en")
    assert "5 點暗屬及火屬傷害" in message("shadow-hunters", key, event, "zh-TW")


def _file(blocks):
    return {"format": ch.FORMAT, "characters": [{
        "id": "x", "名稱": "測試", "HP": 12, "共同體": {"名稱": "獨行俠", "gate": "none"},
        "技能": [{"名稱": "元素", "時機": "passive", "型式": "常駐式", "效果": "-",
                "blocks": blocks}],
        "任務": {"效果": "存活", "判定": [{"mission": "survive"}]}}]}


def test_an_element_parameter_takes_one_name_or_a_list():
    (char,) = ch.parse(_file([
        {"block": "attack_element", "elements": "dark"},
        {"block": "element_damage_taken", "element": "light", "amount": 1},
        {"block": "element_heal_on_damage", "element": ["fire", "earth"], "amount": 1}]))
    assert char.blocks("attack_element")[0]["elements"] == ("dark",)
    assert char.blocks("element_damage_taken")[0]["element"] == ("light",)
    assert char.blocks("element_heal_on_damage")[0]["element"] == ("fire", "earth")


def test_a_one_element_file_is_not_changed_by_loading():
    data = _file([{"block": "element_damage_taken", "element": "dark", "amount": 1}])
    ch.parse(data)
    assert data["characters"][0]["技能"][0]["blocks"][0]["element"] == "dark"


@pytest.mark.parametrize("value", ["shadow", [], ["fire", "ice"]])
def test_an_unknown_element_is_refused_with_the_character_named(value):
    with pytest.raises(DataError, match=r"character 'x'.*element must name one or more"):
        ch.parse(_file([{"block": "element_damage_taken", "element": value, "amount": 1}]))


# == 精靈之靴 「0/11則為不移動」 ===============================================================
@pytest.mark.parametrize("roll", [[6, 4], [6, 5], [6, 6]])
def test_elven_boots_a_total_of_eleven_means_no_move(dice, roll):
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    s.equip[0] = [card_no(s, "green-11")]
    dice(roll)
    turn_at(s, 0, 1)
    moves = [n for n in range(sum(roll) - 1, sum(roll) + 2) if n != 11]
    want = {7} | {step(7, n) for n in moves} | {step(7, -n) for n in moves}
    assert s.legal_actions(0) == sorted(A_CELL + CELLS.index(c) for c in want)
    stay = A_CELL + CELLS.index(7)
    assert s.action_to_struct(0, stay)["key"] == "shadow_hunters.action.stay"
    s.apply_action(stay, 0)
    assert s.cell[0] == 7 and s.decision[:2] == ["act", 0]
    assert [e.key for e in s.events()][-1] == "shadow_hunters.log.stay"


def test_without_boots_an_eleven_moves_eleven_steps(dice):
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    dice([6, 5])
    turn_at(s, 0, 1)
    assert s.legal_actions(0) == sorted(A_CELL + CELLS.index(step(7, n)) for n in (11, -11))


def test_staying_put_picks_nothing_up_in_the_tournament(dice):
    """No move is no arrival: a pile left on the cell waits for the next character to arrive."""
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4], variant="tournament")
    s.equip[0] = [card_no(s, "green-11")]
    helm = card_no(s, "yellow-11")
    s.dropped[CELLS.index(7)] = [helm]
    dice([6, 5])
    turn_at(s, 0, 1)
    s.apply_action(A_CELL + CELLS.index(7), 0)
    assert s.dropped[CELLS.index(7)] == [helm] and helm not in s.equip[0]
    assert A_NO in s.legal_actions(0)
