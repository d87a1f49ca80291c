"""Human-readable simulation summaries (Rich tables)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def render_summary(summary: dict[str, Any]) -> Group:
    """Per-seat and per-bot win rates with 95 % intervals, then game length."""
    head = Text(f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
                f"seed {summary['seed']}"
                + (f", variant {summary['variant']}" if summary["variant"] else ""), style="bold")
    seats = Table(title="Wins by seat (a shared win counts for each winner)")
    for col in ("seat", "bot", "wins", "win rate", "95 % CI"):
        seats.add_column(col, justify="right" if col != "bot" else "left")
    for s in summary["seats"]:
        lo, hi = s["ci95"]
        seats.add_row(str(s["seat"]), s["bot"], str(s["wins"]), _pct(s["win_rate"]),
                      f"{_pct(lo)} – {_pct(hi)}")
    bots = Table(title="Wins by bot")
    for col in ("bot", "seats", "seat-games", "wins", "win rate", "95 % CI"):
        bots.add_column(col, justify="right" if col != "bot" else "left")
    for name, b in summary["bots"].items():
        lo, hi = b["ci95"]
        bots.add_row(name, ",".join(map(str, b["seats"])), str(b["games"]), str(b["wins"]),
                     _pct(b["win_rate"]), f"{_pct(lo)} – {_pct(hi)}")
    ln = summary["length"]
    length = Text(f"Game length (actions): mean {ln['mean']:.1f} ± {ln['stdev']:.1f}, "
                  f"median {ln['p50']:.0f}, p90 {ln['p90']:.0f}, max {ln['max']}; "
                  f"shared wins {summary['shared_wins']}; unfinished {summary['unfinished']}")
    if summary.get("endings"):
        length.append("\nEndings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
    rounds = summary.get("rounds")
    if rounds:
        length.append(f"\nRounds: mean {rounds['mean']:.2f} ± {rounds['stdev']:.2f}, median "
                      f"{rounds['p50']:.0f}, p90 {rounds['p90']:.0f}, max {rounds['max']}")
    return Group(head, seats, bots, length)
