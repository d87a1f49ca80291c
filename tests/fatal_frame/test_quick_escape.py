"""Quick Escape outside its owner's turn: who is asked, the move it gives, what stays hidden."""

from __future__ import annotations

import random

import pytest
from ffkit import give, haunt, kind, place, play_action, table

from candlelit import load
from candlelit.bots.base import SeatObservation
from candlelit.engine import conformance as c
from candlelit.games.fatal_frame.bot import HeuristicBot
from candlelit.games.fatal_frame.constants import (
    A_CELL,
    A_PASS,
    A_SEAT,
    FIGHT_PRE,
    MOVE,
    PLAY,
    REACT,
    REACT_MOVE,
    TARGET_SEAT,
)
from candlelit.i18n import LANGUAGES, message


def _moving(players=2, quick_escape="any-time"):
    """Seat 0 about to take its step-3 move from square 6; every other seat holds a card."""
    s = table(players=players, quick_escape=quick_escape)
    place(s, 0, 6)
    for q in range(1, players):
        place(s, q, q)
        give(s, q, "spirit_orb")
    s.phase = MOVE
    return s


def test_a_seat_holding_quick_escape_flees_after_the_active_seats_move():
    s = _moving()
    give(s, 1, "quick_escape")
    haunt(s, 1, "seeker", "sunken_woman")  # red exterior Chase, blue exterior Bound
    s.apply_action(A_CELL + 7)
    assert s.phase == REACT and s.pending_players() == [1] and s.current_player() == 1
    assert s.legal_actions(0) == []
    assert s.legal_actions(1) == [A_PASS, play_action(s, "quick_escape")]
    s.apply_action(play_action(s, "quick_escape"), player=1)
    assert s.phase == REACT_MOVE and s.legal_actions(1) == [A_CELL + 0, A_CELL + 2,
                                                              A_CELL + 4]
    s.apply_action(A_CELL + 2, player=1)
    assert s.pos[1] == 2 and kind(s, "quick_escape") in s.main_discard
    assert [s.cards.main[e[0]].id for e in s.cell_ghosts[1]] == ["seeker"], \
        "a Chase ghost does not follow a move made outside its quarry's turn"
    assert s.cell_ghosts[2] == [] and kind(s, "sunken_woman") in s.main_discard
    assert s.phase == PLAY and s.pending_players() == [0] and s.asked == -1
    for lang in LANGUAGES:
        lines = [message("fatal-frame", e["key"], e["args"], lang) for e in s.visible_log(1)]
        assert lines and not any("{" in line or "fatal_frame." in line for line in lines)


def test_quick_escape_may_be_played_outside_its_owners_turn_by_default():
    s = table()  # every option at its default: the seed's own example of such a move
    place(s, 0, 6)
    place(s, 1, 1)
    give(s, 1, "quick_escape")
    s.phase = MOVE
    s.apply_action(A_CELL + 7)
    assert s.phase == REACT and s.legal_actions(1) == [A_PASS, play_action(s, "quick_escape")]


def test_every_seat_that_may_hold_quick_escape_is_asked_whether_or_not_it_does():
    lacking, holding = _moving(players=3), _moving(players=3)
    give(holding, 2, "quick_escape")
    give(lacking, 2, "spirit_orb")
    for s in (lacking, holding):
        s.apply_action(A_CELL + 7)
    assert lacking.pending_players() == holding.pending_players() == [1]
    assert lacking.view(0) == holding.view(0) and lacking.view(1) == holding.view(1)
    assert lacking.action_to_struct(1, A_PASS)["kind"] == "let_pass"
    for s in (lacking, holding):
        s.apply_action(A_PASS, player=1)
    assert lacking.pending_players() == holding.pending_players() == [2]
    assert lacking.view(0) == holding.view(0)
    assert lacking.legal_actions(2) == [A_PASS]
    assert holding.legal_actions(2) == [A_PASS, play_action(holding, "quick_escape")]
    for s in (lacking, holding):
        s.apply_action(A_PASS, player=2)
        assert s.phase == PLAY and s.pending_players() == [0]


