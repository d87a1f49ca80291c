#!/usr/bin/env python3
"""candlelit through PettingZoo: µs per action of random playouts of the AEC environment with
an observation at every step, per game at its usual player count.

The loop is the one shared/bench/peers.py times for PettingZoo's own games (`pz-raw:*`,
`pz:*`), so report.py can put the numbers side by side:

    env.reset()
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()   # tensor + mask
        if terminated or truncated: env.step(None); continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))

Cases: `candlelit-pz-raw:<game>/<n>p` (`candlelit.rl.pettingzoo.raw_env`, no wrappers, as
PettingZoo's `raw_env`) and `candlelit-pz:<game>/<n>p` (`env`, with the classic wrappers).
Reset (the deal) and the finished seats' last steps are inside the loop, charged to the
player actions. A game whose observation tensor is not written yet is reported as an error.

Usage
  .venv/bin/python bench/pettingzoo_bench.py --seconds 3 --json bench/results/pettingzoo.json
  .venv/bin/python bench/pettingzoo_bench.py --seconds 1 --only divinare --players 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

import candlelit
from benchlib import PETTINGZOO_JSON, fmt, load_average, markdown_table, run_meta
from candlelit.engine.registry import games
from candlelit.rl import pettingzoo as cz
from engine_bench import Unit, timed

SEED = 20240601
"""The environments' reset seed and the key of the random choices."""
MAKERS = (("candlelit-pz-raw", cz.raw_env), ("candlelit-pz", cz.env))


def playout_unit(make: Any, game: str, players: int) -> Unit:
    """One random game through the AEC environment per call; the player actions taken."""
    env = make(game, players, seed=SEED)
    env.reset(seed=SEED)
    rng = random.Random(SEED)
    flat = np.flatnonzero

    def unit() -> int:
        env.reset()
        actions = 0
        for _agent in env.agent_iter():
            observation, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = flat(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            actions += 1
        return actions
    return unit


def main(argv: Sequence[str] | None = None) -> int:
    """Run every case; write the JSON; exit 0 even when a game's tensor is missing."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="wall budget per case")
    ap.add_argument("--segments", type=int, default=3, help="slices per case (spread)")
    ap.add_argument("--only", default="", help="comma-separated game names")
    ap.add_argument("--players", type=int, default=0,
                    help="player count (default: each game's usual count)")
    ap.add_argument("--json", default=str(PETTINGZOO_JSON), help="results file to write")
    args = ap.parse_args(argv)
    wanted = {w.strip() for w in args.only.split(",") if w.strip()}
    data: dict[str, Any] = {
        "meta": {**run_meta(), "candlelit": candlelit.__version__, "seed": SEED},
        "settings": {k: v for k, v in vars(args).items() if k != "json"},
        "cases": [],
    }
    for spec in games():
        if wanted and spec.name not in wanted:
            continue
        players = args.players or spec.usual_players
        for label, make in MAKERS:
            case = f"{label}:{spec.name}/{players}p"
            print(f"  running {case:<40}", end="", file=sys.stderr, flush=True)
            row: dict[str, Any] = {"case": case, "library": "candlelit-pettingzoo",
                                   "kind": "random-playout", "game": spec.name,
                                   "players": players, "wrapped": make is cz.env}
            try:
                row.update(timed(playout_unit(make, spec.name, players), args.seconds,
                                 args.segments))
                print(f" {row['us_per_action']:8.2f} µs/action", file=sys.stderr)
            except Exception as exc:  # a game without its tensor yet: say so, go on
                row["error"] = f"{type(exc).__name__}: {exc}"
                print(f" ERROR {row['error']}", file=sys.stderr)
            data["cases"].append(row)
    data["meta"]["load_average_end"] = load_average()
    rows = [[c["case"], fmt(c.get("us_per_action"), 2), fmt(c.get("games_per_s")),
             fmt(c.get("mean_actions_per_game")), c.get("error", "")] for c in data["cases"]]
    print(markdown_table(["case", "µs/action", "games/s", "actions/game", "error"], rows))
    path = Path(args.json)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
