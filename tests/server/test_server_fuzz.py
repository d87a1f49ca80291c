"""Fuzz of the server's public surface: malformed, oversized, wrongly typed and out-of-turn
WebSocket messages and malformed HTTP requests get a clear refusal, never a server error,
and change nothing (stored actions, seats, tables and every seat's view stay as they were).

Everything goes through `create_app` and Starlette's in-process TestClient, against one table
of every installed game. The full Hypothesis profile sends at least `TOTAL_QUOTA` messages and
requests (each test asserts its own share); the fast profile sends fewer.
"""

from __future__ import annotations

import contextlib
import functools
import html
import json
import logging
import re
import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from srvkit import TIMEOUT, Conn, LiveServer, actions, wait_for
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

from candlelit.bots.registry import bot_names
from candlelit.engine.registry import games
from candlelit.server.app import create_app
from candlelit.server.protocol import MAX_MESSAGE_BYTES

FULL_EXAMPLES = 15
"""Examples per property in the project's full profile (tests/conftest.py); the fast
profile's smaller number scales every budget here down in proportion."""

SCALE = min(1.0, settings.default.max_examples / FULL_EXAMPLES)
FULL = SCALE == 1.0
SEATED_QUOTA, SPECTATOR_QUOTA = 7500, 950
FORM_QUOTA, TABLE_URL_QUOTA, OTHER_URL_QUOTA, HANDSHAKE_QUOTA = 500, 600, 300, 150
TOTAL_QUOTA = 10_000
assert (SEATED_QUOTA + SPECTATOR_QUOTA + FORM_QUOTA + TABLE_URL_QUOTA + OTHER_URL_QUOTA
        + HANDSHAKE_QUOTA) >= TOTAL_QUOTA

LINK = re.compile(r"/t/([\w-]+)\?token=([\w-]+)")
ACTION = re.compile(r'data-action="(\d+)"')
HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')
WATCHED_LOGGERS = ("candlelit", "uvicorn.error", "asyncio", "starlette")
MARKER = 7_346_291_058_000
"""Seat numbers from here up mark the end of a batch: the refusal names the seat."""


def _examples(n: int) -> int:
    return max(1, round(n * SCALE))


def fuzz_settings(examples: int) -> settings:
    """Many cheap examples, no deadline (the box is shared), no shrinking-time limits."""
    return settings(max_examples=_examples(examples), deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


# -- the world: one table of every game, every human seat connected ------------------------
class ErrorLog(logging.Handler):
    """Keeps every record at ERROR or above (a traceback the server logged)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def text(self) -> str:
        return "\n".join(self.format(r) for r in self.records)


@contextlib.contextmanager
def logged_errors() -> Iterator[ErrorLog]:
    """Every record at ERROR or above that the server's, uvicorn's or asyncio's loggers (or
    the root) receive meanwhile (attach after uvicorn has configured its logging)."""
    errors = ErrorLog()
    watched = [logging.getLogger(name) for name in WATCHED_LOGGERS] + [logging.getLogger()]
    for logger in watched:
        logger.addHandler(errors)
    try:
        yield errors
    finally:
        for logger in watched:
            logger.removeHandler(errors)


@dataclass
class FuzzTable:
    """A table of one game: its id, each human seat's token, its open seat sockets."""

    id: str
    game: str
    players: int
    tokens: dict[int, str]
    sockets: dict[int | None, WebSocketTestSession] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)
    legal: dict[int, list[int]] = field(default_factory=dict)
    status: str = "playing"


@dataclass
class World:
    """The app under test, its database file and the tables the fuzz aims at."""

    client: TestClient
    db: Path
    tables: list[FuzzTable]
    finished: FuzzTable
    errors: ErrorLog
    sent: dict[str, int] = field(default_factory=dict)

    def count(self, what: str, n: int = 1) -> None:
        self.sent[what] = self.sent.get(what, 0) + n


SITE = "http://127.0.0.1:8000"
"""The server's public URL in these tests, and the origin of its pages."""


def hidden_fields(page: str, action: str) -> dict[str, str]:
    """The hidden inputs of the form posting to `action` (a CSRF token, if the page has one)."""
    start = page.find(f'action="{action}"')
    if start < 0:
        return {}
    form = page[start:page.find("</form>", start)]
    found = {}
    for tag in HIDDEN.findall(form):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        if name:
            found[html.unescape(name[1])] = html.unescape(value[1]) if value else ""
    return found


