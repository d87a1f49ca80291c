"""Several workers on one PostgreSQL database: any worker serves any table, tables move to a
live worker when their owner dies, and a SIGKILLed worker loses no acknowledged action."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from srvkit import (
    ACTION,
    LINK,
    TIMEOUT,
    Conn,
    LiveServer,
    form_token,
    free_port,
    run_async,
    serve_process,
    wait_for,
)
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from candlelit.engine.records import verify
from candlelit.server.cluster import ClusterOptions, ClusterStore
from candlelit.server.render import table_message
from candlelit.server.store import SeatRow, TableRow

STALE = "2.0"  # seconds of silence after which a worker is dead, in these tests


def query(url: str, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Rows of one SQL query, read straight from the database."""
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        return conn.execute(sql, args).fetchall()


def stored(url: str, table_id: str) -> list[tuple[int, int]]:
    rows = query(url, "SELECT seat, action FROM actions WHERE table_id = %s ORDER BY idx",
                 table_id)
    return [(seat, action) for seat, action in rows]


@pytest.mark.postgres
def test_an_action_on_one_worker_reaches_the_watchers_on_another(pg: str):
    a_opts, b_opts = ClusterOptions("worker-a"), ClusterOptions("worker-b")
    with LiveServer(pg, cluster=a_opts) as a, LiveServer(pg, cluster=b_opts) as b:
        table_id, tokens = a.create(["human"])
        assert query(pg, "SELECT owner FROM tables WHERE id = %s", table_id) == [("worker-a",)]
        with Conn(a, table_id, tokens[0]) as mine, Conn(b, table_id, tokens[1]) as yours, \
                Conn(b, table_id, None) as spectator:
            conns = {0: mine, 1: yours}
            # presence crosses workers: A sees seat 1, connected on B
            wait_for(lambda: a.table(table_id).connected(1), what="A to see seat 1")
            wait_for(lambda: b.table(table_id).connected(0), what="B to see seat 0")
            rng = random.Random(3)
            read_backs = b.hub.read_backs  # type: ignore[attr-defined]
            for _ in range(10):
                count = len(stored(pg, table_id))
                wait_for(lambda c=count: len(a.table(table_id).state.history) == c
                         == len(b.table(table_id).state.history), what="both replicas")
                table = a.table(table_id)
                seat = rng.choice(table.state.pending_players())
                conn = conns[seat]
                version = conn.server.table(table_id).seat_version(seat)
                def offers(m: dict[str, Any], v: int = version) -> bool:
                    return bool(m.get("type") == "state" and m["seat_version"] == v
                                and ACTION.search(m["actions"]))
                m = conn.last if offers(conn.last) else conn.until(offers, what="choices")
                conn.act(rng.choice([int(x) for x in ACTION.findall(m["actions"])]), version)
                conn.ack(version)
                assert len(stored(pg, table_id)) == count + 1
                # the spectator on B sees B's replica, which followed the action
                wait_for(lambda c=count: len(b.table(table_id).state.history) == c + 1,
                         what="B to follow")
                want = table_message(b.table(table_id), None, "en")

                def shows(w: dict[str, Any] = want) -> bool:
                    spectator.drain()  # only what changed is sent: compare the page state
                    return spectator.last["board"] == w["board"] and \
                        spectator.last["log"] == w["log"]
                wait_for(shows, what="the spectator on B to see the action")
            wait_for(lambda: a.table(table_id).state.serialize()
                     == b.table(table_id).state.serialize(), what="the same replicas")
            # B applied A's actions from the notifications, without reading them back
            assert b.hub.read_backs == read_backs  # type: ignore[attr-defined]
        wait_for(lambda: not a.table(table_id).connected(1), what="A to see seat 1 leave")


@contextlib.contextmanager
def cluster(url: str, tmp_path: Path, workers: int, bot_delay: float = 0.0) -> Any:
    """`candlelit serve --workers N` on PostgreSQL; yields its base URL."""
    port = free_port()
    with serve_process(url, port, tmp_path / "server.log", bot_delay, workers=workers,
                       env={"CANDLELIT_STALE": STALE}):
        wait_for(lambda: len(live_pids(url)) == workers, what="every worker's heartbeat")
        yield f"http://127.0.0.1:{port}"


