#!/usr/bin/env python3
"""candlelit engine speed: random playouts, state-method costs, simulation throughput.

For every registered game (`candlelit.engine.registry.games()`) and every player count of
its spec, in one process:

  playout   uniformly random games from `candlelit.load(name, n, seed=i)` (i = 0, 1, ...)
            to the end, each step `p = s.current_player(); la = s.legal_actions(p);
            s.apply_action(la[int(r() * len(la))], p)` with `r = random.Random(k).random`.
            Timed with `time.perf_counter` over a wall budget split into slices; load and
            internal chance are inside the loop and charged to the player actions.
  +iss      the same loop plus one `s.information_state_string(p)` for the seat to act at
            every step (the like-for-like number for peers that build an observation per
            step: PettingZoo, RLCard).
  +key      the same loop plus one `s.information_state_key(p)` for the seat to act at
            every step (what a search pays to key its nodes; the target is at most 2x
            the plain playout).
  methods   clone(), view(seat), view(None), information_state_string(seat), serialize(),
            resample(seat, rng), averaged over states sampled uniformly along random
            playouts (seat = the seat to act in the sampled state).

A calibration loop (a toy pure-Python card game: copy and shuffle 52 cards, deal 4 x 13,
52 random plays with list.remove) runs first and last, so that machine noise and other
machines can be put in scale; it does the same work as the calib_pyloop case of
shared/bench/peers.py.

Last, the simulation target: `candlelit simulate divinare -n 10000 --players 4 --bots
random,random,random,random --jobs 2 --json` in a subprocess, wall clock including process
start ("skipped: not available" while `candlelit.sim.runner` does not exist).

Usage
  .venv/bin/python bench/engine_bench.py                       # everything, 3 s per case
  .venv/bin/python bench/engine_bench.py --seconds 1 --no-sim  # quick look
  .venv/bin/python bench/engine_bench.py --only divinare --json bench/results/engine.json
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib.util
import itertools
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import candlelit
from benchlib import ROOT, fmt, load_average, markdown_table, run_meta
from candlelit.engine.registry import GameSpec, games
from candlelit.engine.state import TERMINAL, State

SEED = 20240601
"""Base of the bench's own RNG keys (playout choices, state sampling, resample)."""

Unit = Callable[[], int]
"""Plays one game (or one calibration hand) and returns the number of actions taken."""

MethodCall = Callable[[State, int], object]

SIM_TARGET_S = 10.0


# -- timing ---------------------------------------------------------------------------

def timed(unit: Unit, seconds: float, segments: int, warmup: float = 0.2) -> dict[str, Any]:
    """Run `unit` repeatedly for `seconds` of wall time in `segments` slices.

    Returns games, actions, wall and CPU time, the rates, and the games/s of each slice
    with their spread ((max - min) / median, in %) so that noise is visible.
    """
    end = time.perf_counter() + warmup
    while time.perf_counter() < end:
        unit()
    gc.collect()
    per_segment = seconds / max(1, segments)
    total_games = total_actions = 0
    wall = cpu = 0.0
    rates: list[float] = []
    for _ in range(max(1, segments)):
        played = actions = 0
        c0 = time.process_time()
        t0 = now = time.perf_counter()
        end = t0 + per_segment
        while now < end:
            actions += unit()
            played += 1
            now = time.perf_counter()
        dt = now - t0
        cpu += time.process_time() - c0
        wall += dt
        total_games += played
        total_actions += actions
        rates.append(played / dt)
    median = statistics.median(rates)
    out: dict[str, Any] = {
        "games": total_games,
        "actions": total_actions,
        "wall_s": round(wall, 4),
        "cpu_over_wall": round(cpu / wall, 3),
        "games_per_s": total_games / wall,
        "actions_per_s": total_actions / wall,
        "us_per_action": 1e6 * wall / total_actions if total_actions else None,
        "mean_actions_per_game": total_actions / total_games,
        "segment_games_per_s": [round(r, 2) for r in rates],
        "segment_spread_pct": round(100 * (max(rates) - min(rates)) / median, 1)
        if median else None,
    }
    return out


