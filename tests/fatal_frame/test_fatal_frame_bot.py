"""The heuristic bot: it beats random bots, reaches the boss, and never reads hidden cards."""

from __future__ import annotations

import random

import pytest

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.state import TERMINAL
from candlelit.games.fatal_frame.bot import HeuristicBot
from candlelit.sim.runner import SimulationSpec, play_one
from candlelit.sim.stats import wilson

GAME = "fatal-frame"


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_bot_beats_random_bots_and_ends_games_by_defeating_the_boss(players):
    games = 16
    spec = SimulationSpec(GAME, players, ("heuristic",) + ("random",) * (players - 1), games,
                          seed=7)
    results = [play_one(spec, i) for i in range(games)]
    wins = sum(1 for r in results if r.winners == (0,))
    boss_ends = sum(1 for r in results if r.rounds is not None and r.rounds <= 60)
    low, _high = wilson(wins, games)
    assert low > 1 / players, f"{wins}/{games} wins is not clearly above 1/{players}"
    assert boss_ends >= games * 3 // 4


def test_heuristic_bot_is_registered_under_its_name_for_these_tests():
    bot = make_bot("heuristic", GAME, 1, 0)
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bot_decides_the_same_in_every_world_its_seat_cannot_tell_apart(players):
    from candlelit import load

    rng = random.Random(players)
    state = load(GAME, players, seed=5)
    bots = [HeuristicBot(GAME, q, 0) for q in range(players)]
    checked = step = 0
    phases = set()
    while state.current_player() != TERMINAL and step < 20_000:
        seat = state.current_player()
        legal = state.legal_actions(seat)
        real = bots[seat].act(SeatObservation(state, seat), legal)
        assert real in legal
        if step % 5 == 0 and len(legal) > 1:
            for _ in range(2):
                world = state.resample(seat, random.Random(rng.getrandbits(32)))
                again = HeuristicBot(GAME, seat, 0).act(SeatObservation(world, seat), legal)
                assert again == real, f"seat {seat} reads hidden information"
            checked += 1
            phases.add(state.view(seat)["phase"])
        state.apply_action(real, seat)
        step += 1
    assert state.is_terminal()
    assert checked > 20 and {"play", "move", "fight_rolled"} <= phases
