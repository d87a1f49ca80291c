"""Picks: every choice a board stands for is clickable, follow-ups are opt-in, logs by round."""

from __future__ import annotations

import html
import json
import random
import re

import pytest

from candlelit.engine.registry import get, load
from candlelit.games.divinare.state import MOVE_BASE
from candlelit.games.divinare.turns import move_follows_play
from candlelit.server.lastaction import last_by_seat
from candlelit.server.logrounds import grouped, line_rounds
from candlelit.server.picks import follow_ups, matches, pick_pairs, pick_struct
from candlelit.server.render import board_html, log_html

PICK = re.compile(r'data-pick="([^"]*)"')
NAMES = [f"Seat {n}" for n in range(1, 9)]


def picks_of(game, state, seat, lang="en"):
    """Every data-pick value on the board `seat` is shown."""
    board = board_html(game, state.view(seat), lang, NAMES[:state.num_players], seat)
    return [html.unescape(p) for p in PICK.findall(board)]


def off_board(game, seat, struct):
    """The choices no board element stands for (they stay buttons): those naming nothing but
    their kind (yes, no, pass, roll...); Fatal Frame's secret passage (its house may lie face
    down) and a ghost in another seat's room (a board draws only the viewer's own path)."""
    if set(struct) <= {"kind"}:
        return True
    if game == "fatal-frame" and struct["kind"] == "passage":
        return True
    return (game == "fatal-frame" and struct["kind"] == "target_ghost"
            and struct["where"] >= 9 and (struct["where"] - 9) // 4 != seat)


@pytest.mark.parametrize(("game", "players", "seeds"), [
    ("divinare", 2, 2), ("divinare", 4, 1), ("shadow-hunters", 5, 2), ("shadow-hunters", 8, 1),
    ("fatal-frame", 3, 1), ("fatal-frame", 4, 1)])
def test_every_legal_action_of_sampled_states_has_a_board_element(game, players, seeds):
    checked = 0
    for seed in range(seeds):
        state, rng = load(game, players, seed), random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 3 == 0:  # every third state: the test stays quick, the phases all come
                for seat in state.pending_players():
                    picks = picks_of(game, state, seat)
                    for action in state.legal_actions(seat):
                        struct = pick_struct(state.action_to_struct(seat, action))
                        if off_board(game, seat, struct):
                            continue
                        checked += 1
                        assert any(matches(p, struct) for p in picks), (
                            f"{game} seed {seed} step {step}: nothing on seat {seat}'s board "
                            f"stands for {struct}")
            seat = state.pending_players()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            step += 1
    assert checked > 40


def test_a_pick_matches_on_every_pair_compared_as_text():
    struct = {"kind": "move", "suit": "red", "space": 4}
    assert pick_pairs("kind=move&space=4") == {"kind": "move", "space": "4"}
    assert matches("kind=move&suit=red&space=4", struct)
    assert matches("space=4", struct)
    assert not matches("space=5", struct)
    assert not matches("seat=4", struct), "a pair the struct lacks never matches"
    assert not matches("", struct), "an empty pick stands for nothing"
    assert pick_struct({"kind": "play", "key": "divinare.action.play", "suit": "red"}) == {
        "kind": "play", "suit": "red"}


def _divinare_at_play(players=3, seed=4):
    """A Divinare game played on at random until a seat must play a card."""
    state, rng = load("divinare", players, seed), random.Random(seed)
    while state.view(None)["phase"] != "play":
        seat = state.pending_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    return state


def test_divinare_offers_the_token_move_with_each_play_and_it_is_the_real_next_decision():
    state = _divinare_at_play()
    seat = state.pending_players()[0]
    for action in state.legal_actions(seat):
        assert move_follows_play(state, seat, action)
        offered = follow_ups(state, seat, action, "en")
        after = state.clone()
        after.apply_action(action, seat)
        assert [f["action"] for f in offered] == after.legal_actions(seat)
        assert all(f["action"] >= MOVE_BASE for f in offered)
        assert [f["struct"] for f in offered] == [
            pick_struct(after.action_to_struct(seat, a)) for a in after.legal_actions(seat)]
        assert all(f["label"] for f in offered)
    assert state.pending_players() == [seat], "computing the follow-up left the game alone"


def test_follow_ups_are_opt_in_per_game_and_per_action():
    state = _divinare_at_play()
    seat = state.pending_players()[0]
    play = state.legal_actions(seat)[0]
    state.apply_action(play, seat)
    move = state.legal_actions(seat)[0]
    assert follow_ups(state, seat, move, "en") == [], "a move is followed by another seat"
    assert get("divinare").follow_up == "candlelit.games.divinare.turns:move_follows_play"
    assert not move_follows_play(state, seat, move), "only a play opts in"
    for game, players in (("shadow-hunters", 5), ("fatal-frame", 3)):
        assert get(game).follow_up is None
        other = load(game, players, 1)
        acting = other.pending_players()[0]
        assert all(follow_ups(other, acting, a, "en") == []
                   for a in other.legal_actions(acting))


def test_passing_asks_for_several_cards_and_hand_cards_name_the_pass():
    state = load("divinare", 3, 2)
    assert state.view(None)["phase"] == "pass"
    seat = state.pending_players()[0]
    board = board_html("divinare", state.view(seat), "en", NAMES[:3], seat)
    assert f'data-pick-several="{state.view(seat)["to_choose"]}"' in board
    picks = picks_of("divinare", state, seat)
    for action in state.legal_actions(seat):
        struct = pick_struct(state.action_to_struct(seat, action))
        assert struct["kind"] == "pass"
        assert f"kind=pass&suit={struct['suit']}" in picks


def test_controls_carry_their_struct_and_the_divinare_play_its_moves(tmp_path):
    from candlelit.server.render import env

    state = _divinare_at_play()
    seat = state.pending_players()[0]
    controls = [{"action": a, "kind": "play", "suit": None, "label": "x",
                 "struct": pick_struct(state.action_to_struct(seat, a)),
                 "then": follow_ups(state, seat, a, "en")} for a in state.legal_actions(seat)]
    out = env.get_template("actions.html").render(
        controls=controls, t=lambda k, **a: k, seat=seat, view={}, table_id="x",
        finished=False, closed="", waiting=[], bot_playing=False, reason="")
    structs = [json.loads(html.unescape(s)) for s in re.findall(r"data-struct='([^']*)'", out)]
    assert structs == [c["struct"] for c in controls]
    thens = [json.loads(html.unescape(s)) for s in re.findall(r"data-then='([^']*)'", out)]
    assert [[f["action"] for f in t] for t in thens] == [
        [f["action"] for f in c["then"]] for c in controls]


def test_each_seats_last_move_is_marked_on_the_divinare_board():
    state = _divinare_at_play()
    rng = random.Random(1)
    for _ in range(7):
        seat = state.pending_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    view = state.view(0)
    moved = last_by_seat(view["log"], "divinare.moved")
    assert moved, "some seat has moved"
    board = board_html("divinare", view, "en", NAMES[:3], 0)
    marked = re.findall(r'class="token seat-(\d)[^"]*last-action"', board)
    assert sorted(int(s) for s in marked) == sorted(moved)


def test_the_log_is_grouped_by_round_with_a_heading_per_round():
    state, rng = load("divinare", 3, 5), random.Random(5)
    while state.view(None)["round"] < 3:
        seat = state.pending_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    log = state.view(0)["log"]
    rounds = line_rounds(log)
    assert rounds[0] == 1 and rounds[-1] == 3
    assert rounds == sorted(rounds), "rounds only go forward"
    for start in range(len(log) + 1):  # a window of the log knows the rounds as the whole does
        assert line_rounds(log, start) == rounds[start:]
    out = log_html("divinare", log, "en", NAMES[:3])
    assert re.findall(r'data-round="(\d+)"', out)[-1] == "3"
    assert "Round 3</li>" in out
    zh = log_html("divinare", log, "zh-TW", NAMES[:3])
    assert "第 3 輪</li>" in zh
    assert grouped(["a", "b", "c"], [None, 1, 1]) == [(None, ["a"]), (1, ["b", "c"])]


@pytest.mark.parametrize(("game", "players", "keys"), [
    ("shadow-hunters", 4, ("shadow_hunters.log.move", "shadow_hunters.log.fly",
                           "shadow_hunters.log.stay")),
    ("fatal-frame", 3, ("fatal_frame.moved",))])
def test_the_token_a_seats_last_move_put_on_the_map_is_marked(game, players, keys):
    state, rng = load(game, players, 3), random.Random(3)
    for _ in range(60):
        seat = state.pending_players()[0]
        state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    view = state.view(0)
    moved = last_by_seat(view["log"], *keys)
    board = board_html(game, view, "en", NAMES[:players], 0)
    marked = [int(s) for s in re.findall(r'class="chip seat-(\d)[^"]*last-action"', board)]
    assert marked, "some seat's last move is on the map"
    assert all(seat in moved for seat in marked)
    assert len(marked) == len(set(marked)), "one mark per seat at most"
