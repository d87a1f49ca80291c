"""How Nevermore ends (seed 遊戲結束, 烏鴉玩家 2.4-2.5, 人類玩家 2; FAQ 獲勝)."""

from __future__ import annotations

import io

from nvkit import events, finish_round, keys, table
from rich.console import Console

import candlelit
from candlelit.games.nevermore.rules import NevermoreState
from candlelit.games.nevermore.terminal import seats_table
from candlelit.server.render import board_html


def test_a_human_with_six_points_wins_at_once():
    s = table(4, ["VV", "A", "H", ""], vp=[5, 0, 0, 0], round_no=2, tokens="VAHL")
    finish_round(s)
    assert s.is_terminal() and s.winners() == [0] and s.reason == "points"
    assert [e["suit"] for e in events(s, "nevermore.step_called")] == ["victory"]
    assert s.returns() == [1.0, 0.0, 0.0, 0.0]


def test_humans_reaching_six_together_are_split_by_points():
    s = table(4, ["VVV", "VVV", "V", ""], vp=[5, 4, 0, 0], health=[1, 5, 5, 5])
    finish_round(s)
    assert s.vp[:2] == [7, 6] and s.winners() == [0]


def test_humans_tied_on_points_are_split_by_health():
    s = table(4, ["VV", "VV", "", ""], vp=[5, 5, 0, 0], health=[2, 4, 5, 5])
    finish_round(s)
    assert s.winners() == [1]


def test_a_full_tie_at_six_points_plays_on():
    s = table(4, ["VV", "VV", "", ""], vp=[5, 5, 0, 0], health=[4, 4, 5, 5])
    finish_round(s)
    assert not s.is_terminal() and s.round == 2
    assert events(s, "nevermore.tie_continues")[0] == {"seats": [0, 1]}


def test_the_last_human_wins_at_once():
    s = table(3, ["AAA", "", "H"], ravens=[1], health=[5, 0, 2])
    finish_round(s)
    assert s.is_terminal() and s.winners() == [0] and s.reason == "last_human"
    assert "nevermore.step_called" in keys(s)
    assert [e["suit"] for e in events(s, "nevermore.step_called")] == ["attack"]


def test_a_raven_who_turns_the_last_humans_into_ravens_breaks_the_curse_and_wins():
    s = table(4, ["AA", "", "", ""], ravens=[0, 1], health=[0, 0, 1, 1])
    finish_round(s)
    assert s.is_terminal() and s.winners() == [0] and s.reason == "curse"
    assert s.raven[2:] == [1, 1]


def test_the_curse_breaker_is_human_again_in_the_state_every_view_and_the_terminal():
    s = table(4, ["AA", "", "", ""], ravens=[0, 1], health=[0, 0, 1, 1])
    finish_round(s)
    assert s.winners() == [0] and s.raven == [0, 1, 1, 1] and s.health[0] == s.max_health
    assert events(s, "nevermore.curse_broken") == [{"seat": 0, "health": s.max_health}]
    for viewer in (None, 0, 1, 2, 3):
        seat = s.view(viewer)["seats"][0]
        assert (seat["form"], seat["health"]) == ("human", s.max_health)
    stored = candlelit.deserialize(s.serialize())
    assert isinstance(stored, NevermoreState)
    assert stored.raven == s.raven and stored.health == s.health
    printed = io.StringIO()
    Console(file=printed, width=140, color_system=None).print(
        seats_table(s.view(0), "en", ["", "", "", ""]))
    first_row = next(line for line in printed.getvalue().splitlines() if "Seat 1" in line)
    assert "♥" * s.max_health in first_row and "raven" not in first_row
    board = board_html("nevermore", s.view(0), "en", ["a", "b", "c", "d"], 0)
    seat_0 = board[board.index('data-seat="0"'):board.index('data-seat="1"')]
    assert 'class="nm-seat seat-0 form-human' in board and "nm-raven" not in seat_0


def test_a_raven_cannot_win_on_points():
    s = table(4, ["VV", "", "", ""], ravens=[0], vp=[9, 0, 0, 0])
    finish_round(s)
    assert not s.is_terminal() and s.raven[0] == 1


def test_a_raven_turned_human_again_with_six_points_wins_in_the_end_phase():
    s = table(4, ["AHLVR", "", "", ""], ravens=[0], vp=[6, 0, 0, 0])
    finish_round(s)
    assert s.is_terminal() and s.winners() == [0] and s.reason == "points"
    assert keys(s).index("nevermore.returns") < keys(s).index("nevermore.game_over")


def test_a_raven_keeps_its_points_and_can_still_score():
    s = table(4, ["LLLLL", "", "", ""], ravens=[0], vp=[2, 0, 0, 0], light=["L01"] * 8)
    finish_round(s)
    assert s.vp[0] == 3


def test_the_round_limit_ends_the_game_with_most_points_then_health():
    s = table(4, ["V", "", "", ""], vp=[0, 1, 1, 0], health=[5, 3, 4, 5],
              options={"max_rounds": 1})
    finish_round(s)
    assert s.is_terminal() and s.reason == "rounds"
    assert s.vp == [1, 1, 1, 0] and s.winners() == [0]
