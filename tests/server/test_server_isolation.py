"""Seat isolation: a token opens one seat; nobody reads another seat's hand or private lines."""

from __future__ import annotations

import html
import random
import re

import pytest
from srvkit import (
    SEAT_VERSION,
    Conn,
    LiveServer,
    actions,
    assert_private,
    forbidden_lines,
    hand_in,
    message_text,
    names_for,
    play,
)
from websockets.exceptions import InvalidStatus

from candlelit.engine.records import make_record, replay

PARTS = {"board", "actions", "seats", "log"}


@pytest.fixture
def server(sqlite_url: str):
    with LiveServer(sqlite_url) as live:
        yield live


@pytest.mark.slow
def test_each_seat_and_spectator_sees_only_what_it_may_for_a_whole_game(server):
    """Two humans and a bot play to the end; every message, page and record is checked."""
    table_id, tokens = server.create(["human", "expectation"])
    assert sorted(tokens) == [0, 1]
    table = server.table(table_id)
    pages = {seat: server.http.get(f"/t/{table_id}", params={"token": tokens[seat]}).text
             for seat in (0, 1)}
    pages[None] = server.http.get(f"/t/{table_id}/watch").text
    conns = {seat: Conn(server, table_id, tokens[seat]) for seat in (0, 1)}
    spectator = Conn(server, table_id, None)
    # the hand each seat is shown while the table is still matches that seat's own hand
    rng = random.Random(7)
    for _ in range(12):
        server.wait_quiet(table_id)
        for seat, conn in conns.items():
            m = conn.current()
            assert hand_in(m["board"]) == table.state.hands[seat], f"seat {seat}'s hand"
        assert hand_in(spectator.current()["board"]) is None
        waiting = [s for s in table.state.pending_players() if s in conns]
        conn = conns[rng.choice(waiting)]
        m = conn.current()
        conn.act(rng.choice(actions(m)), m["seat_version"])
        conn.ack(m["seat_version"])
    play([*conns.values(), spectator], rng)
    spectator.drain()
    assert table.row.status == "finished"
    final = table.state
    assert any(e.visible_to is not None for e in final.events()), "the game had no private line"
    for seat, conn in [*conns.items(), (None, spectator)]:
        forbidden = forbidden_lines(final, seat, names_for(table, seat))
        assert forbidden, f"seat {seat} had nothing to miss: the test would prove nothing"
        checked = assert_private(conn.inbox, seat, forbidden)
        assert checked >= 20
        # the updates as sent (only the parts that changed) hold no secret either
        assert assert_private(conn.frames, seat, forbidden) == checked
        assert any(m["type"] == "state" and not m.keys() >= PARTS for m in conn.frames), \
            f"seat {seat} was never sent a partial update: the check would prove nothing"
        for line in forbidden:
            assert line not in html.unescape(pages[seat])
        conn.close()
    # every private line a seat missed was seen by the seat it belongs to
    for seat in (0, 1):
        own = forbidden_lines(final, None, names_for(table, seat)) - forbidden_lines(
            final, seat, names_for(table, seat))
        assert own and any(line in message_text(m) for m in conns[seat].inbox
                           if m["type"] == "state" for line in own)


def test_a_token_acts_only_for_its_own_seat(server):
    table_id, tokens = server.create(["human", "random"])
    table = server.table(table_id)
    a, b = Conn(server, table_id, tokens[0]), Conn(server, table_id, tokens[1])
    rng = random.Random(3)
    # play until seat 2 (index 1) alone is to act
    play([a, b], rng, stop=lambda t: t.state.pending_players() == [1])
    before = server.snapshot(table_id)
    b_state = b.current()
    a_state = a.current()
    assert actions(a_state) == [] and actions(b_state)
    # seat A submits seat B's legal choices, with and without naming seat B
    for action in actions(b_state):
        a.send({"type": "act", "action": action, "seat_version": a_state["seat_version"]})
        assert a.reply()["type"] == "error"
        a.send({"type": "act", "action": action, "seat_version": a_state["seat_version"],
                "seat": 1})
        assert a.reply()["type"] == "error"
        # and a version of seat B's, in case it were taken for B's
        a.send({"type": "act", "action": action, "seat_version": b_state["seat_version"]})
        assert a.reply()["type"] in ("error", "stale")
    assert server.snapshot(table_id) == before
    assert table.seat_version(1) == b_state["seat_version"]
    # seat B acts; only seat B's history grows
    done = len(table.state.history)
    b.act(actions(b_state)[0], b_state["seat_version"])
    b.ack(b_state["seat_version"])
    assert table.state.history[done] == (1, actions(b_state)[0])
    assert table.seat_version(0) == a_state["seat_version"]
    assert table.seat_version(1) == b_state["seat_version"] + 1
    assert server.store.action_count(table_id) > before[0]
    a.close()
    b.close()


def test_wrong_and_missing_tokens_are_refused(server):
    table_id, tokens = server.create(["human", "random"])
    other_id, other_tokens = server.create(["random"])
    for params in ({}, {"token": ""}, {"token": "nope"}, {"token": other_tokens[0]},
                   {"token": tokens[0] + "x"}):
        page = server.http.get(f"/t/{table_id}", params=params)
        assert page.status_code == 403, params
        assert "Your hand" not in page.text and "data-action" not in page.text
    assert server.http.get("/t/nosuchtable", params={"token": tokens[0]}).status_code == 404
    for token in ("nope", other_tokens[0], tokens[1][:-1]):
        with pytest.raises(InvalidStatus) as refused:
            Conn(server, table_id, token)
        assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus) as refused:
        Conn(server, "nosuchtable", tokens[0])
    assert refused.value.response.status_code == 403
    # the right token still works, and only for its own table
    assert server.http.get(f"/t/{table_id}", params={"token": tokens[1]}).status_code == 200
    assert server.http.get(f"/t/{other_id}", params={"token": tokens[1]}).status_code == 403


