"""Map movement, ghost movement, the shrine's lock and how a boss fight continues."""

from __future__ import annotations

import pytest
from ffkit import give, haunt, place, place_inside, reveal, roll_as, start_fight, table

from candlelit.engine.errors import DataError, IllegalAction
from candlelit.games.fatal_frame import SPEC
from candlelit.games.fatal_frame.cards import EXTERIORS, builtin_cards, builtin_data, parse_cards
from candlelit.games.fatal_frame.combat import final_dice
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_ENTER,
    A_FORGO_MOVE,
    A_GHOST,
    A_PASS,
    A_PLAY,
    A_RESOLVE,
    A_STAY,
    E_FUTILE,
    EDGE_CELLS,
    FIGHT_PRE,
    MOVE,
    PLAY,
    STACK_TARGETS,
    TARGET_GHOST,
)


def _cell_of(s, place_id):
    return s.grid.index(next(c.index for c in s.cards.exteriors if c.id == place_id))


def test_first_move_goes_to_any_edge_exterior_and_reveals_it():
    s = table()
    start_fight(s)
    assert s.legal_actions(0) == [A_CELL + c for c in EDGE_CELLS]
    s.apply_action(A_CELL + 3)
    assert s.revealed[3] and s.view(1)["map"][3]["place"] is not None
    assert s.view(1)["map"][5]["place"] is None


def test_kureha_shrine_stays_locked_until_enough_album_points():
    s = table(players=3)
    shrine = _cell_of(s, "kureha_shrine")
    place(s, 0, shrine)
    start_fight(s)
    assert A_ENTER not in s.legal_actions(0)
    s.album[0] = [s.cards.main_id("veiled_priest")] * 4  # 4 x 2 = 8 >= 7 at 3 players
    assert A_ENTER in s.legal_actions(0)
    s.apply_action(A_ENTER)
    assert s.lives[0] == 3 and any(e[1] for e in s.room_ghosts[0][0])


def test_raised_shrine_threshold_option():
    s = table(players=4, shrine_points=12)
    assert s.shrine_points() == 12


def test_tachibana_path_may_be_left_by_a_face_up_kiryu_house():
    s = table()
    tachibana, kiryu = _cell_of(s, "tachibana_house"), _cell_of(s, "kiryu_house")
    place(s, 0, tachibana)
    start_fight(s)
    s.apply_action(A_ENTER)
    assert len(s.path[0]) == 3
    s.room[0] = 2
    s.phase = MOVE
    assert A_CELL + kiryu not in s.legal_actions(0), "a face-down house is not known"
    reveal(s, kiryu)
    s.apply_action(A_CELL + kiryu)
    assert s.pos[0] == kiryu and s.path[0] == [] and len(s.interior_discard) == 3


def test_chase_ghost_follows_the_active_player_and_a_blue_bound_ghost_fades():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "seeker", "sunken_woman")  # red exterior Chase, blue exterior Bound
    s.phase = MOVE
    s.apply_action(A_CELL + 2)
    assert [s.cards.main[e[0]].id for e in s.cell_ghosts[2]] == ["seeker"]
    assert s.cell_ghosts[1] == [] and s.cards.main_id("sunken_woman") in s.main_discard


def test_blue_bound_ghost_stays_while_another_player_remains():
    s = table()
    place(s, 0, 1)
    place(s, 1, 1)
    haunt(s, 0, "sunken_woman")
    s.phase = MOVE
    s.apply_action(A_CELL + 2)
    assert len(s.cell_ghosts[1]) == 1


def _after_boss_hit(boss_fight):
    s = table(boss_fight=boss_fight)
    shrine = _cell_of(s, "kureha_shrine")
    place_inside(s, 0, shrine, [s.interior_deck[-1]])
    s.room_ghosts[0][0].append([s.boss_pile.pop(), 1, 0, 0, 0, 0])
    s.lives[0] = 3
    start_fight(s)
    roll_as(s, 6, boss_die=2)
    s.apply_action(A_RESOLVE)
    assert s.lives[0] == 2 and s.phase == MOVE
    return s


def test_boss_fight_stay_reading_lets_the_fight_go_on_next_turn():
    s = _after_boss_hit("stay")
    assert A_STAY in s.legal_actions(0)
    s.apply_action(A_STAY)
    assert s.phase == PLAY and s.lives[0] == 2 and s.room[0] == 0
    start_fight(s)
    roll_as(s, 6, boss_die=1)
    s.apply_action(A_RESOLVE)
    assert s.lives[0] == 1


def test_boss_fight_literal_reading_forces_a_step_out_and_resets_the_boss():
    s = _after_boss_hit("literal")
    legal = s.legal_actions(0)
    assert A_STAY not in legal and legal == [A_CELL + s.entered[0]]
    s.apply_action(legal[0])
    assert s.lives[0] == 0 and s.room[0] == -1 and len(s.boss_pile) == 4