def live_pids(url: str) -> list[int]:
    """The pids of the workers with a fresh heartbeat."""
    rows = query(url, "SELECT pid FROM workers WHERE beat > %s", time.time() - float(STALE))
    return sorted(pid for (pid,) in rows)


def owner_pid(url: str, table_id: str) -> int | None:
    rows = query(url, "SELECT w.pid FROM tables t JOIN workers w ON w.id = t.owner "
                 "WHERE t.id = %s", table_id)
    return rows[0][0] if rows else None


def test_more_than_one_worker_with_sqlite_is_refused_in_one_line(tmp_path: Path):
    done = subprocess.run(
        [sys.executable, "-c", "from candlelit.cli.app import main; main()", "serve",
         "--db", f"sqlite:///{tmp_path / 'x.db'}", "--workers", "2"],
        capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "PostgreSQL" in lines[0], done.stderr


@pytest.mark.postgres
@pytest.mark.slow
def test_the_bots_of_a_killed_workers_table_continue_on_another(pg: str, tmp_path: Path):
    with cluster(pg, tmp_path, workers=2, bot_delay=0.02) as base:
        with httpx.Client(base_url=base, timeout=TIMEOUT) as http:
            created = http.post("/tables", data={
                "game": "divinare", "players": "3", "variant": "standard",
                "seat1": "expectation", "seat2": "random",
                "csrf": form_token(http.get("/").text)})
        table_id, token = LINK.findall(html.unescape(created.text))[0]

        async def hand_over() -> None:
            async with connect(f"ws://{base[7:]}/t/{table_id}/ws?token={token}",
                               proxy=None) as ws:
                await ws.send(json.dumps({"type": "bot", "seat": 0, "on": True}))
                while not json.loads(await ws.recv()).get("seats", "").count("bot"):
                    pass

        run_async(hand_over, TIMEOUT)
        wait_for(lambda: len(stored(pg, table_id)) >= 5, what="the bots to play")
        victim = owner_pid(pg, table_id)
        assert victim in live_pids(pg)
        os.kill(victim, signal.SIGKILL)
        before = stored(pg, table_id)
        wait_for(lambda: owner_pid(pg, table_id) not in (None, victim), 3 * TIMEOUT,
                 "another worker to take the table")
        wait_for(lambda: query(pg, "SELECT status FROM tables WHERE id = %s", table_id)
                 == [("finished",)], 4 * TIMEOUT, "the bots to finish the game")
        after = stored(pg, table_id)
        assert after[:len(before)] == before and len(after) > len(before)
        record = httpx.get(f"{base}/t/{table_id}/record.json", timeout=TIMEOUT).json()
        assert verify(record).ok and [tuple(p) for p in record["actions"]] == after


KILLS = 5


@pytest.mark.postgres
@pytest.mark.slow
def test_sigkilled_workers_lose_no_acknowledged_action(pg: str, tmp_path: Path):
    seed = int(os.environ.get("CANDLELIT_CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    try:
        with cluster(pg, tmp_path, workers=3) as base:
            run_async(lambda: kill_and_play(pg, base, rng), 120)
    except BaseException as exc:
        raise AssertionError(f"failed with seed {seed}: {exc!r}") from exc


async def kill_and_play(url: str, base: str, rng: random.Random) -> None:
    async with httpx.AsyncClient(timeout=TIMEOUT) as http:
        created = await http.post(f"{base}/tables", data={
            "game": "divinare", "players": "4", "variant": "standard",
            "seat1": "expectation", "seat2": "random", "seat3": "expectation",
            "csrf": form_token((await http.get(f"{base}/")).text)})
    table_id, token = LINK.findall(html.unescape(created.text))[0]
    acked: list[int] = []
    kills = 0
    finished = False
    while not finished:
        in_flight: int | None = None
        try:
            async with connect(f"ws://{base[7:]}/t/{table_id}/ws?token={token}", proxy=None,
                               max_queue=None, open_timeout=TIMEOUT) as socket:
                ws = Page(socket)
                steps = rng.randint(1, 6) if kills < KILLS else 10_000
                last: dict[str, Any] | None = None
                for step in range(steps):
                    m = await my_turn(ws, len(acked), last)
                    if m is None:
                        finished = True
                        break
                    choice = rng.choice([int(a) for a in ACTION.findall(m["actions"])])
                    await ws.send(json.dumps({"type": "act", "action": choice,
                                              "seat_version": len(acked)}))
                    if step == steps - 1 and kills < KILLS and rng.random() < 0.5:
                        in_flight = choice  # killed before its acknowledgement, maybe
                        break
                    last = await acknowledged(ws, len(acked))
                    acked.append(choice)
                if not finished:
                    pids = wait_for(lambda: live_pids(url), what="a live worker")
                    victim = (owner_pid(url, table_id) if rng.random() < 0.5 else None) \
                        or rng.choice(pids)
                    os.kill(victim, signal.SIGKILL)
                    kills += 1
                    if in_flight is not None:  # our worker may live on and answer it
                        await acknowledged(ws, len(acked))
                        acked.append(in_flight)
                        in_flight = None
        except (ConnectionClosed, InvalidStatus, OSError):
            pass  # our own worker was the one killed: connect again
        await asyncio.sleep(0.05)
        mine = [action for seat, action in stored(url, table_id) if seat == 0]
        if in_flight is not None and mine == [*acked, in_flight]:
            acked.append(in_flight)  # stored just before the kill
        assert mine == acked, f"acknowledged {acked}, stored {mine}"
    assert kills == KILLS and len(acked) > 20
    record = httpx.get(f"{base}/t/{table_id}/record.json", timeout=TIMEOUT).json()
    assert verify(record).ok and record["final"]["terminal"]
    assert [tuple(pair) for pair in record["actions"]] == stored(url, table_id)


async def my_turn(ws: Page, version: int, last: dict[str, Any] | None,
                  ) -> dict[str, Any] | None:
    """The first state (`last` included) offering me actions at `version`; None once the
    game is over."""
    while True:
        m = last or await ws.recv()
        last = None
        assert m["type"] in ("state", "stale"), m
        if m["type"] != "state":
            continue
        assert m["seat_version"] == version, (m["seat_version"], version)
        if m["status"] == "finished":
            return None
        if ACTION.search(m["actions"]):
            return m


class Page:
    """A seat's socket read as its page reads it: each state message merged into the page
    (the server sends only the parts that changed)."""

    def __init__(self, socket: Any) -> None:
        self.socket, self.shown = socket, {}

    async def send(self, text: str) -> None:
        await self.socket.send(text)

    async def recv(self) -> dict[str, Any]:
        m: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(),
                                                              3 * TIMEOUT))
        if m["type"] == "state":
            self.shown = m = self.shown | m
        return m


async def acknowledged(ws: Page, version: int) -> dict[str, Any]:
    while True:
        m = await ws.recv()
        assert m["type"] == "state", f"the server refused a good action: {m}"
        if m["seat_version"] == version + 1:
            return m
        assert m["seat_version"] == version


@pytest.mark.postgres
def test_a_tables_rows_are_stored_all_together_or_not_at_all(pg: str):
    store = ClusterStore(pg, "worker-a")
    try:
        for name in ("run", "other"):
            store.create_table(TableRow(name, "divinare", 2, 1, {}, None, "playing", 1.0,
                                        [SeatRow(0, "human", "random", "x" * 64, True, False)],
                                        []))
        store.append_actions([("run", 0, 0, 22, "playing"), ("run", 1, 1, 23, "playing")])
        # another worker stored index 1 of "run" first: indices 0 and 2 of this run stay
        # unstored too, while "other" is stored, with its status after its last row
        taken = store.append_free([("run", 1, 0, 30, "playing"), ("run", 2, 1, 31, "playing"),
                                   ("other", 0, 0, 40, "playing"),
                                   ("other", 1, 1, 41, "finished")])
        assert taken == {("run", 1), ("run", 2)}
        assert stored(pg, "run") == [(0, 22), (1, 23)]
        assert stored(pg, "other") == [(0, 40), (1, 41)]
        assert query(pg, "SELECT id, status FROM tables ORDER BY id") == [
            ("other", "finished"), ("run", "playing")]
    finally:
        store.close()
