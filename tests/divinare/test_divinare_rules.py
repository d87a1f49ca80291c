"""Divinare: one scenario per rule of the seed text."""

from __future__ import annotations

import pytest

import candlelit
from candlelit.engine.errors import DataError, IllegalAction, OptionError
from candlelit.games.divinare.boards import builtin_layout, read_layout_file
from candlelit.games.divinare.rules import DivinareState
from candlelit.games.divinare.scoring import score_board, score_space, token_points
from candlelit.games.divinare.state import (
    CENTRE,
    CENTRE_ACTION,
    DISCARD,
    DISCARD_BASE,
    MOVE,
    MOVE_BASE,
    OVER,
    PASS,
    PASS_BASE,
    PLAY,
)


def new(players=4, seed=0, **options) -> DivinareState:
    state = candlelit.load("divinare", players, seed, options)
    assert isinstance(state, DivinareState)
    return state


def finish_commits(state: DivinareState) -> None:
    """Every pending seat passes/discards its lowest suit until the step resolves."""
    while state.phase in (PASS, DISCARD):
        p = state.pending_players()[0]
        state.apply_action(state.legal_actions(p)[0], p)


# -- components and set-up ---------------------------------------------------------------
@pytest.mark.parametrize(("players", "each"), [(4, 6), (3, 8), (2, 12)])
def test_deal_24_of_36_cards_evenly_and_set_12_aside(players, each):
    state = new(players, seed=3)
    held = [sum(h) + sum(c) for h, c in zip(state.hands, state.held, strict=True)]
    assert held == [each] * players
    for seed in range(50):
        s = new(players, seed)
        per_suit = [sum(h[i] + c[i] for h, c in zip(s.hands, s.held, strict=True))
                    for i in range(4)]
        assert all(per_suit[i] <= (6, 8, 10, 12)[i] for i in range(4))
        assert sum(per_suit) == 24


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rounds_equal_players_and_first_player_rotates_clockwise(players):
    state = new(players, seed=1)
    firsts = []
    while not state.is_terminal():
        if state.round == len(firsts):
            firsts.append(state.first)
        p = state.current_player()
        state.apply_action(state.legal_actions(p)[0], p)
    assert firsts == list(range(players))
    assert state.round == players


def test_every_token_starts_each_round_in_the_centre():
    state = new(4, seed=2)
    assert all(t == [CENTRE] * 4 for t in state.tokens)


# -- the turn: play a card, then the token must move ----------------------------------------
def start_play(players=4, seed=0) -> DivinareState:
    state = new(players, seed)
    finish_commits(state)
    assert state.phase == PLAY
    return state


def test_play_a_card_then_move_that_suits_token_out_of_the_centre_to_a_numbered_space():
    state = start_play()
    seat = state.turn
    suit = state.legal_actions(seat)[0]
    state.apply_action(suit, seat)
    assert state.phase == MOVE and state.played[suit] == 1
    moves = state.legal_actions(seat)
    assert CENTRE_ACTION not in moves, "a token in the centre must go to a numbered space"
    assert moves == [MOVE_BASE + v for v in builtin_layout().boards[suit].spaces]
    with pytest.raises(IllegalAction, match="centre"):
        state.apply_action(CENTRE_ACTION, seat)
    state.apply_action(moves[0], seat)
    assert state.tokens[seat][suit] == moves[0] - MOVE_BASE
    assert state.turn == (seat + 1) % 4 and state.phase == PLAY


def test_a_token_on_a_numbered_space_must_move_and_may_return_to_the_centre():
    state = start_play()
    seat = state.turn
    state.hands[seat] = [2, 0, 0, 0]
    state.tokens[seat][0] = 3
    state.occupied[0] |= 1 << 3
    state.apply_action(0, seat)
    moves = state.legal_actions(seat)
    assert MOVE_BASE + 3 not in moves, "staying put is not a move"
    assert moves[-1] == CENTRE_ACTION
    with pytest.raises(IllegalAction, match="must move"):
        state.apply_action(MOVE_BASE + 3, seat)
    state.apply_action(CENTRE_ACTION, seat)
    assert state.tokens[seat][0] == CENTRE and not state.occupied[0] >> 3 & 1


