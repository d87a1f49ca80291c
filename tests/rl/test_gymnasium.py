"""The single-seat Gymnasium environment: Gymnasium's checker for every game and player count
(through the registered ids), then the seat, the bots, the rewards and the seeding."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from candlelit.engine.errors import OptionError
from candlelit.engine.registry import games
from candlelit.engine.state import TERMINAL
from candlelit.rl.gymnasium import SeatEnv, env_id, register_all

CASES = [pytest.param(spec.name, n, id=f"{spec.name}-{n}p")
         for spec in games() for n in spec.player_counts]


def play_out(env: SeatEnv, seed: int, chooser: int) -> tuple[float, bool, bool, int]:
    """A whole episode with random legal actions: (last reward, terminated, truncated, steps)."""
    rng = np.random.default_rng(chooser)
    observation, _ = env.reset(seed=seed)
    steps = 0
    while True:
        assert env.state.current_player() == env.seat
        assert np.array_equal(env.action_masks(), observation["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(env.action_masks())))
        observation, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert info == {}
        if terminated or truncated:
            return float(reward), terminated, truncated, steps
        assert reward == 0.0


@pytest.mark.parametrize(("game", "players"), CASES)
def test_gymnasium_check_env_passes_for_the_first_and_last_seat(game, players):
    for seat in (0, players - 1):
        env = gymnasium.make(env_id(game, players), seat=seat, render_mode="ansi")
        check_env(env.unwrapped)
        env.reset(seed=0)
        assert "(you)" in env.render()


@pytest.mark.parametrize(("game", "players"), CASES)
def test_an_episode_ends_with_the_seats_return_and_the_bots_play_the_other_seats(game, players):
    env = SeatEnv(game, players, seat=players - 1)
    reward, terminated, truncated, steps = play_out(env, seed=3, chooser=4)
    state = env.state
    if terminated:
        assert state.current_player() == TERMINAL
        assert reward == state.returns()[players - 1]
    else:
        assert truncated and len(state.history) == state.max_game_length()
    mine = sum(1 for seat, _ in state.history if seat == players - 1)
    assert mine == steps < len(state.history)


def test_every_game_and_player_count_is_registered():
    ids = register_all()
    assert ids == [env_id(spec.name, n) for spec in games() for n in spec.player_counts]
    assert "candlelit/divinare-2p-v0" in ids
    assert all(i in gymnasium.registry for i in ids)


def test_a_reset_seed_fixes_the_game_and_the_bots():
    env, twin = SeatEnv("divinare", 3, seat=1, opponents="expectation"), SeatEnv(
        "divinare", 3, seat=1, opponents="expectation")
    assert play_out(env, seed=12, chooser=0) == play_out(twin, seed=12, chooser=0)
    assert env.state == twin.state
    env.reset(seed=13)
    assert env.state != twin.state


def test_the_seat_acts_first_only_when_it_is_the_seat_to_act():
    env = SeatEnv("divinare", 2, seat=1)
    env.reset(seed=0)
    state = env.state
    assert state.current_player() == 1
    assert state.history and all(seat == 0 for seat, _ in state.history)


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = SeatEnv("divinare", 2, illegal_reward=-2.5)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = env.state.clone()
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-2.5, True, False, {"illegal": True})
    assert env.state == before


def test_opponents_are_one_name_for_all_or_one_per_other_seat():
    env = SeatEnv("divinare", 3, seat=1, opponents=["random", "expectation"])
    env.reset(seed=2)
    assert {seat: bot.name for seat, (bot, _) in env.bots.items()} == {
        0: "random", 2: "expectation"}
    with pytest.raises(ValueError, match="one per other seat"):
        SeatEnv("divinare", 3, opponents=["random"])
    with pytest.raises(OptionError):
        SeatEnv("divinare", 2, opponents="no-such-bot")
    with pytest.raises(ValueError, match="seat must be"):
        SeatEnv("divinare", 2, seat=2)
