"""One scenario per worked example of the seed (the Chinese rulebook translation)."""

from __future__ import annotations

from ffkit import (
    equip,
    give,
    haunt,
    kind,
    place,
    place_inside,
    play_action,
    roll_as,
    start_fight,
    table,
)

from candlelit.games.fatal_frame.combat import fight_entry, final_dice
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_FORGO_MOVE,
    A_GHOST,
    A_ORB,
    A_ORB_BOSS,
    A_PASS,
    A_PLAY,
    A_RESOLVE,
    A_SEAT,
    E_FUTILE,
    FIGHT_PRE,
    MOVE,
    PLAY,
    STACK_TARGETS,
    TARGET_GHOST,
    TARGET_SEAT,
)
from candlelit.games.fatal_frame.table import stack


def _fighting(s):
    return s.cards.main[fight_entry(s)[0]].id


def test_stack_is_fought_weakest_first_seeker_then_sunken_woman_then_veiled_priest():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "veiled_priest", "sunken_woman", "seeker")
    start_fight(s)
    order = []
    for _ in range(3):
        order.append(_fighting(s))
        roll_as(s, 6)
        s.apply_action(A_RESOLVE)
    assert order == ["seeker", "sunken_woman", "veiled_priest"]
    assert [s.cards.main[k].id for k in s.album[0]] == order
    assert s.phase == MOVE and not s.beaten


def test_beaten_by_seeker_ends_the_fighting_before_the_stronger_ghosts():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "veiled_priest", "sunken_woman", "seeker")
    start_fight(s)
    roll_as(s, 2)  # a tie with Seeker's power 2 is not enough
    s.apply_action(A_RESOLVE)
    assert s.beaten and s.phase == MOVE and s.album[0] == []
    assert len(s.cell_ghosts[1]) == 3
    assert not any(e["key"] == "fatal_frame.attacked" and e["args"]["ghost"] != "seeker"
                   for e in s.visible_log(None))


def test_woman_in_box_may_stack_on_folklorist_but_twins_doll_may_not():
    s = table()
    rooms = [s.interior_deck[-1]]
    place_inside(s, 1, 0, rooms)
    haunt(s, 1, "folklorist")
    place(s, 0, 2)
    give(s, 0, "twins_doll", "woman_in_box")
    legal = s.legal_actions(0)
    assert play_action(s, "woman_in_box") in legal
    assert play_action(s, "twins_doll") not in legal
    s.apply_action(play_action(s, "woman_in_box"))
    assert s.phase == TARGET_SEAT and s.legal_actions(0) == [A_SEAT + 1]
    s.apply_action(A_SEAT + 1)
    # a ghost was the first play: a second play is allowed, still not Twins Doll
    assert s.phase == PLAY and play_action(s, "twins_doll") not in s.legal_actions(0)
    s.turn = 1
    start_fight(s)
    assert _fighting(s) == "woman_in_box"
    roll_as(s, 3)
    s.apply_action(A_RESOLVE)
    assert s.beaten and s.phase == MOVE
    assert [s.cards.main[e[0]].id for e in s.room_ghosts[1][0]] == ["folklorist",
                                                                    "woman_in_box"]


def test_broken_neck_with_futile_odds_five_becomes_three_one_orb_makes_four_and_wins():
    s = table()
    place_inside(s, 0, 0, [s.interior_deck[-1]])
    haunt(s, 0, "broken_neck")
    equip(s, 0, "spirit_orb", "spirit_orb")
    place(s, 1, 4)
    give(s, 1, "futile_odds")
    s.turn, s.phase = 1, PLAY
    s.apply_action(play_action(s, "futile_odds"))
    assert s.phase == TARGET_GHOST
    target = A_GHOST + (9 + 0 * 4 + 0) * STACK_TARGETS
    assert s.legal_actions(1) == [target]
    s.apply_action(target)
    assert s.room_ghosts[0][0][0][E_FUTILE]
    s.turn = 0
    start_fight(s)
    roll_as(s, 5)
    assert final_dice(s) == [3]
    s.apply_action(A_ORB)
    assert final_dice(s) == [4] and len(s.orbs[0]) == 1
    s.apply_action(A_RESOLVE)
    assert [s.cards.main[k].id for k in s.album[0]] == ["broken_neck"]
    assert kind(s, "futile_odds") in s.main_discard


