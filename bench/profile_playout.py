#!/usr/bin/env python3
"""Profile uniformly random playouts (the engine_bench loop) with cProfile.

Prints the hottest functions by own time, with calls, µs per call and share of the
profiled time, then the same list by cumulative time. cProfile roughly doubles the cost of
every Python call, so read the shares, not the absolute times, and compare with
engine_bench.py's unprofiled µs/action.

  --what playout   the engine_bench loop (load + current_player/legal_actions/apply_action)
  --what sim       candlelit.sim.runner.play_one, the loop `candlelit simulate` runs per game
  --what iss       the playout loop with one information_state_string per step

Usage
  .venv/bin/python bench/profile_playout.py --players 4 --games 300
  .venv/bin/python bench/profile_playout.py --what sim --games 300 --out /tmp/sim.prof
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Callable, Sequence

import candlelit
from candlelit.engine.state import TERMINAL


def playouts(game: str, players: int, games_n: int, with_iss: bool) -> Callable[[], int]:
    """The engine_bench loop over `games_n` games; returns the number of actions."""
    def body() -> int:
        r = random.Random(20240601).random
        actions = 0
        for seed in range(games_n):
            s = candlelit.load(game, players, seed=seed)
            while True:
                p = s.current_player()
                if p == TERMINAL:
                    break
                if with_iss:
                    s.information_state_string(p)
                la = s.legal_actions(p)
                s.apply_action(la[int(r() * len(la))], p)
                actions += 1
        return actions
    return body


def simulation(game: str, players: int, games_n: int) -> Callable[[], int]:
    """The simulation runner's per-game loop with random bots, in this process."""
    from candlelit.sim.runner import SimulationSpec, play_one

    spec = SimulationSpec(game=game, players=players, bots=("random",) * players,
                          games=games_n, seed=0)

    def body() -> int:
        return sum(play_one(spec, i).length for i in range(games_n))
    return body


def main(argv: Sequence[str] | None = None) -> int:
    """Time the body once unprofiled, then profile it and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="divinare")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--what", choices=("playout", "sim", "iss"), default="playout")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--out", default="", help="also save the raw profile (pstats file)")
    args = ap.parse_args(argv)
    if args.what == "sim":
        body = simulation(args.game, args.players, args.games)
    else:
        body = playouts(args.game, args.players, args.games, args.what == "iss")

    candlelit.load(args.game, args.players, seed=0)  # imports and board data, not timed
    t0 = time.perf_counter()
    actions = body()
    wall = time.perf_counter() - t0
    print(f"{args.what} {args.game}/{args.players}p, {args.games} games, {actions} actions: "
          f"{wall:.3f} s unprofiled = {1e6 * wall / actions:.2f} µs/action, "
          f"{args.games / wall:,.0f} games/s")

    profiler = cProfile.Profile()
    profiler.enable()
    body()
    profiler.disable()
    if args.out:
        profiler.dump_stats(args.out)
    stats = pstats.Stats(profiler, stream=io.StringIO())
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in raw.values())
    print(f"profiled: {total:.3f} s of own time in {len(raw)} functions\n")
    for key, title in ((2, "own time (tottime)"), (3, "cumulative time")):
        rows = sorted(raw.items(), key=lambda kv: kv[1][key], reverse=True)[:args.top]
        print(f"top {args.top} by {title}")
        print(f"{'calls':>10} {'own s':>8} {'own %':>6} {'cum s':>8} {'µs/call':>8}  function")
        for (path, line, func), (_cc, calls, own, cum, _callers) in rows:
            where = f"{path.split('/src/')[-1]}:{line}" if line else path
            per = 1e6 * (own if key == 2 else cum) / calls if calls else 0.0
            print(f"{calls:>10,} {own:>8.3f} {100 * own / total:>5.1f}% {cum:>8.3f} "
                  f"{per:>8.2f}  {func} ({where})")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
