"""Watchers cost one render per distinct view: spectators share the public view, updates
carry only the parts that changed, presence changes are coalesced, connections are capped."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from srvkit import TIMEOUT, Conn, LiveServer, actions, wait_for
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from candlelit.server import render

PARTS = {"board", "actions", "seats", "log"}
HEAD = {"type", "status", "seat_version"}


@pytest.fixture
def server(sqlite_url: str) -> Iterator[LiveServer]:
    with LiveServer(sqlite_url) as live:
        yield live


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Counter[int | None]:
    """How many times the whole table was rendered for each seat (None: the public view)."""
    counts: Counter[int | None] = Counter()
    real = render.table_message

    def counted(table: Any, seat: int | None, lang: str) -> dict[str, Any]:
        counts[seat] += 1
        return real(table, seat, lang)

    monkeypatch.setattr(render, "table_message", counted)
    monkeypatch.setattr("candlelit.server.app.table_message", counted, raising=False)
    return counts


def settle(server: LiveServer, table_id: str, *conns: Conn) -> None:
    """Wait until the table has no seat-list update pending, then read what has arrived."""
    table = server.table(table_id)

    def settled() -> bool:
        fanout = getattr(server.app.state, "fanout", None)  # None before this work
        screen = fanout.screens.get(table) if fanout is not None else None
        pending = screen is not None and screen.presence_update is not None
        return not pending or screen.presence_update.done()

    wait_for(settled, what="the seat-list update")
    for conn in conns:
        conn.silent(0.2)


def test_spectators_joining_share_one_public_render_per_update(server, renders):
    table_id, tokens = server.create(["random", "random"])
    server.wait_quiet(table_id)
    me = Conn(server, table_id, tokens[0])
    m = me.current()
    renders.clear()
    spectators = []
    for _ in range(12):
        spectators.append(Conn(server, table_id, None))
        spectators[-1].until(lambda x: x["type"] == "state", what="its first message")
    assert renders[None] <= 1, f"the public view was rendered {renders[None]} times"
    assert renders[0] == 0, "spectators joining re-rendered the seat's view"
    # one action: each distinct view is rendered once more, whatever the watcher count
    renders.clear()
    me.act(actions(m)[0], m["seat_version"])
    me.ack(m["seat_version"])
    server.wait_quiet(table_id)
    for spectator in spectators:
        spectator.current()
    me.current()
    assert 1 <= renders[None] <= 2, f"{renders[None]} public renders for 12 spectators"
    for conn in (*spectators, me):
        conn.close()


def test_a_spectator_coming_and_going_sends_nothing_to_the_others(server):
    table_id, tokens = server.create(["human", "random"])
    server.wait_quiet(table_id)
    me, watching = Conn(server, table_id, tokens[0]), Conn(server, table_id, None)
    me.current()
    watching.current()
    settle(server, table_id, me, watching)
    before = len(me.frames), len(watching.frames)
    with Conn(server, table_id, None) as newcomer:
        first = newcomer.until(lambda x: x["type"] == "state", what="its first message")
        assert first.keys() >= PARTS | HEAD, "a new watcher gets the whole table"
    assert me.silent(0.6) == [] and watching.silent(0.1) == []
    assert (len(me.frames), len(watching.frames)) == before
    me.close()
    watching.close()


AWAY = '<span class="muted">· away</span>'
"""How the seat list marks a player who is away (English)."""


def test_a_seat_coming_and_going_sends_the_others_its_seats_part_only(sqlite_url):
    with LiveServer(sqlite_url, presence_delay=0.05) as server:
        table_id, tokens = server.create(["human", "random"])
        server.wait_quiet(table_id)
        watching, me = Conn(server, table_id, None), Conn(server, table_id, tokens[0])
        watching.current()
        seen = me.current()
        settle(server, table_id, me, watching)
        before = watching.last["seats"]
        assert AWAY in before
        with Conn(server, table_id, tokens[1]) as other:
            assert other.until(lambda x: x["type"] == "state").keys() >= PARTS
            update = watching.until(lambda x: True, what="the seats update")
            assert watching.frames[-1].keys() == HEAD | {"seats"}
            assert AWAY not in update["seats"]
            mine = me.until(lambda x: True, what="the seat's seats update")
            assert me.frames[-1].keys() == HEAD | {"seats"}
            assert mine["board"] == seen["board"] and mine["seat_version"] == seen["seat_version"]
        watching.until(lambda x: AWAY in x.get("seats", ""), what="the seat shown away")
        assert watching.frames[-1].keys() == HEAD | {"seats"}
        assert watching.last["seats"] == before
        watching.close()
        me.close()


def test_a_seat_reconnecting_many_times_is_shown_in_few_coalesced_updates(sqlite_url):
    with LiveServer(sqlite_url, presence_delay=1.0) as server:
        table_id, tokens = server.create(["human", "random"])
        server.wait_quiet(table_id)
        watching = Conn(server, table_id, None)
        watching.current()
        settle(server, table_id, watching)
        start = len(watching.frames)
        assert watching.last["seats"].count("· away") == 2
        for _ in range(4):
            Conn(server, table_id, tokens[1]).close()
        with Conn(server, table_id, tokens[1]):
            got = watching.silent(1.5)
            assert 1 <= len(got) <= 2, f"{len(got)} updates for 9 presence changes"
            assert all(m.keys() == HEAD | {"seats"} for m in watching.frames[start:])
            assert watching.last["seats"].count("· away") == 1, "seat 1 is away, seat 2 is here"
        watching.close()


def test_the_render_cache_shows_each_seat_exactly_its_fresh_view(server):
    """Whatever happened (actions, presence, bots), a cached message is a fresh render."""
    table_id, tokens = server.create(["human", "random"])
    table = server.table(table_id)
    fanout = server.app.state.fanout
    a, b = Conn(server, table_id, tokens[0]), Conn(server, table_id, tokens[1])
    rng = random.Random(4)
    for step in range(8):
        server.wait_quiet(table_id)
        for lang in ("en", "zh-TW"):
            for seat in (None, 0, 1):
                assert fanout.message(table, seat, lang) == render.table_message(
                    table, seat, lang), (step, seat, lang)
        if step == 3:
            b.close()
            wait_for(lambda: not table.connected(1), what="seat 2 away")
            continue
        movers = [c for c in (a, b) if c.seat in table.state.pending_players()
                  and table.connected(c.seat)]
        if not movers:
            break
        conn = rng.choice(movers)
        m = conn.current()
        conn.act(rng.choice(actions(m)), m["seat_version"])
        conn.ack(m["seat_version"])
    a.close()


def refused(url: str) -> tuple[dict[str, Any], int | None]:
    """The one message a refused connection gets, and the code it is closed with."""
    import json

    with connect(url, proxy=None, open_timeout=TIMEOUT) as ws:
        message = json.loads(ws.recv(timeout=TIMEOUT))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=TIMEOUT)
    return message, closed.value.rcvd.code if closed.value.rcvd else None


def test_connections_past_the_caps_are_refused_with_one_line(sqlite_url):
    with LiveServer(sqlite_url, connections_per_client=4, spectators_per_table=2) as server:
        table_id, tokens = server.create(["human", "random"])
        server.wait_quiet(table_id)
        one, two = Conn(server, table_id, None), Conn(server, table_id, None)
        one.current()
        two.current()
        message, code = refused(server.ws_url(table_id, None))
        assert message == {"type": "error", "message": "This table has as many spectators "
                           "as it can take: try again later by reloading this page."}
        assert code == 4429
        zh, _ = refused(server.ws_url(table_id, None) + "?lang=zh-TW")
        assert zh["message"].startswith("這張牌桌的觀戰人數已滿")
        # seats are never kept out by spectators; the client address cap counts them
        me = Conn(server, table_id, tokens[0])
        assert me.until(lambda x: x["type"] == "state").keys() >= PARTS
        other = Conn(server, table_id, tokens[1])
        other.current()
        message, code = refused(server.ws_url(table_id, tokens[1]))
        assert message["type"] == "error" and code == 4429
        assert message["message"].startswith("Too many open tables from your address")
        assert server.table(table_id).presence.counts == {0: 1, 1: 1}
        # a closed connection frees its place
        two.close()
        wait_for(lambda: len(server.table(table_id).watchers) == 3, what="the close")
        three = Conn(server, table_id, None)
        assert three.until(lambda x: True)["type"] == "state"
        for conn in (one, three, me, other):
            conn.close()


def test_serve_passes_its_connection_caps_to_the_app(monkeypatch, tmp_path):
    import uvicorn
    from typer.testing import CliRunner

    from candlelit.cli.app import app as cli

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **_: served.append(app))
    db = f"sqlite:///{tmp_path / 'c.db'}"
    for extra, caps in (([], (20, 300)),
                        (["--connections-per-client", "3", "--spectators-per-table", "0"],
                         (3, 0))):
        result = CliRunner().invoke(cli, ["serve", "--db", db, *extra])
        assert result.exit_code == 0, result.output
        fanout = served.pop().state.fanout
        assert (fanout.per_client, fanout.per_table) == caps
    refused = CliRunner().invoke(cli, ["serve", "--db", db, "--connections-per-client", "-1"])
    assert refused.exit_code == 2 and not served


def test_a_client_is_its_ipv4_address_or_its_ipv6_network():
    from candlelit.server.clients import client_of

    assert client_of("203.0.113.7") == "203.0.113.7"
    assert client_of("2001:db8:1:2:aaaa::1") == client_of("2001:db8:1:2:bbbb::9") \
        == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::1") != client_of("2001:db8:1:2::1")
    assert client_of("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_of(None) == client_of("") == "unknown"
    assert client_of("testclient") == "testclient"
