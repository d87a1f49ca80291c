"""Every candlelit game as a PettingZoo environment: the AEC form (`env`, `raw_env`), where the
seat to act is the state's `current_player()`, and the parallel form (`parallel_env`), where
every seat that may act now (`pending_players()`) acts in one step.

Agents are `seat_0` … `seat_{n-1}`. An observation is `{"observation": float32 tensor,
"action_mask": int8 mask}` (the seat's observation tensor and legal-action mask, O(1) per step);
actions are `Discrete(num_distinct_actions())`. Rewards are 0 until the end, then
`State.returns()` (1 for each winner, 0 for the others); every seat terminates at the end and
is truncated at `max_game_length()` actions, or earlier at `max_cycles`.

Simultaneous decisions (several pending seats, hidden commitments) are taken one seat at a
time in seat order by the AEC form, and together by the parallel form; either way a seat only
ever receives its own tensor, so a commitment stays hidden until the rules reveal it.

Seeding: `reset(seed=s)` starts the games `game_seed(s, 0)`, `game_seed(s, 1)`, … (one per
reset); a reset without a seed plays the next game of that sequence. With no seed ever given
the sequence starts from a master drawn from the operating system's entropy.
"""

from __future__ import annotations

import operator
import secrets
from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from gymnasium import logger, spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_to_aec

from candlelit.engine.registry import load
from candlelit.engine.state import TERMINAL, State
from candlelit.rl.observation import (
    Observation,
    game_seed,
    observation_space,
    observe,
    seat_names,
)
from candlelit.rl.text import table_text

METADATA: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}
"""What every environment here declares (plus its name, `candlelit_<game>_<n>p_v0`)."""
ILLEGAL_REWARD = -1.0
"""`env()`'s reward for an illegal action, which ends the game (PettingZoo's classic rule)."""


class Games:
    """The games one environment plays, reset after reset: the settings, the master seed and
    how many games it has started since (see the module's note on seeding)."""

    __slots__ = ("game", "index", "master", "options", "players")

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None,
                 seed: int | None) -> None:
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.master = secrets.randbits(63) if seed is None else int(seed)
        self.index = 0

    def next(self, seed: int | None) -> State:
        """The next game: the first of a new sequence when `seed` is given."""
        if seed is not None:
            self.master, self.index = int(seed), 0
        state = load(self.game, self.players, game_seed(self.master, self.index), self.options)
        self.index += 1
        return state


def _actions(state: State) -> spaces.Space[Any]:
    """A new action space for one agent."""
    return spaces.Discrete(state.num_distinct_actions())


