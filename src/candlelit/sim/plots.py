"""Plots of simulation results (PNG, matplotlib; install the `plots` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from candlelit.engine.errors import CandlelitError


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise CandlelitError("plots need matplotlib: pip install 'candlelit[plots]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _errors(rate: float, ci: list[float]) -> tuple[float, float]:
    return rate - ci[0], ci[1] - rate


def plot_summary(summary: dict[str, Any], path: Path) -> None:
    """Win rate per seat with 95 % intervals, and how many rounds games last, as one PNG."""
    plt = _pyplot()
    fig, (wins, length) = plt.subplots(1, 2, figsize=(10, 4))
    seats = summary["seats"]
    labels = [f"{s['seat'] + 1}\n{s['bot']}" for s in seats]
    rates = [100 * s["win_rate"] for s in seats]
    errs = list(zip(*(_errors(100 * s["win_rate"], [100 * c for c in s["ci95"]])
                      for s in seats), strict=True))
    wins.bar(labels, rates, yerr=errs, capsize=4, color="#7a5c99")
    wins.axhline(100 / summary["players"], color="grey", linestyle="--", label="fair share")
    wins.set_ylabel("wins (%)")
    wins.set_xlabel("seat")
    wins.legend()
    counts = summary.get("rounds_counts")
    if counts:
        length.bar([int(k) for k in counts], [100 * v / summary["games"] for v in counts.values()],
                   color="#c9a227")
        length.set_xlabel("rounds")
        length.set_ylabel("games (%)")
    else:
        ln = summary["length"]
        length.bar(["mean", "median", "p90", "max"], [ln["mean"], ln["p50"], ln["p90"], ln["max"]],
                   color="#c9a227")
        length.set_ylabel("game length (actions)")
    fig.suptitle(f"{summary['game']}, {summary['players']} players, {summary['games']} games"
                 + (f", variant {summary['variant']}" if summary["variant"] else ""))
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_compare(result: dict[str, Any], path: Path) -> None:
    """Game length and the first seat's win rate per player count, a line per variant."""
    plt = _pyplot()
    fig, (length, first) = plt.subplots(1, 2, figsize=(10, 4))
    use_rounds = all(r["rounds"] for r in result["runs"])
    for variant in result["variants"]:
        runs = [r for r in result["runs"] if (r["variant"] or "standard") == variant]
        xs = [r["players"] for r in runs]
        measure = [r["rounds"] if use_rounds else r["length"] for r in runs]
        length.errorbar(xs, [m["mean"] for m in measure], yerr=[m["stdev"] for m in measure],
                        marker="o", capsize=4, label=variant)
        rates = [100 * r["seats"][0]["win_rate"] for r in runs]
        errs = list(zip(*(_errors(100 * r["seats"][0]["win_rate"],
                                  [100 * c for c in r["seats"][0]["ci95"]]) for r in runs),
                        strict=True))
        first.errorbar(xs, rates, yerr=errs, marker="o", capsize=4, label=variant)
    players = result["players"]
    first.plot(players, [100 / p for p in players], color="grey", linestyle="--",
               label="fair share")
    length.set_xlabel("players")
    length.set_ylabel(f"game length ({'rounds' if use_rounds else 'actions'}, mean ± sd)")
    first.set_xlabel("players")
    first.set_ylabel("seat 1 wins (%, 95 % CI)")
    for ax in (length, first):
        ax.set_xticks(players)
        ax.legend()
    fig.suptitle(f"{result['game']}: {result['games']} games per point, "
                 f"{result['bot']} bots, seed {result['seed']}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_ladder(summary: dict[str, Any], path: Path) -> None:
    """A ladder as one PNG: each kind's rating (mu ± 3·sigma) and each candidate's win share
    against each field with 95 % intervals and the fair share."""
    plt = _pyplot()
    fig, (ratings, shares) = plt.subplots(1, 2, figsize=(12, 4.5),
                                          gridspec_kw={"width_ratios": [1, 2]})
    rated = summary["ratings"]
    ratings.errorbar([r["bot"] for r in rated], [r["mu"] for r in rated],
                     yerr=[3 * r["sigma"] for r in rated], fmt="o", capsize=4, color="#7a5c99")
    ratings.set_ylabel("rating (mu ± 3·sigma)")
    ratings.set_xlabel("bot")
    kinds = summary["bots"]
    width = 0.8 / len(kinds)
    for k, rest in enumerate(kinds):
        cells = [s for s in summary["pairings"] if s["field"] == rest]
        xs = [kinds.index(s["candidate"]) + (k - (len(kinds) - 1) / 2) * width for s in cells]
        rates = [100 * s["share"] for s in cells]
        errs = list(zip(*(_errors(100 * s["share"], [100 * c for c in s["ci95"]])
                          for s in cells), strict=True)) if cells else None
        shares.bar(xs, rates, width=width, yerr=errs, capsize=3, label=f"vs field of {rest}")
    shares.axhline(100 * summary["fair_share"], color="grey", linestyle="--", label="fair share")
    shares.set_xticks(range(len(kinds)), kinds)
    shares.set_xlabel("candidate")
    shares.set_ylabel("candidate's wins (%, 95 % CI)")
    shares.legend(fontsize="small")
    fig.suptitle(f"{summary['game']} ladder: {summary['players']} players, {summary['games']} "
                 f"games per pairing, seed {summary['seed']}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
