#!/usr/bin/env python3
"""Simulations per second on Ray with 2 local CPUs against `--jobs 2`, and games/s per core.

  jobs      `candlelit.sim.runner.run` of the workload on `Local(2)` (what `--jobs 2` does:
            two forked processes, pool start included), timed per round.
  ray       the same games on a Ray started here with `--cpus` CPUs: Ray's start (import and
            `ray.init`) and the first task's round trip (workers import candlelit) are timed
            apart from the throughput rounds, which reuse the started Ray.
  identical whether both backends gave the same summary (they must).
  per core  every game at its usual player count, all seats `random`, then all seats
            `normal` (the game's heuristic), played one after another in this process for
            `--seconds` each (after one untimed game that loads the data): games/s of one
            core.

The workload is `make bench`'s simulation target: divinare, 4 players, 4 random bots.
Rounds alternate jobs / ray so drifting load hits both; the report takes each one's best.

Usage
  .venv/bin/python bench/ray_bench.py --json bench/results/ray.json
  .venv/bin/python bench/ray_bench.py --games 2000 --rounds 1 --seconds 1 --no-per-core
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Sequence
from typing import Any

from benchlib import fmt, load_average, markdown_table, run_meta, write_results

WORKLOAD = {"game": "divinare", "players": 4, "bots": ["random"] * 4, "seed": 0}


def _spec(games: int) -> Any:
    from candlelit.sim.runner import SimulationSpec

    return SimulationSpec(WORKLOAD["game"], WORKLOAD["players"], tuple(WORKLOAD["bots"]),
                          games, WORKLOAD["seed"])


def _timed_run(spec: Any, backend: Any) -> tuple[float, dict[str, Any]]:
    from candlelit.sim.runner import run

    start = time.perf_counter()
    summary = run(spec, backend=backend)
    return time.perf_counter() - start, summary


def _first_task(chunk: int) -> int:
    """Import the runner on a worker (as every real task does) and answer `chunk`."""
    import candlelit.sim.runner  # noqa: F401

    return chunk


def compare_backends(games: int, cpus: int, rounds: int) -> dict[str, Any]:
    """Wall times of the workload on `Local(cpus)` and on a Ray with `cpus` CPUs."""
    from candlelit.sim.backends import Local
    from candlelit.sim.ray_backend import RayCluster

    spec = _spec(games)
    start = time.perf_counter()
    import ray  # noqa: F401  (timed: part of Ray's start)

    imported = time.perf_counter() - start
    cluster = RayCluster(cpus=cpus)
    start = time.perf_counter()
    cluster.start()
    started = time.perf_counter() - start
    start = time.perf_counter()
    list(cluster.map(_first_task, list(range(cpus))))
    first = time.perf_counter() - start
    local_s: list[float] = []
    ray_s: list[float] = []
    summaries: list[dict[str, Any]] = []
    try:
        for _ in range(rounds):
            seconds, summary = _timed_run(spec, Local(cpus))
            local_s.append(seconds)
            summaries.append(summary)
            seconds, summary = _timed_run(spec, cluster)
            ray_s.append(seconds)
            summaries.append(summary)
    finally:
        start = time.perf_counter()
        cluster.close()
        stopped = time.perf_counter() - start
    best_local, best_ray = min(local_s), min(ray_s)
    return {
        "games": games, "cpus": cpus, "rounds": rounds,
        "identical": all(s == summaries[0] for s in summaries),
        "jobs": {"seconds": local_s, "games_per_s": games / best_local},
        "ray": {"import_s": imported, "init_s": started, "first_task_s": first,
                "seconds": ray_s, "games_per_s": games / best_ray, "shutdown_s": stopped},
        "ray_over_jobs": best_local / best_ray,
    }


def per_core(seconds: float) -> list[dict[str, Any]]:
    """Games/s of one process for every game's usual count, random and heuristic seats."""
    from candlelit.engine.registry import games
    from candlelit.sim.runner import SimulationSpec, play_one

    rows = []
    for game in games():
        for bot in ("random", "normal"):
            spec = SimulationSpec(game.name, game.usual_players, (bot,), 1, 0)
            play_one(spec, 0)  # untimed: loads the game's data and the bot's tables
            played, actions = 0, 0
            start = time.perf_counter()
            while played < 3 or time.perf_counter() - start < seconds:
                actions += play_one(spec, 1 + played).length
                played += 1
            wall = time.perf_counter() - start
            rows.append({"game": game.name, "players": game.usual_players, "bot": bot,
                         "games": played, "seconds": wall, "games_per_s": played / wall,
                         "actions_per_game": actions / played})
    return rows


def ray_markdown(data: dict[str, Any]) -> str:
    """The Ray section of the bench report (markdown)."""
    c = data["backends"]
    ray = c["ray"]
    lines = [f"## Ray on {c['cpus']} local CPUs vs `--jobs {c['cpus']}`", "",
             f"Workload: `candlelit simulate {WORKLOAD['game']} -n {c['games']} --players "
             f"{WORKLOAD['players']} --bots {','.join(WORKLOAD['bots'])}`, best of "
             f"{c['rounds']} alternating rounds; load average at start / end: "
             f"{data['meta'].get('load_average_start')} / {data.get('load_average_end')}.",
             ""]
    lines.append(markdown_table(
        ["backend", "games/s", "wall s (rounds)", "start s"],
        [[f"--jobs {c['cpus']}", fmt(c["jobs"]["games_per_s"]),
          ", ".join(f"{s:.2f}" for s in c["jobs"]["seconds"]), "-"],
         [f"--backend ray ({c['cpus']} CPUs)", fmt(ray["games_per_s"]),
          ", ".join(f"{s:.2f}" for s in ray["seconds"]),
          f"{ray['import_s'] + ray['init_s']:.1f}"]]))
    lines.append(f"Ray ÷ jobs throughput: {c['ray_over_jobs']:.2f}×; identical summaries: "
                 f"{'yes' if c['identical'] else 'NO'}. Ray's start, apart from throughput: "
                 f"import {ray['import_s']:.1f} s, `ray.init` {ray['init_s']:.1f} s, first "
                 f"task round trip {ray['first_task_s']:.1f} s, shutdown "
                 f"{ray['shutdown_s']:.1f} s.")
    lines.append("")
    if data.get("per_core"):
        lines += ["### Games per second per core (one process, usual player count)", ""]
        lines.append(markdown_table(
            ["game", "players", "bots", "games/s per core", "actions/game", "games"],
            [[r["game"], str(r["players"]), r["bot"], fmt(r["games_per_s"]),
              fmt(r["actions_per_game"]), str(r["games"])] for r in data["per_core"]]))
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the comparison (and the per-core table), print markdown, write JSON if asked."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--cpus", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=3.0, help="per per-core case")
    ap.add_argument("--no-per-core", action="store_true")
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args(argv)
    if importlib.util.find_spec("ray") is None:
        print("ray_bench: Ray is not installed (pip install 'candlelit[ray]')",
              file=sys.stderr)
        return 0
    data: dict[str, Any] = {"meta": run_meta()}
    data["backends"] = compare_backends(args.games, args.cpus, args.rounds)
    if not args.no_per_core:
        data["per_core"] = per_core(args.seconds)
    data["load_average_end"] = load_average()
    sys.stdout.write(ray_markdown(data))
    if args.json:
        write_results(args.json, data)
    return 0 if data["backends"]["identical"] else 1


if __name__ == "__main__":
    sys.exit(main())
