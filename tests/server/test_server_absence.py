"""Absent players, fairly: a grace period before others may hand a seat to a bot, turn timers,
and the absent player reading why a bot plays and taking the seat back."""

from __future__ import annotations

import html
import random
import re

import pytest
from sqlalchemy import select
from srvkit import Clock, Conn, LiveServer, play, wait_for

from candlelit.server.render import table_message
from candlelit.server.store import SeatRow, Store, TableRow
from candlelit.server.store import seats as seats_table

AFTER = re.compile(r'data-bot-seat="(\d+)" data-on="true"[^>]*? data-after="([\d.]+)" hidden')
DEADLINE = re.compile(r'data-deadline="([\d.]+)"')


@pytest.fixture
def server(clocked_server: LiveServer) -> LiveServer:
    return clocked_server


def stored(server: LiveServer, table_id: str) -> list[tuple[int, str | None]]:
    """(bot_playing, bot_reason) of each seat, as the database has them."""
    with server.store.engine.connect() as conn:
        rows = conn.execute(select(seats_table.c.bot_playing, seats_table.c.bot_reason)
                            .where(seats_table.c.table_id == table_id)
                            .order_by(seats_table.c.seat)).all()
    return [(r.bot_playing, r.bot_reason) for r in rows]


def ask(conn: Conn, seat: int, on: bool) -> str | None:
    """Send a hand-over request; the refusal it got, or None once the change is visible."""
    table = conn.server.table(conn.table_id)
    conn.send({"type": "bot", "seat": seat, "on": on})
    got = conn.until(lambda m: m["type"] == "error" or (
        m["type"] == "state" and table.row.seats[seat].bot_playing == on))
    return str(got["message"]) if got["type"] == "error" else None


def seat_parts(message: dict) -> list[str]:
    """The seats list of a state message, one piece of HTML per seat."""
    return [html.unescape(part) for part in message["seats"].split("<li")[1:]]


def deadlines(message: dict) -> dict[int, float]:
    """Each seat's turn-clock deadline as the seats list shows it."""
    found = {}
    for seat, part in enumerate(seat_parts(message)):
        match = DEADLINE.search(part)
        if match:
            found[seat] = float(match.group(1))
    return found


def state_where(conn: Conn, check) -> dict:
    return conn.until(lambda m: m["type"] == "state" and check(m))


def test_a_seat_that_left_a_second_ago_is_refused_with_the_time_left_then_handed_over(
        server, clock):
    table_id, tokens = server.create(["human", "random"])  # the default grace: 60 s
    table = server.table(table_id)
    a, b = Conn(server, table_id, tokens[0]), Conn(server, table_id, tokens[1])
    zh = Conn(server, table_id, tokens[0], lang="zh-TW")
    a.current()
    b.current()
    state_where(zh, lambda m: True)  # (current() compares with the English page)
    if 'data-bot-seat="1"' in a.last["seats"]:  # B's arrival is shown once coalesced
        state_where(a, lambda m: 'data-bot-seat="1"' not in m["seats"])  # then no button

    b.close()
    wait_for(lambda: not table.connected(1), what="seat 2 to leave")
    left_at = clock.now
    # the button is sent hidden, with the moment it may be used; the page reveals it then
    m = state_where(a, lambda m: AFTER.search(m["seats"]) is not None)
    assert [(int(s), float(at)) for s, at in AFTER.findall(m["seats"])] == [(1, left_at + 60)]
    assert "can go to a bot in {time}" in seat_parts(m)[1]

    clock.advance(1)
    assert ask(a, 1, True) == ("Seat 2 has been away for only 1 s: "
                               "you can hand the seat to a bot in 59 s")
    assert ask(zh, 1, True) == "座位 2 才離席 1 秒，再過 59 秒才能把座位交給電腦"
    assert stored(server, table_id) == [(0, None), (0, None), (0, None)]
    assert not table.row.seats[1].bot_playing

    clock.advance(59)
    assert ask(a, 1, True) is None
    assert stored(server, table_id) == [(0, None), (1, "seat:0:60"), (0, None)]
    m = state_where(a, lambda m: "A bot is playing for Seat 2." in m["seats"])
    assert 'data-bot-seat="1"' not in m["seats"]
    state_where(zh, lambda m: "電腦正在代打座位 2。" in m["seats"])

    # B comes back, reads why, and takes the seat back with one click
    with Conn(server, table_id, tokens[1]) as b:
        m = state_where(b, lambda m: 'data-on="false"' in m["actions"])
        assert ("Seat 1 handed your seat to a bot after you had been away for 1 min."
                in html.unescape(m["actions"]))
        assert "A bot is playing for" not in m["seats"]  # the note is for the others
        assert ask(b, 1, False) is None
        assert stored(server, table_id) == [(0, None), (0, None), (0, None)]
        m = b.current()
        assert 'data-on="false"' not in m["actions"]
        assert "handed your seat" not in m["actions"]
    a.close()
    zh.close()


