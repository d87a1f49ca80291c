"""The numpy policy gradient and the learning example (a smoke run of a few hundred steps; no
claim on strength, which the example measures over thousands of games)."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import numpy as np
import pytest

from candlelit.rl.gymnasium import SeatEnv
from candlelit.rl.reinforce import Curve, Policy, play, train

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_divinare.py"


@pytest.mark.parametrize("hidden", [0, 5])
def test_the_policy_never_chooses_a_masked_action_and_its_probabilities_sum_to_one(hidden):
    rng = np.random.default_rng(0)
    policy = Policy.new(7, 9, hidden, rng)
    for p in policy.parameters():
        p += rng.normal(0, 1, p.shape)
    for _ in range(200):
        mask = (rng.random(9) < 0.3).astype(np.int8)
        mask[rng.integers(9)] = 1
        observation = {"observation": rng.normal(0, 1, 7).astype(np.float32),
                       "action_mask": mask}
        assert mask[policy.choose(observation, rng)] == 1
        assert mask[policy.choose(observation, rng, greedy=True)] == 1
        p = policy.probabilities(observation["observation"][None].astype(np.float64),
                                 mask[None])[0]
        assert p[mask == 0].sum() == 0 and p.sum() == pytest.approx(1.0)
        assert policy.choose(observation, rng, greedy=True) == int(np.argmax(p))


@pytest.mark.parametrize("hidden", [0, 4])
def test_the_gradients_are_those_of_the_mean_log_probability(hidden):
    rng = np.random.default_rng(1)
    policy = Policy.new(5, 6, hidden, rng)
    for p in policy.parameters():
        p += rng.normal(0, 0.5, p.shape)
    xs = rng.normal(0, 1, (4, 5))
    masks = np.array([[1, 1, 0, 1, 0, 0], [0, 1, 1, 1, 1, 0], [1, 0, 0, 0, 0, 1],
                      [1, 1, 1, 1, 1, 1]], dtype=np.int8)
    actions = np.array([3, 2, 5, 0], dtype=np.intp)

    def objective() -> float:
        p = policy.probabilities(xs, masks)
        return float(np.log(p[np.arange(4), actions]).mean())

    grads = policy.gradients(xs, masks, actions, 1.0)
    for param, grad in zip(policy.parameters(), grads, strict=True):
        for index in list(np.ndindex(param.shape))[:12]:
            keep = param[index]
            param[index] = keep + 1e-6
            up = objective()
            param[index] = keep - 1e-6
            down = objective()
            param[index] = keep
            assert grad[index] == pytest.approx((up - down) / 2e-6, abs=1e-6)


def test_training_moves_the_parameters_and_records_one_point_per_block():
    env = SeatEnv("divinare", 2)
    rng = np.random.default_rng(2)
    policy = Policy.new(int(env.observation_space["observation"].shape[0]),
                        int(env.action_space.n), 3, rng)
    start = [p.copy() for p in policy.parameters()]
    policy, curve = train(env, 4, every=2, hidden=3, seed=5, policy=policy)
    assert curve.every == 2 and len(curve.wins) == 2
    assert all(0.0 <= share <= 1.0 for share in curve.wins)
    assert all(not np.array_equal(p, q) for p, q in zip(policy.parameters(), start,
                                                         strict=True))
    episode = play(env, policy, rng, seed=9)
    assert episode.masks[np.arange(len(episode.actions)), episode.actions].all()
    assert episode.total in (0.0, 1.0)


def test_the_learning_example_runs_and_returns_its_curve(tmp_path):
    example = runpy.run_path(str(EXAMPLE), run_name="learn_divinare")
    out = tmp_path / "out.json"
    result = example["run"](["--episodes", "4", "--every", "2", "--eval", "2", "--seed", "3",
                             "--json", str(out)])
    assert len(result["curve"]) == 2
    assert result["parameter_change"] > 0
    assert 0.0 <= result["untrained_win_share"] <= 1.0
    assert 0.0 <= result["trained_win_share"] <= 1.0
    assert json.loads(out.read_text()) == result


@pytest.mark.slow  # importing matplotlib takes seconds on the 2-core box
def test_the_learning_example_draws_its_curve(tmp_path):
    example = runpy.run_path(str(EXAMPLE), run_name="learn_divinare")
    png = tmp_path / "curve.png"
    assert example["plot"](Curve(50, [0.5, 0.7, 0.8]), 0.5, 0.8, png, "random")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
