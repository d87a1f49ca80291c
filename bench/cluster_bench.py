#!/usr/bin/env python3
"""candlelit over several workers on PostgreSQL, and start time against stored history.

Starts a throwaway PostgreSQL server (initdb in a temporary directory, like the tests) and
the real `candlelit serve --workers N --db postgresql://…`, then measures:

  spread      N tables (default 1,000) with a human thinking --think seconds (default 3)
              per decision, over --workers (default 2): latency p50/p99 of the human's
              actions (send to acknowledging broadcast), as bench/server_bench.py does;
  saturation  stored actions/s with humans acting at once (think 0), for 1 and 2 workers;
  start       seconds from launching `candlelit serve` until /healthz answers, with
              --history stored actions (default 100,000) in the database, SQLite and
              PostgreSQL (start-up replays nothing, so this should not grow with history).

Usage
  .venv/bin/python bench/cluster_bench.py                        # everything
  .venv/bin/python bench/cluster_bench.py --only start --history 100000
  .venv/bin/python bench/cluster_bench.py --only spread --tables 300 --seconds 40
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg

from benchlib import RESULTS, fmt, markdown_table, run_meta, write_results
from candlelit import load
from candlelit.server.store import SeatRow, Store, TableRow
from server_bench import (
    Totals,
    _cpu_seconds,
    _summary,
    free_port,
    play_table,
    sign_forms,
    wait_up,
)

CLUSTER_JSON = RESULTS / "cluster.json"


def _as_postgres(argv: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server; yields the URL of a server (no database part)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL is not installed (no initdb under /usr/lib/postgresql)")
    bindir = Path(found[-1]).parent
    root = Path(tempfile.mkdtemp(prefix="candlelit-pgbench-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()
    ctl = str(bindir / "pg_ctl")
    data = root / "data"
    try:
        subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-U",
                                     "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        subprocess.run(_as_postgres([ctl, "-D", str(data), "-l", str(root / "pg.log"), "-w",
                                     "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
                                     " -c max_connections=300", "start"]),
                       check=True, capture_output=True, timeout=120)
        yield f"postgresql://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_postgres([ctl, "-D", str(data), "-m", "fast", "-w", "stop"]),
                       capture_output=True, timeout=60, check=False)
        shutil.rmtree(root, ignore_errors=True)


def new_database(server: str) -> str:
    name = f"bench_{random.getrandbits(40):x}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server}/{name}"


@contextlib.contextmanager
def serve(db: str, workers: int, log: Path, bot_delay: float = 0.0,
          ) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    port = free_port()
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", "from candlelit.cli.app import main; main()", "serve",
             "--host", "127.0.0.1", "--port", str(port), "--db", db, "--workers",
             str(workers), "--bot-delay", str(bot_delay), "--create-limit", "0"],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield port, proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, 9)
        proc.wait()


async def load_run(db: str, workers: int, tables: int, think: float, seconds: float,
                   ramp: float, warmup: float, log: Path) -> dict[str, Any]:
    """Play `tables` tables as bench/server_bench.py does; latencies and stored actions/s."""
    with serve(db, workers, log) as (port, proc):
        await wait_up(port, proc, 60)
        cpu0 = _cpu_seconds(proc.pid)
        args = argparse.Namespace(players=4, think=think, no_compression=False)
        totals = Totals()
        limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120,
                                     limits=limits) as client:
            await sign_forms(client)
            start = time.monotonic()
            deadline = start + seconds
            steady_from = time.perf_counter() + warmup
            tasks = []
            for i in range(tables):
                tasks.append(asyncio.create_task(play_table(
                    port, client, args, random.Random(i), deadline, totals,
                    f"127.0.0.{1 + i % 250}")))  # addresses: under the per-client cap
                await asyncio.sleep(ramp / tables)
            results = await asyncio.gather(*tasks, return_exceptions=True)
            elapsed = time.monotonic() - start
        cpu = _cpu_seconds(proc.pid) - cpu0
    with psycopg.connect(db) as conn:
        row = conn.execute("SELECT COUNT(*) FROM actions").fetchone()
    stored = int(row[0]) if row else 0
    failures = [repr(r) for r in results if isinstance(r, BaseException)]
    steady = [x * 1000 for sent, x in totals.latencies if sent >= steady_from]
    return {"workers": workers, "tables": tables, "think": think,
            "seconds": round(elapsed, 1), "human_actions": len(totals.latencies),
            "stored_actions_per_s": round(stored / elapsed, 1),
            "steady_latency_ms": _summary(steady), "refusals": totals.refusals,
            "server_cpu_s": round(cpu, 1), "failures": failures[:5]}


def fill(url: str, actions: int, seed: int = 7) -> int:
    """Store finished and unfinished 2-seat Divinare games (random play) until `actions`
    actions are stored; returns how many tables. One in ten has a bot seat."""
    store = Store(url)
    rng = random.Random(seed)
    done = tables = 0
    batch: list[tuple[str, int, int, int, str]] = []
    while done < actions:
        state = load("divinare", 2, seed=tables)
        botted = tables % 10 == 0  # bot tables are finished: no bot resumes at start
        stop = None if botted else rng.choice([None, None, rng.randint(1, 40)])
        seats = [SeatRow(0, "human", "random", f"{tables:064x}", True, False),
                 SeatRow(1, "bot" if botted else "human", "random", "0" * 64, True, False)]
        table_id = f"h{tables}"
        steps: list[tuple[int, int]] = []
        while not state.is_terminal() and (stop is None or len(steps) < stop):
            seat = state.pending_players()[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply_action(action, seat)
            steps.append((seat, action))
        status = "finished" if state.is_terminal() else "playing"
        store.create_table(TableRow(table_id, "divinare", 2, tables, {}, None, status,
                                    time.time(), seats, []))
        batch += [(table_id, i, s, a, status) for i, (s, a) in enumerate(steps)]
        if len(batch) > 5000:
            store.append_actions(batch)
            batch = []
        done += len(steps)
        tables += 1
    if batch:
        store.append_actions(batch)
    store.close()
    return tables


async def start_time(db: str, workers: int, log: Path) -> float:
    """Seconds from launching the server until /healthz answers."""
    began = time.monotonic()
    with serve(db, workers, log, bot_delay=0.6) as (port, proc):
        await wait_up(port, proc, 600)
        return round(time.monotonic() - began, 2)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="candlelit-clusterbench-"))
    log = work / "server.log"
    out: dict[str, Any] = {"meta": run_meta(), "settings": vars(args)}
    try:
        with postgres() as server:
            if args.only in ("all", "start"):
                sqlite = f"sqlite:///{work / 'history.db'}"
                pg = new_database(server)
                tables = fill(sqlite, args.history)
                fill(pg.replace("postgresql://", "postgresql+psycopg://"), args.history)
                out["start"] = {
                    "stored_actions": args.history, "tables": tables,
                    "sqlite_1_worker_s": await start_time(sqlite, 1, log),
                    "postgresql_2_workers_s": await start_time(pg, 2, log)}
            if args.only in ("all", "saturation"):
                out["saturation"] = [
                    await load_run(new_database(server), w, args.saturation_tables, 0.0,
                                   args.saturation_seconds, 2.0, 5.0, log)
                    for w in (1, 2)]
            if args.only in ("all", "spread"):
                out["spread"] = await load_run(new_database(server), args.workers,
                                               args.tables, args.think, args.seconds,
                                               args.ramp, args.ramp + 5, log)
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return out


def report(data: dict[str, Any]) -> str:
    lines = []
    if "start" in data:
        s = data["start"]
        lines.append(f"start with {s['stored_actions']} stored actions ({s['tables']} tables):"
                     f" SQLite 1 worker {s['sqlite_1_worker_s']} s, PostgreSQL 2 workers "
                     f"{s['postgresql_2_workers_s']} s until /healthz answers")
    rows = []
    for run_ in [*data.get("saturation", []), *([data["spread"]] if "spread" in data else [])]:
        lat = run_["steady_latency_ms"]
        rows.append([str(run_["workers"]), str(run_["tables"]), fmt(run_["think"], 1),
                     fmt(run_["stored_actions_per_s"]), fmt(lat["p50"]), fmt(lat["p99"]),
                     str(lat["count"]), fmt(run_["server_cpu_s"]),
                     str(len(run_["failures"]))])
    if rows:
        lines.append(markdown_table(["workers", "tables", "think s", "stored act/s",
                                     "p50 ms", "p99 ms", "actions", "server CPU s",
                                     "failures"], rows))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("all", "spread", "saturation", "start"),
                        default="all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--think", type=float, default=3.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--ramp", type=float, default=20.0)
    parser.add_argument("--saturation-tables", type=int, default=100)
    parser.add_argument("--saturation-seconds", type=float, default=20.0)
    parser.add_argument("--history", type=int, default=100_000)
    parser.add_argument("--keep", action="store_true", help="keep the server log")
    parser.add_argument("--json", default=str(CLUSTER_JSON))
    args = parser.parse_args()
    data = asyncio.run(run(args))
    print(report(data))
    if args.json:
        write_results(args.json, data)


if __name__ == "__main__":
    main()
