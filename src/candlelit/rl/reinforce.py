"""A masked policy gradient in numpy alone: REINFORCE with a running-mean baseline, for a
single-agent environment whose observation is `{"observation", "action_mask"}` (`SeatEnv`).

The policy is a softmax over the legal actions of linear scores, or of a one-hidden-layer
network's (`hidden` > 0): illegal actions get probability 0, so they are never chosen. After
each episode, the gradient of the log-probability of every decision taken is weighted by the
episode's return minus the baseline (a decaying mean of the returns so far), averaged over the
episode's decisions, and followed by Adam.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
Observation = dict[str, npt.NDArray[Any]]


@dataclass
class Policy:
    """Scores = w2 · h + b2 where h = tanh(w1 · x + b1) with a hidden layer, else h = x; the
    action probabilities are the softmax of the scores over the legal actions."""

    w2: Array
    b2: Array
    w1: Array | None = None
    b1: Array | None = None

    @classmethod
    def new(cls, features: int, actions: int, hidden: int, rng: np.random.Generator) -> Policy:
        """Small random weights (a near-uniform policy over the legal actions)."""
        if hidden <= 0:
            return cls(rng.normal(0.0, 0.01, (actions, features)), np.zeros(actions))
        return cls(rng.normal(0.0, 0.01, (actions, hidden)), np.zeros(actions),
                   rng.normal(0.0, 1.0 / np.sqrt(features), (hidden, features)),
                   np.zeros(hidden))

    def parameters(self) -> list[Array]:
        """The arrays training changes, in a fixed order."""
        return [p for p in (self.w2, self.b2, self.w1, self.b1) if p is not None]

    def hidden(self, x: Array) -> Array:
        """The features the scores are linear in (rows of `x` or one vector)."""
        if self.w1 is None or self.b1 is None:
            return x
        return np.tanh(x @ self.w1.T + self.b1)

    def choose(self, observation: Observation, rng: np.random.Generator,
               greedy: bool = False) -> int:
        """A legal action: drawn from the probabilities, or the likeliest when `greedy`."""
        legal = np.flatnonzero(observation["action_mask"])
        h = self.hidden(observation["observation"].astype(np.float64))
        scores = self.w2[legal] @ h + self.b2[legal]
        if greedy:
            return int(legal[int(np.argmax(scores))])
        weights = np.exp(scores - scores.max())
        cumulative = np.cumsum(weights)
        pick = int(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"))
        return int(legal[min(pick, len(legal) - 1)])

    def probabilities(self, xs: Array, masks: npt.NDArray[Any]) -> Array:
        """Each row's action probabilities (0 wherever its mask is 0)."""
        scores = self.hidden(xs) @ self.w2.T + self.b2
        scores = np.where(masks.astype(bool), scores, -np.inf)
        weights = np.exp(scores - scores.max(axis=1, keepdims=True))
        return np.asarray(weights / weights.sum(axis=1, keepdims=True), dtype=np.float64)

    def gradients(self, xs: Array, masks: npt.NDArray[Any], actions: npt.NDArray[np.intp],
                  weight: float) -> list[Array]:
        """`weight` × the mean over the rows of d log p(action | x) / d parameters, in
        `parameters()` order."""
        h = self.hidden(xs)
        d_scores = -self.probabilities(xs, masks)
        d_scores[np.arange(len(actions)), actions] += 1.0
        d_scores *= weight / len(actions)
        grads = [d_scores.T @ h, d_scores.sum(axis=0)]
        if self.w1 is not None:
            d_hidden = (d_scores @ self.w2) * (1.0 - h * h)
            grads += [d_hidden.T @ xs, d_hidden.sum(axis=0)]
        return grads


class Adam:
    """Adam's update of a list of arrays, in place (ascent: the gradients are followed)."""

    def __init__(self, params: list[Array], rate: float, beta1: float = 0.9,
                 beta2: float = 0.999, eps: float = 1e-8) -> None:
        self.params, self.rate, self.beta1, self.beta2, self.eps = params, rate, beta1, beta2, eps
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def ascend(self, grads: list[Array]) -> None:
        """One step along `grads`."""
        self.t += 1
        fix1, fix2 = 1 - self.beta1 ** self.t, 1 - self.beta2 ** self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.beta1
            m += (1 - self.beta1) * g
            v *= self.beta2
            v += (1 - self.beta2) * g * g
            p += self.rate * (m / fix1) / (np.sqrt(v / fix2) + self.eps)


@dataclass
class Episode:
    """One played episode: its return and its decisions (features, masks, actions by row)."""

    total: float
    xs: Array
    masks: npt.NDArray[Any]
    actions: npt.NDArray[np.intp]


def play(env: Any, policy: Policy, rng: np.random.Generator, seed: int | None = None,
         greedy: bool = False) -> Episode:
    """One episode of `env` (Gymnasium's reset and step) with `policy` choosing."""
    observation, _ = env.reset(seed=seed)
    xs: list[npt.NDArray[Any]] = []
    masks: list[npt.NDArray[Any]] = []
    actions: list[int] = []
    total = 0.0
    while True:
        action = policy.choose(observation, rng, greedy)
        xs.append(observation["observation"])
        masks.append(observation["action_mask"])
        actions.append(action)
        observation, reward, terminated, truncated, _ = env.step(action)
        total += float(reward)
        if terminated or truncated:
            return Episode(total, np.asarray(xs, dtype=np.float64), np.asarray(masks),
                           np.asarray(actions, dtype=np.intp))


def win_share(env: Any, policy: Policy, episodes: int, seed: int, greedy: bool = False) -> float:
    """The share of `episodes` games the policy wins (return ≥ 1), the first reset seeded."""
    rng = np.random.default_rng(seed)
    wins = sum(play(env, policy, rng, seed if k == 0 else None, greedy).total >= 1.0
               for k in range(episodes))
    return wins / episodes


@dataclass
class Curve:
    """The win share of each block of `every` training episodes, in order."""

    every: int
    wins: list[float] = field(default_factory=list)


def train(env: Any, episodes: int, *, every: int = 100, rate: float = 0.003, hidden: int = 0,
          seed: int = 0, decay: float = 0.99,
          policy: Policy | None = None) -> tuple[Policy, Curve]:
    """Train a policy (new unless given) for `episodes` episodes of `env`, the first reset
    seeded with `seed`; the curve holds the win share of every `every` episodes."""
    rng = np.random.default_rng(seed)
    if policy is None:
        space = env.observation_space["observation"]
        policy = Policy.new(int(space.shape[0]), int(env.action_space.n), hidden, rng)
    optimiser = Adam(policy.parameters(), rate)
    curve = Curve(every)
    baseline = 0.0
    wins = 0
    for k in range(episodes):
        episode = play(env, policy, rng, seed if k == 0 else None)
        advantage = episode.total - baseline
        baseline = decay * baseline + (1 - decay) * episode.total
        optimiser.ascend(policy.gradients(episode.xs, episode.masks, episode.actions,
                                          advantage))
        wins += episode.total >= 1.0
        if (k + 1) % every == 0:
            curve.wins.append(wins / every)
            wins = 0
    return policy, curve