class TableEnv(AECEnv[str, Observation, int | None]):
    """The AEC form: `agent_selection` is the seat to act (`current_player()`); an illegal
    action raises `IllegalAction` and changes nothing (`env()` ends the game instead).

    `max_cycles` truncates the game after `max_cycles × players` actions (a cycle: as many
    actions as there are seats)."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, max_cycles: int | None = None,
                 render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.games = Games(game, players, options, seed)
        self.game_state = load(game, players, 0, options)  # checks the settings; replaced by reset
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**METADATA, "name": f"candlelit_{game}_{players}p_v0",
                         "is_parallelizable": False}
        self.possible_agents = seat_names(players)
        self.agents = []
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.game_state)
                                   for a in self.possible_agents}
        self.action_spaces = {a: _actions(self.game_state) for a in self.possible_agents}
        self.limit = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's Dict space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's Discrete space (the same object on every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the next game (a new sequence of games when `seed` is given); PettingZoo's
        reset `options` are not read (a game's options are the constructor's)."""
        state = self.game_state = self.games.next(seed)
        self.limit = state.max_game_length()
        if self.max_cycles is not None:
            self.limit = min(self.limit, self.max_cycles * state.num_players)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> Observation:
        """The agent's observation tensor and action mask now."""
        return observe(self.game_state, self.seat_of[agent])

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (None once it is terminated or truncated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for a finished agent")
        state = self.game_state
        state.apply_action(operator.index(action), self.seat_of[agent])
        self._cumulative_rewards[agent] = 0.0
        seat = state.current_player()
        if seat == TERMINAL:
            self.terminations = dict.fromkeys(self.agents, True)
            self.rewards = dict(zip(self.possible_agents, map(float, state.returns()),
                                    strict=True))
            self._accumulate_rewards()
            self._deads_step_first()
        elif len(state.history) >= self.limit:
            self.truncations = dict.fromkeys(self.agents, True)
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | None:
        """The selected seat's table as text ("ansi"), or None without a render mode."""
        if self.render_mode is None:
            logger.warn("render() called without a render_mode (candlelit offers 'ansi')")
            return None
        return table_text(self.game_state, self.seat_of[self.agent_selection])

    def close(self) -> None:
        """Nothing to release."""


class ParallelTableEnv(ParallelEnv[str, Observation, int | None]):
    """The parallel form: each step, every seat that may act gives one action, applied in seat
    order. A seat's action counts only if it is still legal for the decision that seat observed
    (an illegal or stale action, or an action of a seat that may not act, is refused and changes
    nothing; `infos[agent]["refused"]` says so). `max_cycles` truncates after that many steps."""

    def __init__(self, game: str, players: int, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, max_cycles: int | None = None,
                 render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.games = Games(game, players, options, seed)
        self.game_state = load(game, players, 0, options)  # checks the settings; replaced by reset
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.metadata = {**METADATA, "name": f"candlelit_{game}_{players}p_v0"}
        self.possible_agents = seat_names(players)
        self.agents = []
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.game_state)
                                   for a in self.possible_agents}
        self.action_spaces = {a: _actions(self.game_state) for a in self.possible_agents}
        self.cycles = 0
        self.observed: list[tuple[int, ...]] = []
        """Each seat's legal actions in its last observation (the decision it answers)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's Dict space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's Discrete space (the same object on every call)."""
        return self.action_spaces[agent]

    def _observe_all(self) -> dict[str, Observation]:
        state = self.game_state
        seen = {agent: observe(state, seat) for seat, agent in enumerate(self.possible_agents)}
        self.observed = [tuple(state.legal_actions(seat)) for seat in range(state.num_players)]
        return seen

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start the next game (see TableEnv.reset) and observe every seat."""
        self.game_state = self.games.next(seed)
        self.cycles = 0
        self.agents = self.possible_agents[:]
        return self._observe_all(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, int | None]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Apply the pending seats' actions in seat order; observe every seat again."""
        state = self.game_state
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        for agent, action in sorted(actions.items()):
            seat = self.seat_of.get(agent, -1)
            legal = state.legal_actions(seat) if seat >= 0 and action is not None else []
            if action in legal and tuple(legal) == self.observed[seat]:
                state.apply_action(operator.index(action), seat)
            else:
                infos[agent]["refused"] = True
        self.cycles += 1
        over = state.current_player() == TERMINAL
        cut = not over and (len(state.history) >= state.max_game_length()
                            or (self.max_cycles is not None and self.cycles >= self.max_cycles))
        rewards = dict.fromkeys(self.agents, 0.0)
        if over:
            for agent, value in zip(self.possible_agents, state.returns(), strict=True):
                rewards[agent] = float(value)
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        observations = self._observe_all()
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table of the seat to act (seat 0 once the game is over) as text ("ansi")."""
        if self.render_mode is None:
            logger.warn("render() called without a render_mode (candlelit offers 'ansi')")
            return None
        return table_text(self.game_state, max(self.game_state.current_player(), 0))

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, players: int, options: Mapping[str, Any] | None = None,
            seed: int | None = None, max_cycles: int | None = None,
            render_mode: str | None = None) -> TableEnv:
    """The AEC form without wrappers (an illegal action raises `IllegalAction`)."""
    return TableEnv(game, players, options, seed, max_cycles, render_mode)


def env(game: str, players: int, options: Mapping[str, Any] | None = None,
        seed: int | None = None, max_cycles: int | None = None,
        render_mode: str | None = None) -> AECEnv[str, Observation, int | None]:
    """The AEC form with PettingZoo's classic wrappers: an illegal action ends the game with
    `ILLEGAL_REWARD` for its seat, an action outside the space is an error, and the API's
    order (reset before step) is enforced."""
    wrapped: AECEnv[str, Observation, int | None] = raw_env(game, players, options, seed,
                                                            max_cycles, render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=ILLEGAL_REWARD)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(game: str, players: int, options: Mapping[str, Any] | None = None,
                 seed: int | None = None, max_cycles: int | None = None,
                 render_mode: str | None = None) -> ParallelTableEnv:
    """The parallel form (see ParallelTableEnv)."""
    return ParallelTableEnv(game, players, options, seed, max_cycles, render_mode)


def module(game: str, players: int, **settings: Any) -> SimpleNamespace:
    """The game in the shape of a PettingZoo module of parallel environments (as
    `pettingzoo.butterfly.*`), for tools that take a module, such as
    `pettingzoo.test.max_cycles_test`: `parallel_env(**kw)` and its AEC form `env(**kw)`
    (PettingZoo's `parallel_to_aec`: every live seat once per cycle, the actions of a cycle
    applied together). `settings` (options, seed, max_cycles, render_mode) are defaults that
    `kw` overrides."""

    def parallel(**kw: Any) -> ParallelTableEnv:
        return parallel_env(game, players, **{**settings, **kw})

    def aec(**kw: Any) -> AECEnv[str, Observation, int | None]:
        return parallel_to_aec(parallel(**kw))

    return SimpleNamespace(env=aec, parallel_env=parallel)
