#!/usr/bin/env python3
"""Same boards before and after: every game's board HTML for many sampled states, to compare.

For each game and player count (every count the game allows, a few seeds each), it plays a
seeded random game (`conformance.playout`) and keeps about `--per-game` states spread over
it plus the last one, then renders `board_html` for every seat and the spectator, in English
and Traditional Chinese, with seat names that need escaping ("<P1 & 'co'>"). The output is one
JSON file `{"<game>/<n>p/s<seed>/step<k>/<seat|spectator>/<lang>": html}`.

Usage (the "before" run from a frozen copy of the starting commit's sources)
  PYTHONPATH=/tmp/render-base/src python bench/same_boards.py --out /tmp/boards-before.json
  PYTHONPATH=src python bench/same_boards.py --out /tmp/boards-after.json
  python bench/same_boards.py --compare /tmp/boards-before.json /tmp/boards-after.json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

LANGS = ("en", "zh-TW")
SEEDS = (1, 2)


def names_for(n: int) -> list[str]:
    """Seat names, one of them needing HTML escaping."""
    return [f"<P{i} & 'co'>" if i == 1 else f"P{i}" for i in range(n)]


def sampled(game: str, n: int, seed: int, per_game: int) -> list[tuple[int, Any]]:
    """About `per_game` (step, state) clones spread over one random game, and its end."""
    from candlelit.engine import conformance

    kept: list[tuple[int, Any]] = []

    def visit(state: Any, step: int) -> None:
        kept.append((step, state.clone()))

    final = conformance.playout(game, n, seed, chooser=seed * 7 + n, visit=visit)
    stride = max(1, len(kept) // per_game)
    return [*kept[::stride], (len(kept), final)]


def render_all(per_game: int) -> dict[str, str]:
    """Every sampled board, keyed by game, count, seed, step, viewer and language."""
    from candlelit.engine.registry import get
    from candlelit.server.render import board_html

    out: dict[str, str] = {}
    for game in ("divinare", "nevermore", "fatal-frame", "shadow-hunters", "anima"):
        spec = get(game)
        for n in range(spec.min_players, spec.max_players + 1):
            names = names_for(n)
            for seed in SEEDS:
                for step, state in sampled(game, n, seed, per_game):
                    for seat in [*range(n), None]:
                        view = state.view(seat)
                        who = "spectator" if seat is None else str(seat)
                        for lang in LANGS:
                            key = f"{game}/{n}p/s{seed}/step{step}/{who}/{lang}"
                            out[key] = board_html(game, view, lang, names, seat)
    return out


def compare(before_path: str, after_path: str) -> int:
    """Print how many boards match; exit status 1 if any differs or is missing."""
    with open(before_path, encoding="utf-8") as f:
        before = json.load(f)
    with open(after_path, encoding="utf-8") as f:
        after = json.load(f)
    differing = [k for k in before if after.get(k) != before[k]]
    missing = sorted(set(after) ^ set(before))
    print(f"{len(before)} boards before, {len(after)} after: "
          f"{len(before) - len(differing)} identical, {len(differing)} differ, "
          f"{len(missing)} only on one side")
    for k in differing[:10]:
        print("differs:", k)
    return 1 if differing or missing else 0


def main() -> int:
    """Render (`--out`) or compare (`--compare A B`)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out")
    parser.add_argument("--per-game", type=int, default=8)
    parser.add_argument("--compare", nargs=2)
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    boards = render_all(args.per_game)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(boards, f)
    print(f"{len(boards)} boards, {sum(map(len, boards.values())) // 1000} KB -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
