#!/usr/bin/env python3
"""Measure the peer libraries in this run, beside candlelit's numbers.

Finds shared/ as `$(git rev-parse --show-toplevel)/../shared` (so a clean clone placed
beside shared/ works), creates `bench/.venv-peers` on first use (`python3 -m venv` +
`pip install -r shared/bench/requirements-peers.txt`; a stamp file holding the hash of the
requirements skips the install afterwards), then runs shared/bench/peers.py on the
pure-Python random-playout cases and the python ISMCTS ones (`os-ismcts-py`: OpenSpiel's
python bot on its C++ games, --ismcts-sims per decision) and writes its JSON to
bench/results/peers.json.

It never fails the bench: if shared/ is missing, the install fails (no network) or
peers.py fails, it writes `{"skipped": "<why>"}` to the same file, says so on stderr and
exits 0 (use --strict to exit 1 instead), so that report.py prints candlelit's table
with the reason the peers are missing.

Usage
  .venv/bin/python bench/peers_run.py                 # 3 s per case
  .venv/bin/python bench/peers_run.py --seconds 1 --list
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from benchlib import BENCH_DIR, PEERS_JSON, RESULTS, now_utc, repo_root

PEER_CASES = (
    "calib_pyloop",            # peers.py's own calibration loop, first and last
    "os:python_kuhn_poker",    # OpenSpiel's pure-Python games on its C++ base
    "os:python_tic_tac_toe",
    "os:python_liars_poker",
    "pz-raw:tictactoe_v3",     # PettingZoo AEC raw_env (observation dict every step)
    "rlcard:leduc-holdem",     # RLCard env.run with RandomAgent.step
    "os-ismcts-py",            # OpenSpiel's python ISMCTS bot on its C++ games (iterations/s)
)
"""Substrings for `peers.py --only` (it keeps every case whose name contains one)."""

VENV = BENCH_DIR / ".venv-peers"
STAMP = VENV / ".candlelit-requirements.sha256"
INSTALL_LOG = RESULTS / "peers_install.log"


class Skip(Exception):
    """The peers cannot be measured in this run; the message says why."""


def shared_dir(override: str) -> Path:
    """shared/ beside the work tree (or --shared / $CANDLELIT_SHARED)."""
    given = override or os.environ.get("CANDLELIT_SHARED", "")
    path = Path(given) if given else repo_root().parent / "shared"
    peers = path / "bench" / "peers.py"
    if not peers.is_file():
        raise Skip(f"{peers} not found (shared/ must sit beside the repository)")
    if not (path / "bench" / "requirements-peers.txt").is_file():
        raise Skip(f"{path / 'bench' / 'requirements-peers.txt'} not found")
    return path.resolve()


def venv_python() -> Path:
    """The peers venv's interpreter."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(requirements: Path, base_python: str, timeout: float) -> None:
    """Create and fill bench/.venv-peers unless the stamp says it matches `requirements`."""
    digest = hashlib.sha256(requirements.read_bytes()).hexdigest()
    if venv_python().exists() and STAMP.is_file() and STAMP.read_text().strip() == digest:
        return
    python = shutil.which(base_python) or base_python
    RESULTS.mkdir(parents=True, exist_ok=True)
    with INSTALL_LOG.open("w", encoding="utf-8") as log:
        steps: list[list[str]] = []
        if not venv_python().exists():
            steps.append([python, "-m", "venv", str(VENV)])
        steps.append([str(venv_python()), "-m", "pip", "install", "--disable-pip-version-check",
                      "--retries", "1", "--timeout", "30", "-r", str(requirements)])
        for argv in steps:
            print(f"peers: {' '.join(argv)}", file=sys.stderr, flush=True)
            log.write(f"$ {' '.join(argv)}\n")
            log.flush()
            try:
                done = subprocess.run(argv, stdout=log, stderr=subprocess.STDOUT,
                                      stdin=subprocess.DEVNULL, timeout=timeout, check=False)
            except (OSError, subprocess.TimeoutExpired) as exc:
                raise Skip(f"could not set up {VENV.name}: {exc}") from exc
            if done.returncode != 0:
                raise Skip(f"`{' '.join(argv[:4])} ...` failed with exit {done.returncode} "
                           f"({last_error_line(INSTALL_LOG)}; see {rel(INSTALL_LOG)})")
    STAMP.write_text(digest + "\n")


def last_error_line(log: Path) -> str:
    """The most telling line of a pip log: the last ERROR line, else the last line."""
    lines = [ln.strip() for ln in log.read_text(errors="replace").splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith("ERROR")]
    return (errors or lines or ["no output"])[-1][:200]


def rel(path: Path) -> str:
    """`path` relative to the work tree when it is inside it."""
    try:
        return str(path.relative_to(repo_root()))
    except ValueError:
        return str(path)


def write_skip(out: Path, reason: str) -> None:
    """Record why the peers are missing, for report.py."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"skipped": reason, "date_utc": now_utc()}, indent=1) + "\n",
                   encoding="utf-8")
    print(f"peers skipped: {reason}", file=sys.stderr)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=3.0, help="budget per peer case (default 3)")
    ap.add_argument("--segments", type=int, default=3, help="slices per case")
    ap.add_argument("--ismcts-sims", type=int, default=200,
                    help="simulations per decision of the os-ismcts-py cases (default 200)")
    ap.add_argument("--only", default=",".join(PEER_CASES),
                    help="peers.py --only filter (default: the pure-Python playout cases)")
    ap.add_argument("--json", default=str(PEERS_JSON), help="where to write peers.py's JSON")
    ap.add_argument("--shared", default="", help="path of shared/ (default: beside the repo)")
    ap.add_argument("--python", default="python3", help="interpreter that creates the venv")
    ap.add_argument("--install-timeout", type=float, default=900.0)
    ap.add_argument("--run-timeout", type=float, default=600.0)
    ap.add_argument("--list", action="store_true", help="only list the selected peer cases")
    ap.add_argument("--strict", action="store_true", help="exit 1 when the peers are skipped")
    return ap.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Set up the venv if needed and run peers.py; write a skip record on any failure."""
    args = parse_args(argv)
    out = Path(args.json).resolve()
    if not args.list and out.exists():
        out.unlink()  # never let a stale run pass for this one
    try:
        shared = shared_dir(args.shared)
        ensure_venv(shared / "bench" / "requirements-peers.txt", args.python,
                    args.install_timeout)
        argv_peers = [str(venv_python()), str(shared / "bench" / "peers.py"),
                      "--only", args.only]
        if args.list:
            argv_peers.append("--list")
        else:
            argv_peers += ["--no-obs", "--seconds", str(args.seconds),
                           "--segments", str(args.segments), "--ismcts-sims",
                           str(args.ismcts_sims), "--json", str(out)]
        print(f"peers: {' '.join(argv_peers)}", file=sys.stderr, flush=True)
        try:
            done = subprocess.run(argv_peers, cwd=shared / "bench", stdin=subprocess.DEVNULL,
                                  timeout=args.run_timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise Skip(f"peers.py did not finish: {exc}") from exc
        if done.returncode != 0:
            raise Skip(f"peers.py exited with {done.returncode}")
        if not args.list and not out.is_file():
            raise Skip("peers.py wrote no JSON")
    except Skip as exc:
        if not args.list:
            write_skip(out, str(exc))
        else:
            print(f"peers skipped: {exc}", file=sys.stderr)
        return 1 if args.strict else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