def post_form(client: TestClient, form: dict[str, str]) -> Any:
    """POST /tables the way the lobby's form does (with whatever hidden fields it carries)."""
    return client.post("/tables", data=hidden_fields(client.get("/").text, "/tables") | form)


def create(client: TestClient, game: str, kinds: list[str]) -> FuzzTable:
    """A table of `game`: seat 0 ours, then `kinds`; every human seat's link opened once."""
    form = {"game": game, "players": str(len(kinds) + 1)}
    form |= {f"seat{i}": kind for i, kind in enumerate(kinds, start=1)}
    response = post_form(client, form)
    assert response.status_code == 200, response.text[-500:]
    links = LINK.findall(html.unescape(response.text))
    table_id = links[0][0]
    tokens = {}
    for _, token in links:
        page = client.get(f"/t/{table_id}?token={token}")  # opening the link claims the seat
        assert page.status_code == 200
        seat = re.search(r'data-seat="(\d+)"', page.text)
        assert seat, "the table page names no seat"
        tokens[int(seat[1])] = token
    return FuzzTable(table_id, game, len(kinds) + 1, tokens)


def quiet(client: TestClient, table_id: str) -> bool:
    """Whether no bot is about to act at the table (the server's own bookkeeping)."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables.get(table_id)
    if table is None:
        return True
    if table.driver is not None and not table.driver.done():
        return False
    return not any(table.bot_plays(p) for p in table.state.pending_players())


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message of `ws` as JSON (a close frame fails the test)."""
    message: dict[str, Any] = ws.receive_json()
    return message


def latest(ws: WebSocketTestSession) -> dict[str, Any]:
    """The first state message on a fresh socket."""
    message = receive(ws)
    assert message["type"] == "state", message
    return message


def ws_path(table_id: str, token: str | None, lang: str = "en") -> str:
    query = f"token={token}&lang={lang}" if token else f"lang={lang}"
    return f"{SITE.replace('http', 'ws', 1)}/t/{table_id}/ws?{query}"


def views(world: World) -> dict[tuple[str, int | None, str], dict[str, Any]]:
    """Every seat's first state message on a fresh socket (and the spectator's in each
    language)."""
    seen = {}
    for table in [*world.tables, world.finished]:
        for seat in [None, *table.tokens]:
            for lang in ("en", "zh-TW") if seat is None else ("en",):
                token = None if seat is None else table.tokens[seat]
                with world.client.websocket_connect(ws_path(table.id, token, lang)) as ws:
                    seen[table.id, seat, lang] = latest(ws)
    return seen


@functools.cache
def _reader(db: Path) -> sqlite3.Connection:
    """One read-only connection per database file (each query sees the latest commit)."""
    return sqlite3.connect(f"file:{db}?mode=ro", uri=True, check_same_thread=False)


def stored(db: Path) -> tuple[list[tuple[Any, ...]], ...]:
    """Tables, seats and actions as stored (the columns that say what the game is)."""
    conn = _reader(db)
    return (
        conn.execute("SELECT id, game, players, seed, variant, status FROM tables "
                     "ORDER BY id").fetchall(),
        conn.execute("SELECT table_id, seat, kind, bot, token_hash, claimed, bot_playing, "
                     "open FROM seats ORDER BY table_id, seat").fetchall(),
        conn.execute("SELECT table_id, idx, seat, action FROM actions "
                     "ORDER BY table_id, idx").fetchall(),
    )


def seat_kinds(game: str, players: int) -> list[str]:
    """Humans in every seat but the last, which a bot plays (seat 0 is always ours)."""
    return ["human"] * (players - 2) + [bot_names(game)[-1]]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """The app with one table per game (humans connected), and one finished table."""
    db = tmp_path_factory.mktemp("fuzz") / "candlelit.db"
    # no per-client limits: every request of the fuzz comes from one address
    app = create_app(f"sqlite:///{db}", bot_delay=0.0, public_url=SITE, create_limit=0,
                     join_limit=0, connections_per_client=0)
    # the Origin a browser on the page would send (for Origin checks on POSTs and sockets)
    client = TestClient(app, base_url=SITE, raise_server_exceptions=True,
                        headers={"origin": SITE})
    with logged_errors() as errors, client, contextlib.ExitStack() as open_:
        tables = [create(client, spec.name, seat_kinds(spec.name, max(3, spec.min_players)))
                  for spec in games()]
        # a finished game for the record and replay pages: our seat handed to a bot
        finished = create(client, "divinare", ["random"])
        with client.websocket_connect(ws_path(finished.id, finished.tokens[0])) as ws:
            latest(ws)
            ws.send_json({"type": "bot", "seat": 0, "on": True})
            while receive(ws).get("status") != "finished":
                pass
        finished.status = "finished"
        finished.sockets[None] = open_.enter_context(
            client.websocket_connect(ws_path(finished.id, None)))
        latest(finished.sockets[None])
        for table in tables:
            wait_for(lambda t=table: quiet(client, t.id), what=f"the bots of {table.game}")
            for seat, token in [(None, None), *table.tokens.items()]:
                ws = open_.enter_context(client.websocket_connect(ws_path(table.id, token)))
                table.sockets[seat] = ws
            for seat, ws in table.sockets.items():
                message = latest(ws)
                if seat is not None:
                    table.versions[seat] = message["seat_version"]
                    table.legal[seat] = [int(a) for a in ACTION.findall(message["actions"])]
        world = World(client, db, tables, finished, errors)
        yield world
    _reader(db).close()
    _reader.cache_clear()