def test_album_holds_six_ghosts_the_seventh_makes_you_release_one():
    s = table()
    place(s, 0, 1)
    s.album[0] = [s.cards.main_id("wandering_villager_placeholder")] * 6
    haunt(s, 0, "seeker")
    start_fight(s)
    roll_as(s, 6)
    s.apply_action(A_RESOLVE)
    assert s.phase != MOVE and len(s.album[0]) == 7
    s.apply_action(s.legal_actions(0)[0])
    assert len(s.album[0]) == 6 and s.phase == MOVE


def test_hand_is_discarded_down_to_five_at_the_end_of_the_turn():
    s = table()
    place(s, 0, 1)
    give(s, 0, *["spirit_orb"] * 7)
    s.apply_action(0)  # pass the play
    assert s.turn == 0 and len(s.hands[0]) == 7
    s.apply_action(s.legal_actions(0)[0])
    s.apply_action(s.legal_actions(0)[0])
    assert s.turn == 1 and len(s.hands[0]) == 5


def test_other_seats_never_see_a_hand_or_a_path():
    s = table()
    place_inside(s, 0, 0, [s.interior_deck[-1]])
    give(s, 0, "zero_shot")
    mine, theirs = s.view(0), s.view(1)
    assert mine["hand"] == ["zero_shot"] and "zero_shot" not in str(theirs)
    assert "place" in mine["seats"][0]["rooms"][0]
    assert "place" not in theirs["seats"][0]["rooms"][0]
    assert "hand" not in s.view(None)


def test_illegal_action_names_the_step_and_changes_nothing():
    s = table()
    before = s.serialize()
    with pytest.raises(IllegalAction) as refused:
        s.apply_action(A_ENTER)
    assert str(refused.value) == f"action {A_ENTER} is not open to seat 1 now: play a card or pass"
    assert s.serialize() == before


def test_builtin_card_file_totals_and_provenance():
    cards = builtin_cards()
    assert sum(c.count for c in cards.main) == 85
    assert sum(c.count for c in cards.interiors) == 20
    assert len(cards.exteriors) == 9 and len(cards.bosses) == 4
    assert "wandering_villager_placeholder" in cards.reconstructed_ids()
    assert "kureha_shrine" not in cards.reconstructed_ids()
    assert cards.main[cards.main_id("veiled_priest")].source.startswith("https://www.ptt.cc")


def test_a_users_card_file_is_accepted_and_bad_data_is_refused():
    data = builtin_data()
    edited = {**data, "cards": [dict(c) for c in data["cards"]]}
    for c in edited["cards"]:
        if c["id"] == "seeker":
            c["power"], c["confidence"] = 1, "high"
    options = {o.name: o.default for o in SPEC.options}
    options["cards"] = SPEC.options[-1].check(edited)
    s = SPEC.new_state(2, 0, options)
    assert s.cards.main[s.cards.main_id("seeker")].power == 1
    broken = {**data, "cards": [c for c in data["cards"] if c["id"] != "kureha_shrine"]}
    with pytest.raises(DataError, match="exterior"):
        parse_cards(broken, "test file")


def test_futile_odds_may_be_played_on_a_boss_but_purification_only_takes_blue_ghosts():
    s = table()
    shrine = _cell_of(s, "kureha_shrine")
    place_inside(s, 0, shrine, [s.interior_deck[-1]])
    s.room_ghosts[0][0].append([s.boss_pile.pop(), 1, 0, 0, 0, 0])
    s.lives[0] = 3
    place(s, 1, 4)
    give(s, 1, "futile_odds", "purification_placeholder")
    s.turn, s.phase = 1, PLAY
    legal = s.legal_actions(1)
    assert A_PLAY + s.cards.main_id("purification_placeholder") not in legal, \
        "a boss's filament is white, so Purification has no target"
    s.apply_action(A_PLAY + s.cards.main_id("futile_odds"))
    boss_target = A_GHOST + (EXTERIORS + 0 * 4 + 0) * STACK_TARGETS
    assert s.phase == TARGET_GHOST and s.legal_actions(1) == [boss_target]
    s.apply_action(boss_target)
    assert s.turn == 0 and s.phase == FIGHT_PRE, "seat 1's turn ended; seat 0 faces the boss"
    roll_as(s, 6, boss_die=1)
    assert final_dice(s) == [4]
    s.apply_action(A_RESOLVE)
    assert s.lives[0] == 3 and s.beaten
    assert s.room_ghosts[0][0][0][E_FUTILE], "it lasts the whole of seat 0's turn"
    s.apply_action(A_FORGO_MOVE)
    s.apply_action(A_PASS)
    while s.turn == 0:
        s.apply_action(A_PASS, player=s.current_player())  # Quick Escape windows
    assert s.cards.main_id("futile_odds") in s.main_discard
    assert not s.room_ghosts[0][0][0][E_FUTILE], "it wears off when that turn ends"
