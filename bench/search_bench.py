#!/usr/bin/env python3
"""ISMCTS figures: iterations per second at a 4-player mid-game decision, and one bot
against the others (e.g. `hard` against three `normal`) with its decision times.

  rate      for each game: play the heuristic (`normal`) from seed 11 until after 60
            actions a seat has three or more legal actions; time `ismcts:<N>` (the bot
            name given with --searcher) deciding there.
  match     --games G games per game at 4 players: the --searcher bot in seat
            (game index mod 4), --others in the other seats, same numbered deals as
            `candlelit simulate`; win share against the fair 1/4, with a 95 % Wilson
            interval, and the searcher's mean and largest decision time.

Usage
  .venv/bin/python bench/search_bench.py rate --searcher ismcts:20
  .venv/bin/python bench/search_bench.py match --games 20 --only divinare --json out.json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.registry import games, get, load
from candlelit.engine.state import TERMINAL, State
from candlelit.sim.runner import bot_seed, game_seed
from candlelit.sim.stats import wilson

PLAYERS = 4


def decision_point(game: str) -> State:
    """The rate's decision: the heuristic (`normal`) plays seed 11 at 4 players until after
    60 actions the seat to act has three or more legal actions."""
    state = load(game, PLAYERS, 11)
    bots = [make_bot("normal", game, seat, seat) for seat in range(PLAYERS)]
    seats = [SeatObservation(state, seat) for seat in range(PLAYERS)]
    played = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            raise SystemExit(f"{game}: no decision with three legal actions after 60")
        if played > 60 and len(state.legal_actions(player)) > 2:
            return state
        state.apply_action(bots[player].act(seats[player], state.legal_actions(player)), player)
        played += 1


def rate(game: str, searcher: str) -> dict[str, Any]:
    """Iterations per second of `searcher` (an `ismcts:<N>` name) at a mid-game decision."""
    state = decision_point(game)
    player = state.current_player()
    legal = state.legal_actions(player)
    bot = make_bot(searcher, game, player, 3)
    iterations = int(searcher.split(":")[1])
    start = time.perf_counter()
    bot.act(SeatObservation(state, player), legal)
    took = time.perf_counter() - start
    return {"game": game, "after": len(state.history), "legal": len(legal),
            "iterations": iterations, "seconds": took, "per_second": iterations / took}


def match(game: str, searcher: str, others: str, count: int, seed: int) -> dict[str, Any]:
    """`count` games of `searcher` against three `others`, seat rotated by game index."""
    wins, times = 0.0, []
    for index in range(count):
        hero = index % PLAYERS
        state = load(game, PLAYERS, game_seed(seed, index))
        bots = [make_bot(searcher if s == hero else others, game, s, bot_seed(seed, index, s))
                for s in range(PLAYERS)]
        seats = [SeatObservation(state, s) for s in range(PLAYERS)]
        limit = state.max_game_length()
        while len(state.history) < limit:
            player = state.current_player()
            if player == TERMINAL:
                break
            legal = state.legal_actions(player)
            start = time.perf_counter()
            action = bots[player].act(seats[player], legal)
            if player == hero and len(legal) > 1:
                times.append(time.perf_counter() - start)
            state.apply_action(action, player)
        winners = state.winners()
        if hero in winners:
            wins += 1
    lo, hi = wilson(round(wins), count)
    return {"game": game, "searcher": searcher, "others": others, "games": count,
            "wins": wins, "share": wins / count, "fair": 1 / PLAYERS, "ci95": [lo, hi],
            "decisions": len(times), "mean_s": sum(times) / max(1, len(times)),
            "max_s": max(times, default=0.0)}


def main() -> None:
    """Run the asked part for every game (or --only) and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("rate", "match"))
    parser.add_argument("--only", help="comma-separated game names")
    parser.add_argument("--searcher", default="hard")
    parser.add_argument("--others", default="normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", help="also write the rows here")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else [spec.name for spec in games()]
    rows = []
    for name in names:
        get(name)
        if args.part == "rate":
            searcher = args.searcher if args.searcher.startswith("ismcts:") \
                else get(name).hard_bot
            row = rate(name, searcher)
        else:
            row = match(name, args.searcher, args.others, args.games, args.seed)
        rows.append(row)
        print(json.dumps(row), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
