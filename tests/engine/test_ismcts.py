"""ISMCTS and the levels: legal, deterministic, blind to the real state, stronger than chance."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any, cast

import pytest

from candlelit.bots.base import SeatObservation
from candlelit.bots.ismcts import ISMCTSBot, Settings, parse_budget
from candlelit.bots.noisy import NoisyBot
from candlelit.bots.random_bot import RandomBot
from candlelit.bots.registry import LEVELS, bot_names, make_bot
from candlelit.engine import conformance as c
from candlelit.engine.errors import OptionError
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import games, get
from candlelit.engine.state import TERMINAL, State
from candlelit.games.divinare.rollout import final_counts, rollout_action
from candlelit.games.divinare.scoring import evaluate, score_space, token_points
from candlelit.games.divinare.state import CENTRE_ACTION, MOVE, MOVE_BASE
from candlelit.games.shadow_hunters.balance import seat_bots

TINY = "ismcts:2:epsilon=1"
"""A budget small enough to search at every player count of every game in a test."""


class RecordingSeat:
    """A seat's window offering only what ISMCTS may use, noting every call."""

    def __init__(self, state: State, seat: int) -> None:
        self._window = SeatObservation(state, seat)
        self.seat = seat
        self.calls: list[str] = []

    def resample(self, rng: random.Random) -> State:
        self.calls.append("resample")
        return self._window.resample(rng)

    def information_state_key(self) -> Hashable:
        self.calls.append("information_state_key")
        return self._window.information_state_key()

    def legal_actions(self) -> list[int]:
        self.calls.append("legal_actions")
        return self._window.legal_actions()


def _decisions(game: str, players: int, seed: int, count: int) -> list[tuple[State, int]]:
    """The first `count` positions of a random game where the seat to act has a choice."""
    state = c.load(game, players, seed)
    chooser = random.Random(seed)
    found: list[tuple[State, int]] = []
    while len(found) < count and state.current_player() != TERMINAL:
        seat = state.current_player()
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            found.append((state.clone(), seat))
        state.apply_action(chooser.choice(legal), seat)
    return found


def test_same_seed_and_iteration_budget_give_the_same_choices():
    for state, seat in _decisions("divinare", 3, 5, 4):
        legal = state.legal_actions(seat)
        first = make_bot("ismcts:12:epsilon=1", "divinare", seat, 9)
        second = make_bot("ismcts:12:epsilon=1", "divinare", seat, 9)
        assert first.act(SeatObservation(state, seat), legal) \
            == second.act(SeatObservation(state.clone(), seat), legal)


def test_it_uses_nothing_but_resampled_worlds_of_its_seat():
    for game in ("divinare", "nevermore"):
        for state, seat in _decisions(game, 4, 2, 2):
            before = state.serialize()
            window = RecordingSeat(state, seat)
            legal = state.legal_actions(seat)
            bot = make_bot("ismcts:3:epsilon=1", game, seat, 1)
            assert bot.act(cast(SeatObservation, window), legal) in legal
            assert window.calls == ["resample"] * 3
            assert state.serialize() == before, "searching changed the real game"


def test_a_single_legal_action_is_played_without_search():
    state = c.load("divinare", 4, 1)
    seat = state.current_player()
    window = RecordingSeat(state, seat)
    bot = make_bot("ismcts:50", "divinare", seat, 0)
    assert bot.act(cast(SeatObservation, window), [7]) == 7
    assert window.calls == []


CASES = [pytest.param(spec.name, n, id=f"{spec.name}-{n}p")
         for spec in games() for n in spec.player_counts]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_it_answers_a_legal_action_at_every_player_count(game, players):
    for state, seat in _decisions(game, players, 4, 2):
        legal = state.legal_actions(seat)
        bot = make_bot(TINY, game, seat, 3)
        assert bot.act(SeatObservation(state, seat), legal) in legal


def test_a_depth_cut_off_asks_the_games_evaluation():
    for state, seat in _decisions("divinare", 4, 6, 2):
        legal = state.legal_actions(seat)
        bot = make_bot("ismcts:4:depth=3", "divinare", seat, 3)
        assert bot.act(SeatObservation(state, seat), legal) in legal


def test_divinare_evaluation_rewards_the_score_lead():
    state = c.load("divinare", 3, 0)
    state.tokens_won = [[2, 0, 0], [0, 1, 0], [0, 1, 0]]
    values = evaluate(state)
    assert all(0.0 < v < 1.0 for v in values)
    assert values[0] > 0.5 > values[1] and values[1] == values[2]
    state.tokens_won = [[0, 0, 0]] * 3
    assert evaluate(state) == [0.5, 0.5, 0.5]