# -- random playouts --------------------------------------------------------------------

def playout_unit(name: str, players: int, key: int, observe: str = "") -> Unit:
    """One uniformly random game per call, seeds 0, 1, 2, ... in turn; with `observe` the
    name of a State method of the seat ("information_state_string" or
    "information_state_key"), that method is called for the seat to act at every step."""
    r = random.Random(key).random
    load = candlelit.load
    seeds = itertools.count()
    terminal = TERMINAL

    if observe:
        def unit() -> int:
            s = load(name, players, seed=next(seeds))
            look = getattr(s, observe)
            n = 0
            while True:
                p = s.current_player()
                if p == terminal:
                    return n
                look(p)
                la = s.legal_actions(p)
                s.apply_action(la[int(r() * len(la))], p)
                n += 1
        return unit

    def plain() -> int:
        s = load(name, players, seed=next(seeds))
        n = 0
        while True:
            p = s.current_player()
            if p == terminal:
                return n
            la = s.legal_actions(p)
            s.apply_action(la[int(r() * len(la))], p)
            n += 1
    return plain


def check_playouts(name: str, players: int, games_to_check: int = 3) -> None:
    """Play a few guarded games first so that a broken game cannot hang the timed loop."""
    rng = random.Random(SEED)
    for seed in range(games_to_check):
        s = candlelit.load(name, players, seed=seed)
        limit = s.max_game_length()
        steps = 0
        while s.current_player() != TERMINAL:
            p = s.current_player()
            la = s.legal_actions(p)
            if not la:
                raise RuntimeError(f"{name}/{players}p seed {seed}: seat {p} to act has no "
                                   f"legal action at step {steps}")
            s.apply_action(la[rng.randrange(len(la))], p)
            steps += 1
            if steps > limit:
                raise RuntimeError(f"{name}/{players}p seed {seed}: longer than "
                                   f"max_game_length() = {limit}")
        if not s.is_terminal():
            raise RuntimeError(f"{name}/{players}p seed {seed}: TERMINAL but not is_terminal()")


# -- per-call costs -------------------------------------------------------------------------

def sample_states(name: str, players: int, count: int, key: int) -> list[tuple[State, int]]:
    """`count` (state, seat to act) pairs drawn uniformly from every decision state of
    random games (at least three times as many states as drawn, so several games)."""
    rng = random.Random(key)
    pool: list[tuple[State, int]] = []
    seed = 1_000_000
    while len(pool) < 3 * count:
        s = candlelit.load(name, players, seed=seed)
        seed += 1
        while not s.is_terminal():
            p = s.current_player()
            pool.append((s.clone(), p))
            la = s.legal_actions(p)
            s.apply_action(la[rng.randrange(len(la))], p)
    return rng.sample(pool, count)


def per_call_us(call: MethodCall, samples: Sequence[tuple[State, int]], budget: float) -> float:
    """Mean microseconds of `call(state, seat)` over whole passes through `samples`."""
    for s, p in samples[:5]:
        call(s, p)
    calls = 0
    t0 = time.perf_counter()
    end = t0 + budget
    while True:
        for s, p in samples:
            call(s, p)
        calls += len(samples)
        if time.perf_counter() >= end:
            break
    return 1e6 * (time.perf_counter() - t0) / calls


def method_costs(name: str, players: int, samples_n: int, budget: float) -> dict[str, float]:
    """µs per call of the state methods a bot or a search pays for, on sampled states."""
    samples = sample_states(name, players, samples_n, SEED + 1)
    rng = random.Random(SEED + 2)
    calls: dict[str, MethodCall] = {
        "clone": lambda s, p: s.clone(),
        "view_seat": lambda s, p: s.view(p),
        "view_spectator": lambda s, p: s.view(None),
        "information_state_string": lambda s, p: s.information_state_string(p),
        "serialize": lambda s, p: s.serialize(),
        "resample": lambda s, p: s.resample(p, rng),
    }
    return {key: per_call_us(call, samples, budget) for key, call in calls.items()}


