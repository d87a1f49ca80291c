"""Tables survive restarts exactly, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time

import pytest
from sqlalchemy.exc import IntegrityError
from srvkit import (
    SEAT_VERSION,
    TIMEOUT,
    Conn,
    LiveServer,
    actions,
    play,
    run_async,
    wait_for,
)

from candlelit.engine.records import make_record, verify
from candlelit.server.store import SeatRow, Store, TableRow
from candlelit.server.tables import GroupCommit


def test_a_restarted_server_continues_exactly_where_it_was(db_url):
    rng = random.Random(6)
    with LiveServer(db_url) as server:
        table_id, tokens = server.create(["expectation", "random"])
        with Conn(server, table_id, tokens[0]) as me:
            play([me], rng, stop=lambda t: t.seat_version(0) >= 12)
            seen = me.current()
        table = server.table(table_id)
        count, serialized = server.snapshot(table_id)
        history = list(table.state.history)
        assert count == len(history) > 12
    with LiveServer(db_url) as server:
        table = server.table(table_id)
        assert server.snapshot(table_id) == (count, serialized)
        assert table.row.status == "playing" and table.row.seats[0].claimed
        page = server.http.get(f"/t/{table_id}", params={"token": tokens[0]})
        assert page.status_code == 200
        assert int(SEAT_VERSION.search(page.text).group(1)) == seen["seat_version"]
        with Conn(server, table_id, tokens[0]) as me:
            again = me.current()
            assert again["seat_version"] == seen["seat_version"]
            assert actions(again) == actions(seen) and again["board"] == seen["board"]
            play([me], rng)
        assert table.row.status == "finished"
        assert table.state.history[:len(history)] == history
        record = server.http.get(f"/t/{table_id}/record.json").json()
        assert verify(record).ok and len(record["actions"]) == server.store.action_count(table_id)
    with LiveServer(db_url) as server:
        table = server.table(table_id)
        assert table.row.status == "finished" and table.state.is_terminal()
        assert server.http.get(f"/t/{table_id}/record.json").json() == record
        assert server.http.get(f"/t/{table_id}/replay", params={"seat": "0"}).status_code == 200


def test_whole_games_with_bots_reach_the_end_and_verify(db_url):
    with LiveServer(db_url) as server:
        made = [server.create(["expectation", "random", "expectation"]),
                server.create(["random"]),
                server.create(["expectation", "expectation"])]
        for table_id, tokens in made:  # each creator hands its own seat to a bot
            with Conn(server, table_id, tokens[0]) as me:
                me.send({"type": "bot", "seat": 0, "on": True})
                me.until(lambda m, t=table_id: server.table(t).row.seats[0].bot_playing)
        deadline = time.monotonic() + 3 * TIMEOUT
        for table_id, _ in made:
            wait_for(lambda t=table_id: server.table(t).row.status == "finished",
                     max(1.0, deadline - time.monotonic()), "the bots to finish")
        records = {}
        for table_id, _ in made:
            table = server.table(table_id)
            assert table.state.is_terminal()
            record = server.http.get(f"/t/{table_id}/record.json").json()
            verdict = verify(record)
            assert verdict.ok and verdict.actions == server.store.action_count(table_id)
            records[table_id] = record
    with LiveServer(db_url) as server:
        for table_id, record in records.items():
            assert server.table(table_id).row.status == "finished"
            assert make_record(server.table(table_id).state, seats=record["seats"]) == record


def test_the_store_keeps_rows_exactly_and_refuses_a_second_action_at_one_index(db_url):
    store = Store(db_url)
    try:
        seats = [SeatRow(0, "human", "expectation", "a" * 64, True, False),
                 SeatRow(1, "bot", "random", "b" * 64, False, False, open=False),
                 SeatRow(2, "human", "expectation", "c" * 64, False, False, open=True)]
        row = TableRow("t1", "divinare", 3, 2**31 - 1, {"pass_direction": "left"}, "left-pass",
                       "playing", 1.5, seats, [])
        store.create_table(row)
        store.append_action("t1", 0, 0, 19, "playing")
        store.append_action("t1", 1, 2, 25, "finished")
        with pytest.raises(IntegrityError):
            store.append_action("t1", 1, 0, 20, "playing")
        store.update_seat("t1", 2, claimed=1, bot_playing=1)
        assert store.action_count("t1") == 2
        (loaded,) = store.load_all()
        assert loaded.actions == [(0, 19), (2, 25)] and loaded.status == "finished"
        assert loaded.options == {"pass_direction": "left"} and loaded.seed == 2**31 - 1
        assert [(s.seat, s.kind, s.bot, s.token_hash, s.claimed, s.bot_playing, s.open)
                for s in loaded.seats] == [
            (0, "human", "expectation", "a" * 64, True, False, False),
            (1, "bot", "random", "b" * 64, False, False, False),
            (2, "human", "expectation", "c" * 64, True, True, True)]
    finally:
        store.close()
    again = Store(db_url)  # creating the schema twice is harmless
    try:
        assert again.action_count("t1") == 2
    finally:
        again.close()


def test_one_bad_action_in_a_group_commit_does_not_fail_the_others(db_url):
    store = Store(db_url)
    try:
        for name in ("g1", "g2", "g3"):
            store.create_table(TableRow(name, "divinare", 2, 1, {}, None, "playing", 1.0,
                                        [SeatRow(0, "human", "random", "x" * 64, True, False)],
                                        []))
        store.append_action("g2", 0, 0, 22, "playing")

        async def together() -> list[BaseException | None]:
            writer = GroupCommit(store)
            return await asyncio.gather(
                writer.append(("g1", 0, 0, 22, "playing")),
                writer.append(("g2", 0, 1, 23, "playing")),  # index 0 of g2 is taken
                writer.append(("g3", 0, 0, 24, "finished")),
                writer.append(("g1", 0, 0, 25, "playing")),  # so is index 0 of g1, now
                return_exceptions=True)

        results = run_async(together, 60)
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], IntegrityError) and isinstance(results[3], IntegrityError)
        rows = {row.id: row for row in store.load_all()}
        assert rows["g1"].actions == [(0, 22)] and rows["g2"].actions == [(0, 22)]
        assert rows["g3"].actions == [(0, 24)] and rows["g3"].status == "finished"
    finally:
        store.close()


def test_a_table_whose_actions_no_longer_replay_is_left_out_and_the_rest_restored(
        db_url, caplog):
    from candlelit import load
    from candlelit.server.tables import AccessDenied, Hub

    store = Store(db_url)
    try:
        seat = [SeatRow(0, "human", "random", "x" * 64, True, False)]
        good = load("divinare", 2, seed=4)
        first = good.legal_actions()[0]
        for name, game, action in (("fine", "divinare", first),
                                   ("stale", "divinare", 10**6),  # not an action any more
                                   ("gone", "no-such-game", 0)):
            store.create_table(TableRow(name, game, 2, 4, {}, None, "playing", 1.0, seat, []))
            store.append_action(name, 0, 0, action, "playing")
        hub = Hub(store)

        async def load_each() -> None:
            for name in ("fine", "stale", "gone"):
                with contextlib.suppress(AccessDenied):
                    await hub.table(name)

        with caplog.at_level("WARNING", logger="candlelit.server"):
            asyncio.run(load_each())
        assert set(hub.tables) == {"fine"}
        assert hub.tables["fine"].state.history == [(0, first)]
        warned = " ".join(r.getMessage() for r in caplog.records)
        assert "table stale (divinare) is not restored" in warned
        assert "table gone (no-such-game) is not restored" in warned
    finally:
        store.close()


def test_a_database_from_an_older_version_gains_the_columns_it_lacks(sqlite_url):
    """A column added to the schema later is added to an existing database on opening it."""
    store = Store(sqlite_url)
    store.create_table(TableRow("old", "divinare", 2, 5, {}, None, "playing", 1.0,
                                [SeatRow(0, "human", "random", "h0", True, False),
                                 SeatRow(1, "human", "random", "h1", False, False, True)], []))
    with store.engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE seats DROP COLUMN open")
    store.close()
    reopened = Store(sqlite_url)
    [row] = reopened.load_all()
    assert [s.open for s in row.seats] == [False, False]  # the column's default
    reopened.close()
