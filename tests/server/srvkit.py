"""Helpers for the server tests: a real uvicorn server in a thread, seats over real WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from candlelit.engine.events import Event
from candlelit.engine.state import State
from candlelit.i18n import message as log_message
from candlelit.server.app import create_app
from candlelit.server.render import seat_label, table_message
from candlelit.server.store import Store
from candlelit.server.tables import Hub, LiveTable

T = TypeVar("T")
TIMEOUT = 15.0
"""Seconds any single wait of a test may take before it fails."""

LINK = re.compile(r"/t/([\w-]+)\?token=([\w-]+)")
ACTION = re.compile(r'data-action="(\d+)"')
CARD = re.compile(r'<div class="cface tone-\w+ card suit-(\w+)"')
SEAT_VERSION = re.compile(r'data-seat-version="(\d+)"')
FORM_TOKEN = re.compile(r'<input type="hidden" name="csrf" value="([\w-]+)">')
SUITS = ("red", "blue", "green", "yellow")


def run_async(main: Callable[[], Coroutine[Any, Any, T]], timeout: float) -> T:
    """`asyncio.run(main())` in a thread of its own, bounded by `timeout` seconds.

    A thread of its own, because another test in this process (Playwright's sync API) may
    have left an event loop running in the main thread.
    """
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = asyncio.run(asyncio.wait_for(main(), timeout))
        except BaseException as exc:  # handed to the caller
            outcome["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout + 30)
    assert not thread.is_alive(), f"still running after {timeout + 30}s"
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]


def free_port() -> int:
    """A TCP port that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(check: Callable[[], Any], timeout: float = TIMEOUT, what: str = "condition") -> Any:
    """Poll `check` until it returns something truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(0.005)


# -- a real server in this process --------------------------------------------------------
class Clock:
    """A clock the test moves by hand (seconds), for presence, grace and turn timers."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class LiveServer:
    """`create_app(db_url)` behind a real uvicorn on 127.0.0.1, run in a background thread.

    Running in-process lets a test look at the hub and the store while it talks to the
    server over real HTTP and WebSocket connections. The live state is only ever replaced,
    never changed in place, so reading it from the test thread is safe.
    """

    def __init__(self, db_url: str, bot_delay: float = 0.0, clock: Clock | None = None,
                 **options: Any) -> None:
        self.db_url = db_url
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(128)
        self.port = int(sock.getsockname()[1])
        options.setdefault("public_url", self.base)
        self.app = create_app(db_url, bot_delay=bot_delay, **options)
        self.hub: Hub = self.app.state.hub
        if clock is not None:  # before the server starts: tables read the hub's clock
            self.hub.clock = clock
            self.hub.tick = 0.02
        self.store: Store = self.hub.store
        config = uvicorn.Config(self.app, log_level="warning", ws_max_size=65536,
                                timeout_graceful_shutdown=3, lifespan="on")
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()  # the server's: tables are loaded on it
        self.thread = threading.Thread(
            target=self.loop.run_until_complete, args=(self.server.serve(sockets=[sock]),),
            daemon=True)
        self.thread.start()
        wait_for(lambda: self.server.started or not self.thread.is_alive(), what="uvicorn")
        assert self.server.started, "the server did not start"
        # idle connections are dropped by the client (1 s) before uvicorn closes them (5 s):
        # reusing one just as the server closes it resets the request (ECONNRESET)
        self.http = httpx.Client(base_url=self.base, timeout=TIMEOUT,
                                 limits=httpx.Limits(keepalive_expiry=1.0))

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table_id: str, token: str | None) -> str:
        query = f"?token={token}" if token is not None else ""
        return f"ws://127.0.0.1:{self.port}/t/{table_id}/ws{query}"

    def table(self, table_id: str) -> LiveTable:
        """The live table, loaded on the server's loop if it is not in memory."""
        table = self.hub.tables.get(table_id)
        if table is None:
            table = asyncio.run_coroutine_threadsafe(self.hub.table(table_id),
                                                     self.loop).result(TIMEOUT)
        return table

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(TIMEOUT)
        assert not self.thread.is_alive(), "the server did not stop"
        self.loop.close()

    def __enter__(self) -> LiveServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- tables ----------------------------------------------------------------------------
    def create(self, seats: list[str], variant: str = "standard", grace: int | None = None,
               timer: str | None = None) -> tuple[str, dict[int, str]]:
        """POST /tables: seat 0 is ours, `seats` are the kinds of seats 1.., then the grace
        period and turn timer if given (else the form's defaults).

        Returns the table id and the token of each human seat whose link the page lists.
        """
        form = {"game": "divinare", "players": str(len(seats) + 1), "variant": variant}
        form |= {f"seat{i}": kind for i, kind in enumerate(seats, start=1)}
        if grace is not None:
            form["grace"] = str(grace)
        if timer is not None:
            form["timer"] = timer
        response = self.http.post("/tables", data=form | {"csrf": self.form_token()})
        assert response.status_code == 200, response.text
        links = LINK.findall(html.unescape(response.text))
        assert links, "the created page lists no seat link"
        table_id = links[0][0]
        table = self.table(table_id)
        tokens: dict[int, str] = {}
        for found_id, token in links:
            assert found_id == table_id
            tokens[self.hub.seat_of(table, token)] = token
        return table_id, tokens

    def form_token(self) -> str:
        """The lobby form's token, read as a browser reads it (its cookie kept by `http`)."""
        return form_token(self.http.get("/").text)

    def quiet(self, table_id: str) -> bool:
        """Whether no bot is about to act at the table (it waits on humans, or is over)."""
        table = self.table(table_id)
        if table.driver is not None and not table.driver.done():
            return False
        return not any(table.bot_plays(p) for p in table.state.pending_players())

    def wait_quiet(self, table_id: str) -> None:
        wait_for(lambda: self.quiet(table_id), what=f"the bots of table {table_id}")

    def snapshot(self, table_id: str) -> tuple[int, str]:
        """(stored action count, serialized live state) of a table."""
        return self.store.action_count(table_id), self.table(table_id).state.serialize()


