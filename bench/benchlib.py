"""Helpers shared by the bench scripts: paths, run metadata, number formatting, tables.

Only the standard library is used here, so every bench script can import it whatever
interpreter runs it (the scripts put `bench/` on `sys.path` by being run as files).
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
RESULTS = BENCH_DIR / "results"
ENGINE_JSON = RESULTS / "engine.json"
PEERS_JSON = RESULTS / "peers.json"
OPENSPIEL_JSON = RESULTS / "openspiel.json"
PETTINGZOO_JSON = RESULTS / "pettingzoo.json"
LATEST_MD = RESULTS / "latest.md"
LATEST_JSON = RESULTS / "latest.json"


def now_utc() -> str:
    """The current time in UTC, ISO 8601 to the second."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def git(*args: str, cwd: Path = ROOT) -> str | None:
    """Output of `git ARGS` in `cwd`, stripped, or None if git fails."""
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                              timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def repo_root() -> Path:
    """The work tree's top folder (`git rev-parse --show-toplevel`), else bench/..."""
    top = git("rev-parse", "--show-toplevel", cwd=BENCH_DIR)
    return Path(top) if top else ROOT


def load_average() -> list[float] | None:
    """1/5/15-minute load averages (None where the platform has none)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def run_meta() -> dict[str, Any]:
    """Where and when a run happened, for the JSON and the report header."""
    commit = git("rev-parse", "--short", "HEAD")
    dirty = git("status", "--porcelain", "--untracked-files=no")
    return {
        "date_utc": now_utc(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "git_commit": commit,
        "git_dirty": bool(dirty) if dirty is not None else None,
        "load_average_start": load_average(),
    }


def fmt(value: object, digits: int = 1) -> str:
    """A table cell: '-' for missing, thousands separators from 100 up, else `digits`."""
    if value is None or value == "":
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        if abs(value) >= 100:
            return f"{value:,.0f}"
        return f"{value:.{digits}f}"
    return str(value)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]],
                   align: str | None = None) -> str:
    """A GitHub markdown table; `align` has one 'l' or 'r' per column (default l, then r)."""
    align = align or "l" + "r" * (len(header) - 1)
    rule = ["---" if a == "l" else "--:" for a in align]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(rule) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def write_results(path: str, data: dict[str, Any]) -> None:
    """Write a bench's results as indented JSON to `path` (its folder made if missing)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                          encoding="utf-8")
    print(f"wrote {path}")