# -- calibration ------------------------------------------------------------------------------

def calibration_unit(key: int) -> Unit:
    """A toy pure-Python hand: shuffle a copy of 52 cards, deal 4 x 13, 52 random plays."""
    rng = random.Random(key)
    shuffle, randrange = rng.shuffle, rng.randrange
    cards = list(range(52))

    def unit() -> int:
        deck = cards.copy()
        shuffle(deck)
        hands = [deck[13 * seat:13 * seat + 13] for seat in range(4)]
        plays = 0
        for _trick in range(13):
            for hand in hands:
                hand.remove(hand[randrange(len(hand))])
                plays += 1
        return plays

    return unit


def calibrate(label: str, seconds: float, segments: int) -> dict[str, Any]:
    """The calibration loop as one result row."""
    row = timed(calibration_unit(SEED), seconds, segments)
    row.update(case=label, library="python", kind="calibration",
               note="toy pure-Python hand: copy+shuffle 52, deal 4x13, 52 random plays "
                    "(list.remove); 'actions' = plays")
    return row


# -- simulation throughput -------------------------------------------------------------------

def candlelit_command() -> str | None:
    """The `candlelit` console script beside this interpreter, else the one on PATH."""
    here = Path(sys.executable).parent / "candlelit"
    if here.exists():
        return str(here)
    return shutil.which("candlelit")


def simulation(games_n: int, jobs: int, timeout: float) -> dict[str, Any]:
    """Wall time of `candlelit simulate divinare ...` (4 random bots) in a subprocess."""
    exe = candlelit_command()
    bots = ",".join(["random"] * 4)
    argv = [exe or "candlelit", "simulate", "divinare", "-n", str(games_n), "--players", "4",
            "--bots", bots, "--jobs", str(jobs), "--json"]
    out: dict[str, Any] = {"command": " ".join(["candlelit", *argv[1:]]), "games": games_n,
                           "jobs": jobs, "players": 4, "target_s": SIM_TARGET_S}
    if exe is None:
        return {**out, "status": "skipped", "reason": "not available (no candlelit command)"}
    try:
        missing = importlib.util.find_spec("candlelit.sim.runner") is None
    except ImportError:
        missing = True
    if missing:
        return {**out, "status": "skipped",
                "reason": "not available (candlelit.sim.runner is not there yet)"}
    t0 = time.perf_counter()
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                              check=False, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return {**out, "status": "failed", "reason": f"timed out after {timeout:.0f} s",
                "seconds": None}
    seconds = time.perf_counter() - t0
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["(no output)"]
        if "No module named 'candlelit" in done.stderr:
            return {**out, "status": "skipped", "reason": f"not available ({tail[0]})"}
        return {**out, "status": "failed",
                "reason": f"exit {done.returncode}: {tail[0][:200]}", "seconds": seconds}
    summary: Any = None
    try:
        summary = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        summary = None
    reported = summary.get("games") if isinstance(summary, dict) else None
    out.update(status="ok", seconds=round(seconds, 3), games_per_s=games_n / seconds,
               met=seconds < SIM_TARGET_S,
               summary_keys=sorted(summary) if isinstance(summary, dict) else None,
               reported_games=reported if isinstance(reported, int) else None)
    if isinstance(reported, int) and reported != games_n:
        out["warning"] = f"the summary reports {reported} games, not {games_n}"
    return out


# -- output ---------------------------------------------------------------------------------

ENGINE_COLUMNS = ("case", "games/s", "actions/s", "µs/action", "actions/game",
                  "µs/action +iss", "µs/action +key", "key/plain", "clone µs", "view(seat) µs",
                  "view(None) µs", "iss(seat) µs", "serialize µs", "resample µs", "spread %")