@contextlib.contextmanager
def unchanged(world: World) -> Iterator[None]:
    """Fail unless the fuzz inside left every stored row and every rendered view as it was."""
    before_rows, before_views = stored(world.db), views(world)
    assert any(any(t.legal.values()) for t in world.tables), "no table waits on a human"
    yield
    assert not world.errors.records, world.errors.text()
    assert stored(world.db) == before_rows
    after = views(world)
    for key, message in before_views.items():
        assert after[key] == message, f"the view of {key} changed"


def same_rows(world: World, rows: tuple[list[tuple[Any, ...]], ...]) -> None:
    assert not world.errors.records, world.errors.text()
    assert stored(world.db) == rows


# -- WebSocket messages --------------------------------------------------------------------
ODD_FLOATS = st.sampled_from([0.0, -0.0, 0.5, 1.0, 3.0, 1e308, 2.0**63, float("nan"),
                             float("inf"), float("-inf")])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), ODD_FLOATS, st.text(max_size=8))
JSON_VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=5)
"""Any JSON value, nested a little (floats from a fixed list: drawing floats is slow)."""
KEYS = ["type", "action", "seat_version", "seat", "on"]


def numbers(near: list[int]) -> st.SearchStrategy[Any]:
    """Where an integer belongs: nearby, huge, and wrongly typed values."""
    return st.one_of(
        st.sampled_from([*near, -1, 2**31, 2**53 + 1, 2**63, -(2**63), 2**64, 10**30,
                         10**300]),
        st.integers(),
        st.one_of(ODD_FLOATS, st.booleans(), st.none(), st.lists(st.integers(-1, 5), max_size=2),
                  st.sampled_from(["", "0", "1", "x", "1.0", "true", "null"]),
                  st.integers(-1, 5).map(str)))


