"""The PettingZoo adapter: PettingZoo's own API, seed and max-cycles tests for every game and
player count, then what the environments promise beyond them (seat order, rewards, seeding,
illegal actions, truncation, hidden commitments, the parallel form)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

from candlelit.engine.errors import IllegalAction
from candlelit.engine.registry import games, load
from candlelit.engine.state import TERMINAL
from candlelit.rl import pettingzoo as cz
from candlelit.rl.observation import game_seed

CASES = [pytest.param(spec.name, n, id=f"{spec.name}-{n}p")
         for spec in games() for n in spec.player_counts]
CYCLES = 150
"""PettingZoo's tests play at most this many cycles per game (seconds per case)."""


def cycles(game: str, players: int) -> int:
    """Enough cycles to finish a game of `game` where that fits under CYCLES."""
    return min(CYCLES, -(-load(game, players, 0).max_game_length() // players) + 2)


def masked_choice(observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    """A uniformly random legal action of an observation."""
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_test_passes_wrapped_and_raw(game, players):
    api_test(cz.env(game, players), num_cycles=cycles(game, players))
    api_test(cz.raw_env(game, players), num_cycles=cycles(game, players))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_seed_test_passes(game, players):
    seed_test(functools.partial(cz.env, game, players), num_cycles=cycles(game, players))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_max_cycles_test_passes(game, players):
    max_cycles_test(cz.module(game, players))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_parallel_api_and_seed_tests_pass(game, players):
    parallel_api_test(cz.parallel_env(game, players), num_cycles=cycles(game, players))
    parallel_seed_test(functools.partial(cz.parallel_env, game, players),
                       num_cycles=cycles(game, players))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_a_game_through_env_is_the_engine_game_seat_by_seat(game, players):
    env = cz.env(game, players, seed=5)
    env.reset()
    twin = load(game, players, game_seed(5, 0))
    rng = np.random.default_rng(1)
    actions = 0
    for agent in env.agent_iter(max_iter=2000):
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = twin.current_player()
        assert agent == f"seat_{seat}"
        assert reward == 0
        assert np.array_equal(observation["observation"], twin.observation_tensor(seat))
        assert np.array_equal(observation["action_mask"], twin.action_mask(seat))
        action = masked_choice(observation, rng)
        env.step(action)
        twin.apply_action(action, seat)
        actions += 1
    if twin.current_player() == TERMINAL:
        assert env.agents == []
        assert actions == len(twin.history)
    else:  # cut off by agent_iter's bound: still playing
        assert len(twin.history) == actions and env.agents


def test_rewards_are_the_returns_at_the_end_and_every_seat_gets_its_last_step():
    env = cz.env("divinare", 3, seed=11)
    env.reset()
    rng = np.random.default_rng(2)
    finals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert terminated and not truncated
            assert not observation["action_mask"].any()
            finals[agent] = reward
            env.step(None)
        else:
            env.step(masked_choice(observation, rng))
    state = env.unwrapped.game_state
    assert state.is_terminal()
    assert finals == {f"seat_{s}": float(r) for s, r in enumerate(state.returns())}
    assert sum(finals.values()) >= 1


def test_reset_seeds_make_the_same_games_and_unseeded_resets_continue_the_sequence():
    first, second = cz.raw_env("divinare", 2), cz.raw_env("divinare", 2, seed=99)
    first.reset(seed=7)
    second.reset(seed=7)
    assert first.game_state == second.game_state
    assert first.game_state.seed == game_seed(7, 0)
    first.reset()
    second.reset()
    assert first.game_state.seed == second.game_state.seed == game_seed(7, 1)
    first.reset(seed=8)
    assert first.game_state.seed == game_seed(8, 0)
    fresh = cz.raw_env("divinare", 2, seed=99)
    fresh.reset()
    assert fresh.game_state.seed == game_seed(99, 0)


def test_raw_env_refuses_an_illegal_action_and_changes_nothing():
    env = cz.raw_env("divinare", 2, seed=3)
    env.reset()
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game_state.clone()
    with pytest.raises(IllegalAction):
        env.step(illegal)
    assert env.game_state == before


def test_env_ends_the_game_on_an_illegal_action_with_a_penalty_for_its_seat():
    env = cz.env("divinare", 2, seed=3)
    env.reset()
    agent = env.agent_selection
    observation, *_ = env.last()
    env.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    rewards = {}
    for other in env.agent_iter():
        rewards[other] = env.last()[1]
        env.step(None)
    assert rewards[agent] == cz.ILLEGAL_REWARD
    assert all(value == 0 for a, value in rewards.items() if a != agent)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_cycles_truncates_the_aec_game_after_that_many_actions_per_seat(players):
    env = cz.env("divinare", players, seed=1, max_cycles=3)
    env.reset()
    rng = np.random.default_rng(0)
    actions = 0
    for _agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            env.step(None)
            continue
        env.step(masked_choice(observation, rng))
        actions += 1
    assert actions == 3 * players
    assert not env.unwrapped.game_state.is_terminal()


def test_a_hidden_commitment_never_changes_what_the_next_seat_observes():
    env = cz.raw_env("divinare", 2, seed=4)
    env.reset()
    state = env.game_state
    assert state.pending_players() == [0, 1]  # both seats choose their discards at once
    legal = state.legal_actions(0)
    seen = []
    for action in legal[:2]:
        env.game_state = state.clone()
        env.agent_selection = "seat_0"
        env.step(action)
        assert env.agent_selection in ("seat_0", "seat_1")
        seen.append(env.observe("seat_1"))
    assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
    assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])


def test_the_parallel_form_lets_every_pending_seat_act_in_one_step_and_refuses_the_rest():
    env = cz.parallel_env("divinare", 2, seed=4)
    observations, _ = env.reset()
    state = env.game_state
    assert state.pending_players() == [0, 1]
    rng = np.random.default_rng(0)
    chosen = {agent: masked_choice(obs, rng) for agent, obs in observations.items()}
    observations, rewards, terminations, truncations, infos = env.step(chosen)
    assert state.history == [(0, chosen["seat_0"]), (1, chosen["seat_1"])]
    assert infos == {"seat_0": {}, "seat_1": {}}
    assert not any(terminations.values()) and not any(truncations.values())
    assert set(rewards.values()) == {0.0}
    illegal = {agent: int(np.flatnonzero(obs["action_mask"] == 0)[0])
               for agent, obs in observations.items()}
    _, _, _, _, infos = env.step(illegal)
    assert len(state.history) == 2
    assert infos == {"seat_0": {"refused": True}, "seat_1": {"refused": True}}


def test_the_parallel_form_plays_to_the_end_with_the_returns_as_rewards():
    env = cz.parallel_env("divinare", 4, seed=6)
    observations, _ = env.reset()
    rng = np.random.default_rng(3)
    rewards: dict[str, float] = {}
    while env.agents:
        chosen = {agent: masked_choice(obs, rng) for agent, obs in observations.items()
                  if obs["action_mask"].any()}
        assert [int(a[5:]) for a in chosen] == env.game_state.pending_players()
        observations, rewards, terminations, _, _ = env.step(chosen)
    assert all(terminations.values())
    assert rewards == {f"seat_{s}": float(r)
                       for s, r in enumerate(env.game_state.returns())}


def test_ansi_render_draws_the_selected_seats_table():
    env = cz.env("divinare", 2, seed=1, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str)
    assert "Divinare" in text and "(you)" in text
    quiet = cz.raw_env("divinare", 2)
    quiet.reset()
    assert quiet.render() is None
    with pytest.raises(ValueError):
        cz.raw_env("divinare", 2, render_mode="human")