def test_numbered_spaces_hold_one_token_the_centre_any_number():
    state = start_play()
    seat = state.turn
    rival = (seat + 1) % 4
    suit = state.legal_actions(seat)[0]
    state.tokens[rival][suit] = 5
    state.occupied[suit] |= 1 << 5
    state.apply_action(suit, seat)
    assert MOVE_BASE + 5 not in state.legal_actions(seat)
    with pytest.raises(IllegalAction, match="taken"):
        state.apply_action(MOVE_BASE + 5, seat)


def test_playing_a_card_you_do_not_hold_or_out_of_turn_is_refused():
    state = start_play()
    seat = state.turn
    missing = [s for s in range(4) if not state.hands[seat][s]]
    if missing:
        with pytest.raises(IllegalAction, match="no"):
            state.apply_action(missing[0], seat)
    with pytest.raises(IllegalAction, match=f"seat {(seat + 1) % 4 + 1} has nothing to decide"):
        state.apply_action(state.legal_actions(seat)[0], (seat + 1) % 4)


# -- the action card: passes --------------------------------------------------------------
def test_four_players_pass_3_at_six_cards_2_at_four_and_1_at_two():
    state = new(4, seed=9)
    seen = []
    while not state.is_terminal() and state.round == 0:
        if state.phase == PASS and (not seen or seen[-1][0] != sum(state.hands[0])
                                    + sum(state.held[0])):
            seen.append((sum(state.hands[0]) + sum(state.held[0]), state.to_commit[0]))
        p = state.current_player()
        state.apply_action(state.legal_actions(p)[0], p)
    assert seen == [(6, 3), (4, 2), (2, 1)]


def test_passes_are_simultaneous_hidden_and_go_to_the_right():
    state = new(4, seed=4)
    assert state.phase == PASS and state.pending_players() == [0, 1, 2, 3]
    hands = [h[:] for h in state.hands]
    # seat 2 commits first: any pending seat may act in any order
    chosen = {}
    for seat in (2, 0, 3, 1):
        chosen[seat] = [0, 0, 0, 0]
        for _ in range(3):
            a = state.legal_actions(seat)[-1]
            state.apply_action(a, seat)
            chosen[seat][a - PASS_BASE] += 1
        if seat != 1:
            # nobody receives anything before every seat has chosen
            assert [sum(h) for h in state.hands] == [
                6 - (3 if s in chosen else 0) for s in range(4)]
            assert state.view(0)["seats"][seat]["cards"] == 6
    for seat in range(4):
        giver = (seat + 1) % 4  # the seat to my left passes to me, its right
        expect = [hands[seat][i] - chosen[seat][i] + chosen[giver][i] for i in range(4)]
        assert state.hands[seat] == expect
    assert state.phase == PLAY


def test_a_seat_that_has_chosen_cannot_choose_again():
    state = new(4, seed=4)
    for _ in range(3):
        state.apply_action(state.legal_actions(1)[0], 1)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="seat 2 has nothing to decide"):
        state.apply_action(PASS_BASE, 1)


def test_pass_direction_left_option():
    state = new(4, seed=4, pass_direction="left")
    hands = [h[:] for h in state.hands]
    chosen = [[0] * 4 for _ in range(4)]
    while state.phase == PASS:
        p = state.pending_players()[0]
        a = state.legal_actions(p)[0]
        chosen[p][a - PASS_BASE] += 1
        state.apply_action(a, p)
    for seat in range(4):
        giver = (seat - 1) % 4
        assert state.hands[seat] == [hands[seat][i] - chosen[seat][i] + chosen[giver][i]
                                     for i in range(4)]