def test_the_window_names_the_asked_seat_first_then_every_seat_still_to_be_asked():
    s = _moving(players=4)
    give(s, 2, "quick_escape")
    assert s.window_askees() is None
    s.apply_action(A_CELL + 7)
    assert s.window_askees() == (1, 2, 3)
    s.apply_action(A_PASS, player=1)
    assert s.window_askees() == (2, 3)
    s.apply_action(play_action(s, "quick_escape"), player=2)
    assert s.phase == REACT_MOVE and s.window_askees() == (2,), \
        "the seat taking its step is still asked; the only copy now lies face up"
    s.apply_action(s.legal_actions(2)[0], player=2)
    assert s.phase == PLAY and s.window_askees() is None


def test_seats_that_cannot_hold_quick_escape_by_public_information_are_not_asked():
    s = _moving(players=3)
    s.main_deck.extend(s.hands[1])
    s.hands[1] = []
    s.apply_action(A_CELL + 7)
    assert s.pending_players() == [2], "an empty hand holds no Quick Escape"
    s.apply_action(A_PASS, player=2)
    assert s.phase == PLAY
    public = _moving(players=3)
    k = kind(public, "quick_escape")
    public.main_deck.remove(k)
    public.main_discard.append(k)
    public.apply_action(A_CELL + 7)
    assert public.phase == PLAY and public.pending_players() == [0], \
        "every copy lies face up in the discard pile"


def test_a_haunted_seat_escapes_after_the_play_step_and_meets_no_ghost_next_turn():
    s = _moving()
    give(s, 1, "quick_escape")
    give(s, 0, "seeker")
    s.apply_action(A_CELL + 7)
    s.apply_action(A_PASS, player=1)
    s.apply_action(play_action(s, "seeker"))
    assert s.phase == TARGET_SEAT and A_SEAT + 1 in s.legal_actions(0)
    s.apply_action(A_SEAT + 1)
    assert s.phase == PLAY
    s.apply_action(A_PASS)
    assert s.phase == REACT and s.pending_players() == [1]
    s.apply_action(play_action(s, "quick_escape"), player=1)
    s.apply_action(A_CELL + 0, player=1)
    assert s.turn == 1 and s.pos[1] == 0
    assert [s.cards.main[e[0]].id for e in s.cell_ghosts[1]] == ["seeker"]
    assert s.phase == MOVE, "nothing to fight on the new square"


def test_own_turn_reading_opens_no_window_for_other_seats():
    s = _moving(quick_escape="own-turn")
    give(s, 1, "quick_escape")
    s.apply_action(A_CELL + 7)
    assert s.phase == PLAY and s.pending_players() == [0]
    s.apply_action(A_PASS)
    assert s.turn == 1 and s.phase in (FIGHT_PRE, MOVE)


def test_heuristic_bot_flees_a_ghost_it_would_probably_lose_to():
    s = _moving()
    give(s, 1, "quick_escape")
    haunt(s, 1, "veiled_priest")
    s.apply_action(A_CELL + 7)
    bot = HeuristicBot("fatal-frame", 1, 0)
    assert bot.act(SeatObservation(s, 1), s.legal_actions(1)) == play_action(s, "quick_escape")
    calm = _moving()
    give(calm, 1, "quick_escape")
    calm.apply_action(A_CELL + 7)
    assert bot.act(SeatObservation(calm, 1), calm.legal_actions(1)) == A_PASS


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow),
                                     pytest.param(4, marks=pytest.mark.slow)])
def test_any_time_games_end_keep_the_contract_and_leak_nothing(players):
    rng = random.Random(players)
    for seed in range(2):
        state = load("fatal-frame", players, seed, options={"quick_escape": "any-time"})
        asked = redrawn = 0
        for _ in range(state.max_game_length()):
            if state.is_terminal():
                break
            c.check_actions(state)
            if state.phase == REACT and asked < 3:
                asked += 1
                redrawn += c.check_no_leak(state, rng, worlds=2)
            player = state.pending_players()[0]
            state.apply_action(rng.choice(state.legal_actions(player)), player)
        assert state.is_terminal() and asked == 3 and redrawn
        c.check_outcome(state)