def with_extras(base: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """A message, sometimes with unknown keys added or its own keys dropped."""
    extra = st.dictionaries(st.one_of(st.sampled_from(["x", "", "Type", "__proto__", "seat"]),
                                      st.text(max_size=4)), SCALARS, max_size=2)
    return st.tuples(base, extra, st.sets(st.sampled_from(KEYS), max_size=2)).map(
        lambda t: {k: v for k, v in (t[1] | t[0]).items() if k not in t[2]})


def shapes(table: FuzzTable, seat: int | None) -> st.SearchStrategy[Any]:
    """JSON-able messages: acts and hand-overs with good and bad fields, and other shapes."""
    version = table.versions.get(seat, 0) if seat is not None else 0
    legal = table.legal.get(seat, []) if seat is not None else []
    # mostly the current version, so that most acts reach the rules, not only the stale check
    versions = st.one_of(st.just(version), st.just(version), numbers([version - 1, version + 1]))
    act = st.fixed_dictionaries({"type": st.just("act"), "action": numbers([*legal, 0]),
                                 "seat_version": versions})
    bot = st.fixed_dictionaries({"type": st.just("bot"),
                                 "seat": numbers(list(range(table.players + 1))),
                                 "on": st.one_of(st.booleans(), SCALARS)})
    kinds = st.one_of(st.sampled_from(["ACT", "Bot", "act ", "", "state", "error", "stale",
                                       "ping", "join", "chat"]), JSON_VALUES)
    other = st.fixed_dictionaries({"type": kinds}, optional={
        "action": numbers(legal), "seat_version": versions, "seat": numbers([0, 1]),
        "on": st.booleans()})
    return st.one_of(with_extras(act), with_extras(act), with_extras(bot), other, JSON_VALUES)


def encode(value: Any, how: int) -> str | bytes:
    """One JSON value as a text frame, or as a binary frame in some encoding."""
    text = json.dumps(value)
    if how == 0:
        return json.dumps(value, ensure_ascii=False)
    if how == 1:
        return text.encode()
    if how == 2:
        return text.encode("utf-16")
    if how == 3:
        return text.encode("utf-32-le")
    if how == 4:
        return b"\xef\xbb\xbf" + text.encode()
    if how == 5:
        return " \n\t" + text + "\n"
    return text


def nested(depth: int, kind: int) -> str:
    opener, closer = [("[", "]"), ('{"a":', "}"), ('{"type":"act","action":[', "]}")][kind]
    return opener * depth + "0" + closer * depth


def raw_messages(table: FuzzTable, seat: int | None) -> st.SearchStrategy[str | bytes]:
    """Frames of every kind: valid-looking JSON, broken JSON, binary junk, deep, huge."""
    valid_json = st.builds(encode, shapes(table, seat), st.integers(0, 9))
    cut = st.tuples(shapes(table, seat).map(json.dumps), st.integers(0, 60)).map(
        lambda t: t[0][:t[1]] if t[1] < len(t[0]) else t[0] + "}")
    deep = st.builds(nested, st.integers(1, 3000), st.integers(0, 2))
    oversized = st.tuples(shapes(table, seat), st.integers(MAX_MESSAGE_BYTES - 40, 70_000),
                          st.sampled_from(["x", "é", "\U0001f56f"])).map(
        lambda t: json.dumps({"pad": t[2] * (t[1] // len(t[2].encode()))} |
                             (t[0] if isinstance(t[0], dict) else {}), ensure_ascii=False))
    junk = st.one_of(st.text(max_size=40), st.binary(max_size=40),
                     st.text(alphabet=st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
                             min_size=1, max_size=4).map(lambda s: '{"type":"' + s + '"}'),
                     st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "[]", "{}",
                                      '{"type":"act","type":"bot"}', "\x00", "\ufeff{}",
                                      '{"type":"act","action":1e400,"seat_version":0}',
                                      '{"type":"act","action":' + "9" * 2000 + "}"]))
    return st.one_of(valid_json, valid_json, cut, deep, oversized, junk)


def effect(raw: str | bytes, seat: int | None, table: FuzzTable) -> str:
    """What the documented protocol does with `raw`: 'change' (a legal act or hand-over of
    one's own seat), 'quiet' (taking back a seat that is not handed over: no reply) or
    'refused'."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if seat is None or size > MAX_MESSAGE_BYTES:
        return "refused"
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return "refused"
    if not isinstance(data, dict):
        return "refused"
    if (data.get("type") == "act" and type(data.get("action")) is int
            and type(data.get("seat_version")) is int
            and data["seat_version"] == table.versions[seat]
            and data["action"] in table.legal[seat]):
        return "change"
    if (data.get("type") == "bot" and type(data.get("seat")) is int
            and type(data.get("on")) is bool and data["seat"] == seat):
        return "change" if data["on"] else "quiet"
    return "refused"


def send(ws: WebSocketTestSession, raw: str | bytes) -> None:
    if isinstance(raw, bytes):
        ws.send_bytes(raw)
    else:
        ws.send_text(raw)


def exchange(ws: WebSocketTestSession, batch: list[str | bytes],
             done: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
    """Send every frame of `batch`, then read messages until `done(messages so far)`.

    One call into the TestClient's event loop per batch instead of two per frame (each call
    is a thread hand-off), reading through the session's own streams (Starlette is pinned).
    """
    async def run() -> list[dict[str, Any]]:
        for raw in batch:
            key = "bytes" if isinstance(raw, bytes) else "text"
            await ws._receive_tx.send({"type": "websocket.receive", key: raw})
        got: list[dict[str, Any]] = []
        with anyio.fail_after(TIMEOUT):
            while not done(got):
                frame = await ws._send_rx.receive()
                assert frame["type"] == "websocket.send", f"the socket closed: {frame}"
                got.append(json.loads(frame["text"]))
        return got
    replies: list[dict[str, Any]] = ws.portal.call(run)
    return replies


def check_replies(table: FuzzTable, seat: int | None, replies: list[dict[str, Any]]) -> None:
    """Every message is a one-line refusal or the unchanged state of the table."""
    version = 0 if seat is None else table.versions[seat]
    for message in replies:
        if message["type"] in ("error", "stale"):
            assert message["message"].strip() and "\n" not in message["message"], message
            assert "Traceback" not in message["message"]
        else:  # a state update (whole or in part): the same status and seat version
            assert message.get("status", table.status) == table.status, message
            assert message.get("seat_version", version) == version, message


def run_batch(ws: WebSocketTestSession, batch: list[str | bytes],
              marker: int) -> list[dict[str, Any]]:
    """Send `batch`, then a hand-over of seat `marker` (no such seat): every message read
    before the refusal that names `marker`."""
    named = re.compile(rf"\b{marker}\b")
    end = json.dumps({"type": "bot", "seat": marker, "on": False})
    got = exchange(ws, [*batch, end], lambda got: bool(got) and got[-1]["type"] == "error"
                   and bool(named.search(got[-1]["message"])))
    return got[:-1]


@pytest.mark.slow
def test_seated_sockets_refuse_every_malformed_or_illegal_message(world: World):
    """A seat's socket: one clear refusal per bad message, nothing changes, it stays open."""
    rows = stored(world.db)
    batches = {(i, seat): st.lists(raw_messages(table, seat), min_size=5, max_size=15)
               for i, table in enumerate(world.tables) for seat in table.tokens}

    @given(data=st.data())
    @fuzz_settings(1000)
    def fuzz(data: Any) -> None:
        i, seat = data.draw(st.sampled_from(sorted(batches, key=str)), "table and seat")
        table = world.tables[i]
        batch = data.draw(batches[i, seat], "batch")
        batch = [raw for raw in batch if effect(raw, seat, table) != "change"]
        world.count("batches")
        marker = MARKER + world.sent["batches"]
        replies = run_batch(table.sockets[seat], batch, marker)
        check_replies(table, seat, replies)
        refusals = [m for m in replies if m["type"] != "state"]
        quiet_ones = sum(effect(raw, seat, table) == "quiet" for raw in batch)
        assert len(batch) - quiet_ones <= len(refusals) <= len(batch), (batch, replies)
        same_rows(world, rows)
        world.count("seated", len(batch))

    with unchanged(world):
        fuzz()
    assert not FULL or world.sent["seated"] >= SEATED_QUOTA, world.sent


