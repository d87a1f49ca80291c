"""Information-set MCTS for any registered game, seeing only its seat's `SeatObservation`.

Each iteration draws one world with `seat.resample(rng)` and plays in it (the world is the
bot's own: the real game is never read); a world may serve `reuse` iterations (each on a
fresh copy). Decision nodes are shared between worlds by what the acting seat has seen since
the root (multiple observers: every seat's nodes are keyed by the log lines shown to it in
the search, so the searching seat's nodes are its information sets, and another seat's
merge what it knew before the root). Selection is UCB over availability counts (how
often an action was legal when its node was visited), with progressive widening: a node
offers its first ⌈widen · visits^alpha⌉ actions, the heuristic's choice first and the rest
in a seeded order. Rollouts use the game's fast rollout policy for every seat (manifest
`rollout`, reading the world's fields) or else its heuristic bot (manifest `default_bot`),
with a share `epsilon` of uniformly random moves; after `depth` actions they stop at the
first position where the manifest's evaluation function answers (`evaluate`).
Pending seats of a simultaneous decision act in seat order inside the world, the searching
seat first at the root (it is the one deciding now).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace

from candlelit.bots.base import Bot, SeatObservation
from candlelit.bots.random_bot import RandomBot
from candlelit.engine.plugins import resolve
from candlelit.engine.registry import get
from candlelit.engine.rng import derive_seed
from candlelit.engine.state import State

DEFAULT_ITERATIONS = 100
"""The budget of the plain `ismcts` bot."""

Evaluate = Callable[[State], "list[float] | None"]
"""A manifest's `evaluate`: one value in [0, 1] per seat, or None (play on a step)."""
Rollout = Callable[[State, int, Sequence[int], random.Random], int]
"""A manifest's `rollout`: (world, seat, legal, rng) → one of `legal`."""


@dataclass(frozen=True)
class Settings:
    """How one ISMCTS bot searches: its budget and its search constants."""

    iterations: int | None = DEFAULT_ITERATIONS
    """Worlds drawn per decision (deterministic given the seed); None: `seconds` only."""
    seconds: float | None = None
    """Wall-clock budget per decision (at least one iteration runs); None: iterations only."""
    exploration: float = 0.7
    """UCB's exploration constant (returns are in [0, 1])."""
    widen: float = 2.0
    """Progressive widening: a node offers ⌈widen · visits^alpha⌉ actions (at least one)."""
    alpha: float = 0.5
    epsilon: float = 0.0
    """Share of rollout moves chosen uniformly at random instead of by the heuristic."""
    depth: int | None = None
    """Rollout actions before the evaluation is asked (None: play to the end)."""
    reuse: int = 1
    """Iterations each drawn world serves (on copies): fewer, costlier draws per decision."""
    prior: int = 0
    """Visits credited to the heuristic's root choice when the most visited action is
    chosen: the search overrides the heuristic only on that much more evidence."""


@dataclass
class Node:
    """One information set of one seat: visits and per-action statistics."""

    visits: int = 0
    order: list[int] = field(default_factory=list)
    """The actions in widening order: the heuristic's choice first, then a seeded shuffle."""
    known: set[int] = field(default_factory=set)
    wins: dict[int, float] = field(default_factory=dict)
    tries: dict[int, int] = field(default_factory=dict)
    available: dict[int, int] = field(default_factory=dict)


def parse_budget(text: str) -> Settings:
    """Settings from a parameterised name's tail: '<N>' iterations or '<T>s' seconds, then
    optionally ':epsilon=<x>', ':depth=<n>', ':reuse=<n>' and ':prior=<n>' (e.g.
    '400:depth=0:reuse=4')."""
    budget, *extras = text.split(":")
    if budget.endswith("s"):
        seconds = float(budget[:-1])
        if not seconds > 0 or math.isinf(seconds):
            raise ValueError(f"a time budget must be a positive number of seconds: {budget!r}")
        settings = Settings(iterations=None, seconds=seconds)
    else:
        iterations = int(budget)
        if iterations < 1:
            raise ValueError(f"an iteration budget must be at least 1: {budget!r}")
        settings = Settings(iterations=iterations)
    for extra in extras:
        name, _, value = extra.partition("=")
        if name == "epsilon" and 0.0 <= float(value) <= 1.0:
            settings = replace(settings, epsilon=float(value))
        elif name == "depth" and int(value) >= 0:
            settings = replace(settings, depth=int(value))
        elif name == "prior" and int(value) >= 0:
            settings = replace(settings, prior=int(value))
        elif name == "reuse" and int(value) >= 1:
            settings = replace(settings, reuse=int(value))
        else:
            raise ValueError(f"not epsilon=<0..1>, depth=<n ≥ 0>, reuse=<n ≥ 1> or "
                             f"prior=<n ≥ 0>: {extra!r}")
    return settings