def test_a_never_opened_invite_follows_the_same_rule(server, clock):
    table_id, tokens = server.create(["human", "human"], grace=120)
    with Conn(server, table_id, tokens[0]) as a:
        a.current()
        clock.advance(10)
        for seat in (1, 2):
            assert ask(a, seat, True) == (f"Seat {seat + 1} has been away for only 10 s: "
                                          "you can hand the seat to a bot in 1 min 50 s")
        clock.advance(100)
        # seat 2's player opens the invite's page: away counts again from now
        assert server.http.get(f"/t/{table_id}?token={tokens[1]}").status_code == 200
        clock.advance(10)
        assert ask(a, 2, True) is None
        assert stored(server, table_id) == [(0, None), (0, None), (1, "seat:0:120")]
        assert ask(a, 1, True) == ("Seat 2 has been away for only 10 s: "
                                   "you can hand the seat to a bot in 1 min 50 s")


def test_a_turn_timer_hands_the_seat_to_its_bot_and_its_player_takes_it_back(server, clock):
    start = clock.now
    table_id, tokens = server.create(["human", "random"], timer="fast")
    table = server.table(table_id)
    a, b = Conn(server, table_id, tokens[0]), Conn(server, table_id, tokens[1])
    m = a.current()
    # each seat the table waits on has its own clock, sent as an absolute deadline
    assert deadlines(m) == {0: start + 45, 1: start + 45}
    assert "Turn timer: 45 s per decision" in html.unescape(m["seats"])

    clock.advance(10)
    m = b.current()
    b.act(int(re.findall(r'data-action="(\d+)"', m["actions"])[0]), m["seat_version"])
    b.ack(m["seat_version"])
    server.wait_quiet(table_id)
    assert 1 in table.state.pending_players()  # B chooses its cards to pass one by one
    # nobody else can see that B chose a card, so B's clock does not tell them: it runs on
    for viewer in (0, 1, None):
        assert deadlines(table_message(table, viewer, "en")) == {0: start + 45, 1: start + 45}
    # B gives its seat to its bot and takes it back: a fresh clock while B has a choice left
    assert ask(b, 1, True) is None
    assert ask(b, 1, False) is None
    server.wait_quiet(table_id)
    assert table.deadlines.get(1) == (start + 55 if 1 in table.state.pending_players() else None)
    shown = table_message(table, 0, "en")
    clock.advance(5)
    assert table_message(table, 0, "en") == shown  # the render stays put while time runs

    clock.advance(30)  # A's 45 s are up
    wait_for(lambda: table.row.seats[0].bot_playing, what="the timer to hand seat 1 over")
    assert stored(server, table_id)[0] == (1, "timer")
    server.wait_quiet(table_id)
    m = a.current()
    assert "Your turn timer ran out, so a bot is playing your seat." in m["actions"]
    assert 'data-bot-seat="0" data-on="false"' in m["actions"]
    state_where(b, lambda m: "A bot is playing for Seat 1." in m["seats"])
    assert table.row.status == "playing" and 0 not in table.deadlines

    assert ask(a, 0, False) is None
    assert stored(server, table_id)[0] == (0, None)
    if 0 in table.state.pending_players():  # a seat taken back starts a fresh clock
        assert table.deadlines[0] == clock.now + 45
    a.close()
    b.close()


def test_each_decision_others_can_see_starts_the_seat_clock_again(server, clock):
    table_id, tokens = server.create(["random", "random"], timer="fast")
    table = server.table(table_id)
    seen = {"public": 0, "hidden": 0}
    with Conn(server, table_id, tokens[0]) as a:
        for _ in range(40):
            m = a.current()
            if table.row.status == "finished" or (sum(seen.values()) >= 12
                                                  and all(seen.values())):
                break
            running = table.deadlines[0]
            clock.advance(5)
            logged = len(table.state.log)
            a.act(int(re.findall(r'data-action="(\d+)"', m["actions"])[0]), m["seat_version"])
            a.ack(m["seat_version"])
            server.wait_quiet(table_id)
            if table.state.history[-1][0] != 0 or 0 not in table.state.pending_players():
                continue  # the seat's turn ended; it starts a fresh clock when it comes back
            public = any(entry[3] is None for entry in table.state.log[logged:])
            seen["public" if public else "hidden"] += 1
            assert table.deadlines[0] == (clock.now + 45 if public else running)
    assert seen["public"] and seen["hidden"], seen


