"""A designer's questions answered from `candlelit simulate … --out games.parquet` with pyarrow
compute: how often each seat position, each bot and each character wins, how long games last
and how they end.

    python examples/read_games.py games.parquet

Reads games.parquet and games.seats.parquet beside it (a ladder's, a comparison's or a balance
run's tables too); unfinished games are left out of every count, a shared win counts for each
winner. A missing or malformed file is one line on stderr and exit status 2.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow.compute as pc

from candlelit.engine.errors import CandlelitError
from candlelit.sim.parquet import read_tables
from candlelit.sim.stats import wilson


def show(title: str, headers: Sequence[str], rows: Sequence[Sequence[Any]],
         labels: int = 0) -> None:
    """Print `rows` under `headers` as an aligned text table: the first `labels` columns
    flush left, the rest (numbers) flush right."""
    cells = [[str(h) for h in headers], *[[str(v) for v in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    print(f"\n{title}")
    for n, row in enumerate(cells):
        print("  ".join(c.ljust(w) if i < labels else c.rjust(w)
                        for i, (c, w) in enumerate(zip(row, widths, strict=True))).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def interval(wins: int, games: int) -> str:
    """The 95 % Wilson interval of a win share."""
    low, high = wilson(wins, games)
    return f"{100 * low:.1f}–{100 * high:.1f} %"


def seat_positions(seats: Any) -> None:
    """Win share per seat position at each player count, against the fair share 1 / players."""
    grouped = seats.group_by(["players", "seat"]).aggregate(
        [("won", "sum"), ("won", "count")]).sort_by([("players", "ascending"),
                                                      ("seat", "ascending")])
    rows = []
    for r in grouped.to_pylist():
        share = r["won_sum"] / r["won_count"]
        rows.append([r["players"], r["seat"], r["won_count"], r["won_sum"], pct(share),
                     interval(r["won_sum"], r["won_count"]), pct(1 / r["players"]),
                     f"{share * r['players']:.2f}x"])
    show("Win share by seat position", ["players", "seat", "games", "wins", "win share",
                                        "95 % CI", "fair share", "edge"], rows)


def by(seats: Any, column: str, title: str) -> None:
    """Win share and mean return per value of `column` (a bot, a character), highest share
    first; nothing if the column has fewer than two values."""
    grouped = seats.filter(pc.is_valid(seats[column])).group_by(column).aggregate(
        [("won", "sum"), ("won", "count"), ("return", "mean")])
    if grouped.num_rows < 2:  # nothing to compare
        return
    rows = [[r[column], r["won_count"], r["won_sum"], pct(r["won_sum"] / r["won_count"]),
             interval(r["won_sum"], r["won_count"]), f"{r['return_mean']:.3f}"]
            for r in sorted(grouped.to_pylist(), key=lambda r: -r["won_sum"] / r["won_count"])]
    show(title, [column, "seat-games", "wins", "win share", "95 % CI", "mean return"], rows,
         labels=1)


def lengths(games: Any) -> None:
    """The spread of game length in actions and in rounds at each player count, and how games
    ended."""
    rows = []
    for column, label in (("length", "actions"), ("rounds", "rounds")):
        for players in sorted(pc.unique(games["players"]).to_pylist()):
            at = games.filter(pc.equal(games["players"], players))
            values = pc.drop_null(at[column])
            if len(values) == 0:
                continue
            p10, p50, p90 = pc.quantile(values, q=[0.1, 0.5, 0.9]).to_pylist()
            low, high = pc.min_max(values).values()
            rows.append([label, players, low.as_py(), f"{p10:g}", f"{p50:g}", f"{p90:g}",
                         high.as_py(), f"{pc.mean(values).as_py():.1f}"])
    show("Game length", ["in", "players", "min", "p10", "median", "p90", "max", "mean"], rows,
         labels=1)
    endings = pc.value_counts(pc.drop_null(games["ending"])).to_pylist()
    if endings:
        total = sum(e["counts"] for e in endings)
        rows = [[e["values"], e["counts"], pct(e["counts"] / total)]
                for e in sorted(endings, key=lambda e: -e["counts"])]
        show("Endings", ["ending", "games", "share"], rows, labels=1)


def main(argv: Sequence[str]) -> int:
    """Read the tables named by `argv[0]` and print the answers; 2 on a bad file."""
    if len(argv) != 1:
        print("usage: python examples/read_games.py games.parquet", file=sys.stderr)
        return 2
    try:
        games, seats = read_tables(Path(argv[0]))
    except CandlelitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    games = games.filter(pc.field("finished"))
    seats = seats.join(games.select(["game_id", "players"]), "game_id", join_type="inner")
    print(f"{games.num_rows} finished games of {', '.join(pc.unique(games['game']).to_pylist())}"
          f" ({seats.num_rows} seats)")
    seat_positions(seats)
    by(seats, "bot", "Win share by bot")
    by(seats, "character", "Win share by character")
    lengths(games)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
