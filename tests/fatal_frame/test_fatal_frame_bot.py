"""The heuristic bot: it beats random bots, reaches the boss, and never reads hidden cards."""

from __future__ import annotations

import random

import pytest
from ffkit import equip, give, haunt, place_inside, start_fight, table

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.state import TERMINAL
from candlelit.games.fatal_frame.bot import HeuristicBot
from candlelit.games.fatal_frame.constants import A_FUNC, A_ROLL
from candlelit.sim.runner import SimulationSpec, play_one
from candlelit.sim.stats import wilson

GAME = "fatal-frame"


@pytest.mark.parametrize("players", [2, pytest.param(4, marks=pytest.mark.slow)])
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


@pytest.mark.parametrize(("function", "ghost", "expected"), [
    ("function_save", "woman_in_box", "func"),  # it would take an upgrade on an even roll
    ("function_save", "twins_doll", "roll"),
    ("function_track", "twins_doll", "func"),  # Bound, power 4: one die wins 1 in 3
    ("function_track", "corridor_stalker_placeholder", "roll"),  # a Chase ghost follows
    ("function_track", "woman_in_box", "roll"),  # power 3: an even chance
])
def test_heuristic_bot_uses_its_function_before_a_fight_when_it_helps(function, ghost,
                                                                      expected):
    s = table()
    place_inside(s, 0, 0, s.interior_deck[-2:])
    haunt(s, 0, ghost)
    equip(s, 0, function, "spirit_orb")
    give(s, 0, "film_14")
    start_fight(s)
    assert A_FUNC in s.legal_actions(0)
    choice = HeuristicBot(GAME, 0, 0).act(SeatObservation(s, 0), s.legal_actions(0))
    assert choice == {"func": A_FUNC, "roll": A_ROLL}[expected]
