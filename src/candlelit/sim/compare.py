"""Designers' comparisons: the same bots under several variants and player counts.

For each (variant, player count) the runner plays the same numbered games (same master
seed), so differences come from the rules, not from the deals' luck of the draw alone.
Reported per cell: game length in actions and in the game's own rounds, and how often
each seat wins against its fair share (1 / players), the first seat's edge in particular.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from candlelit.engine.errors import OptionError
from candlelit.engine.registry import get
from candlelit.sim.backends import Backend
from candlelit.sim.runner import SimulationSpec, run

if TYPE_CHECKING:
    from candlelit.sim.parquet import GameTables


def compare(game: str, variants: Sequence[str | None], player_counts: Sequence[int],
            games: int, bot: str = "random", seed: int = 0, jobs: int = 1,
            options: dict[str, Any] | None = None,
            tables: GameTables | None = None,
            backend: Backend | None = None) -> dict[str, Any]:
    """One simulation summary per (variant, player count), all with `bot` in every seat,
    played on `backend` (default: `jobs` local processes); `tables` (if given) gets every
    game, cell by cell in that order."""
    spec = get(game)
    for players in player_counts:
        if players not in spec.player_counts:
            raise OptionError(f"{game} is for {spec.min_players}–{spec.max_players} players, "
                              f"not {players}")
    runs = []
    for variant in variants:
        for players in player_counts:
            cell = SimulationSpec(game=game, players=players, bots=(bot,), games=games,
                                  seed=seed, variant=variant, options=dict(options or {}))
            summary = run(cell, jobs=jobs, sink=None if tables is None else tables.sink(cell),
                          backend=backend)
            summary["first_seat_edge"] = first_seat_edge(summary)
            runs.append(summary)
    return {"game": game, "bot": bot, "games": games, "seed": seed,
            "variants": [v or "standard" for v in variants],
            "players": list(player_counts), "runs": runs}


def first_seat_edge(summary: dict[str, Any]) -> float:
    """Seat 0's win rate divided by the fair share 1 / players (1.0 = no edge)."""
    return float(summary["seats"][0]["win_rate"]) * int(summary["players"])


def endings(summary: dict[str, Any]) -> str:
    """How the cell's games ended, e.g. 'boss 97 %, rounds 3 %' ('–' if the game does not say)."""
    counts = summary.get("endings") or {}
    total = sum(counts.values())
    if not total:
        return "–"
    return ", ".join(f"{name} {100 * n / total:.0f} %" for name, n in counts.items())


def markdown(result: dict[str, Any]) -> str:
    """The comparison as a Markdown table, one row per (variant, player count)."""
    rows = ["| variant | players | games | actions (mean ± sd) | rounds (mean ± sd, max) "
            "| seat 1 wins | 95 % CI | fair share | seat 1 edge | endings | unfinished |",
            "|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|"]
    for r in result["runs"]:
        ln, rd, first = r["length"], r["rounds"], r["seats"][0]
        rounds = (f"{rd['mean']:.2f} ± {rd['stdev']:.2f}, {rd['max']}" if rd else "–")
        lo, hi = first["ci95"]
        rows.append(f"| {r['variant'] or 'standard'} | {r['players']} | {r['games']} "
                    f"| {ln['mean']:.1f} ± {ln['stdev']:.1f} | {rounds} "
                    f"| {100 * first['win_rate']:.1f} % | {100 * lo:.1f}–{100 * hi:.1f} % "
                    f"| {100 / r['players']:.1f} % | {r['first_seat_edge']:.2f}× "
                    f"| {endings(r)} | {r['unfinished']} |")
    return "\n".join(rows) + "\n"
