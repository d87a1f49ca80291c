"""A real `candlelit serve`, killed with SIGKILL mid-game again and again, loses no
acknowledged action and continues the game exactly where it was."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from srvkit import (
    ACTION,
    LINK,
    SEAT_VERSION,
    form_token,
    free_port,
    run_async,
    serve_process,
)
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from candlelit.engine.records import verify

KILLS = 3
STEP_TIMEOUT = 15.0


def stored(db: Path, table_id: str) -> list[tuple[int, int]]:
    """The table's stored (seat, action) pairs, read straight from the file."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        rows = conn.execute("SELECT seat, action FROM actions WHERE table_id = ? ORDER BY idx",
                            (table_id,)).fetchall()
    return [(seat, action) for seat, action in rows]


async def next_state(ws: ClientConnection, seen: list[dict[str, Any]]) -> dict[str, Any]:
    try:
        message = json.loads(await asyncio.wait_for(ws.recv(), STEP_TIMEOUT))
    except TimeoutError:
        last = seen[-1] if seen else {}
        raise AssertionError(f"no message for {STEP_TIMEOUT}s; the last one was at version "
                             f"{last.get('seat_version')}: {last.get('actions')!r:.400}"
                             ) from None
    assert message["type"] == "state", f"the server refused a good action: {message}"
    if seen:  # only the parts that changed are sent: merge them into the page
        message = {k: v for k, v in seen[-1].items() if k != "fresh"} | message
    seen.append(message)
    return message


async def my_turn(ws: ClientConnection, version: int,
                  seen: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The first state offering me actions at `version`; None once the game is over.

    The last message already read counts: after an acknowledgement that offers more
    choices, nothing else may come until I act.
    """
    while True:
        m = seen[-1] if seen and seen[-1].get("fresh") else await next_state(ws, seen)
        m.pop("fresh", None)
        assert m["seat_version"] == version, (m["seat_version"], version)
        if m["status"] == "finished":
            return None
        if ACTION.search(m["actions"]):
            return m


async def acknowledged(ws: ClientConnection, version: int,
                       seen: list[dict[str, Any]]) -> dict[str, Any]:
    while True:
        m = await next_state(ws, seen)
        if m["seat_version"] == version + 1:
            m["fresh"] = True  # not looked at for choices yet
            return m
        assert m["seat_version"] == version


@pytest.mark.slow
def test_acknowledged_actions_survive_sigkill_and_the_game_goes_on(tmp_path: Path):
    seed = int(os.environ.get("CANDLELIT_CRASH_SEED", time.time_ns() % 1_000_000))
    rng = random.Random(seed)
    try:
        run_async(lambda: crash_and_recover(tmp_path, rng), 150)
    except BaseException as exc:
        raise AssertionError(f"failed with seed {seed}: {exc!r}") from exc


async def crash_and_recover(tmp_path: Path, rng: random.Random) -> None:
    db = tmp_path / "crash.db"
    url = f"sqlite:///{db}"
    log = tmp_path / "server.log"
    acked: list[int] = []  # my actions, in order, that the server acknowledged
    history: list[tuple[int, int]] = []  # every stored action seen after the last kill
    port = free_port()
    with serve_process(url, port, log):
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=STEP_TIMEOUT) as web:
            created = web.post("/tables", data={
                "game": "divinare", "players": "4", "variant": "standard",
                "seat1": "expectation", "seat2": "random", "seat3": "expectation",
                "csrf": form_token(web.get("/").text)})
        assert created.status_code == 200
        table_id, token = LINK.findall(html.unescape(created.text))[0]
    # the table was created, then the server was killed before anyone opened it
    kills = 0  # kills in the middle of the game
    modes = ["after-ack", "in-flight", "while-bots-play"]  # each once, in a random order
    rng.shuffle(modes)
    finished = False
    while not finished:
        port = free_port()
        with serve_process(url, port, log) as proc:
            base = f"http://127.0.0.1:{port}"
            page = httpx.get(f"{base}/t/{table_id}", params={"token": token}, timeout=5)
            assert page.status_code == 200
            assert int(SEAT_VERSION.search(page.text).group(1)) == len(acked)
            async with connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws?token={token}",
                               proxy=None, max_queue=None, open_timeout=STEP_TIMEOUT) as ws:
                in_flight: int | None = None
                seen: list[dict[str, Any]] = []
                steps = rng.randint(1, 8) if kills < KILLS else 10_000
                mode = modes[kills] if kills < KILLS else "to-the-end"
                for step in range(steps):
                    m = await my_turn(ws, len(acked), seen)
                    if m is None:
                        finished = True
                        break
                    choice = rng.choice([int(a) for a in ACTION.findall(m["actions"])])
                    await ws.send(json.dumps({"type": "act", "action": choice,
                                              "seat_version": len(acked)}))
                    if step == steps - 1 and mode == "in-flight":
                        in_flight = choice
                        await asyncio.sleep(rng.random() * 0.004)
                        break
                    await acknowledged(ws, len(acked), seen)
                    acked.append(choice)
                if mode == "while-bots-play":
                    await asyncio.sleep(rng.random() * 0.03)
                if not finished:
                    proc.kill()  # SIGKILL: no shutdown, no flush, no goodbye
                    proc.wait(STEP_TIMEOUT)
                    kills += 1
                    with contextlib.suppress(ConnectionClosed, TimeoutError):
                        while True:
                            await asyncio.wait_for(ws.recv(), 1)
        now = stored(db, table_id)
        assert now[:len(history)] == history, "a stored action changed or vanished"
        mine = [action for seat, action in now if seat == 0]
        if in_flight is not None and mine == [*acked, in_flight]:
            acked.append(in_flight)  # it was stored just before the kill
        assert mine == acked, f"acknowledged {acked}, stored {mine}"
        history = now
        if finished:
            break
    assert kills == KILLS and len(acked) > 40
    port = free_port()
    with serve_process(url, port, log):
        record = httpx.get(f"http://127.0.0.1:{port}/t/{table_id}/record.json", timeout=5).json()
    assert verify(record).ok
    assert [tuple(pair) for pair in record["actions"]] == stored(db, table_id)
    assert [a for s, a in record["actions"] if s == 0] == acked
    assert record["final"]["terminal"]