@pytest.mark.slow
def test_spectator_sockets_refuse_everything(world: World):
    """A spectator's socket: every message refused with one clear line, nothing changes."""
    rows = stored(world.db)
    every = [*world.tables, world.finished]
    batches = {(i, seat): st.lists(raw_messages(table, seat), min_size=4, max_size=12)
               for i, table in enumerate(every) for seat in table.tokens}

    @given(data=st.data())
    @fuzz_settings(200)
    def fuzz(data: Any) -> None:
        i, seat = data.draw(st.sampled_from(sorted(batches, key=str)), "table and seat")
        table = every[i]
        batch = data.draw(batches[i, seat], "batch")
        got = exchange(table.sockets[None], batch,
                       lambda got: sum(m["type"] == "error" for m in got) == len(batch))
        check_replies(table, None, got)  # updates are broadcasts caused by other sockets
        assert not any(m["type"] == "stale" for m in got), got
        same_rows(world, rows)
        world.count("spectator", len(batch))

    with unchanged(world):
        fuzz()
    assert not FULL or world.sent["spectator"] >= SPECTATOR_QUOTA, world.sent


def test_a_legal_action_is_accepted_on_a_socket_that_was_sent_junk(world: World):
    """The control: after junk, the same socket takes a legal act (refusals are not blanket)."""
    table = create(world.client, "divinare", ["human", "random"])
    wait_for(lambda: quiet(world.client, table.id), what="the bots")
    with world.client.websocket_connect(ws_path(table.id, table.tokens[0])) as ws:
        first = latest(ws)
        legal = [int(a) for a in ACTION.findall(first["actions"])]
        rows = stored(world.db)
        for raw in ["{", b"\xff", json.dumps({"type": "act", "action": legal[0],
                                               "seat_version": first["seat_version"] + 1})]:
            send(ws, raw)
            assert receive(ws)["type"] in ("error", "stale")
        same_rows(world, rows)
        ws.send_json({"type": "act", "action": legal[0], "seat_version": first["seat_version"]})
        while (message := receive(ws))["seat_version"] == first["seat_version"]:
            assert message["type"] == "state", message
    assert len(stored(world.db)[2]) == len(rows[2]) + 1
    assert not world.errors.records, world.errors.text()