def case_cells(row: dict[str, Any]) -> list[str]:
    """One table row of engine results (a calibration row leaves the method columns empty)."""
    if "error" in row:
        return [row["case"], "ERROR: " + row["error"][:80]] + [""] * (len(ENGINE_COLUMNS) - 2)
    m = row.get("method_us", {})
    return [
        row["case"], fmt(row.get("games_per_s")), fmt(row.get("actions_per_s")),
        fmt(row.get("us_per_action"), 2), fmt(row.get("mean_actions_per_game")),
        fmt(row.get("iss_playout", {}).get("us_per_action"), 1),
        fmt(row.get("key_playout", {}).get("us_per_action"), 2),
        fmt(key_ratio(row), 2),
        fmt(m.get("clone"), 2), fmt(m.get("view_seat"), 1), fmt(m.get("view_spectator"), 1),
        fmt(m.get("information_state_string"), 1), fmt(m.get("serialize"), 1),
        fmt(m.get("resample"), 1), fmt(row.get("segment_spread_pct")),
    ]


def key_ratio(row: dict[str, Any]) -> float | None:
    """µs/action of the playout with a key per step ÷ the plain playout's (None if missing)."""
    keyed = row.get("key_playout", {}).get("us_per_action")
    plain = row.get("us_per_action")
    return keyed / plain if keyed and plain else None


def simulation_line(sim: dict[str, Any]) -> str:
    """The simulation target as one sentence."""
    head = f"simulation ({sim['command']})"
    if sim["status"] == "skipped":
        return f"{head}: skipped: {sim['reason']}"
    if sim["status"] == "failed":
        return f"{head}: FAILED: {sim['reason']}"
    verdict = "meets" if sim["met"] else "MISSES"
    return (f"{head}: {sim['seconds']:.2f} s wall, {sim['games_per_s']:,.0f} games/s "
            f"({verdict} the < {sim['target_s']:.0f} s target)")