# -- a seat (or a spectator) over a real WebSocket ----------------------------------------
class Conn:
    """One WebSocket connection; keeps every message and the last state message.

    The server sends a state message's parts only when they changed: `frames` holds the
    messages as they came, `inbox` and `last` the state each one left the page in.
    """

    def __init__(self, server: LiveServer, table_id: str, token: str | None,
                 lang: str | None = None) -> None:
        self.server, self.table_id = server, table_id
        url = server.ws_url(table_id, token)
        if lang is not None:
            url += ("&" if "?" in url else "?") + f"lang={lang}"
        self.ws: ClientConnection = connect(url, proxy=None,
                                            open_timeout=TIMEOUT, close_timeout=2,
                                            max_queue=None).__enter__()
        self.seat = None if token is None else server.hub.seat_of(server.table(table_id), token)
        self.last: dict[str, Any] = {}
        self.inbox: list[dict[str, Any]] = []
        self.frames: list[dict[str, Any]] = []

    def close(self) -> None:
        self.ws.close()

    def __enter__(self) -> Conn:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, payload: Any) -> None:
        self.ws.send(payload if isinstance(payload, str | bytes) else json.dumps(payload))

    def act(self, action: int, seat_version: int | None = None) -> None:
        version = self.last["seat_version"] if seat_version is None else seat_version
        self.send({"type": "act", "action": action, "seat_version": version})

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(message)
        if message["type"] == "state":
            message = self.last = self.last | message  # parts left out are unchanged
        self.inbox.append(message)
        return message

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.recv(0)

    def until(self, check: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT,
              what: str = "a message") -> dict[str, Any]:
        """Read messages until one satisfies `check`."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {what}; last: {self.last!r:.300}")
            with contextlib.suppress(TimeoutError):
                message = self.recv(min(left, 0.2))
                if check(message):
                    return message

    def reply(self, timeout: float = TIMEOUT, version: int | None = None) -> dict[str, Any]:
        """The next message that is not a state broadcast (an error or a stale notice).

        With `version`, a state broadcast at another seat version fails at once: the
        message was taken for an action.
        """
        def answer(m: dict[str, Any]) -> bool:
            if m["type"] == "state":
                assert version is None or m["seat_version"] == version, "it was acted on"
                return False
            return True
        return self.until(answer, timeout, "an error message")

    def ack(self, version: int) -> dict[str, Any]:
        """The state broadcast that acknowledges the action sent at `version`."""
        def acked(m: dict[str, Any]) -> bool:
            assert m["type"] == "state", f"the action was refused: {m}"
            return bool(m["seat_version"] > version)
        return self.until(acked, what="the acknowledgement")

    def current(self) -> dict[str, Any]:
        """Wait until no bot is about to act, then for the message that shows that state."""
        table = self.server.table(self.table_id)
        self.server.wait_quiet(self.table_id)

        def shows_now(m: dict[str, Any]) -> bool:
            if m.get("type") != "state":
                return False
            seat = self.seat
            version = 0 if seat is None else table.seat_version(seat)
            if m["seat_version"] != version or m["status"] != table.row.status:
                return False
            now = table_message(table, seat, "en")  # only to tell when we are in sync
            return all(m[k] == now[k] for k in ("status", "seat_version", "board", "actions",
                                                "log"))

        if self.last and shows_now(self.last):
            return self.last
        return self.until(shows_now, what="the state message of the quiet table")

    def silent(self, seconds: float = 0.3) -> list[dict[str, Any]]:
        """Every message that arrives within `seconds`."""
        got = []
        deadline = time.monotonic() + seconds
        with contextlib.suppress(TimeoutError):
            while (left := deadline - time.monotonic()) > 0:
                got.append(self.recv(left))
        return got


def form_token(page: str) -> str:
    """The hidden token field of the forms on `page`."""
    found = FORM_TOKEN.search(page)
    assert found, "the page has no form token"
    return found.group(1)


def actions(message: dict[str, Any]) -> list[int]:
    """The action buttons of a state message."""
    return [int(a) for a in ACTION.findall(message["actions"])]


def hand_in(board_html: str) -> list[int] | None:
    """Cards per suit drawn as hand cards on a board (None if it has no hand at all).

    Only cards in the hand are drawn as faces `<div class="cface … card suit-…">`; cards
    being chosen or discarded are smaller spans.
    """
    found = CARD.findall(board_html)
    if not found and '<div class="hand">' not in board_html:
        return None
    return [found.count(suit) for suit in SUITS]


def message_text(message: dict[str, Any]) -> str:
    """Everything a state message shows, as text (HTML entities decoded)."""
    return html.unescape(" ".join(str(message.get(k, ""))
                                  for k in ("board", "actions", "seats", "log")))


def names_for(table: LiveTable, viewer: int | None) -> list[str]:
    """Seat names as `viewer` reads them now (English)."""
    return [seat_label(table, s, "en", viewer) for s in range(table.row.players)]


def forbidden_lines(state: State, viewer: int | None, names: list[str]) -> set[str]:
    """The private log lines of `state` that `viewer` must never read (English)."""
    def text(e: Event) -> str:
        return log_message(state.game, e.key, e.args, "en", names)

    hidden = {text(e) for e in state.events() if not e.visible(viewer)}
    shown = {text(e) for e in state.events() if e.visible(viewer)}
    return hidden - shown


def assert_private(messages: list[dict[str, Any]], viewer: int | None,
                   forbidden: set[str]) -> int:
    """No state message shows a line of `forbidden`; a spectator's shows no hand at all.

    Returns how many state messages were checked.
    """
    checked = 0
    for m in messages:
        if m["type"] != "state":
            continue
        checked += 1
        text = message_text(m)
        for line in forbidden:
            assert line not in text, f"seat {viewer} was shown {line!r}"
        if viewer is None:
            assert hand_in(m.get("board", "")) is None, "a spectator was shown a hand"
            assert "Your hand" not in text and "You are dealt" not in text
            assert not actions(m | {"actions": m.get("actions", "")}), \
                "a spectator was offered actions"
    return checked


def play(conns: list[Conn], rng: random.Random, limit: int = 1000,
         stop: Callable[[LiveTable], bool] | None = None) -> None:
    """Act with a random offered action for whichever of `conns`' seats the table waits on,
    until the game ends or `stop(table)` holds; every connection keeps reading meanwhile."""
    server, table_id = conns[0].server, conns[0].table_id
    table = server.table(table_id)
    for _ in range(limit):
        server.wait_quiet(table_id)
        for conn in conns:
            conn.drain()
        if table.row.status == "finished" or (stop is not None and stop(table)):
            for conn in conns:
                conn.current()
            return
        waiting = table.state.pending_players()
        movers = [c for c in conns if c.seat in waiting and not table.bot_plays(c.seat)]
        assert movers, f"the table waits on seats {waiting} that nobody here plays"
        conn = rng.choice(movers)
        m = conn.current()
        conn.act(rng.choice(actions(m)), m["seat_version"])
        conn.ack(m["seat_version"])
    raise AssertionError("the game did not end")


# -- a real `candlelit serve` in a subprocess ---------------------------------------------
@contextlib.contextmanager
def serve_process(db_url: str, port: int, log: Path, bot_delay: float = 0.0,
                  workers: int = 1, env: dict[str, str] | None = None,
                  ) -> Iterator[subprocess.Popen[bytes]]:
    """`candlelit serve` on 127.0.0.1:`port`; killed (SIGKILL) on exit if still running
    (with `workers`, its whole process group)."""
    with log.open("ab") as out:
        proc = subprocess.Popen(
            [sys.executable, "-c", "from candlelit.cli.app import main; main()", "serve",
             "--host", "127.0.0.1", "--port", str(port), "--db", db_url,
             "--bot-delay", str(bot_delay), "--workers", str(workers)],
            stdout=out, stderr=subprocess.STDOUT, env=os.environ | (env or {}),
            start_new_session=workers > 1)
    try:
        def up() -> bool:
            assert proc.poll() is None, f"the server exited: {log.read_text()[-2000:]}"
            try:
                return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).is_success
            except httpx.HTTPError:
                return False
        wait_for(up, 30, "candlelit serve to answer")
        yield proc
    finally:
        if workers > 1:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
        proc.wait(TIMEOUT)