# -- HTTP requests -------------------------------------------------------------------------
def junk_text(max_size: int = 30) -> st.SearchStrategy[str]:
    return st.one_of(st.text(max_size=max_size), st.sampled_from([
        "", " ", "0", "-1", "1e3", "2.5", "true", "null", "9" * 5000, "\x00", "../..",
        "%00", "<script>", "\u202e", "é" * 300]))


def not_int_in(allowed: range) -> st.SearchStrategy[str]:
    """Text that Python's int() does not read as a number of `allowed`."""
    def bad(text: str) -> bool:
        try:
            return int(text) not in allowed
        except (ValueError, TypeError):
            return True
    return st.one_of(junk_text(), st.integers().map(str)).filter(bad)


JUNK = junk_text()
WRONGS = ["game", "no game", "players", "no players", "variant", "seat", "file"]
Form = tuple[dict[str, str], dict[str, tuple[str, bytes]]]


def bad_forms_of(game: str) -> st.SearchStrategy[Form]:
    """New-table forms for `game` made invalid in at least one way (a field, or a file)."""
    spec = next(s for s in games() if s.name == game)
    kinds = ["human", "open", *bot_names(game)]
    names = {v.name for v in spec.variants}
    good = st.fixed_dictionaries(
        {"game": st.just(game), "players": st.sampled_from([str(n) for n in spec.player_counts])}
        | {f"seat{i}": st.sampled_from(kinds) for i in range(1, spec.max_players)})
    replacements = {
        "game": JUNK.filter(lambda g: g not in {s.name for s in games()}),
        "players": not_int_in(spec.player_counts),
        "variant": JUNK.filter(lambda v: bool(v.strip()) and v not in names),
        "seat": st.tuples(st.integers(1, spec.min_players - 1),
                          JUNK.filter(lambda k: k not in kinds)),
        "file": st.tuples(st.sampled_from(["game", "players"]), st.text(max_size=8),
                          st.binary(max_size=30)),
        "extra": st.dictionaries(st.sampled_from(["x", "seat0", "seat9", "Game", "token", ""]),
                                 JUNK, max_size=2),
    }
    wrongs = st.lists(st.sampled_from(WRONGS), min_size=1, max_size=3, unique=True)

    @st.composite
    def spoiled(draw: st.DrawFn) -> Form:
        form, files = draw(good), {}
        form |= draw(replacements["extra"])
        for wrong in draw(wrongs):
            if wrong.startswith("no "):
                form.pop(wrong[3:], None)
            elif wrong == "seat":
                seat, kind = draw(replacements["seat"])
                form[f"seat{seat}"] = kind
            elif wrong == "file":
                name, filename, content = draw(replacements["file"])
                files[name] = (filename, content)
                form.pop(name, None)
            else:
                form[wrong] = draw(replacements[wrong])
        return form, files
    return spoiled()


BAD_FORMS = st.one_of([bad_forms_of(spec.name) for spec in games()])


@pytest.mark.slow
def test_bad_new_table_forms_are_refused_and_create_nothing(world: World):
    """POST /tables with a bad game, player count, variant, seat kind or a file: 4xx, no table."""
    rows = stored(world.db)
    hidden = hidden_fields(world.client.get("/").text, "/tables")

    @given(BAD_FORMS, st.sampled_from(["form", "multipart", "raw"]),
           st.sampled_from(["application/x-www-form-urlencoded", "multipart/form-data",
                            "multipart/form-data; boundary=x", "text/plain",
                            "application/json", ""]), st.binary(max_size=200))
    @fuzz_settings(520)
    def fuzz(bad: tuple[dict[str, str], dict[str, tuple[str, bytes]]], how: str,
             content_type: str, body: bytes) -> None:
        form, files = bad
        client = world.client
        if how == "raw":
            response = client.post("/tables", content=body, headers={"content-type":
                                                                        content_type})
        elif how == "multipart" or files:
            response = client.post("/tables", data=hidden | form,
                                   files=files or {"x": ("x", b"x")})
        else:
            response = client.post("/tables", data=hidden | form)
        assert 400 <= response.status_code < 500, (response.status_code, form, files)
        for internal in INTERNALS:  # the refusal is in the form's terms, not Python's
            assert internal not in response.text, (internal, form, files)
        same_rows(world, rows)
        world.count("forms")

    with unchanged(world):
        fuzz()
    assert not FULL or world.sent["forms"] >= FORM_QUOTA, world.sent


