#!/usr/bin/env python3
"""candlelit through its OpenSpiel registration: random playouts and ISMCTS iteration rates.

  playout   for every registered game at its usual player count, uniformly random games
            through `pyspiel.load_game("candlelit_<game>")`, the loop of shared/bench/peers.py's
            `os:` cases (`state.legal_actions()`, `state.apply_action(...)` on the pyspiel
            state; the one chance node picks a uniform outcome by index): plain, with
            `state.observation_tensor(seat)` for the seat to act at every step (a list of
            floats through OpenSpiel's C++ side, as its RL environment reads it), and with
            `make_observation(game).set_from(state, seat)` instead (the python observer's
            numpy tensor, filled in place). µs per player action.
  ismcts    at search_bench.py's decision (4 players, the heuristic plays seed 11 until after
            60 actions a seat has three or more legal actions): candlelit's `ismcts:<N>` with
            the rollouts of the game's `hard` bot (random: `:epsilon=1`, in every shipped
            game) and OpenSpiel's python ISMCTS bot (uct_c 2, one random rollout
            per leaf, as peers.py's `os-ismcts-py` cases) on the same decision through the
            registration, N iterations each; iterations per second. report.py prints them
            beside peers.py's `os-ismcts-py` cases (OpenSpiel's bot on its own C++ games).

Usage
  .venv/bin/python bench/openspiel_bench.py --seconds 1 --json bench/results/openspiel.json
  .venv/bin/python bench/openspiel_bench.py --only divinare --iterations 20
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from benchlib import OPENSPIEL_JSON, fmt, markdown_table, run_meta
from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.registry import GameSpec, games, get
from candlelit.rl import openspiel
from search_bench import PLAYERS, decision_point

SEED = 20240601


def playout_unit(spec: GameSpec, observe: str) -> Callable[[], int]:
    """One uniformly random game through the registration per call; its player actions.
    `observe`: "" (none), "tensor" (`state.observation_tensor(seat)` every step) or
    "observer" (`make_observation(game).set_from(state, seat)` every step)."""
    table = openspiel.load_game(spec.name, spec.usual_players)
    r = random.Random(SEED).random
    observer = make_observation(table) if observe == "observer" else None

    def unit() -> int:
        state = table.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(r() * len(outcomes))][0])
                continue
            if observe == "tensor":
                state.observation_tensor(state.current_player())
            elif observer is not None:
                observer.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(r() * len(legal))])
            actions += 1
        return actions
    return unit


def timed(unit: Callable[[], int], seconds: float) -> dict[str, Any]:
    """Games, actions and µs per action of `unit` over `seconds` of wall time."""
    unit()  # warm-up: loads, caches
    games_n = actions = 0
    start = now = time.perf_counter()
    while now - start < seconds:
        actions += unit()
        games_n += 1
        now = time.perf_counter()
    wall = now - start
    return {"games": games_n, "actions": actions, "wall_s": round(wall, 4),
            "us_per_action": 1e6 * wall / actions, "mean_actions_per_game": actions / games_n}


def rollouts(game: str) -> str:
    """The rollout settings of the game's `hard` bot (`:epsilon=1`: random rollouts in every
    shipped game), as a bot-name tail."""
    name, _, tail = get(game).hard_bot.partition(":")
    extras = tail.split(":")[1:] if name == "ismcts" else []
    return "".join(f":{extra}" for extra in extras)


def ismcts_rates(game: str, iterations: int) -> dict[str, Any]:
    """Iterations per second of candlelit's and OpenSpiel's ISMCTS at one decision."""
    world = decision_point(game)
    seat = world.current_player()
    legal = world.legal_actions(seat)
    bot = make_bot(f"ismcts:{iterations}{rollouts(game)}", game, seat, 3)
    start = time.perf_counter()
    bot.act(SeatObservation(world, seat), legal)
    mine = time.perf_counter() - start
    table = openspiel.load_game(game, PLAYERS)
    state = table.new_initial_state()
    state.apply_action(world.seed)
    for _, action in world.history:
        state.apply_action(action)
    assert state.world() == world and state.current_player() == seat
    noise = np.random.RandomState(SEED)
    theirs = ismcts.ISMCTSBot(table, mcts.RandomRolloutEvaluator(1, noise), 2.0, iterations,
                              random_state=noise)
    sampler = pyspiel.UniformProbabilitySampler(SEED, 0.0, 1.0)
    theirs.set_resampler(lambda s, p: s.resample_from_infostate(p, sampler))
    start = time.perf_counter()
    theirs.step(state)
    spent = time.perf_counter() - start
    return {"game": game, "players": PLAYERS, "after": len(world.history), "legal": len(legal),
            "iterations": iterations, "candlelit_bot": f"ismcts:{iterations}{rollouts(game)}",
            "candlelit_per_s": iterations / mine,
            "openspiel_per_s": iterations / spent}


def main() -> int:
    """Run both parts for every game (or --only), print a table, write --json."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=1.0, help="budget per playout case")
    ap.add_argument("--iterations", type=int, default=20, help="ISMCTS iterations per search")
    ap.add_argument("--only", default="", help="comma-separated game names")
    ap.add_argument("--json", default=str(OPENSPIEL_JSON), help="where to write the results")
    args = ap.parse_args()
    wanted = {w for w in args.only.split(",") if w}
    specs = [s for s in games() if not wanted or s.name in wanted]
    data: dict[str, Any] = {"meta": run_meta(), "seconds": args.seconds, "playouts": [],
                            "ismcts": []}
    for spec in specs:
        print(f"  openspiel:{spec.name}/{spec.usual_players}p", end="", file=sys.stderr,
              flush=True)
        row: dict[str, Any] = {"case": f"openspiel:{spec.name}/{spec.usual_players}p",
                               "game": spec.name, "players": spec.usual_players,
                               **timed(playout_unit(spec, ""), args.seconds)}
        for observe in ("tensor", "observer"):
            try:
                row[observe] = timed(playout_unit(spec, observe), args.seconds)
            except NotImplementedError as exc:  # a game without its observation tensor yet
                row[observe] = {"error": f"NotImplementedError: {exc}"}
        data["playouts"].append(row)
        try:
            data["ismcts"].append(ismcts_rates(spec.name, args.iterations))
        except SystemExit as exc:  # no such decision in the game
            data["ismcts"].append({"game": spec.name, "error": str(exc)})
        print(" done", file=sys.stderr)
    print(markdown(data))
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.json}", file=sys.stderr)
    return 0


def markdown(data: dict[str, Any]) -> str:
    """The two tables of one run."""
    rows = [[r["case"], fmt(r.get("us_per_action"), 2),
             fmt(r["tensor"].get("us_per_action"), 2),
             fmt(r["observer"].get("us_per_action"), 2),
             fmt(r.get("mean_actions_per_game"))] for r in data["playouts"]]
    text = markdown_table(["case", "µs/action", "+observation_tensor", "+observer",
                           "actions/game"], rows)
    rows = [[r["game"], r.get("candlelit_bot", r.get("error", "")),
             fmt(r.get("candlelit_per_s")), fmt(r.get("openspiel_per_s"))]
            for r in data["ismcts"]]
    return text + "\n" + markdown_table(
        ["game (4p decision)", "candlelit bot", "candlelit ISMCTS it/s",
         "OpenSpiel python ISMCTS it/s"], rows)


if __name__ == "__main__":
    sys.exit(main())
