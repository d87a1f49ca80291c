"""Bad, illegal, out-of-turn, duplicate and stale messages: a clear answer, and nothing changes."""

from __future__ import annotations

import json
import random
import threading

import pytest
from sqlalchemy import select
from srvkit import Conn, LiveServer, actions, play, wait_for

from candlelit.games.divinare.state import MOVE, PLAY
from candlelit.server.protocol import MAX_MESSAGE_BYTES
from candlelit.server.store import actions as actions_table


@pytest.fixture
def server(sqlite_url: str):
    with LiveServer(sqlite_url) as live:
        yield live


def stored(server: LiveServer, table_id: str) -> list[tuple[int, int]]:
    """The (seat, action) pairs stored for a table, in order."""
    with server.store.engine.connect() as conn:
        rows = conn.execute(select(actions_table.c.seat, actions_table.c.action)
                            .where(actions_table.c.table_id == table_id)
                            .order_by(actions_table.c.idx)).all()
    return [(r.seat, r.action) for r in rows]


def my_turn(server: LiveServer, humans: list[str] | None = None):
    """A fresh table (me and a random bot, or the given seats) waiting on me."""
    table_id, tokens = server.create(humans or ["random"])
    me = Conn(server, table_id, tokens[0])
    return table_id, tokens, me, me.current()


