"""One seat of a candlelit game as a single-agent Gymnasium environment: the agent plays its
seat, candlelit bots (`candlelit.bots.registry.make_bot`) play the others.

Observation: `{"observation": float32 tensor, "action_mask": int8 mask}` of the agent's seat
(as in `candlelit.rl.pettingzoo`); `action_masks()` gives the mask as booleans (the method
sb3-contrib's MaskablePPO asks for). The reward is 0 until the end, then the seat's
`State.returns()` entry (1 for a win, 0 otherwise); an illegal action ends the episode with
`illegal_reward` and `info["illegal"]`. The game is truncated at `max_game_length()` actions.

`reset(seed=s)` seeds the environment's generator; each reset draws its game's seed from it, and
each bot's seed from the game's. Importing this module registers `candlelit/<game>-<n>p-v0` for
every installed game and player count (seat 0 against the `random` bot), so
`gymnasium.make("candlelit.rl.gymnasium:candlelit/divinare-2p-v0")` works from anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from candlelit.bots.base import Bot, SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.registry import games, load
from candlelit.engine.rng import derive_seed
from candlelit.engine.state import TERMINAL
from candlelit.rl.observation import Observation, observation_space, observe
from candlelit.rl.text import table_text

SEED_BOUND = 2**63 - 1
"""Game seeds are drawn below this bound."""


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """`seat` of `game` for the agent; `opponents` names the bot of every other seat (one name
    for all, or one per other seat in seat order)."""

    # gymnasium.make reads the class's metadata; Env declares it as a plain attribute
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(self, game: str = "divinare", players: int = 2, seat: int = 0,
                 opponents: str | Sequence[str] = "random",
                 options: Mapping[str, Any] | None = None, illegal_reward: float = -1.0,
                 render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = game
        self.options = dict(options or {})
        self.state = load(game, players, 0, self.options)  # checks the settings
        if not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, not {seat}")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"give one bot for all other seats or one per other seat "
                             f"({len(others)}), not {len(names)}")
        self.opponents = dict(zip(others, names, strict=True))
        for other, name in self.opponents.items():
            make_bot(name, game, other, 0)  # an unknown bot fails here, not at reset
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.observation_space = observation_space(self.state)
        self.action_space = spaces.Discrete(self.state.num_distinct_actions())
        self.bots: dict[int, tuple[Bot, SeatObservation]] = {}
        self.limit = self.state.max_game_length()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observation, dict[str, Any]]:
        """A new game whose seed comes from the environment's generator; the bots play until
        the agent's seat is to act. Gymnasium's reset `options` are not read."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, SEED_BOUND))
        self.state = load(self.game, self.state.num_players, game_seed, self.options)
        self.limit = self.state.max_game_length()
        self.bots = {
            other: (make_bot(name, self.game, other, derive_seed("bot", game_seed, other)),
                    SeatObservation(self.state, other))
            for other, name in self.opponents.items()}
        self._play_bots()
        return observe(self.state, self.seat), {}

    def step(self, action: np.int64 | int) -> tuple[
            Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the agent's action, then the bots' until the agent is to act again or the game
        is over (or cut at its length bound)."""
        state, seat = self.state, self.seat
        chosen = int(action)
        if chosen not in state.legal_actions(seat):
            return observe(state, seat), self.illegal_reward, True, False, {"illegal": True}
        state.apply_action(chosen, seat)
        self._play_bots()
        over = state.is_terminal()
        reward = float(state.returns()[seat]) if over else 0.0
        cut = not over and len(state.history) >= self.limit
        return observe(state, seat), reward, over, cut, {}

    def _play_bots(self) -> None:
        """Let the bots act while a bot's seat is the one to act."""
        state, limit = self.state, self.limit
        while len(state.history) < limit:
            turn = state.current_player()
            if turn == TERMINAL or turn == self.seat:
                return
            bot, window = self.bots[turn]
            state.apply_action(bot.act(window, state.legal_actions(turn)), turn)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The agent's legal actions now, as booleans over the action space."""
        return self.state.action_mask(self.seat).astype(np.bool_)

    def render(self) -> str | None:
        """The agent's table as text ("ansi"), or None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode "
                                  "(candlelit offers 'ansi')")
            return None
        return table_text(self.state, self.seat)


def env_id(game: str, players: int) -> str:
    """The registered id of `game` at `players` seats."""
    return f"candlelit/{game}-{players}p-v0"


def register_all() -> list[str]:
    """Register every installed game at every player count (seat 0 against `random`); the
    ids registered."""
    ids: list[str] = []
    for spec in games():
        for players in spec.player_counts:
            ids.append(env_id(spec.name, players))
            if ids[-1] not in gymnasium.registry:
                gymnasium.register(ids[-1], entry_point=f"{__name__}:SeatEnv",
                                   kwargs={"game": spec.name, "players": players})
    return ids


register_all()