def test_the_player_sees_what_it_passed_and_received_and_nothing_else():
    state = new(4, seed=6)
    finish_commits(state)
    passes = state.view(0)["passes"]
    assert len(passes) == 1 and sum(passes[0]["given"].values()) == 3
    assert sum(passes[0]["received"].values()) == 3
    spectator = str(state.view(None))
    assert "divinare.passed" not in spectator and "divinare.dealt" not in spectator


# -- two players ----------------------------------------------------------------------------
def test_two_players_discard_two_face_down_without_moving_tokens_then_reveal_before_scoring():
    state = new(2, seed=5)
    assert state.phase == DISCARD and state.to_commit == [2, 2]
    discarded = [[0] * 4, [0] * 4]
    for seat in (1, 0):
        for _ in range(2):
            a = state.legal_actions(seat)[0]
            assert a >= DISCARD_BASE
            state.apply_action(a, seat)
            discarded[seat][a - DISCARD_BASE] += 1
    assert state.discards == discarded
    assert all(t == [CENTRE] * 4 for t in state.tokens)
    assert state.phase == PASS and state.to_commit == [5, 5], "then pass 5 of the 10 left"
    assert state.view(0)["discards"] == dict(zip(("red", "blue", "green", "yellow"),
                                                 discarded[0], strict=True))
    public = state.view(None)
    assert "discards" not in public and public["seats"][1]["face_down_discards"] == 2
    # play the round out; the reveal adds the 4 cards to their boards before scoring
    while state.round == 0:
        p = state.current_player()
        state.apply_action(state.legal_actions(p)[0], p)
    counts = [e for e in state.events() if e.key in ("divinare.count", "divinare.no_space")][:4]
    assert sum(e.args["count"] for e in counts) == 24
    reveal = next(e for e in state.events() if e.key == "divinare.revealed")
    assert reveal.visible_to is None
    assert reveal.args["cards"] == [discarded[0][i] + discarded[1][i] for i in range(4)]


# -- scoring --------------------------------------------------------------------------------
def test_exact_prediction_scores_a_blue_token_worth_3():
    assert score_space(5, 5, 0) == (1, 0, 0)


def test_either_neighbour_of_the_exact_space_scores_a_yellow_token():
    assert score_space(4, 5, 0) == (0, 1, 0) == score_space(6, 5, 0)


def test_any_other_numbered_space_scores_a_red_penalty():
    assert score_space(8, 5, 0) == (0, 0, 1) == score_space(3, 5, 0)


@pytest.mark.parametrize(("at", "count", "bonus", "won", "points"), [
    (1, 1, 2, (1, 2, 0), 5),   # exact on a double bonus space = 5 points (seed)
    (2, 2, 1, (1, 1, 0), 4),   # exact on a single bonus space
    (2, 1, 1, (0, 2, 0), 2),   # adjacent on a single bonus: yellow + extra yellow
    (1, 4, 2, (0, 0, 3), -3),  # wrong on a double bonus: red + 2 extra red
])
def test_bonus_spaces_add_tokens_of_the_result_colour(at, count, bonus, won, points):
    assert score_space(at, count, bonus) == won
    assert token_points(won) == points


def scored_round(state: DivinareState, played: list[int], tokens: list[list[int]]):
    state.played = played
    state.tokens = tokens
    before = [b[:] for b in state.tokens_won]
    for suit in range(4):
        score_board(state, suit)
    return [[a - b for a, b in zip(after, prev, strict=True)]
            for after, prev in zip(state.tokens_won, before, strict=True)]


def test_board_scoring_with_the_centre_never_scoring():
    state = new(4)
    # red board spaces 1-6 (double bonus on 1, single on 2 and 6); 4 red cards played
    won = scored_round(state, [4, 0, 0, 0], [[4, CENTRE, CENTRE, CENTRE],
                                            [5, CENTRE, CENTRE, CENTRE],
                                            [1, CENTRE, CENTRE, CENTRE],
                                            [CENTRE] * 4])
    assert won[0] == [1, 0, 0]     # exact
    assert won[1] == [0, 1, 0]     # adjacent
    assert won[2] == [0, 0, 3]     # wrong on the double bonus
    assert won[3] == [0, 0, 0]     # centre


