"""Wickwatch's balance lab: is any spirit worth more, or any seat luckier, than it should be?

`run_balance` plays bot games seeded per game and seat as candlelit.sim.runner seeds them
(one process: a Wickwatch game takes about a millisecond), `markdown` renders the report,
`plot` draws each spirit's taker win rate with its 95 % Wilson interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from candlelit.bots.base import SeatObservation
from candlelit.bots.registry import make_bot
from candlelit.engine.errors import OptionError
from candlelit.engine.registry import load
from candlelit.engine.state import TERMINAL
from candlelit.sim.runner import bot_seed, game_seed
from candlelit.sim.stats import wilson

from candlelit_wickwatch.deck import read_spirits_file
from candlelit_wickwatch.state import WickwatchState


def run_balance(players: int, games: int, bots: Sequence[str], seed: int, jobs: int,
                extra_paths: Sequence[str | Path] = (),
                options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play `games` games; per seat its wins, per spirit how often its taker won.

    `extra_paths`: at most one spirit deck file, played instead of the built-in deck.
    `jobs` is accepted for the CLI's sake; the lab runs in one process.
    """
    if games < 1:
        raise OptionError(f"the number of games must be at least 1, not {games}")
    names = list(bots) * players if len(bots) == 1 else list(bots)
    if len(names) != players:
        raise OptionError(f"give one bot per seat ({players}), not {len(bots)}")
    overrides = dict(options or {})
    variant = overrides.pop("variant", None)
    if len(extra_paths) > 1:
        raise OptionError("give at most one spirit deck file")
    if extra_paths:
        overrides["spirits"] = read_spirits_file(extra_paths[0])
    wins = [0] * players
    taken: dict[str, list[int]] = {}
    values: dict[str, int] = {}
    for index in range(games):
        state = load("wickwatch", players, game_seed(seed, index), overrides, variant)
        assert isinstance(state, WickwatchState)
        _play(state, names, seed, index)
        won = state.winners()
        for seat in won:
            wins[seat] += 1
        for seat, spirits in enumerate(state.taken):
            for i in spirits:
                spirit = state.spirit_ids[i]
                values[spirit] = state.spirit_values[i]
                tally = taken.setdefault(spirit, [0, 0])
                tally[0] += 1
                tally[1] += seat in won
    return {
        "game": "wickwatch", "players": players, "games": games, "bots": names, "seed": seed,
        "seats": [{"seat": s, "bot": names[s], "wins": wins[s], "win_rate": wins[s] / games,
                   "ci95": wilson(wins[s], games)} for s in range(players)],
        "spirits": [{"id": spirit, "value": values[spirit], "taken": n, "taker_won": w,
                     "taker_win_rate": w / n, "ci95": wilson(w, n)}
                    for spirit, (n, w) in sorted(taken.items(), key=lambda kv: -values[kv[0]])],
    }


def _play(state: WickwatchState, names: Sequence[str], seed: int, index: int) -> None:
    bots = [make_bot(name, "wickwatch", seat, bot_seed(seed, index, seat))
            for seat, name in enumerate(names)]
    seats = [SeatObservation(state, seat) for seat in range(len(names))]
    while (player := state.current_player()) != TERMINAL:
        state.apply_action(bots[player].act(seats[player], state.legal_actions(player)), player)


def markdown(report: dict[str, Any]) -> str:
    """The report as Markdown: a line on the run, a seat table and a spirit table."""
    lines = [f"{report['games']} games, {report['players']} players, bots "
             f"{', '.join(report['bots'])}, seed {report['seed']}.", "",
             "| seat | bot | wins | win rate | 95 % interval |", "|---|---|---:|---:|---|"]
    for s in report["seats"]:
        lo, hi = s["ci95"]
        lines.append(f"| {s['seat'] + 1} | {s['bot']} | {s['wins']} | {s['win_rate']:.1%} "
                     f"| {lo:.1%} – {hi:.1%} |")
    lines += ["", "| spirit | value | taken | taker won | taker win rate | 95 % interval |",
              "|---|---:|---:|---:|---:|---|"]
    for e in report["spirits"]:
        lo, hi = e["ci95"]
        lines.append(f"| {e['id']} | {e['value']:+d} | {e['taken']} | {e['taker_won']} "
                     f"| {e['taker_win_rate']:.1%} | {lo:.1%} – {hi:.1%} |")
    return "\n".join(lines) + "\n"


def plot(report: dict[str, Any], path: str | Path) -> Path:
    """Write a PNG of each spirit's taker win rate with its 95 % interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = report["spirits"]
    xs = list(range(len(rows)))
    rates = [e["taker_win_rate"] for e in rows]
    errors = [[r - e["ci95"][0] for r, e in zip(rates, rows, strict=True)],
              [e["ci95"][1] - r for r, e in zip(rates, rows, strict=True)]]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.7 * len(rows) + 2), 4.5))
    try:
        ax.bar(xs, rates, color=["tab:green" if e["value"] > 0 else "tab:red" for e in rows])
        ax.errorbar(xs, rates, yerr=errors, fmt="none", ecolor="black", capsize=4)
        ax.axhline(1 / report["players"], color="tab:grey", linestyle="--")
        ax.set_xticks(xs, [f"{e['id']} ({e['value']:+d})" for e in rows], rotation=45,
                      ha="right")
        ax.set_ylabel("win rate of the spirit's taker")
        ax.set_title(f"Wickwatch, {report['players']} players, {report['games']} games")
        fig.tight_layout()
        out = Path(path)
        fig.savefig(out)
    finally:
        plt.close(fig)
    return out