def malformed(legal: int, version: int) -> list[tuple[str | bytes, str]]:
    """(message, words the refusal must contain); acting on the valid parts would change
    the game, so a message wrongly taken for an act is caught."""
    act = {"type": "act", "action": legal, "seat_version": version}
    return [
        ("hello", "not JSON"),
        ("", "not JSON"),
        ('{"type": "act", "action": 3', "not JSON"),
        ("[1, 2]", "JSON object"),
        ("null", "JSON object"),
        ('"act"', "JSON object"),
        ("NaN", "JSON object"),
        (json.dumps({"type": "act"}), "'action' must be an integer"),
        (json.dumps(act | {"action": str(legal)}), "'action' must be an integer"),
        (json.dumps(act | {"action": True}), "'action' must be an integer"),
        (json.dumps(act | {"action": False}), "'action' must be an integer"),
        (json.dumps(act | {"action": float(legal)}), "'action' must be an integer"),
        (json.dumps(act | {"action": [legal]}), "'action' must be an integer"),
        (json.dumps(act | {"action": None}), "'action' must be an integer"),
        (json.dumps(act | {"seat_version": False}), "'seat_version' must be an integer"),
        (json.dumps(act | {"seat_version": str(version)}), "'seat_version' must be an integer"),
        (json.dumps(act | {"seat_version": None}), "'seat_version' must be an integer"),
        (json.dumps({k: v for k, v in act.items() if k != "seat_version"}),
         "'seat_version' must be an integer"),
        (json.dumps({"type": "bot", "seat": True, "on": True}), "'seat' must be an integer"),
        (json.dumps({"type": "bot", "seat": "0", "on": True}), "'seat' must be an integer"),
        (json.dumps({"type": "bot", "seat": 0, "on": 1}), "'on' must be true or false"),
        (json.dumps({"type": "bot", "seat": 0}), "'on' must be true or false"),
        (json.dumps({"type": "hack", "action": legal, "seat_version": version}),
         "unknown message type"),
        (json.dumps({k: v for k, v in act.items() if k != "type"}), "unknown message type"),
        (json.dumps(act | {"type": "ACT"}), "unknown message type"),
        (json.dumps(act | {"type": ["act"]}), "unknown message type"),
        # too large, though otherwise a valid act
        (json.dumps(act | {"pad": "x" * MAX_MESSAGE_BYTES}), "too large"),
        # fewer characters than the limit, but more bytes
        (json.dumps(act | {"pad": "é" * (MAX_MESSAGE_BYTES // 2 + 10)}, ensure_ascii=False),
         "too large"),
        # under the limit, but nested deeper than a parser should follow
        ("[" * (MAX_MESSAGE_BYTES // 2 - 1) + "]" * (MAX_MESSAGE_BYTES // 2 - 1), "not JSON"),
        # binary frames are read as UTF-8 text, and refused when they are not
        (b"\xff\xfe\x00", "not JSON"),
        (json.dumps({"type": "hack"}).encode(), "unknown message type"),
        (json.dumps(act | {"action": True}).encode(), "'action' must be an integer"),
    ]


def test_malformed_messages_are_refused_clearly_and_change_nothing(server):
    table_id, _, me, m = my_turn(server)
    legal, version = actions(m)[0], m["seat_version"]
    cases = malformed(legal, version)
    before = server.snapshot(table_id)
    for raw, words in cases:
        me.send(raw)
        reply = me.reply(version=version)
        shown = raw[:60]
        assert reply["type"] == "error", (shown, reply)
        assert words in reply["message"], (shown, reply)
        assert server.snapshot(table_id) == before, shown
    assert len(raw) and len(cases) > 30
    # the connection is still open and a good message still works
    me.act(legal, version)
    assert me.ack(version)["seat_version"] == version + 1
    assert server.snapshot(table_id)[0] == before[0] + 1
    me.close()


def test_illegal_actions_are_refused_and_change_nothing(server):
    table_id, _, me, m = my_turn(server)
    table = server.table(table_id)
    legal, version = actions(m), m["seat_version"]
    before = server.snapshot(table_id)
    space = type(table.state).num_distinct_actions()
    illegal = [a for a in range(space) if a not in legal] + [-1, space, 10**6, 2**63, -(2**63)]
    assert len(illegal) > 10
    for action in illegal:
        me.act(action, version)
        reply = me.reply(version=version)
        assert reply["type"] == "error" and len(reply["message"]) > 8, (action, reply)
        assert server.snapshot(table_id) == before, action
    me.close()


def test_out_of_turn_actions_are_refused_and_change_nothing(server):
    table_id, tokens = server.create(["human", "random"])
    table = server.table(table_id)
    a, b = Conn(server, table_id, tokens[0]), Conn(server, table_id, tokens[1])
    play([a, b], random.Random(5),
         stop=lambda t: t.state.pending_players() == [1] and t.state.phase in (PLAY, MOVE))
    m = a.current()
    assert not actions(m)
    before = server.snapshot(table_id)
    for action in range(type(table.state).num_distinct_actions()):
        a.act(action, m["seat_version"])
        reply = a.reply()
        assert reply["type"] == "error", reply
        assert server.snapshot(table_id) == before
    assert "seat 1 has nothing to decide now" in reply["message"]
    a.close()
    b.close()


def test_a_double_click_stores_exactly_one_action(server):
    table_id, _, me, m = my_turn(server, ["expectation", "random"])
    table = server.table(table_id)
    for _ in range(15):
        m = me.current()
        if table.row.status == "finished":
            break
        version, choice = m["seat_version"], actions(m)[0]
        before = stored(server, table_id)
        me.act(choice, version)
        me.act(choice, version)
        def answer(x: dict, version: int = version) -> bool:
            return x["type"] == "stale" or x["seat_version"] > version

        got = [me.until(answer)]
        got.append(me.until(lambda x, first=got[0]: x["type"] != first["type"] and answer(x)))
        assert sorted(x["type"] for x in got) == ["stale", "state"]
        assert "out-of-date" in next(x for x in got if x["type"] == "stale")["message"]
        server.wait_quiet(table_id)
        after = stored(server, table_id)
        assert after[:len(before)] == before
        mine = [pair for pair in after[len(before):] if pair[0] == 0]
        assert mine == [(0, choice)], "exactly one action of mine is stored"
        assert table.seat_version(0) == version + 1
        assert after == table.state.history
    me.close()


def test_two_tabs_submitting_at_once_store_exactly_one_action(server):
    table_id, tokens, one, _ = my_turn(server, ["expectation", "random"])
    two = Conn(server, table_id, tokens[0])
    table = server.table(table_id)
    rng = random.Random(11)
    turns = 0
    while table.row.status != "finished" and turns < 12:
        m1, m2 = one.current(), two.current()
        assert m1["seat_version"] == m2["seat_version"] and actions(m1) == actions(m2)
        version = m1["seat_version"]
        before = stored(server, table_id)
        picks = [rng.choice(actions(m1)), rng.choice(actions(m2))]
        go = threading.Barrier(2)
        starts = [len(one.inbox), len(two.inbox)]

        def submit(conn: Conn, action: int, go: threading.Barrier = go,
                   version: int = version) -> None:
            go.wait()
            conn.act(action, version)

        threads = [threading.Thread(target=submit, args=(c, p))
                   for c, p in zip((one, two), picks, strict=True)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wait_for(lambda v=version: table.seat_version(0) > v, what="the action")
        server.wait_quiet(table_id)
        after = stored(server, table_id)
        mine = [pair for pair in after[len(before):] if pair[0] == 0]
        assert len(mine) == 1 and mine[0][1] in picks, mine
        assert table.seat_version(0) == version + 1 and after == table.state.history
        notices = []
        for conn, start in zip((one, two), starts, strict=True):
            conn.until(lambda x, v=version: x["type"] == "state" and x["seat_version"] > v)
            conn.silent(0.1)
            notices += [x for x in conn.inbox[start:] if x["type"] != "state"]
        assert [x["type"] for x in notices] == ["stale"], notices
        turns += 1
    assert turns >= 5
    one.close()
    two.close()


def test_a_version_from_the_future_or_the_past_is_stale(server):
    table_id, _, me, m = my_turn(server)
    legal, version = actions(m)[0], m["seat_version"]
    before = server.snapshot(table_id)
    for wrong in (version + 1, version + 50, version - 1, -5, 2**40):
        me.act(legal, wrong)
        assert me.reply()["type"] == "stale"
        resent = me.until(lambda x: x["type"] == "state")
        assert resent["seat_version"] == version, "the fresh view comes with the notice"
        assert server.snapshot(table_id) == before
    me.close()