def test_a_spectator_sees_no_hand_and_cannot_act(server):
    table_id, tokens = server.create(["expectation", "random"])
    table = server.table(table_id)
    with Conn(server, table_id, None) as spectator, Conn(server, table_id, tokens[0]) as me:
        m = spectator.current()
        assert hand_in(m["board"]) is None and not actions(m)
        watch = server.http.get(f"/t/{table_id}/watch")
        assert watch.status_code == 200 and hand_in(watch.text) is None
        assert "Your hand" not in watch.text and "You are dealt" not in watch.text
        before = server.snapshot(table_id)
        legal = table.state.legal_actions(0)
        for payload in ({"type": "act", "action": legal[0], "seat_version": 0},
                        {"type": "bot", "seat": 0, "on": True},
                        {"type": "bot", "seat": 1, "on": True}):
            spectator.send(payload)
            reply = spectator.reply()
            assert reply == {"type": "error", "message": "spectators cannot act"}
        assert server.snapshot(table_id) == before
        assert not table.row.seats[0].bot_playing and not table.row.seats[1].bot_playing
        # the seat's own page shows its hand and its version
        page = server.http.get(f"/t/{table_id}", params={"token": tokens[0]})
        assert hand_in(page.text) == table.state.hands[0]
        assert SEAT_VERSION.search(page.text).group(1) == "0"
        play([me, spectator], random.Random(1), stop=lambda t: len(t.state.history) > 40)
        forbidden = forbidden_lines(table.state, None, names_for(table, None))
        assert forbidden and assert_private(spectator.inbox, None, forbidden) > 5


def test_the_record_and_replays_hold_no_secret_before_the_end(server):
    table_id, tokens = server.create(["human", "random"])
    table = server.table(table_id)
    with Conn(server, table_id, tokens[0]) as me:
        me.current()
        for path in ("record.json", "replay", "replay?seat=1", "replay?seat=0&step=1"):
            response = server.http.get(f"/t/{table_id}/{path}")
            assert response.status_code == 403, path
            assert "You are dealt" not in response.text and '"seed"' not in response.text
        assert str(table.row.seed) not in server.http.get(f"/t/{table_id}/record.json").text
        record = make_record(table.state)
        assert sum(1 for _ in replay(record)) == len(table.state.history)


def test_an_open_seat_is_joined_once_and_its_new_token_opens_only_it(server):
    table_id, tokens = server.create(["open", "random"])
    assert sorted(tokens) == [0], "an open seat has no link on the created page"
    form = {"csrf": server.form_token()}  # the lobby's join form, as a browser sends it
    joined = server.http.post(f"/t/{table_id}/join", data=form, follow_redirects=False)
    assert joined.status_code == 303
    token = joined.headers["location"].split("token=", 1)[1]
    table = server.table(table_id)
    assert server.hub.seat_of(table, token) == 1 and token != tokens[0]
    assert server.store.load_all()[0].seats[1].claimed
    again = server.http.post(f"/t/{table_id}/join", data=form, follow_redirects=False)
    assert again.status_code == 409
    with Conn(server, table_id, token) as newcomer:
        assert hand_in(newcomer.current()["board"]) == table.state.hands[1]


def score_rows(board_html: str) -> dict[int, str]:
    """The scores-table row of each seat in a Divinare board, by seat."""
    rows = re.findall(r'<tr class="[^"]*" data-seat="(\d)">(.*?)</tr>', board_html, re.S)
    return {int(seat): row for seat, row in rows}


def test_another_seats_score_tokens_stay_face_down_until_the_end(server):
    """Divinare: mid-game a seat's frame and page show its own total only, a spectator's none."""
    table_id, tokens = server.create(["expectation", "random"])
    table = server.table(table_id)
    with Conn(server, table_id, tokens[0]) as me, Conn(server, table_id, None) as spectator:
        play([me, spectator], random.Random(5), stop=lambda t: t.state.round >= 1)
        state = table.state
        scores = state.scores()
        assert state.round == 1 and any(scores), "round 1 was scored"
        frames = {0: me.current()["board"], None: spectator.current()["board"]}
        pages = {0: server.http.get(f"/t/{table_id}", params={"token": tokens[0]}).text,
                 None: server.http.get(f"/t/{table_id}/watch").text}
        for viewer in (0, None):
            for board in (frames[viewer], pages[viewer]):
                rows = score_rows(board)
                assert sorted(rows) == [0, 1, 2]
                for seat, row in rows.items():
                    cells = re.findall(r"<td[^>]*>([^<]*)</td>", row)
                    if seat == viewer:
                        blue, yellow, red = state.tokens_won[seat]
                        assert cells[1:] == [str(blue), str(yellow), str(red), str(scores[seat])]
                    else:
                        assert cells[1:] == ["face down"], (viewer, seat, row)
                assert "Score tokens are kept face down" in board
        play([me, spectator], random.Random(6))
        final = table.state.scores()
        for conn in (me, spectator):
            rows = score_rows(conn.current()["board"])
            for seat, row in rows.items():
                assert f'<td class="score">{final[seat]}</td>' in row
                assert "face-down" not in row
