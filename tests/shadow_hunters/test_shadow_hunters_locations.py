"""The eight locations (卡片說明 1), their community heals (D8), rest (D9) and movement (D1)."""

from __future__ import annotations

import pytest
from shkit import card_no, new_game, on_top, seated, take_action_at, turn_at

from candlelit.games.shadow_hunters import damage
from candlelit.games.shadow_hunters.constants import (
    A_CELL,
    A_DECK,
    A_NO,
    A_SEAT,
    CELLS,
    COLOURS,
    D8_TO_CELL,
    step,
)
from candlelit.games.shadow_hunters.state import ACTION, MOVE

CAST = ("slime", "templar", "saint", "ranger", "fire_spirit", "hane", "zombie")
"""Seats: 0 獨行俠, 1 南門, 2 東門 (湖之神殿), 3 西門, 4 北門, 5 東門 (晨星), 6 獨行俠."""
GATE_SEATS = {2: [1], 4: [3], 6: [2, 5], 8: [4]}


def wounded_table():
    s = seated(*CAST, cells=[1, 2, 3, 4, 6, 7, 9])
    for seat in range(len(CAST)):
        s.hp[seat] -= 3
    return s


def test_hermits_gourd_heals_any_living_character_one_yourself_included():
    s = wounded_table()
    s.alive[6] = 0
    take_action_at(s, 0, 1)
    assert s.decision[:2] == ["target", 0]
    assert s.legal_actions(0) == [A_SEAT + t for t in range(6)]
    s.apply_action(A_SEAT + 0, 0)
    assert s.hp[0] == 13


@pytest.mark.parametrize(("cell", "colour"), [(2, "yellow"), (4, "green"), (6, "blue"),
                                              (8, "red")])
def test_a_gate_location_draws_its_colour_and_heals_every_member_of_its_gate(cell, colour):
    s = wounded_table()
    top = on_top(s, f"{colour}-13")
    before = list(s.hp)
    take_action_at(s, 0, cell)
    assert top in s.equip[0]
    healed = [seat for seat in range(len(CAST)) if s.hp[seat] > before[seat]]
    assert healed == GATE_SEATS[cell], "lone wolves, zombies and other gates get nothing"
    assert all(s.hp[seat] == before[seat] + 1 for seat in healed)
    entry = [e for e in s.events() if e.key.endswith("community_heal")][-1]
    assert entry.visible_to is None and entry.args == {"gate": {2: "south", 4: "west",
                                                                6: "east", 8: "north"}[cell],
                                                       "seats": GATE_SEATS[cell]}


def test_the_community_heal_skips_dead_members_and_zombified_ones():
    s = wounded_table()
    s.alive[2] = 0
    s.hp[5] = 1
    damage.hit_many(s, [(5, 1)], (), 6, "attack")
    assert s.alive[5] and s.gate(5) == "none"
    on_top(s, "blue-13")
    hp5 = s.hp[5]
    take_action_at(s, 0, 6)
    assert s.hp[5] == hp5
    entry = [e for e in s.events() if e.key.endswith("community_heal")][-1]
    assert entry.args["seats"] == []


def test_declining_a_gate_locations_action_draws_nothing_and_heals_nobody():
    s = wounded_table()
    s.cell[0] = 6
    turn_at(s, 0, ACTION)
    before, decks = list(s.hp), [len(d) for d in s.decks]
    s.apply_action(A_NO, 0)
    assert s.hp == before and [len(d) for d in s.decks] == decks


def test_hot_spring_heals_two_and_the_next_turn_only_starts():
    s = seated("slime", "templar", "angel", "ranger", cells=[3, 2, 9, 4])
    s.hp[0] = 10
    s.shelter[0] = 1
    s.equip[0] = [card_no(s, "blue-11")]
    take_action_at(s, 0, 3)
    assert s.hp[0] == 12
    turn_at(s, 0, 0)
    assert s.hp[0] == 13, "start-of-turn equipment still works"
    assert s.shelter[0] == 0, "until-next-turn effects end"
    assert s.active() == 1 and s.cell[0] == 3, "then the turn ends: no move, action or attack"
    assert any(e.key.endswith(".rest") and e.args == {"seat": 0} for e in s.events())
    turn_at(s, 0, 0)
    assert s.decision[:2] == ["start", 0], "only one turn is skipped"


