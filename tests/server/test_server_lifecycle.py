"""Tables load on demand, leave memory when nobody uses them, and close when idle too long."""

from __future__ import annotations

import html

from srvkit import Conn, LiveServer, wait_for

from candlelit import load
from candlelit.engine.records import verify
from candlelit.server.store import SeatRow, Store, TableRow
from candlelit.server.tables import Lifecycle

QUICK = Lifecycle(linger=0.0, idle_evict=0.0, sweep=0.01)


def _stored_tables(db_url: str, count: int) -> list[str]:
    """`count` two-seat tables of humans, each with one action, the first with an open seat."""
    store = Store(db_url)
    ids = []
    for n in range(count):
        seats = [SeatRow(0, "human", "random", "a" * 64, True, False),
                 SeatRow(1, "human", "random", "b" * 64, False, False, n == 0)]
        state = load("divinare", 2, seed=n)
        seat = state.pending_players()[0]
        store.create_table(TableRow(f"t{n}", "divinare", 2, n, {}, None, "playing",
                                    1000.0 + n, seats, []))
        store.append_action(f"t{n}", 0, seat, state.legal_actions(seat)[0], "playing")
        ids.append(f"t{n}")
    store.close()
    return ids


def test_start_up_replays_nothing_and_the_first_request_loads_one_table(db_url):
    ids = _stored_tables(db_url, 6)
    with LiveServer(db_url) as server:
        hub = server.hub
        wait_for(lambda: hub.chores[0].done(), what="the bots' resumption to finish")
        assert hub.tables == {} and hub.replays == 0
        lobby = server.http.get("/")
        assert lobby.status_code == 200 and "/t/t0/join" in lobby.text
        assert "/t/t1/join" not in lobby.text  # no open seat
        assert hub.tables == {} and hub.replays == 0  # the lobby reads the database
        assert server.http.get(f"/t/{ids[3]}/watch").status_code == 200
        assert set(hub.tables) == {ids[3]} and hub.replays == 1
        assert len(hub.tables[ids[3]].state.history) == 1
        assert server.http.get("/t/nope/watch").status_code == 404


def test_finished_tables_leave_memory_and_their_pages_load_again(db_url):
    with LiveServer(db_url, lifecycle=QUICK) as server:
        hub = server.hub
        table_id, tokens = server.create(["random"])
        with Conn(server, table_id, tokens[0]) as me:
            me.send({"type": "bot", "seat": 0, "on": True})
            me.until(lambda m: m["status"] == "finished", what="the bots to finish")
        wait_for(lambda: table_id not in hub.tables, what="the finished table to be evicted")
        assert server.store.load_table(table_id).status == "finished"
        record = server.http.get(f"/t/{table_id}/record.json")
        assert record.status_code == 200 and verify(record.json()).ok
        assert len(record.json()["actions"]) == server.store.action_count(table_id)
        assert server.http.get(f"/t/{table_id}/replay", params={"seat": "0"}).status_code == 200
        watch = server.http.get(f"/t/{table_id}/watch")
        assert watch.status_code == 200 and 'data-status="finished"' in watch.text
        lobby = server.http.get("/")
        assert f"/t/{table_id}/replay" in lobby.text
        wait_for(lambda: table_id not in hub.tables, what="the table to be evicted again")


def test_an_unfinished_table_nobody_uses_leaves_memory_and_comes_back_intact(db_url):
    with LiveServer(db_url, lifecycle=QUICK) as server:
        hub = server.hub
        table_id, tokens = server.create(["human"])
        with Conn(server, table_id, tokens[0]) as me:
            before = me.current()
            assert table_id in hub.tables
        wait_for(lambda: table_id not in hub.tables, what="the idle table to be evicted")
        with Conn(server, table_id, tokens[0]) as me:
            again = me.current()
            assert again["board"] == before["board"]
            assert again["seat_version"] == before["seat_version"]


def test_a_table_without_a_move_for_too_long_is_closed(db_url):
    idle = Lifecycle(idle_close=0.3, close_every=0.01, sweep=0.01)
    with LiveServer(db_url, lifecycle=idle) as server:
        table_id, tokens = server.create(["human"])
        with Conn(server, table_id, tokens[0]) as me:
            closed = me.until(lambda m: m.get("status") == "closed", what="the closing")
            assert "closed after" in html.unescape(closed["actions"])
            assert "without a move" in closed["actions"]
            me.act(0, closed["seat_version"])
            assert me.reply()["type"] == "error"
            me.send({"type": "bot", "seat": 0, "on": True})
            assert me.reply() == {"type": "error",
                                  "message": "this table was closed for lack of moves"}
        assert server.store.load_table(table_id).status == "closed"
        assert server.store.action_count(table_id) == 0
        page = server.http.get(f"/t/{table_id}", params={"token": tokens[0]})
        assert page.status_code == 200 and "without a move" in page.text
        zh = server.http.get(f"/t/{table_id}/watch", params={"lang": "zh-TW"})
        assert "已經關閉" in zh.text
        record = server.http.get(f"/t/{table_id}/record.json")
        assert record.status_code == 200
        verdict = verify(record.json())
        assert verdict.ok and record.json()["final"]["terminal"] is False
        assert server.http.post(f"/t/{table_id}/join",
                                data={"csrf": server.form_token()}).status_code == 409


def test_only_tables_without_a_recent_move_are_closed(db_url):
    store = Store(db_url)
    try:
        seats = [SeatRow(0, "human", "random", "a" * 64, True, False)]
        state = load("divinare", 2, seed=1)
        seat = state.pending_players()[0]
        for name in ("quiet", "moving", "over"):
            store.create_table(TableRow(name, "divinare", 2, 1, {}, None, "playing", 1.0,
                                        seats, []))
        store.append_action("moving", 0, seat, state.legal_actions(seat)[0], "playing")
        store.append_action("over", 0, seat, state.legal_actions(seat)[0], "finished")
        assert store.close_idle(before=100.0) == ["quiet"]
        assert store.load_table("quiet").status == "closed"
        assert store.load_table("moving").status == "playing"
        assert store.load_table("over").status == "finished"
        assert store.close_idle(before=100.0) == []
    finally:
        store.close()
