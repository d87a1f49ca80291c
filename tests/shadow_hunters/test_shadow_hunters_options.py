"""Every option of OPTIONS and both presets (桌遊版 `table`, 恩賜賽版 `tournament`)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from shkit import card_no, deal, new_game, on_top, seated, take_action_at, turn_at

from candlelit.engine.errors import DataError, OptionError
from candlelit.games.shadow_hunters import OPTIONS, cards, combat, damage, effects, reach, victory
from candlelit.games.shadow_hunters.characters import builtin_data
from candlelit.games.shadow_hunters.constants import (
    A_CARD,
    A_CELL,
    A_CHAR,
    A_NO,
    A_SEAT,
    A_VALUE,
    CELLS,
    ELEMENTS,
)
from candlelit.games.shadow_hunters.state import ATTACK, MOVE

SHIPPED_CARDS = Path(cards.__file__).parent / "data" / "cards.yaml"


def test_every_option_is_exercised_here():
    assert {o.name for o in OPTIONS} == {
        "characters", "cards", "identities", "zones", "dead_equipment", "community_win",
        "last_side_standing", "white_heal_at_full", "attack_element", "max_rounds"}


# == presets =================================================================================
def test_the_table_preset_hides_characters_and_discards_the_deads_equipment():
    s = new_game(variant="table")
    assert (s.options["identities"], s.options["dead_equipment"]) == ("hidden", "discard")


def test_the_tournament_preset_shows_characters_and_leaves_equipment_behind():
    s = new_game(variant="tournament")
    assert (s.options["identities"], s.options["dead_equipment"]) == (
        "revealed", "left-on-location")
    assert all(s.revealed)


def test_an_unknown_preset_or_option_value_is_refused():
    with pytest.raises(OptionError):
        new_game(variant="league")
    with pytest.raises((OptionError, DataError)):
        new_game(zones="hexes")


# == identities ==============================================================================
@pytest.mark.parametrize("seed", range(4))
def test_hidden_identities_show_each_character_only_to_its_own_seat(seed):
    s = new_game(players=5, seed=seed, identities="hidden")
    for seat in range(5):
        if s.revealed[seat]:
            continue
        for viewer in range(5):
            shown = "character" in s.view(viewer)["seats"][seat]
            assert shown is (viewer == seat)


@pytest.mark.parametrize("seed", range(4))
def test_revealed_identities_show_every_character_to_everyone(seed):
    s = new_game(players=5, seed=seed, identities="revealed")
    for viewer in (None, 0, 3):
        assert all("character" in seat for seat in s.view(viewer)["seats"])


# == zones ===================================================================================
@pytest.mark.parametrize(("zones", "ranger", "attacker", "hidden_by_stealth"), [
    ("compass", 1, 2, True), ("location", 1, 2, False), ("pairs", 1, 2, False),
    ("compass", 7, 8, True), ("location", 7, 8, False), ("pairs", 7, 8, True),
    ("location", 4, 1, True), ("pairs", 4, 1, True)])
def test_the_zone_model_decides_where_the_west_hides_the_ranger(zones, ranger, attacker,
                                                                hidden_by_stealth):
    s = seated("ranger", "templar", "angel", "slime", cells=[ranger, attacker, 6, 6],
               zones=zones)
    assert (0 not in reach.attack_targets(s, 1)) is hidden_by_stealth


@pytest.mark.parametrize(("zones", "asked"), [("compass", True), ("pairs", True),
                                              ("location", False)])
def test_the_zone_model_decides_who_may_raise_a_sanctuary_shield(zones, asked, dice):
    s = seated("templar", "slime", "angel", "ifrit", cells=[2, 2, 1, 8], zones=zones)
    s.equip[2] = [card_no(s, "yellow-09")]
    dice([6, 1])
    combat.attack(s, 0, 1)
    assert (s.decision[:2] == ["shield", 2]) is asked


@pytest.mark.parametrize(("zones", "blocked"), [("compass", True), ("pairs", False),
                                                ("location", False)])
def test_the_zone_model_decides_how_far_the_templars_guard_reaches(zones, blocked):
    s = seated("templar", "slime", "angel", "ifrit", cells=[2, 3, 6, 8], zones=zones)
    effects.play(s, 0, card_no(s, "yellow-06"))
    assert (reach.attack_targets(s, 1) == []) is blocked


@pytest.mark.parametrize(("zones", "targets"), [("compass", [2]), ("pairs", [1, 2]),
                                                ("location", [1, 2, 3])])
def test_the_zone_model_decides_what_the_longbow_reaches(zones, targets):
    s = seated("templar", "slime", "angel", "ifrit", cells=[2, 3, 6, 1], zones=zones)
    s.equip[0] = [card_no(s, "green-10")]
    assert sorted(reach.attack_targets(s, 0)) == targets


@pytest.mark.parametrize(("zones", "forced"), [("compass", True), ("location", False),
                                               ("pairs", False)])
def test_demon_hunt_forces_the_attack_only_when_the_ifrit_shares_the_angels_zone(zones,
                                                                                forced):
    """惡魔討伐: 與伊夫利特同區時，強制攻擊該角色 — 同區 under the chosen zone model."""
    s = seated("angel", "slime", "templar", "ifrit", cells=[2, 8, 8, 3], zones=zones)
    turn_at(s, 0, ATTACK)
    assert (A_NO not in s.legal_actions(0)) is forced


# == dead_equipment ==========================================================================
def test_discard_returns_the_deads_equipment_and_kept_cards_to_their_decks():
    s = seated("templar", "angel", "slime", "hane", cells=[9, 9, 6, 2],
               dead_equipment="discard")
    helm, boots, water = (card_no(s, c) for c in ("yellow-11", "green-11", "blue-01"))
    s.equip[1], s.held[1] = [helm, boots], [water]
    s.hp[1] = 2
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert not s.alive[1] and s.equip[1] == [] and s.held[1] == []
    assert helm in s.decks[1] and boots in s.decks[2] and water in s.decks[0]
    assert s.equip[0] == []


def test_left_on_location_is_picked_up_whole_by_the_next_to_arrive(dice):
    s = seated("templar", "angel", "slime", "hane", cells=[9, 3, 6, 2],
               dead_equipment="left-on-location")
    helm, boots = card_no(s, "yellow-11"), card_no(s, "green-11")
    s.equip[1] = [helm, boots]
    s.hp[1] = 2
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert s.dropped[CELLS.index(3)] == [helm, boots] and s.equip[0] == []
    dice([3, 4])
    turn_at(s, 2, MOVE)
    s.apply_action(A_CELL + CELLS.index(3), 2)
    assert s.equip[2] == [helm, boots] and s.dropped[CELLS.index(3)] == []


def test_killer_takes_one_item_of_its_choice_and_the_rest_is_discarded():
    s = seated("templar", "angel", "slime", "hane", cells=[9, 9, 6, 2],
               dead_equipment="killer-takes-one")
    helm, boots, whip = (card_no(s, c) for c in ("yellow-11", "green-11", "red-10"))
    s.equip[1] = [helm, boots, whip]
    s.hp[1] = 2
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert s.decision[:2] == ["equip", 0]
    assert s.legal_actions(0) == sorted(A_CARD + c for c in (helm, boots, whip))
    s.apply_action(A_CARD + boots, 0)
    assert s.equip[0] == [boots] and s.equip[1] == []
    assert helm in s.decks[1] and whip in s.decks[3]


def test_killer_takes_one_discards_everything_when_nobody_killed():
    s = seated("templar", "angel", "slime", "hane", cells=[9, 9, 6, 2],
               dead_equipment="killer-takes-one")
    helm = card_no(s, "yellow-11")
    s.equip[1] = [helm]
    s.hp[1] = 2
    take_action_at(s, 1, 9)
    s.apply_action(A_SEAT + 1, 1)
    assert not s.alive[1] and helm in s.decks[1] and s.decision[0] != "equip"


# == community_win ===========================================================================
@pytest.mark.parametrize(("mode", "winners"), [("community", [0, 1]), ("individual", [0])])
def test_community_win_spreads_a_mission_to_the_gate_or_not(mode, winners):
    s = seated("saint", "hane", "zombie", "ifrit", cells=[1, 6, 9, 9], community_win=mode)
    s.equip[0] = [card_no(s, "blue-09")]
    victory.end(s, "rounds")
    assert s.winners() == winners


# == last_side_standing ======================================================================
def test_the_game_ends_when_one_gate_is_left_and_its_dead_members_win_too():
    s = seated("hane", "saint", "templar", "zombie", cells=[9, 9, 9, 9])
    s.alive[1] = 0
    s.hp[2] = s.hp[3] = 1
    damage.hit_many(s, [(2, 1), (3, 1)], (), 0, "card")
    assert s.over and s.reason == "last_side" and s.winners() == [0, 1]


def test_the_game_ends_when_one_lone_wolf_is_left_and_only_it_wins():
    s = seated("slime", "angel", "templar", "hane", cells=[9, 9, 9, 9])
    s.hp[1] = s.hp[2] = s.hp[3] = 1
    damage.hit_many(s, [(1, 1), (2, 1), (3, 1)], (), 0, "card")
    assert s.over and s.reason == "last_side" and s.winners() == [0]


def test_without_last_side_standing_the_game_goes_on():
    s = seated("hane", "saint", "templar", "zombie", cells=[9, 9, 9, 9],
               last_side_standing=False)
    s.hp[2] = s.hp[3] = 1
    damage.hit_many(s, [(2, 1), (3, 1)], (), 0, "card")
    assert not s.over and s.legal_actions()


# == white_heal_at_full ======================================================================
@pytest.mark.parametrize(("mode", "hp"), [("damage", 14), ("nothing", 15)])
def test_a_white_heal_at_full_hp_follows_the_option(mode, hp):
    s = seated("angel", "slime", "templar", "hane", cells=[7, 1, 2, 3], white_heal_at_full=mode)
    on_top(s, "white-09")
    take_action_at(s, 0, 7)
    s.apply_action(18 + 4, 0)
    s.apply_action(A_SEAT + 1, 0)
    assert s.hp[1] == hp


@pytest.mark.parametrize(("mode", "hp"), [("damage", 13), ("nothing", 14)])
def test_a_wrong_name_guess_at_full_hp_follows_the_option(mode, hp):
    s = seated("angel", "slime", "templar", "hane", cells=[7, 1, 2, 3], white_heal_at_full=mode)
    on_top(s, "white-13")
    take_action_at(s, 0, 7)
    s.apply_action(18 + 4, 0)
    s.apply_action(A_SEAT + 2, 0)
    s.apply_action(A_CHAR + s.roster.index(s.char[1]), 0)
    assert s.hp[2] == hp


# == attack_element ==========================================================================
def test_equipment_elements_offer_one_element_per_equipment_colour(dice):
    s = seated("templar", "fire_spirit", "angel", "ifrit", cells=[2, 2, 6, 9],
               attack_element="equipment")
    s.equip[0] = [card_no(s, "blue-10"), card_no(s, "red-10"), card_no(s, "red-11")]
    s.hp[1] = 9
    combat.attack(s, 0, 1)
    water, fire = A_VALUE + ELEMENTS.index("water"), A_VALUE + ELEMENTS.index("fire")
    assert s.decision[:2] == ["element", 0] and s.legal_actions(0) == [A_NO, water, fire]
    dice([4, 1])
    s.apply_action(fire, 0)
    assert s.hp[1] == 9 - 2 + 2, "a fire attack: sword -1, then 火元素體 heals 2"


def test_skill_elements_only_by_default_even_when_equipped(dice):
    s = seated("templar", "fire_spirit", "angel", "ifrit", cells=[2, 2, 6, 9])
    s.equip[0] = [card_no(s, "red-10")]
    dice([4, 1])
    combat.attack(s, 0, 1)
    assert s.hp[1] == 13 - 3 and s.decision[0] != "element"


def test_an_unequipped_angel_attacks_with_light_under_either_option(dice):
    for mode in ("skills", "equipment"):
        s = seated("angel", "zombie", "slime", "ifrit", cells=[2, 2, 6, 9],
                   attack_element=mode)
        dice([3, 1])
        combat.attack(s, 0, 1)
        assert s.hp[1] == 13 - 3


# == max_rounds ==============================================================================
@pytest.mark.parametrize("rounds", [1, 2])
def test_the_game_stops_after_max_rounds_and_scores_end_state_missions(rounds):
    s = deal(new_game(players=4, seed=2, max_rounds=rounds), "slime", "templar", "ranger",
             "hane", cells=[1, 2, 3, 4], roster=True)
    while not s.is_terminal():
        seat = s.current_player()
        s.apply_action(s.legal_actions(seat)[0], seat)
    assert s.reason == "rounds" and s.round == rounds + 1
    turns = [e.args["seat"] for e in s.events() if e.key == "shadow_hunters.log.turn"]
    assert sorted(turns[-4 * rounds:]) == sorted(list(range(4)) * rounds)
    assert 0 in s.winners(), "史萊姆 is alive at the end"


def test_max_rounds_must_be_a_whole_number_in_range():
    with pytest.raises((OptionError, DataError)):
        new_game(max_rounds=0)


# == characters and cards (data options) ====================================================
def test_a_character_file_option_replaces_the_pool_and_its_edits_are_played(dice):
    data = copy.deepcopy(builtin_data())
    data["characters"] = [c for c in data["characters"]
                          if c["id"] in ("slime", "templar", "angel", "ranger")]
    slime = next(c for c in data["characters"] if c["id"] == "slime")
    slime["HP"] = 20
    slime["技能"][0]["blocks"][0]["amount"] = 3
    s = new_game(players=4, characters=data)
    assert sorted(c.id for c in s.pool) == ["angel", "ranger", "slime", "templar"]
    deal(s, "slime", "templar", "angel", "ranger", cells=[2, 2, 6, 9], roster=True)
    assert s.max_hp(0) == 20
    dice([5, 1])
    combat.attack(s, 1, 0)
    assert s.hp[0] == 20 - (4 - 3)


def test_a_character_option_with_a_bad_block_is_refused():
    data = copy.deepcopy(builtin_data())
    data["characters"][0]["技能"][0]["blocks"] = [{"block": "teleport"}]
    with pytest.raises((OptionError, DataError), match="teleport"):
        new_game(characters=data)


def test_a_card_file_with_one_edited_card_changes_the_game(tmp_path):
    data = yaml.safe_load(SHIPPED_CARDS.read_text(encoding="utf-8"))
    red = next(c for c in data["cards"] if c["id"] == "red-01")
    red["element"] = "water"
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    edited = cards.read_cards_file(path)
    for card_data, hp in ((None, 13), (edited, 13 - 2 - 2)):
        s = seated("slime", "fire_spirit", "angel", "ranger", cells=[8, 2, 6, 9],
                   cards=card_data)
        on_top(s, "red-01")
        take_action_at(s, 0, 8)
        s.apply_action(A_SEAT + 1, 0)
        assert s.hp[1] == hp


def test_a_card_file_naming_an_unknown_effect_is_refused():
    data = yaml.safe_load(SHIPPED_CARDS.read_text(encoding="utf-8"))
    data["cards"][0]["effect"] = "summon"
    with pytest.raises((OptionError, DataError), match="summon"):
        new_game(cards=data)


@pytest.mark.parametrize(("card_id", "effect", "what"), [
    ("blue-01", "lake_sword", "single-use card"),
    ("white-01", "fireball", "white card"),
])
def test_a_card_file_giving_a_card_an_effect_of_another_kind_is_refused_in_one_line(
        card_id, effect, what):
    data = yaml.safe_load(SHIPPED_CARDS.read_text(encoding="utf-8"))
    card = next(c for c in data["cards"] if c["id"] == card_id)
    card["effect"] = effect
    with pytest.raises(DataError) as refused:
        cards.parse(data, "mine.yaml")
    message = str(refused.value)
    assert f"a {what} cannot have effect {effect!r}" in message and "\n" not in message
    assert message.startswith(f"mine.yaml: cards[{data['cards'].index(card)}].effect")


def test_the_keep_choice_is_offered_only_for_the_cards_the_file_marks_keep():
    data = yaml.safe_load(SHIPPED_CARDS.read_text(encoding="utf-8"))
    next(c for c in data["cards"] if c["id"] == "blue-01")["keep"] = False
    s = seated("slime", "templar", "angel", "ranger", cells=[6, 2, 9, 4], cards=data)
    s.hp[0] = 10
    on_top(s, "blue-01")
    take_action_at(s, 0, 6)
    assert s.decision[0] != "keep" and s.hp[0] == 11