def test_hot_spring_heal_caps_at_max_hp():
    s = seated("slime", "templar", "angel", "ranger", cells=[3, 2, 9, 4])
    s.hp[0] = 14
    take_action_at(s, 0, 3)
    assert s.hp[0] == 15


@pytest.mark.parametrize("colour", COLOURS)
def test_wizards_hut_draws_the_top_card_of_any_deck(colour):
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    top = on_top(s, f"{colour}-13" if colour != "white" else "white-12")
    take_action_at(s, 0, 7)
    assert s.decision[:2] == ["deck", 0]
    assert s.legal_actions(0) == [A_DECK + k for k in range(5)]
    s.apply_action(A_DECK + COLOURS.index(colour), 0)
    if colour == "white":
        assert s.decision[:2] == ["give", 0] and s.decision[2] == top
    else:
        assert s.equip[0] == [top]
    assert s.hp[1] == 14, "no community heal from the hut"


def test_wizards_hut_offers_only_decks_that_still_hold_cards():
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    s.decks[1] = []
    s.decks[3] = []
    take_action_at(s, 0, 7)
    assert s.legal_actions(0) == [A_DECK + 0, A_DECK + 2, A_DECK + 4]


def test_mortar_deals_two_damage_to_any_living_character_yourself_included():
    s = seated("slime", "templar", "angel", "ranger", cells=[9, 2, 6, 4])
    take_action_at(s, 0, 9)
    assert s.legal_actions(0) == [A_SEAT + t for t in range(4)]
    s.apply_action(A_SEAT + 0, 0)
    assert s.hp[0] == 13
    take_action_at(s, 0, 9)
    s.apply_action(A_SEAT + 1, 0)
    assert s.hp[1] == 12 and s.killer[1] == -1


def test_movement_goes_the_roll_either_way_round_the_ring_and_is_mandatory(dice):
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    dice([2, 3])
    turn_at(s, 0, MOVE)
    assert s.decision[:2] == ["move", 0]
    assert s.legal_actions(0) == sorted({A_CELL + CELLS.index(step(7, 5)),
                                         A_CELL + CELLS.index(step(7, -5))})
    assert A_NO not in s.legal_actions(0)
    s.apply_action(A_CELL + CELLS.index(step(7, -5)), 0)
    assert s.cell[0] == step(7, -5) and s.decision[:2] == ["act", 0]


def test_a_move_of_eight_lets_you_choose_any_other_location(dice):
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    dice([5, 3])
    turn_at(s, 0, MOVE)
    assert s.legal_actions(0) == [A_CELL + CELLS.index(c) for c in CELLS if c != 7]


def test_a_move_of_twelve_half_way_round_is_one_choice(dice):
    s = seated("slime", "templar", "angel", "ranger", cells=[7, 2, 9, 4])
    dice([6, 6])
    turn_at(s, 0, MOVE)
    assert s.legal_actions(0) == [A_CELL + CELLS.index(step(7, 4))]
    assert step(7, 4) == 3


def test_the_ring_steps_through_the_keypad_edge_without_the_centre():
    assert [step(7, n) for n in range(8)] == [7, 8, 9, 6, 3, 2, 1, 4]
    assert [step(7, -n) for n in range(1, 4)] == [4, 1, 2]


def test_start_cells_come_from_a_d8_and_take_no_location_action():
    assert D8_TO_CELL == {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 7, 7: 8, 8: 9}
    for seed in range(8):
        s = new_game(players=5, seed=seed)
        assert all(c in CELLS for c in s.cell)
        assert not any(e.kind in ("move", "draw", "heal", "community") for e in s.events())
