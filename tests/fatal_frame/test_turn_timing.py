"""When things happen in a turn: Functions at any time, Futile Odds for one turn, and the
secret passage between Tachibana House and Kiryu House."""

from __future__ import annotations

import random

from ffkit import equip, give, haunt, kind, place, place_inside, play_action, start_fight, table

from candlelit.games.fatal_frame.combat import final_dice
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_DISCARD,
    A_FUNC,
    A_GHOST,
    A_LEFT,
    A_PASS,
    A_PASSAGE,
    A_RIGHT,
    A_ROLL,
    E_FUTILE,
    E_ZERO,
    EXTRA_MOVE,
    FIGHT_PRE,
    FIGHT_ROLLED,
    MOVE,
    PAY_COST,
    PLAY,
    STACK_TARGETS,
    TARGET_GHOST,
)
from candlelit.games.fatal_frame.rules import FatalFrameState


def _ids(s: FatalFrameState, stack: list[list[int]]) -> list[str]:
    return [s.cards.main[e[0]].id for e in stack]


def _finish_turn(s: FatalFrameState) -> None:
    """Let the active seat's turn run out: pass where it may, else take the first choice."""
    turn = s.turns
    while s.turns == turn:
        p = s.current_player()
        legal = s.legal_actions(p)
        s.apply_action(A_PASS if A_PASS in legal else legal[0], player=p)


# -- Functions: at any time of one's own turn, once -----------------------------------------
def test_sense_may_be_used_before_the_step_2_fight():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "seeker")
    equip(s, 0, "function_sense")
    give(s, 0, "spirit_orb")
    start_fight(s)
    assert s.phase == FIGHT_PRE and s.legal_actions(0) == [A_ROLL, A_FUNC]
    s.apply_action(A_FUNC)
    assert s.phase == PAY_COST
    s.apply_action(A_DISCARD + kind(s, "spirit_orb"))
    assert s.phase == FIGHT_PRE and len(s.hands[0]) == 1 and s.func_used
    assert s.legal_actions(0)[:1] == [A_ROLL] and A_FUNC not in s.legal_actions(0), \
        "once per turn"
    s.apply_action(A_ROLL)
    assert s.phase == FIGHT_ROLLED


def test_track_before_the_fight_leaves_bound_ghosts_and_fights_the_chase_ghost_that_follows():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "seeker", "drifting_shade_placeholder")  # red Chase 2, blue Bound 3
    place(s, 1, 8)
    equip(s, 0, "function_track")
    give(s, 0, "spirit_orb")
    start_fight(s)
    s.apply_action(A_FUNC)
    s.apply_action(A_DISCARD + kind(s, "spirit_orb"))
    assert s.phase == EXTRA_MOVE and s.legal_actions(0) == [A_CELL + 0, A_CELL + 2,
                                                             A_CELL + 4]
    s.apply_action(A_CELL + 4)
    assert s.pos[0] == 4 and _ids(s, s.cell_ghosts[4]) == ["seeker"]
    assert s.cell_ghosts[1] == [], "the blue Bound ghost left alone fades"
    assert s.phase == FIGHT_PRE and s.fight == 0, "step 2 goes on where the seat now stands"
    assert A_FUNC not in s.legal_actions(0)


def test_track_before_the_fight_onto_an_empty_square_leads_to_the_step_3_move():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "masked_celebrant_placeholder")  # red Bound
    equip(s, 0, "function_track")
    give(s, 0, "spirit_orb")
    start_fight(s)
    s.apply_action(A_FUNC)
    s.apply_action(A_DISCARD + kind(s, "spirit_orb"))
    s.apply_action(A_CELL + 2)
    assert _ids(s, s.cell_ghosts[1]) == ["masked_celebrant_placeholder"]
    assert s.phase == MOVE and not s.beaten, "Track's step does not replace step 3"


def test_a_function_may_still_be_used_after_the_turns_last_play():
    s = table()
    place(s, 0, 1)
    equip(s, 0, "function_sense")
    give(s, 0, "spirit_orb", "film_14")
    s.phase = PLAY
    s.apply_action(play_action(s, "spirit_orb"))
    assert s.phase == PLAY and s.legal_actions(0) == [A_PASS, A_FUNC], \
        "no play is left, but the Function is"
    s.apply_action(A_FUNC)
    s.apply_action(A_DISCARD + kind(s, "film_14"))
    assert s.phase == PLAY and s.legal_actions(0) == [A_PASS] and len(s.hands[0]) == 1


def test_a_beaten_seat_that_moved_may_use_its_function_but_not_play():
    s = table()
    place(s, 0, 1)
    equip(s, 0, "function_sense")
    give(s, 0, "spirit_orb")
    s.phase, s.beaten = MOVE, 1
    s.apply_action(A_CELL + 2)
    assert s.phase == PLAY and s.legal_actions(0) == [A_PASS, A_FUNC]
    s.apply_action(A_PASS)
    assert s.turn == 1, "the turn ends: no play after a beaten seat's step"


