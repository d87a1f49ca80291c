"""Measure what the lobby's game cards say: decisions per seat in a typical game and the
time the strongest bot takes per decision (seeded games, that bot in every seat).

Run: `PYTHONPATH=src python bench/lobby_lengths.py [--games N]`; it prints, per game, the
player count used (the lobby's usual table), the median decisions per seat, and the median
and 99th-percentile bot decision time in milliseconds. `server/showcase.py` keeps the
medians (LENGTHS) and the bot chosen for tables (TABLE_BOTS).
"""

from __future__ import annotations

import argparse
import statistics
import time

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import bot_names, make_bot
from candlelit.engine.registry import games, load
from candlelit.engine.rng import derive_seed

STRONGEST = {"divinare": "expectation"}
"""The strongest bot where a game has several non-random ones."""


def strongest(game: str) -> str:
    """The game's own bot (STRONGEST's choice), else random."""
    others = [b for b in bot_names(game) if b != "random"]
    return STRONGEST.get(game, others[0] if others else "random")


def usual_players(min_players: int, max_players: int) -> int:
    """The player count a lobby table usually has: 4 if the game allows it."""
    return min(max(4, min_players), max_players)


def measure(game: str, players: int, count: int) -> tuple[float, float, float]:
    """(median decisions per seat, median ms per bot decision, p99 ms)."""
    per_seat: list[float] = []
    times: list[float] = []
    name = strongest(game)
    for seed in range(count):
        state = load(game, players, seed)
        bots = [make_bot(name, game, s, derive_seed("lobby", seed, s)) for s in range(players)]
        windows = [SeatObservation(state, s) for s in range(players)]
        steps = 0
        while not state.is_terminal() and steps < state.max_game_length():
            player = state.current_player()
            legal = state.legal_actions(player)
            began = time.perf_counter()
            action = bots[player].act(windows[player], list(legal))
            times.append((time.perf_counter() - began) * 1000)
            if len(legal) > 1:
                steps += 1
            state.apply_action(action, player)
        per_seat.append(steps / players)
    times.sort()
    return (statistics.median(per_seat), statistics.median(times),
            times[int(len(times) * 0.99)])


def main() -> None:
    """Print the measurements for every game."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    for spec in games():
        players = usual_players(spec.min_players, spec.max_players)
        decisions, median_ms, p99_ms = measure(spec.name, players, args.games)
        print(f"{spec.name}: {players}p bot={strongest(spec.name)} "
              f"decisions/seat={decisions:.0f} ms median={median_ms:.2f} p99={p99_ms:.1f}")


if __name__ == "__main__":
    main()
