"""A ladder's summary for people: Rich tables for the terminal and Markdown for docs."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _heading(summary: dict[str, Any]) -> str:
    return (f"{summary['game']}: {summary['players']} players, {summary['games']} games per "
            f"pairing, seed {summary['seed']}"
            + (f", variant {summary['variant']}" if summary["variant"] else "")
            + f"; fair share {_pct(summary['fair_share'])}")


def _interval(ci: list[float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f} %"


def _verdict(share: dict[str, Any]) -> str:
    return "yes" if share["beats_fair"] else "no"


def render_ladder(summary: dict[str, Any]) -> Group:
    """The ratings, best first, then each candidate's win share against each field."""
    ratings = Table(title="Ratings (openskill Plackett–Luce; ranked by mu − 3·sigma)")
    for col in ("rank", "bot", "mu", "sigma", "mu − 3·sigma", "duels"):
        ratings.add_column(col, justify="left" if col == "bot" else "right")
    for rank, r in enumerate(summary["ratings"], 1):
        ratings.add_row(str(rank), r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}",
                        f"{r['ordinal']:.2f}", str(r["duels"]))
    shares = Table(title="One candidate seat against a field of another bot (a shared win "
                         "counts for each winner; beats fair: the interval's lower bound is "
                         "above the fair share)")
    for col in ("candidate", "field", "games", "wins", "win share", "95 % CI",
                "beats fair"):
        shares.add_column(col, justify="left" if col in ("candidate", "field") else "right")
    for s in summary["pairings"]:
        shares.add_row(s["candidate"], s["field"], str(s["games"]), str(s["wins"]),
                       _pct(s["share"]), _interval(s["ci95"]), _verdict(s))
    foot = Text(f"Unfinished games (left out): {summary['unfinished']}")
    return Group(Text(_heading(summary), style="bold"), ratings, shares, foot)


def ladder_markdown(summary: dict[str, Any]) -> str:
    """The same two tables as Markdown, under a one-line heading."""
    rows = [f"**{_heading(summary)}**; beats fair: the 95 % interval's lower bound is above "
            "the fair share", "",
            "| rank | bot | mu | sigma | mu − 3·sigma | duels |", "|--:|---|--:|--:|--:|--:|"]
    for rank, r in enumerate(summary["ratings"], 1):
        rows.append(f"| {rank} | {r['bot']} | {r['mu']:.2f} | {r['sigma']:.2f} "
                    f"| {r['ordinal']:.2f} | {r['duels']} |")
    rows += ["", "| candidate | field | games | wins | win share | 95 % CI | beats fair |",
             "|---|---|--:|--:|--:|--:|---|"]
    for s in summary["pairings"]:
        rows.append(f"| {s['candidate']} | {s['field']} | {s['games']} | {s['wins']} "
                    f"| {_pct(s['share'])} | {_interval(s['ci95'])} | {_verdict(s)} |")
    if summary["unfinished"]:
        rows += ["", f"Unfinished games (left out): {summary['unfinished']}"]
    return "\n".join(rows) + "\n"