class ISMCTSBot:
    """Information-set MCTS over resampled worlds (see the module's docstring)."""

    def __init__(self, game: str, seat: int, seed: int,
                 settings: Settings | None = None, name: str = "ismcts") -> None:
        spec = get(game)
        self.name = name
        self.settings = settings or Settings()
        self._rng = random.Random(derive_seed("ismcts", seed))
        target = spec.bots.get(spec.default_bot)
        self._policy: Callable[[str, int, int], Bot] = (
            resolve(target) if target is not None else RandomBot)
        self._game = game
        self._seed = seed
        self._evaluate: Evaluate | None = resolve(spec.evaluate) if spec.evaluate else None
        self._fast: Rollout | None = resolve(spec.rollout) if spec.rollout else None
        self._rollout_bots: dict[int, Bot] = {}

    # -- the entry point --------------------------------------------------------------
    def act(self, seat: SeatObservation, legal: Sequence[int]) -> int:
        """The most visited root action after the budget's iterations, the heuristic's
        choice credited `prior` visits (no search when only one action is legal)."""
        if len(legal) == 1:
            return legal[0]
        settings = self.settings
        me = seat.seat
        tree: dict[Hashable, Node] = {}
        root = Node()
        stop = None if settings.seconds is None else time.perf_counter() + settings.seconds
        done = 0
        drawn: State | None = None
        while True:
            if settings.reuse == 1:
                world = seat.resample(self._rng)
            else:
                if done % settings.reuse == 0:
                    drawn = seat.resample(self._rng)
                assert drawn is not None
                world = drawn.clone()
            self._iterate(world, me, legal, root, tree)
            done += 1
            if settings.iterations is not None and done >= settings.iterations:
                break
            if stop is not None and time.perf_counter() >= stop:
                break
        bonus = {root.order[0]: settings.prior}
        return max(root.order, key=lambda a: (root.tries.get(a, 0) + bonus.get(a, 0),
                                              -root.order.index(a)))

    # -- one iteration ----------------------------------------------------------------
    def _iterate(self, world: State, me: int, legal: Sequence[int], root: Node,
                 tree: dict[Hashable, Node]) -> None:
        """Select down the tree in `world`, expand one node, roll out, back up."""
        if not root.order:  # the seat's view is the same in every world: ask the first
            self._grow(root, legal, self._heuristic(SeatObservation(world, me), me, legal))
        path: list[tuple[Node, int, int]] = []
        node: Node | None = root
        start = (len(world.log), len(world.history))
        actor, options = me, list(legal)
        while True:
            assert node is not None
            action = self._select(node, options)
            path.append((node, action, actor))
            world.apply_action(action, actor)
            actor, options = self._next_decision(world)
            if actor < 0:
                break
            key = (actor, _seen_since(world, actor, start))
            node = tree.get(key)
            if node is None:
                node = tree[key] = Node()
                self._grow(node, options, self._first(world, actor, options))
                action = self._select(node, options)
                path.append((node, action, actor))
                world.apply_action(action, actor)
                break
        values = self._rollout(world)
        for node, action, actor in path:
            node.visits += 1
            node.tries[action] = node.tries.get(action, 0) + 1
            node.wins[action] = node.wins.get(action, 0.0) + values[actor]

    def _next_decision(self, world: State) -> tuple[int, list[int]]:
        """The next seat with a real choice and its legal actions (forced moves are played
        on); (-1, []) at the end of the game or of its length bound."""
        limit = world.max_game_length()
        while len(world.history) < limit:
            pending = world.pending_players()
            if not pending:
                break
            actor = pending[0]
            options = world.legal_actions(actor)
            if len(options) > 1:
                return actor, options
            world.apply_action(options[0], actor)
        return -1, []

    def _select(self, node: Node, options: list[int]) -> int:
        """UCB with availability counts among the node's widened legal actions."""
        settings = self.settings
        self._grow(node, options, None)
        legal = set(options)
        for action in options:
            node.available[action] = node.available.get(action, 0) + 1
        allowed = max(1, math.ceil(settings.widen * node.visits ** settings.alpha))
        candidates = [a for a in node.order if a in legal][:allowed]
        best, best_score = candidates[0], -math.inf
        for action in candidates:
            tries = node.tries.get(action, 0)
            if tries == 0:
                return action
            score = (node.wins[action] / tries + settings.exploration
                     * math.sqrt(math.log(node.available[action]) / tries))
            if score > best_score:
                best, best_score = action, score
        return best

    def _grow(self, node: Node, options: Sequence[int], first: int | None) -> None:
        """Add `options` the node has not seen to its widening order: `first` (the
        heuristic's choice) ahead, the rest in a seeded shuffle."""
        fresh = [a for a in options if a not in node.known]
        if not fresh:
            return
        if first is not None and first in fresh:
            fresh.remove(first)
            node.order.append(first)
            node.known.add(first)
        self._rng.shuffle(fresh)
        node.order.extend(fresh)
        node.known.update(fresh)

    def _first(self, world: State, actor: int, options: Sequence[int]) -> int:
        """A new node's first action: the fast rollout policy's, else the heuristic's."""
        if self._fast is not None:
            return self._fast(world, actor, options, self._rng)
        return self._heuristic(SeatObservation(world, actor), actor, options)

    def _heuristic(self, seat: SeatObservation, actor: int, options: Sequence[int]) -> int:
        """The game's heuristic bot's choice for `actor` among `options`."""
        return self._rollout_bot(actor).act(seat, options)

    def _rollout_bot(self, actor: int) -> Bot:
        bot = self._rollout_bots.get(actor)
        if bot is None:
            bot = self._rollout_bots[actor] = self._policy(
                self._game, actor, derive_seed("ismcts-rollout", self._seed, actor))
        return bot

    # -- rollouts ---------------------------------------------------------------------
    def _rollout(self, world: State) -> list[float]:
        """Play `world` on with the rollout policy (and `epsilon` random moves) to the end,
        or past the depth cut-off to where the game's evaluation answers; one value per seat."""
        settings = self.settings
        rng = self._rng
        evaluate = self._evaluate
        depth = settings.depth if evaluate is not None else None
        limit = world.max_game_length()
        windows: dict[int, SeatObservation] = {}
        steps = 0
        while len(world.history) < limit:
            pending = world.pending_players()
            if not pending:
                break
            if depth is not None and steps >= depth:
                assert evaluate is not None
                values = evaluate(world)
                if values is not None:
                    return values
            actor = pending[0]
            options = world.legal_actions(actor)
            if len(options) == 1:
                action = options[0]
            elif settings.epsilon and rng.random() < settings.epsilon:
                action = options[int(rng.random() * len(options))]
            elif self._fast is not None:
                action = self._fast(world, actor, options, rng)
            else:
                window = windows.get(actor)
                if window is None:
                    window = windows[actor] = SeatObservation(world, actor)
                action = self._rollout_bot(actor).act(window, options)
            world.apply_action(action, actor)
            steps += 1
        if world.is_terminal():
            return world.returns()
        values = evaluate(world) if evaluate is not None else None
        return values if values is not None else [0.0] * world.num_players


def _seen_since(world: State, seat: int, start: tuple[int, int]) -> Hashable:
    """What `seat` saw in `world` since `start` (log entries, history entries): the log
    lines shown to it and its own actions."""
    lines = tuple((kind, key, repr(args)) for kind, key, args, audience in world.log[start[0]:]
                  if audience is None or seat in audience)
    return lines, tuple(action for actor, action in world.history[start[1]:] if actor == seat)