def test_a_count_with_no_matching_space_scores_nobody_on_that_board():
    state = new(4)
    # 0 red cards: the red board has no space 0, so even the token on 1 scores nothing
    won = scored_round(state, [0, 5, 0, 0], [[1, 5, CENTRE, CENTRE],
                                            [6, 4, CENTRE, CENTRE],
                                            [CENTRE] * 4, [CENTRE] * 4])
    assert won[0] == [1, 0, 0] and won[1] == [0, 1, 0]
    assert any(e.key == "divinare.no_space" and e.args["suit"] == "red" for e in state.events())


# -- end of game ----------------------------------------------------------------------------
def play_out(state: DivinareState) -> DivinareState:
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(state.legal_actions(p)[-1], p)
    return state


def test_most_points_wins_and_ties_share_the_win():
    state = play_out(new(3, seed=12))
    state.tokens_won = [[2, 1, 0], [1, 4, 0], [0, 3, 1]]
    assert state.scores() == [7, 7, 2]
    assert state.winners() == [0, 1] and state.returns() == [1.0, 1.0, 0.0]


def test_invented_tie_break_option_fewest_red_then_most_blue():
    state = play_out(new(3, seed=12, tie_break="fewest-red-then-most-blue"))
    state.tokens_won = [[2, 2, 1], [1, 4, 0], [1, 4, 0]]
    assert state.scores() == [7, 7, 7]
    assert state.winners() == [1, 2]
    state.tokens_won = [[2, 1, 0], [1, 4, 0], [0, 0, 0]]
    assert state.winners() == [0]


def test_game_over_refuses_further_actions():
    state = play_out(new(2, seed=3))
    assert state.phase == OVER and state.current_player() == candlelit.TERMINAL
    with pytest.raises(IllegalAction, match="over"):
        state.apply_action(0)


# -- score tokens kept face down ------------------------------------------------------------
def after_first_scoring(**options) -> DivinareState:
    """A 3-player game just after round 1 was scored, every seat's total different."""
    state = new(3, seed=12, **options)
    while state.round == 0:
        p = state.current_player()
        state.apply_action(state.legal_actions(p)[-1], p)
    assert len(set(state.scores())) == 3 and state.phase != OVER
    return state


def test_each_seat_sees_only_its_own_score_tokens_until_the_final_count():
    state = after_first_scoring()
    for seat in range(3):
        view = state.view(seat)
        assert view["scores_face_down"] is True
        for row in view["seats"]:
            if row["seat"] == seat:
                bag = state.tokens_won[seat]
                assert row["tokens"] == {"blue": bag[0], "yellow": bag[1], "red": bag[2]}
                assert row["score"] == state.scores()[seat]
            else:
                assert row["tokens"] is None and row["score"] is None
        assert "result" not in view
    spectator = state.view(None)
    assert all(row["tokens"] is None and row["score"] is None for row in spectator["seats"])


def test_each_boards_scoring_is_announced_to_everyone():
    state = after_first_scoring()
    log = state.view(None)["log"]
    announced = [0, 0, 0]
    for event in log:
        if event["key"] == "divinare.scored":
            announced[event["args"]["seat"]] += event["args"]["points"]
    assert announced == state.scores()
    assert sum(e["key"] in ("divinare.count", "divinare.no_space") for e in log) == 4


def test_the_final_count_shows_every_seats_score_tokens():
    state = play_out(new(3, seed=12))
    for viewer in (0, 1, 2, None):
        view = state.view(viewer)
        assert view["scores_face_down"] is False
        assert [row["score"] for row in view["seats"]] == state.scores()
        assert view["result"]["scores"] == state.scores()


