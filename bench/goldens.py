#!/usr/bin/env python3
"""Golden playthroughs: one seeded random game per game and player count, as readable text.

Each file `tests/golden/<game>-<n>p.txt` holds a header (game, players, seed, chooser, rules
version), one line `step seat: label` per action (English labels), then the final returns,
winners and digest (`candlelit.engine.records.digest`). The game is
`candlelit.engine.conformance.playout(game, n, SEED, CHOOSER)` with the default options.
`tests/golden/test_golden.py` regenerates every file and compares it line by line.

Usage
  .venv/bin/python bench/goldens.py --write    # rewrite every golden file (`make goldens`)
  .venv/bin/python bench/goldens.py            # check only: list the files that differ
  .venv/bin/python bench/goldens.py --only divinare --write
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from candlelit.engine.conformance import playout
from candlelit.engine.records import digest
from candlelit.engine.registry import games, get, load

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
SEED = 1
CHOOSER = 2
REGENERATE = "make goldens  (or: .venv/bin/python bench/goldens.py --write)"


SHIPPED = "candlelit.games."
"""Games in this distribution: their goldens live here (a plug-in keeps its own)."""


def cases(only: str | None = None) -> Iterator[tuple[str, int]]:
    """Every (game, player count) pair of the games shipped with candlelit, or of game `only`."""
    for spec in games():
        if spec.home.startswith(SHIPPED) and (only is None or spec.name == only):
            for players in spec.player_counts:
                yield spec.name, players


def path_for(game: str, players: int) -> Path:
    """The golden file of `game` at `players` seats."""
    return GOLDEN_DIR / f"{game}-{players}p.txt"


def golden_lines(game: str, players: int) -> list[str]:
    """The golden playthrough of `game` at `players` seats, one string per line."""
    final = playout(game, players, SEED, CHOOSER)
    lines = [
        "# candlelit golden playthrough; regenerate with `make goldens`",
        f"game: {game}",
        f"players: {players}",
        f"seed: {SEED}",
        f"chooser: {CHOOSER}",
        f"rules: {get(game).rules_version}",
        f"actions: {len(final.history)}",
    ]
    replayed = load(game, players, SEED)
    for step, (seat, action) in enumerate(final.history):
        label = replayed.action_to_string(seat, action, "en")
        lines.append(f"{step} {seat}: {label}".replace("\n", "\\n"))
        replayed.apply_action(action, seat)
    assert replayed.serialize() == final.serialize(), f"{game}/{players}p: replay diverged"
    lines += [
        f"returns: {json.dumps(final.returns())}",
        f"winners: {json.dumps(final.winners())}",
        f"digest: {digest(final)}",
    ]
    return lines


def golden_text(game: str, players: int) -> str:
    """The golden file's exact contents."""
    return "\n".join(golden_lines(game, players)) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (--write) or check the golden files; exit 1 when a check finds a difference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the golden files")
    parser.add_argument("--only", metavar="GAME", help="one game only")
    args = parser.parse_args(argv)
    differ = 0
    for game, players in cases(args.only):
        path = path_for(game, players)
        text = golden_text(game, players)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if args.write:
            if old != text:
                path.write_text(text, encoding="utf-8")
            state = "unchanged" if old == text else "written"
            print(f"{path.relative_to(ROOT)}: {state} ({len(text.encode()) / 1024:.1f} KB)")
        elif old != text:
            differ += 1
            print(f"{path.relative_to(ROOT)}: differs")
    if args.only is None:
        expected = {path_for(game, players) for game, players in cases()}
        for stale in sorted(set(GOLDEN_DIR.glob("*p.txt")) - expected):
            if args.write:
                stale.unlink()
                print(f"{stale.relative_to(ROOT)}: removed (no such game or player count)")
            else:
                differ += 1
                print(f"{stale.relative_to(ROOT)}: stale (no such game or player count)")
    if differ:
        print(f"{differ} golden file(s) differ; to accept: {REGENERATE}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
