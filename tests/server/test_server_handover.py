"""Handing a seat to a bot: by others only once its player has been away for the table's grace
period; only its owner takes it back."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select
from srvkit import TIMEOUT, Conn, LiveServer, actions, play, wait_for

from candlelit.engine.records import verify
from candlelit.server.store import seats as seats_table

GRACE = 30  # the shortest grace period the lobby offers


@pytest.fixture
def server(clocked_server: LiveServer) -> LiveServer:
    return clocked_server


def stored_bot_playing(server: LiveServer, table_id: str) -> list[int]:
    with server.store.engine.connect() as conn:
        rows = conn.execute(select(seats_table.c.bot_playing)
                            .where(seats_table.c.table_id == table_id)
                            .order_by(seats_table.c.seat)).all()
    return [r.bot_playing for r in rows]


def ask(conn: Conn, seat: int, on: bool) -> dict | None:
    """Send a hand-over request; the error it got, or None once the change is visible."""
    table = conn.server.table(conn.table_id)
    conn.send({"type": "bot", "seat": seat, "on": on})
    got = conn.until(lambda m: m["type"] == "error" or (
        m["type"] == "state" and table.row.seats[seat].bot_playing == on))
    return got if got["type"] == "error" else None


def test_hand_over_and_take_back_follow_the_rules(server, clock):
    table_id, tokens = server.create(["human", "random"], grace=GRACE)
    table = server.table(table_id)
    a, b = Conn(server, table_id, tokens[0]), Conn(server, table_id, tokens[1])
    a.current()
    b.current()
    rng = random.Random(4)

    # nobody hands over a player who is here, a bot seat, or a seat that does not exist
    for seat, words in ((1, "still here"), (2, "bot seat"), (7, "no seat 7"),
                        (-1, "no seat -1")):
        error = ask(a, seat, True)
        assert error is not None and words in error["message"], (seat, error)
    assert stored_bot_playing(server, table_id) == [0, 0, 0]

    # once B has gone for the grace period, A may hand B's seat to a bot, but not take it back
    b.close()
    wait_for(lambda: not table.connected(1), what="seat 2 to leave")
    clock.advance(GRACE - 1)
    error = ask(a, 1, True)
    assert error is not None and "you can hand the seat to a bot in 1 s" in error["message"]
    assert stored_bot_playing(server, table_id) == [0, 0, 0]
    clock.advance(1)
    assert ask(a, 1, True) is None
    assert table.row.seats[1].bot_playing and stored_bot_playing(server, table_id) == [0, 1, 0]
    error = ask(a, 1, False)
    assert error is not None and "only the seat's own player" in error["message"]
    assert table.row.seats[1].bot_playing and stored_bot_playing(server, table_id) == [0, 1, 0]

    # the bot plays seat 2 while A plays on
    before = table.seat_version(1)
    play([a], rng, stop=lambda t: t.seat_version(1) >= before + 3)
    assert table.seat_version(1) >= before + 3

    # B comes back: no buttons while the bot plays; acting is refused; B takes the seat back
    b = Conn(server, table_id, tokens[1])
    m = b.current()
    assert actions(m) == [] and 'data-on="false"' in m["actions"]
    assert f"Seat 1 handed your seat to a bot after you had been away for {GRACE} s" \
        in m["actions"]
    snapshot = server.snapshot(table_id)
    b.act(table.state.legal_actions(1)[0] if table.state.legal_actions(1) else 0,
          m["seat_version"])
    error = b.reply()
    assert error["type"] == "error" and "a bot is playing this seat" in error["message"]
    assert server.snapshot(table_id) == snapshot
    assert ask(b, 1, False) is None
    assert not table.row.seats[1].bot_playing and stored_bot_playing(server, table_id) == [0, 0, 0]
    # A, present, cannot be handed over by B; and B cannot take back a seat it does not own
    error = ask(b, 0, True)
    assert error is not None and "still here" in error["message"]

    # B plays its own seat again
    before = table.seat_version(1)
    play([a, b], rng, stop=lambda t: t.seat_version(1) >= before + 2)

    # each hands its own seat to a bot; the bots finish the game
    assert ask(a, 0, True) is None
    error = ask(b, 0, False)
    assert error is not None and "only the seat's own player" in error["message"]
    assert ask(b, 1, True) is None
    assert stored_bot_playing(server, table_id) == [1, 1, 0]
    wait_for(lambda: table.row.status == "finished", TIMEOUT, "the bots to finish the game")
    record = server.http.get(f"/t/{table_id}/record.json").json()
    assert verify(record).ok and len(record["actions"]) == server.store.action_count(table_id)
    a.close()
    b.close()


def test_a_seat_given_to_a_bot_stays_with_it_after_a_restart(sqlite_url, clock):
    with LiveServer(sqlite_url, clock=clock) as server:
        table_id, tokens = server.create(["human", "random"], grace=GRACE)
        with Conn(server, table_id, tokens[0]) as a:
            a.current()
            clock.advance(GRACE)  # seat 2 never came
            assert ask(a, 1, True) is None
            version = server.table(table_id).seat_version(1)
    with LiveServer(sqlite_url, clock=clock) as server:
        table = server.table(table_id)
        assert table.row.seats[1].bot_playing and not table.row.seats[0].bot_playing
        with Conn(server, table_id, tokens[0]) as a:
            play([a], random.Random(1), stop=lambda t: t.seat_version(1) > version + 2)
        with Conn(server, table_id, tokens[1]) as b:
            assert ask(b, 1, False) is None
            assert not table.row.seats[1].bot_playing
