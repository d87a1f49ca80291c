"""Fixtures of the server tests: SQLite files and a PostgreSQL server the test run starts."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from srvkit import Clock, LiveServer, free_port

PG_BIN_GLOB = "/usr/lib/postgresql/*/bin"


def _pg_bin() -> Path:
    found = sorted(glob.glob(f"{PG_BIN_GLOB}/initdb"))
    if not found:
        pytest.fail(f"PostgreSQL is not installed: no initdb in {PG_BIN_GLOB}. The PostgreSQL "
                    "tests need it (apt-get install postgresql; CI's .ci/run installs it).",
                    pytrace=False)
    return Path(found[-1]).parent


def _as_postgres(argv: list[str]) -> list[str]:
    """Run as the `postgres` system user when we are root (PostgreSQL refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL server for this test process; yields its `candlelit` database."""
    import psycopg

    bindir = _pg_bin()
    root = Path(tempfile.mkdtemp(prefix="candlelit-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()

    def run(*argv: str) -> None:
        done = subprocess.run(_as_postgres(list(argv)), capture_output=True, text=True,
                              timeout=120, check=False)
        if done.returncode:
            pytest.fail(f"{argv[0]} failed: {done.stdout}{done.stderr}", pytrace=False)

    ctl = str(bindir / "pg_ctl")
    try:
        run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
            "-E", "UTF8", "--no-sync")
        run(ctl, "-D", str(data), "-l", str(root / "server.log"), "-w", "-t", "60",
            "-o", f"-p {port} -k {root} -c listen_addresses=127.0.0.1", "start")
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres",
                             autocommit=True) as conn:
            conn.execute("CREATE DATABASE candlelit")
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/candlelit"
    finally:
        with contextlib.suppress(Exception):
            subprocess.run(_as_postgres([ctl, "-D", str(data), "-m", "fast", "-w", "stop"]),
                           capture_output=True, timeout=60, check=False)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'candlelit.db'}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind for one test."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'candlelit.db'}"
    import psycopg

    base: str = request.getfixturevalue("postgres_url")
    name = f"candlelit_{uuid.uuid4().hex[:12]}"
    server = base.rsplit("/", 1)[0].replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return base.rsplit("/", 1)[0] + f"/{name}"


@pytest.fixture
def clock() -> Clock:
    """A clock the test moves by hand, read by presence, grace periods and turn timers."""
    return Clock()


@pytest.fixture
def clocked_server(sqlite_url: str, clock: Clock) -> Iterator[LiveServer]:
    """A live server on a fresh SQLite file whose hub reads `clock`."""
    with LiveServer(sqlite_url, clock=clock) as live:
        yield live


@pytest.fixture
def pg(postgres_url: str) -> str:
    """A fresh, empty PostgreSQL database for one test (SQLAlchemy URL)."""
    import psycopg

    name = f"candlelit_{uuid.uuid4().hex[:12]}"
    server = postgres_url.rsplit("/", 1)[0]
    with psycopg.connect(server.replace("postgresql+psycopg://", "postgresql://")
                         + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{server}/{name}"