def test_budget_names_are_read_or_refused_with_the_grammar():
    assert parse_budget("40") == Settings(iterations=40)
    assert parse_budget("0.5s") == Settings(iterations=None, seconds=0.5)
    assert parse_budget("40:epsilon=0.25:depth=9") == Settings(iterations=40, epsilon=0.25,
                                                               depth=9)
    assert parse_budget("40:depth=0:reuse=4:prior=8") == Settings(iterations=40, depth=0,
                                                                  reuse=4, prior=8)
    for bad in ("ismcts:0", "ismcts:-1s", "ismcts:x", "ismcts:5:epsilon=2", "ismcts:5:c=1",
                "ismcts:5:reuse=0", "ismcts:5:prior=-1"):
        with pytest.raises(OptionError, match="ismcts:<iterations>"):
            make_bot(bad, "divinare", 0, 0)


def test_a_time_budget_stops_the_search():
    state, seat = _decisions("divinare", 4, 3, 1)[0]
    bot = make_bot("ismcts:0.05s:epsilon=1", "divinare", seat, 0)
    assert isinstance(bot, ISMCTSBot) and bot.settings.iterations is None
    assert bot.act(SeatObservation(state, seat), state.legal_actions(seat)) \
        in state.legal_actions(seat)


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_every_game_offers_the_three_levels(game):
    spec = get(game)
    names = bot_names(game)
    assert set(LEVELS) <= set(names) and "ismcts" in names
    heuristic: Any = (resolve(spec.bots[spec.default_bot]) if spec.default_bot in spec.bots
                      else RandomBot)
    easy = make_bot("easy", game, 0, 1)
    assert isinstance(easy, NoisyBot) and easy.noise == 0.3
    assert isinstance(easy.inner, heuristic)
    assert type(make_bot("normal", game, 0, 1)) is heuristic
    hard = make_bot("hard", game, 0, 1)
    assert isinstance(hard, ISMCTSBot) and hard.name == "hard"
    budget = spec.hard_bot.partition(":")[2]
    assert hard.settings == (parse_budget(budget) if budget else Settings())


def test_the_balance_lab_takes_levels_and_refuses_unknown_bots():
    assert seat_bots(["hard", "easy", "normal", "heuristic"], 4) \
        == ("hard", "easy", "normal", "heuristic")
    with pytest.raises(OptionError, match="unknown bot"):
        seat_bots(["nobody"], 4)


def _duel(seed: int) -> bool:
    """Whether ISMCTS (seat seed % 2) wins a 2-player Divinare game against random."""
    state = c.load("divinare", 2, seed)
    hero = seed % 2
    bots = [make_bot("ismcts:12:epsilon=1" if s == hero else "random", "divinare", s, seed)
            for s in range(2)]
    while not state.is_terminal():
        seat = state.current_player()
        state.apply_action(bots[seat].act(SeatObservation(state, seat),
                                          state.legal_actions(seat)), seat)
    return hero in state.winners()


@pytest.mark.slow
def test_a_small_search_beats_random_play_in_two_player_divinare():
    wins = sum(_duel(seed) for seed in range(20))
    assert wins >= 16, f"ISMCTS won {wins} of 20 against random"


SHIPPED = [spec.name for spec in games() if spec.home.startswith("candlelit.games.")]
"""The games this package ships (a plug-in game may have no evaluation)."""


@pytest.mark.parametrize("game", SHIPPED)
def test_every_shipped_games_evaluation_gives_each_seat_a_value_in_0_1(game):
    spec = get(game)
    assert spec.evaluate is not None, "every shipped game cuts rollouts off with an evaluation"
    judge = resolve(spec.evaluate)
    players = spec.usual_players
    answered = 0

    def visit(state, step):
        nonlocal answered
        values = judge(state)
        if values is None:
            return
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)
        answered += 1

    final = c.playout(game, players, 3, chooser=1, visit=visit)
    assert answered > 0
    values = judge(final)
    if final.is_terminal() and values is not None:  # the winners are valued highest
        assert {s for s, v in enumerate(values) if v == max(values)} == set(final.winners())


def test_a_search_with_the_fast_rollout_policy_is_deterministic_and_legal():
    assert get("divinare").rollout is not None
    for state, seat in _decisions("divinare", 4, 8, 3):
        legal = state.legal_actions(seat)
        picks = {make_bot("ismcts:20:depth=0:reuse=3:prior=4", "divinare", seat, 2)
                 .act(SeatObservation(state.clone(), seat), legal) for _ in range(2)}
        assert len(picks) == 1 and picks <= set(legal)


def test_divinare_rollout_moves_a_token_to_the_worlds_exact_count():
    state = c.load("divinare", 4, 5)
    while state.phase != MOVE:
        seat = state.current_player()
        state.apply_action(state.legal_actions(seat)[0], seat)
    seat = state.current_player()
    suit = state.move_suit
    count = final_counts(state)[suit]
    legal = state.legal_actions(seat)
    choice = rollout_action(state, seat, legal, random.Random(0))
    assert choice in legal
    if MOVE_BASE + count in legal:
        board = state.layout.boards[suit]
        best = max(token_points(score_space(a - MOVE_BASE, count, board.bonus.get(
            a - MOVE_BASE, 0))) for a in legal if a != CENTRE_ACTION)
        assert token_points(score_space(choice - MOVE_BASE, count, board.bonus.get(
            choice - MOVE_BASE, 0))) == best
