"""Records download only after the end and verify; replays work for every seat and the public."""

from __future__ import annotations

import html
import json
import random

import pytest
from srvkit import Conn, LiveServer, forbidden_lines, hand_in, play

from candlelit.engine.records import initial_state, replay, verify
from candlelit.i18n import seat_name


@pytest.fixture
def server(sqlite_url: str):
    with LiveServer(sqlite_url) as live:
        yield live


def replay_names(players: int) -> list[str]:
    return [seat_name(s, "en") for s in range(players)]


def test_the_record_is_downloadable_once_the_game_is_over_and_verifies(server):
    table_id, tokens = server.create(["expectation", "random"])
    table = server.table(table_id)
    me = Conn(server, table_id, tokens[0])
    play([me], random.Random(2), stop=lambda t: len(t.state.history) > 30)
    for path in ("record.json", "replay", "replay?seat=0"):
        assert server.http.get(f"/t/{table_id}/{path}").status_code == 403, path
    play([me], random.Random(2))
    assert table.row.status == "finished" and table.state.is_terminal()
    response = server.http.get(f"/t/{table_id}/record.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    verdict = verify(record)
    assert verdict.ok, verdict.problems
    count = server.store.action_count(table_id)
    assert verdict.actions == count == len(table.state.history) > 100
    assert [tuple(a) for a in record["actions"]] == table.state.history
    assert record["final"]["terminal"] and record["players"] == 3 and len(record["seats"]) == 3
    # tampering is still caught by the same check
    record["actions"][5][1] = (record["actions"][5][1] + 1) % 26
    assert not verify(record).ok
    # nothing more can be played
    before = server.snapshot(table_id)
    me.act(0, table.seat_version(0))
    reply = me.reply()
    assert reply["type"] == "error" and "over" in reply["message"]
    assert server.snapshot(table_id) == before
    me.close()


@pytest.mark.slow
def test_the_replay_shows_each_seat_and_the_public_view_at_every_step(server):
    table_id, tokens = server.create(["random", "expectation"])
    table = server.table(table_id)
    with Conn(server, table_id, tokens[0]) as me:
        play([me], random.Random(9))
    record = server.http.get(f"/t/{table_id}/record.json").json()
    total = len(record["actions"])
    states = [initial_state(record).clone()]
    states += [after.clone() for _, _, after in replay(record)]
    assert len(states) == total + 1 and states[-1] == table.state
    steps = sorted({0, 1, 2, total // 3, total // 2, total - 1, total})
    for seat in (None, 0, 1, 2):
        names = replay_names(3)
        forbidden = forbidden_lines(table.state, seat, names)
        assert forbidden, "the game had private lines"
        for step in steps:
            query = {"step": str(step), "seat": "" if seat is None else str(seat)}
            page = server.http.get(f"/t/{table_id}/replay", params=query)
            assert page.status_code == 200, (seat, step)
            text = html.unescape(page.text)
            assert f"action {step} of {total}" in text
            for line in forbidden:
                assert line not in text, (seat, step, line)
            shown = hand_in(page.text)
            if seat is None:
                assert shown is None and "Your hand" not in text
            else:
                assert shown == states[step].hands[seat], (seat, step)
            assert ("Game over." in text) == (step == total), (seat, step)
        # the default step is the end
        page = server.http.get(f"/t/{table_id}/replay",
                               params={} if seat is None else {"seat": str(seat)})
        assert page.status_code == 200 and f"action {total} of {total}" in page.text
    for bad in ({"seat": "3"}, {"seat": "-1"}, {"seat": "x"}, {"step": str(total + 1)},
                {"step": "-1"}, {"step": "1.5"}):
        assert server.http.get(f"/t/{table_id}/replay", params=bad).status_code == 400, bad
    assert server.http.get("/t/nosuchtable/replay").status_code == 404
    assert server.http.get("/t/nosuchtable/record.json").status_code == 404
    assert json.loads(server.http.get(f"/t/{table_id}/record.json").text) == record
