#!/usr/bin/env python3
"""Teach a masked policy to play 2-player Divinare against the random bot, with numpy alone.

The agent sits at seat 0 of `candlelit.rl.gymnasium.SeatEnv` (the other seat is played by a
candlelit bot, `random` unless `--opponent` says otherwise) and learns by REINFORCE with a
baseline (`candlelit.rl.reinforce`): a softmax over the legal actions of linear scores of the
seat's observation tensor (`--hidden N` adds a tanh layer). Illegal actions have probability 0.

It prints the win share of the untrained policy, the learning curve (the win share of every
`--every` training episodes) and the win share of the trained policy, each measured over
`--eval` fresh games; `--plot curve.png` draws the curve (matplotlib), `--json out.json` saves
the numbers.

    PYTHONPATH=src python examples/learn_divinare.py                  # 3000 episodes
    PYTHONPATH=src python examples/learn_divinare.py --episodes 300 --every 50 --eval 100
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from candlelit.rl.gymnasium import SeatEnv
from candlelit.rl.reinforce import Curve, Policy, train, win_share

EVAL_SEED = 1_000_003
"""The first evaluation game's seed: evaluations play other deals than training."""


def plot(curve: Curve, before: float, after: float, path: Path, opponent: str) -> bool:
    """Draw the curve to `path` (PNG); False when matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ends = [curve.every * (k + 1) for k in range(len(curve.wins))]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(ends, curve.wins, marker="o", label=f"while training (every {curve.every})")
    ax.axhline(before, color="grey", linestyle="--", label=f"untrained: {before:.3f}")
    ax.axhline(after, color="green", linestyle=":", label=f"trained: {after:.3f}")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win share of seat 0")
    ax.set_ylim(0, 1)
    ax.set_title(f"Divinare, 2 players: masked REINFORCE against the {opponent} bot")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def run(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Train and measure as the command line says; the numbers as a dict."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--episodes", type=int, default=3000, help="training episodes")
    ap.add_argument("--every", type=int, default=100, help="episodes per curve point")
    ap.add_argument("--eval", type=int, default=1000, help="games per win-share measurement")
    ap.add_argument("--rate", type=float, default=0.003, help="Adam's step size")
    ap.add_argument("--hidden", type=int, default=0, help="hidden tanh units (0: linear)")
    ap.add_argument("--opponent", default="random", help="the other seat's candlelit bot")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plot", type=Path, help="write the learning curve as a PNG here")
    ap.add_argument("--json", type=Path, help="write the numbers as JSON here")
    args = ap.parse_args(argv)

    env = SeatEnv("divinare", 2, seat=0, opponents=args.opponent)
    rng = np.random.default_rng(args.seed)
    features, actions = env.state.observation_layout().size, env.state.num_distinct_actions()
    policy = Policy.new(features, actions, args.hidden, rng)
    start = [p.copy() for p in policy.parameters()]
    t0 = time.perf_counter()
    before = win_share(env, policy, args.eval, EVAL_SEED)
    t1 = time.perf_counter()
    policy, curve = train(env, args.episodes, every=args.every, rate=args.rate,
                          hidden=args.hidden, seed=args.seed, policy=policy)
    t2 = time.perf_counter()
    after = win_share(env, policy, args.eval, EVAL_SEED)
    t3 = time.perf_counter()
    moved = float(sum(np.abs(p - q).sum() for p, q in zip(policy.parameters(), start,
                                                          strict=True)))
    result: dict[str, Any] = {
        "opponent": args.opponent, "episodes": args.episodes, "every": args.every,
        "eval_games": args.eval, "rate": args.rate, "hidden": args.hidden, "seed": args.seed,
        "untrained_win_share": before, "trained_win_share": after, "curve": curve.wins,
        "parameter_change": moved, "train_seconds": round(t2 - t1, 2),
        "eval_seconds": round((t1 - t0) + (t3 - t2), 2),
    }
    print(f"untrained policy: wins {before:.3f} of {args.eval} games against {args.opponent}")
    for k, share in enumerate(curve.wins):
        print(f"  episodes {k * args.every + 1:>6}–{(k + 1) * args.every:<6} "
              f"win share {share:.3f}  {'#' * round(40 * share)}")
    print(f"trained policy:   wins {after:.3f} of {args.eval} games "
          f"({args.episodes} episodes in {t2 - t1:.1f} s)")
    if args.plot is not None:
        drawn = plot(curve, before, after, args.plot, args.opponent)
        print(f"wrote {args.plot}" if drawn else "no matplotlib: no plot (pip install "
              "'candlelit[plots]')")
        result["plot"] = str(args.plot) if drawn else None
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    return result


if __name__ == "__main__":
    run(sys.argv[1:])