INTERNALS = ["Traceback", "UploadFile", "int()", "Headers(", "sys.set_int_max_str_digits"]
"""Words of Python's own error messages and objects, which no refusal should show."""
TABLE_SUFFIXES = ["", "/watch", "/join", "/record.json", "/replay", "/ws", "/", "/x",
                  "/replay/", "/join/x", "/record.json.bak"]
METHODS = ["GET", "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]


def query_values(table: FuzzTable) -> st.SearchStrategy[str]:
    return st.one_of(junk_text(), st.integers(-3, 400).map(str),
                     st.sampled_from([*table.tokens.values(), "en", "zh-TW"]).map(
                         lambda v: v[:-1] + "A" if len(v) > 20 else v))


@pytest.mark.slow
def test_bad_table_urls_change_nothing(world: World):
    """Table pages, joins, records and replays with bad ids, tokens and parameters."""
    rows = stored(world.db)
    every = [*world.tables, world.finished]

    @given(data=st.data())
    @fuzz_settings(620)
    def fuzz(data: Any) -> None:
        table = data.draw(st.sampled_from(every), "table")
        table_id = data.draw(st.one_of(st.just(table.id), st.just(table.id),
                                       junk_text(20).filter(lambda t: "/" not in t and
                                                            t not in (".", ".."))), "id")
        suffix = data.draw(st.sampled_from(TABLE_SUFFIXES), "suffix")
        method = data.draw(st.sampled_from(METHODS), "method")
        params = data.draw(st.dictionaries(
            st.sampled_from(["token", "lang", "seat", "step", "next", "x"]), query_values(table),
            max_size=4), "params")
        if suffix == "" and method in ("GET", "HEAD") and params.get("token") in \
                table.tokens.values():
            params["token"] += "x"  # a valid link is a legal visit (already claimed, anyway)
        path = f"/t/{quote(table_id, safe='')}{suffix}"
        response = world.client.request(method, path, params=params, follow_redirects=False)
        assert response.status_code < 500, (method, path, params, response.status_code)
        if suffix == "/join" and method == "POST":
            assert 400 <= response.status_code < 500, "a full or finished table took a seat"
        same_rows(world, rows)
        world.count("table urls")

    with unchanged(world):
        fuzz()
    assert not FULL or world.sent["table urls"] >= TABLE_URL_QUOTA, world.sent


@pytest.mark.slow
def test_bad_paths_languages_and_headers_change_nothing(world: World):
    """Unknown paths, language switches, rules and cards of unknown games, odd headers."""
    rows = stored(world.db)
    segments = junk_text(15).map(lambda s: quote(s, safe=""))

    @given(st.one_of(
        st.builds(lambda s: f"/lang/{s}", st.one_of(segments, st.sampled_from(["en", "zh-TW"]))),
        st.builds(lambda g, page: f"/games/{g}/{page}",
                  st.one_of(segments, st.sampled_from([s.name for s in games()])),
                  st.sampled_from(["rules", "cards", "x", ""])),
        st.builds(lambda s: f"/static/{s}", st.one_of(segments, st.sampled_from(
            ["style.css", "table.js", "..%2fapp.py", "%2e%2e/%2e%2e/x", "a%00b", "x" * 300]))),
        st.builds(lambda a, b: f"/{a}/{b}", segments, segments),
        st.sampled_from(["/", "/healthz", "/tables", "/t", "/t/", "/favicon.ico"])),
        st.sampled_from(METHODS),
        st.dictionaries(st.sampled_from(["next", "lang", "x", "seat"]),
                        st.one_of(junk_text(), st.sampled_from(
                            ["//evil.example", "/\\evil", "https://evil", "/%0d%0aX: y",
                             "/?lang=zh-TW", "zh-TW", "en"])), max_size=3),
        st.dictionaries(st.sampled_from(["accept-language", "cookie", "origin", "x-junk"]),
                        st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                max_size=60), max_size=3))
    @fuzz_settings(310)
    def fuzz(path: str, method: str, params: dict[str, str], headers: dict[str, str]) -> None:
        response = world.client.request(method, path, params=params, headers=headers,
                                        follow_redirects=False)
        assert response.status_code < 500, (method, path, params, headers)
        same_rows(world, rows)
        world.count("other urls")

    with unchanged(world):
        fuzz()
    assert not FULL or world.sent["other urls"] >= OTHER_URL_QUOTA, world.sent