def _kimono(**options):
    s = table(**options)
    place(s, 0, 1)
    haunt(s, 0, "bloody_kimono")
    stack(s, 0)[0][E_FUTILE] = kind(s, "futile_odds") + 1
    s.main_deck.remove(kind(s, "futile_odds"))
    give(s, 0, "zero_shot")
    start_fight(s)
    assert s.phase == FIGHT_PRE
    s.apply_action(play_action(s, "zero_shot"))
    return s


def test_zero_shot_on_a_six_stays_six_then_futile_odds_makes_four():
    s = _kimono()
    roll_as(s, 6)
    assert final_dice(s) == [4]
    s.dice = [5]
    assert final_dice(s) == [4]


def test_zero_shot_alone_cannot_raise_a_die_above_six():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "bloody_kimono")
    give(s, 0, "zero_shot")
    start_fight(s)
    s.apply_action(play_action(s, "zero_shot"))
    roll_as(s, 6)
    assert final_dice(s) == [6]
    s.dice = [5]
    assert final_dice(s) == [6]


def test_translator_order_subtracts_first_so_the_six_survives():
    s = _kimono(modifier_order="subtractions-first")
    roll_as(s, 6)
    assert final_dice(s) == [6]


def _boss_fight(**options):
    s = table(**options)
    shrine = s.grid.index(next(c.index for c in s.cards.exteriors if c.id == "kureha_shrine"))
    place_inside(s, 0, shrine, [s.interior_deck[-1]])
    boss = s.boss_pile.pop()
    s.room_ghosts[0][0].append([boss, 1, 0, 0, 0, 0])
    s.lives[0] = 3
    equip(s, 0, "film_14", "spirit_orb")
    start_fight(s)
    return s, shrine, boss


def test_counterattack_when_a_final_attack_die_equals_the_boss_die():
    s, shrine, boss = _boss_fight()
    roll_as(s, 6, 3, boss_die=3)
    s.apply_action(A_RESOLVE)
    assert s.lives[0] == 0 and s.path[0] == [] and s.room[0] == -1
    assert s.pos[0] == shrine and boss in s.boss_pile
    assert s.beaten and s.phase == MOVE and A_FORGO_MOVE in s.legal_actions(0)
    assert any(e["key"] == "fatal_frame.counterattack" for e in s.visible_log(None))


def test_a_spirit_orb_on_the_boss_die_averts_the_counterattack():
    s, _, _ = _boss_fight()
    roll_as(s, 6, 3, boss_die=3)
    s.apply_action(A_ORB_BOSS)
    s.apply_action(A_RESOLVE)
    assert s.lives[0] == 2 and s.room[0] == 0 and not s.beaten


def test_three_sixes_beat_any_boss_at_once():
    s, _, _ = _boss_fight()
    s.film[0] = kind(s, "film_61")
    roll_as(s, 6, 6, 6, boss_die=6)
    s.apply_action(A_RESOLVE)
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [1.0, 0.0]


def test_beaten_player_moves_or_plays_but_not_both():
    s = table()
    place(s, 0, 1)
    haunt(s, 0, "veiled_priest")
    give(s, 0, "spirit_orb")
    start_fight(s)
    roll_as(s, 1)
    s.apply_action(A_RESOLVE)
    moving = s.clone()
    assert A_FORGO_MOVE in s.legal_actions(0)
    moving.apply_action(A_CELL + 0)
    assert moving.turn == 1, "after moving, a beaten player's turn ends without a play"
    s.apply_action(A_FORGO_MOVE)
    assert s.phase == PLAY and s.pos[0] == 1
    s.apply_action(A_PLAY + kind(s, "spirit_orb"))
    assert s.turn == 1 and len(s.orbs[0]) == 1


def test_an_unbeaten_player_must_move_and_then_may_play():
    s = table()
    place(s, 0, 1)
    start_fight(s)
    assert s.phase == MOVE and A_FORGO_MOVE not in s.legal_actions(0)
    s.apply_action(A_CELL + 2)
    assert s.phase == PLAY and s.legal_actions(0)[0] == A_PASS