def rows_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Calibration start, the game cases, calibration end, in run order."""
    calib: list[dict[str, Any]] = data.get("calibration", [])
    cases: list[dict[str, Any]] = data.get("cases", [])
    return calib[:1] + cases + calib[1:]


def print_tables(data: dict[str, Any]) -> None:
    """A Rich table of the run on stdout (wide enough when piped to a file)."""
    console = Console()
    if not console.is_terminal:
        console = Console(width=200)
    meta = data["meta"]
    table = Table(title=f"candlelit engine bench  {meta['date_utc']}  python {meta['python']}  "
                        f"{meta['cpu_count']} cpus  {data['settings']['seconds']:g} s/case")
    for i, col in enumerate(ENGINE_COLUMNS):
        table.add_column(col, justify="left" if i == 0 else "right", no_wrap=True)
    for row in rows_of(data):
        table.add_row(*case_cells(row))
    console.print(table)
    if "simulation" in data:
        console.print(simulation_line(data["simulation"]), highlight=False)


def markdown(data: dict[str, Any]) -> str:
    """The same table and the simulation line as markdown."""
    rows = [case_cells(row) for row in rows_of(data)]
    text = markdown_table(ENGINE_COLUMNS, rows)
    if "simulation" in data:
        text += "\n" + simulation_line(data["simulation"]) + "\n"
    return text


# -- main --------------------------------------------------------------------------------------

OBSERVED_PLAYOUTS = (("iss_playout", "information_state_string", 0.0),
                    ("key_playout", "information_state_key", 0.2))
"""(result field, State method called per step, warm-up seconds) of the observed playouts:
the key loop warms up like the plain one, since its figure is read as a ratio to it."""


def bench_case(spec: GameSpec, players: int, args: argparse.Namespace) -> dict[str, Any]:
    """Every measurement of one game at one player count."""
    name = spec.name
    check_playouts(name, players)
    row = timed(playout_unit(name, players, SEED), args.seconds, args.segments)
    iss_seconds = args.iss_seconds if args.iss_seconds is not None else max(1.0, args.seconds / 3)
    if iss_seconds > 0:
        for field, method, warmup in OBSERVED_PLAYOUTS:
            loop = timed(playout_unit(name, players, SEED, observe=method), iss_seconds, 1,
                         warmup=warmup)
            row[field] = {k: loop[k] for k in ("games", "actions", "wall_s", "us_per_action",
                                               "games_per_s")}
    if args.method_seconds > 0:
        row["method_us"] = method_costs(name, players, args.samples, args.method_seconds)
        row["method_samples"] = args.samples
    row.update(case=f"candlelit:{name}/{players}p", library="candlelit",
               kind="random-playout", game=name, players=players,
               rules_version=spec.rules_version)
    return row


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0,
                    help="wall budget of each random-playout case and calibration (default 3)")
    ap.add_argument("--segments", type=int, default=3, help="slices per case (spread column)")
    ap.add_argument("--iss-seconds", type=float, default=None,
                    help="budget of each playout with an information-state string or key "
                         "per step (default max(1, seconds/3); 0 skips them)")
    ap.add_argument("--method-seconds", type=float, default=0.4,
                    help="budget per state method (clone, view, ...; 0 skips them)")
    ap.add_argument("--samples", type=int, default=240,
                    help="states sampled along random playouts for the method costs")
    ap.add_argument("--only", default="", help="comma-separated game names to run")
    ap.add_argument("--no-sim", action="store_true", help="skip the simulation target")
    ap.add_argument("--sim-games", type=int, default=10_000)
    ap.add_argument("--sim-jobs", type=int, default=2)
    ap.add_argument("--sim-timeout", type=float, default=180.0)
    ap.add_argument("--json", default="", help="write the results as JSON to this file")
    ap.add_argument("--md", default="", help="write the table as markdown to this file")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bench; exit status 1 if a game case raised."""
    args = parse_args(argv)
    specs = games()
    if args.only:
        wanted = {w.strip() for w in args.only.split(",") if w.strip()}
        unknown = wanted - {s.name for s in specs}
        if unknown:
            print(f"unknown game(s): {', '.join(sorted(unknown))} "
                  f"(known: {', '.join(s.name for s in specs)})", file=sys.stderr)
            return 2
        specs = [s for s in specs if s.name in wanted]
    data: dict[str, Any] = {
        "meta": {**run_meta(), "candlelit": candlelit.__version__, "seed": SEED},
        "settings": {k: v for k, v in vars(args).items() if k not in ("json", "md")},
        "calibration": [],
        "cases": [],
    }

    def progress(label: str, job: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        print(f"  running {label:<34}", end="", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        result = job()
        print(f" {time.perf_counter() - t0:5.1f}s", file=sys.stderr)
        return result

    print(f"engine_bench  {data['meta']['date_utc']}  python {data['meta']['python']}  "
          f"{args.seconds:g} s/case", file=sys.stderr)
    failed = False
    data["calibration"].append(progress("calib_pyloop_start", lambda: calibrate(
        "calib_pyloop_start", args.seconds, args.segments)))
    for spec in specs:
        for players in spec.player_counts:
            label = f"candlelit:{spec.name}/{players}p"
            try:
                row = progress(label, functools.partial(bench_case, spec, players, args))
            except Exception as exc:
                print(f" ERROR {type(exc).__name__}: {exc}", file=sys.stderr)
                row = {"case": label, "library": "candlelit", "kind": "random-playout",
                       "game": spec.name, "players": players,
                       "error": f"{type(exc).__name__}: {exc}"}
                failed = True
            data["cases"].append(row)
    data["calibration"].append(progress("calib_pyloop_end", lambda: calibrate(
        "calib_pyloop_end", args.seconds, args.segments)))
    if not args.no_sim:
        data["simulation"] = progress("simulation", lambda: simulation(
            args.sim_games, args.sim_jobs, args.sim_timeout))
    data["meta"]["load_average_end"] = load_average()

    print_tables(data)
    if args.md:
        Path(args.md).parent.mkdir(parents=True, exist_ok=True)
        Path(args.md).write_text(markdown(data), encoding="utf-8")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                                   encoding="utf-8")
        print(f"wrote {args.json}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