def test_public_scores_option_shows_every_total_all_along():
    for state in (after_first_scoring(public_scores=True),
                  candlelit.load("divinare", 3, 12, variant="public-scores")):
        for viewer in (0, 1, 2, None):
            view = state.view(viewer)
            assert view["scores_face_down"] is False
            assert [row["score"] for row in view["seats"]] == state.scores()
            assert all(row["tokens"] is not None for row in view["seats"])


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_public_scores_must_be_true_or_false(value):
    with pytest.raises(OptionError, match=r"option 'public_scores': true or false"):
        candlelit.load("divinare", 3, 0, {"public_scores": value})


# -- options and data ----------------------------------------------------------------------
def test_unknown_options_variants_and_player_counts_are_refused_clearly():
    with pytest.raises(OptionError, match="unknown option 'speed'"):
        candlelit.load("divinare", 4, 0, {"speed": 2})
    with pytest.raises(OptionError, match="pass_direction"):
        candlelit.load("divinare", 4, 0, {"pass_direction": "up"})
    with pytest.raises(OptionError, match="unknown variant"):
        candlelit.load("divinare", 4, 0, variant="fast")
    with pytest.raises(OptionError, match="2 to 4 players"):
        candlelit.load("divinare", 5, 0)
    with pytest.raises(candlelit.UnknownGame, match=r"known games: .*divinare"):
        candlelit.load("chess", 2, 0)


def test_every_even_variant_passes_half_the_hand_at_every_even_size():
    state = candlelit.load("divinare", 3, 0, variant="every-even")
    assert isinstance(state, DivinareState)
    assert state.schedule == ((8, 4), (6, 3), (4, 2), (2, 1))


BOARD_FILE = """
boards:
  - {suit: chiromancy, numbered_spaces: [0, 1, 2, 3, 4, 5, 6], bonus: {single: [0], double: []}}
  - {suit: crystallomancy, numbered_spaces: [3, 4, 5, 6, 7]}
  - {suit: tasseomancy, numbered_spaces: [4, 5, 6, 7, 8, 9]}
  - {suit: astromancy, numbered_spaces: [5, 6, 7, 8, 9, 10, 11]}
"""


def test_a_users_board_file_replaces_the_reconstructed_boards(tmp_path):
    path = tmp_path / "boards.yaml"
    path.write_text(BOARD_FILE)
    data = read_layout_file(path)
    state = new(4, seed=1, boards=data)
    assert state.layout.boards[0].spaces == (0, 1, 2, 3, 4, 5, 6)
    assert state.layout.boards[0].bonus == {0: 1}
    assert state.schedule == builtin_layout().schedules[4]
    assert candlelit.deserialize(state.serialize()) == state


@pytest.mark.parametrize(("bad", "reason"), [
    ("boards: []", "exactly the four boards"),
    (BOARD_FILE.replace("[3, 4, 5, 6, 7]", "[3, 4]"), "at least 4"),
    (BOARD_FILE.replace("single: [0]", "single: [9]"), "not a numbered space"),
    (BOARD_FILE.replace("chiromancy", "cartomancy"), "unknown suit"),
])
def test_a_bad_board_file_is_refused_with_the_reason(tmp_path, bad, reason):
    path = tmp_path / "boards.yaml"
    path.write_text(bad)
    with pytest.raises(DataError, match=reason):
        read_layout_file(path)


def test_builtin_boards_keep_their_provenance():
    layout = builtin_layout()
    assert [b.spaces_confidence for b in layout.boards] == ["invented"] * 4
    assert layout.schedule_confidence == {2: "low", 3: "low", 4: "high"}
    assert all(b["reconstructed"] for b in new(4).view(0)["boards"])


def test_max_game_length_is_exact():
    for players, length in ((2, 120), (3, 207), (4, 288)):
        state = play_out(new(players, seed=1))
        assert len(state.history) == length == state.max_game_length()