# -- Futile Odds: one turn ------------------------------------------------------------------
def _futile_on_seat_2(**options: str) -> FatalFrameState:
    """Three seats; seat 0 plays Futile Odds on Broken Neck in seat 2's room, seat 1 is next."""
    s = table(players=3, **options)
    place(s, 0, 6)
    place(s, 1, 0)
    cell = next(c for c in range(9) if s.cards.exteriors[s.grid[c]].building_size == 2)
    place_inside(s, 2, cell, s.interior_deck[-2:])
    haunt(s, 2, "broken_neck")
    give(s, 0, "futile_odds")
    s.apply_action(play_action(s, "futile_odds"))
    assert s.phase == TARGET_GHOST
    s.apply_action(A_GHOST + (9 + 2 * 4) * STACK_TARGETS)
    assert s.turn == 1 and s.room_ghosts[2][0][0][E_FUTILE]
    return s


def test_futile_odds_played_in_step_4_wears_off_after_one_turn():
    s = _futile_on_seat_2()
    _finish_turn(s)
    assert s.turn == 2
    assert not s.room_ghosts[2][0][0][E_FUTILE] and kind(s, "futile_odds") in s.main_discard
    assert any(e["key"] == "fatal_frame.wore_off" for e in s.visible_log(2))
    assert s.phase == FIGHT_PRE
    s.apply_action(A_ROLL)
    assert final_dice(s) == s.dice, "seat 2's roll is not lowered any more"


def test_futile_odds_next_roll_option_keeps_it_until_that_ghost_is_fought():
    s = _futile_on_seat_2(futile_odds="next-roll")
    _finish_turn(s)
    assert s.turn == 2 and s.room_ghosts[2][0][0][E_FUTILE]
    s.apply_action(A_ROLL)
    assert final_dice(s) == [max(1, d - 2) for d in s.dice]


# -- the secret passage -------------------------------------------------------------------
def _in_tachibana(kiryu_face_up: bool, seed: int = 0) -> tuple[FatalFrameState, int, int]:
    s = table(seed=seed)
    ids = [s.cards.exteriors[k].id for k in s.grid]
    tachibana, kiryu = ids.index("tachibana_house"), ids.index("kiryu_house")
    place_inside(s, 0, tachibana, s.interior_deck[-3:])
    s.revealed[kiryu] = int(kiryu_face_up)
    s.phase = MOVE
    return s, tachibana, kiryu


def test_the_secret_passage_to_a_face_down_house_turns_it_up_like_any_step():
    s, tachibana, kiryu = _in_tachibana(kiryu_face_up=False)
    assert s.legal_actions(0) == [A_RIGHT, A_CELL + tachibana, A_PASSAGE]
    s.apply_action(A_PASSAGE)
    assert s.pos[0] == kiryu and s.room[0] == -1 and s.revealed[kiryu]
    assert s.path[0] == [] and len(s.interior_discard) == 3
    assert s.view(1)["map"][kiryu]["place"] == "kiryu_house"
    keys = [e["key"] for e in s.visible_log(1)]
    assert "fatal_frame.passage" in keys and "fatal_frame.revealed" in keys


def test_the_passage_to_a_face_up_house_is_a_move_onto_its_square():
    s, tachibana, kiryu = _in_tachibana(kiryu_face_up=True)
    s.room[0] = 2
    assert s.legal_actions(0) == sorted([A_LEFT, A_CELL + tachibana, A_CELL + kiryu])
    s.apply_action(A_CELL + kiryu)
    assert s.pos[0] == kiryu and s.room[0] == -1


def test_the_passage_action_names_no_square_while_the_house_is_face_down():
    s, _tachibana, kiryu = _in_tachibana(kiryu_face_up=False)
    struct = s.action_to_struct(0, A_PASSAGE)
    assert struct == {"kind": "passage", "key": "fatal_frame.action.passage",
                      "place": "kiryu_house"}
    worlds = [s.resample(1, random.Random(i)) for i in range(12)]
    for w in worlds:
        w.phase = MOVE
        assert w.legal_actions(0) == s.legal_actions(0)
    landed = set()
    for w in worlds:
        w.apply_action(A_PASSAGE)
        landed.add(w.pos[0])
        assert w.cards.exteriors[w.grid[w.pos[0]]].id == "kiryu_house"
    assert len(landed) > 1 and kiryu in {c for c in range(9) if not s.revealed[c]}


def test_zero_shot_on_a_ghost_left_behind_by_track_wears_off_at_the_turns_end():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "masked_celebrant_placeholder")  # red Bound: it stays behind
    equip(s, 0, "function_track")
    give(s, 0, "zero_shot", "spirit_orb")
    start_fight(s)
    s.apply_action(play_action(s, "zero_shot"))
    s.apply_action(A_FUNC)
    s.apply_action(A_DISCARD + kind(s, "spirit_orb"))
    s.apply_action(A_CELL + 2)
    assert s.cell_ghosts[1][0][E_ZERO], "Zero Shot is still on the ghost left behind"
    _finish_turn(s)
    assert not s.cell_ghosts[1][0][E_ZERO] and kind(s, "zero_shot") in s.main_discard