@pytest.mark.slow
def test_bad_socket_handshakes_are_refused(world: World):
    """A socket with a bad table id or a token that opens no seat is closed before it opens."""
    rows = stored(world.db)
    tokens = [t for table in world.tables for t in table.tokens.values()]

    @given(st.sampled_from([*world.tables, world.finished]),
           st.one_of(st.none(), junk_text(20).filter(lambda t: "/" not in t)),
           st.one_of(junk_text(30).filter(bool), st.sampled_from(tokens).map(
               lambda t: t[::-1])))
    @fuzz_settings(160)
    def fuzz(table: FuzzTable, bad_id: str | None, token: str) -> None:
        if token in tokens:
            token += "x"
        table_id = quote(bad_id, safe="") if bad_id is not None else table.id
        path = f"/t/{table_id}/ws?token={quote(token, safe='')}"
        if bad_id is not None and bad_id == table.id:
            path = f"/t/{table.id}x/ws"
        path = SITE.replace("http", "ws", 1) + path
        with pytest.raises(WebSocketDisconnect), world.client.websocket_connect(path) as ws:
            ws.receive_json()
        same_rows(world, rows)
        world.count("handshakes")

    with unchanged(world):
        fuzz()
    assert not FULL or world.sent["handshakes"] >= HANDSHAKE_QUOTA, world.sent


def test_an_open_seat_is_joined_once(world: World):
    """The control for joins: a free open seat is taken once, then the table is full."""
    response = post_form(world.client, {"game": "divinare", "players": "2", "seat1": "open"})
    assert response.status_code == 200
    table_id = LINK.findall(html.unescape(response.text))[0][0]
    fields = hidden_fields(world.client.get("/").text, f"/t/{table_id}/join")
    joined = world.client.post(f"/t/{table_id}/join", data=fields, follow_redirects=False)
    assert joined.status_code == 303 and "token=" in joined.headers["location"]
    rows = stored(world.db)
    again = world.client.post(f"/t/{table_id}/join", data=fields, follow_redirects=False)
    assert again.status_code == 409
    same_rows(world, rows)


def test_a_file_or_a_bad_count_in_the_new_table_form_is_refused_in_the_forms_terms(world: World):
    """Found by the fuzz: Python's int() message and an UploadFile's repr reached the page."""
    rows = stored(world.db)
    hidden = hidden_fields(world.client.get("/").text, "/tables")
    cases = [
        ({"game": "divinare", "players": ""}, {}, "divinare takes 2-4 players"),
        ({"game": "divinare", "players": "9" * 5000}, {}, "divinare takes 2-4 players"),
        ({"game": "divinare", "players": "three"}, {}, "divinare takes 2-4 players"),
        ({"players": "2"}, {"game": ("g.txt", b"divinare")},
         "&#39;game&#39; must be a form field, not a file"),
        ({"game": "divinare"}, {"players": ("p", b"2")},
         "&#39;players&#39; must be a form field, not a file"),
        ({"game": "divinare", "players": "2"}, {"seat1": ("s", b"random")},
         "&#39;seat1&#39; must be a form field, not a file"),
    ]
    for form, files, message in cases:  # in English: other tests may leave a language cookie
        response = world.client.post("/tables?lang=en", data=hidden | form,
                                     files=files or None)
        assert response.status_code == 400, (form, files)
        assert message in response.text, (form, files)
        for internal in INTERNALS:
            assert internal not in response.text, (internal, form, files)
    same_rows(world, rows)


def test_broken_frames_on_a_real_server_close_only_their_socket(sqlite_url: str):
    """What only a real server sees: a text frame that is not UTF-8 and a frame over the
    64 KiB limit close that socket (1007, 1009); nothing is logged as an error (uvicorn
    logged the first with a traceback), and the seat plays on."""
    with LiveServer(sqlite_url) as server, logged_errors() as errors:
        table_id, tokens = server.create(["random"])
        server.wait_quiet(table_id)
        before = server.snapshot(table_id)
        for frame, code in [(b'{"type": "act", "action": \xff}', 1007), (b"x" * 70_000, 1009)]:
            with Conn(server, table_id, tokens[0]) as conn:
                conn.current()
                conn.ws.send(frame, text=True)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        conn.recv()
                assert closed.value.rcvd is not None and closed.value.rcvd.code == code
            assert server.snapshot(table_id) == before
        with Conn(server, table_id, tokens[0]) as conn:
            m = conn.current()
            conn.act(actions(m)[0], m["seat_version"])
            conn.ack(m["seat_version"])
        assert not errors.records, errors.text()