def test_the_table_settings_and_why_a_bot_plays_survive_a_restart(db_url):
    clock = Clock()
    with LiveServer(db_url, clock=clock) as server:
        table_id, tokens = server.create(["human", "human"], grace=120, timer="relaxed")
        with Conn(server, table_id, tokens[0]) as a:
            a.current()
            assert ask(a, 0, True) is None
        server.wait_quiet(table_id)
    clock.advance(1000)
    with LiveServer(db_url, clock=clock) as server:
        table = server.table(table_id)
        assert (table.row.grace, table.row.timer) == (120, "relaxed")
        assert table.row.seats[0].bot_playing and table.row.seats[0].bot_reason == "self"
        # turn timers start again from full after a restart
        waiting = [p for p in table.state.pending_players() if not table.bot_plays(p)]
        assert waiting and table.deadlines == {p: clock.now + 180 for p in waiting}
        with Conn(server, table_id, tokens[0]) as a:
            m = a.current()
            assert "You handed your seat to a bot." in m["actions"]
            assert "after 2 min away" in m["seats"]
            # a seat never connected has been away since the table was loaded
            clock.advance(5)
            assert ask(a, 1, True) == ("Seat 2 has been away for only 5 s: "
                                       "you can hand the seat to a bot in 1 min 55 s")


def test_no_hand_over_button_or_turn_clock_once_the_game_is_over(server, clock):
    table_id, tokens = server.create(["human", "random"], timer="relaxed")
    table = server.table(table_id)
    with Conn(server, table_id, tokens[0]) as a, Conn(server, table_id, None) as spectator:
        clock.advance(60)  # seat 2 never came: it may go to a bot
        assert ask(a, 1, True) is None
        play([a], random.Random(3))
        assert table.row.status == "finished"
        m = a.current()
        for watcher in (m, spectator.current()):
            assert "data-bot-seat" not in watcher["seats"]
            assert "data-deadline" not in watcher["seats"]
            assert 'data-on="false"' not in watcher["actions"]
        assert ask(a, 0, True) == "the game is over"
        assert table.deadlines == {}


@pytest.mark.parametrize("field,value,words", [
    ("grace", "7", "grace must be one of 30, 60, 120, 300 seconds"),
    ("grace", "-60", "grace must be one of 30, 60, 120, 300 seconds"),
    ("timer", "slow", "timer must be one of off, relaxed, fast"),
])
def test_the_lobby_form_refuses_settings_it_does_not_offer(server, field, value, words):
    before = len(server.hub.tables)
    form = {"game": "divinare", "players": "3", "seat1": "random", "seat2": "random",
            field: value, "csrf": server.form_token()}
    response = server.http.post("/tables", data=form)
    assert response.status_code == 400 and words in html.unescape(response.text)
    assert len(server.hub.tables) == before


def test_the_lobby_form_offers_the_grace_periods_and_timers(server):
    page = html.unescape(server.http.get("/").text)
    for label in ("30 s", "1 min", "2 min", "5 min", "relaxed (3 min per decision)",
                  "fast (45 s per decision)"):
        assert label in page
    page = html.unescape(server.http.get("/?lang=zh-TW").text)
    for label in ("30 秒", "1 分鐘", "從容（每步 3 分鐘）", "快速（每步 45 秒）", "不限時"):
        assert label in page


def test_a_database_from_before_the_timers_gains_their_columns(sqlite_url):
    store = Store(sqlite_url)
    store.create_table(TableRow("old", "divinare", 2, 5, {}, None, "playing", 1.0,
                                [SeatRow(0, "human", "random", "h0", True, False),
                                 SeatRow(1, "human", "random", "h1", False, True)], []))
    with store.engine.begin() as conn:
        for table, column in (("tables", "grace"), ("tables", "timer"),
                              ("seats", "bot_reason")):
            conn.exec_driver_sql(f"ALTER TABLE {table} DROP COLUMN {column}")
    store.close()
    reopened = Store(sqlite_url)
    [row] = reopened.load_all()
    assert (row.grace, row.timer) == (60, "off")
    assert [s.bot_reason for s in row.seats] == [None, None]
    reopened.close()
