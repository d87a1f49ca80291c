"""Whole games played in a real browser: two people by clicks, reloads, and bots for every game."""

from __future__ import annotations

import json

import pytest
from browserkit import (
    create_table,
    finished,
    open_seat,
    play,
    score_rows,
    seat_version,
    wait_connected,
    winner_rows,
)

from candlelit.engine.records import initial_state, verify
from candlelit.engine.registry import games
from candlelit.i18n import t


def test_two_people_play_divinare_to_the_end(server, new_context):
    host = new_context().new_page()
    created = create_table(host, server.url, "divinare", 4,
                           {1: "human", 2: "expectation", 3: "random"})
    assert set(created.invites) == {1}, "only seat 2 is a friend's seat"
    me = open_seat(host.context, created.my_link)
    friend = open_seat(new_context(), created.invites[1])
    assert "Seat 1 (you)" in me.inner_text(".table-head")
    assert "Seat 2 (you)" in friend.inner_text(".table-head")

    clicks = play([me, friend])

    record = json.loads(host.context.request.get(
        f"{server.url}/t/{created.table_id}/record.json").text())
    verdict = verify(record)
    assert verdict.ok, verdict.problems
    final = initial_state(record)
    for seat, action in record["actions"]:
        final.apply_action(action, seat)
    assert final.is_terminal()
    for seat, page in enumerate((me, friend)):
        mine = sum(1 for p, _ in record["actions"] if p == seat)
        assert seat_version(page) == mine, "every choice of a person was a click"
    assert clicks == sum(1 for p, _ in record["actions"] if p in (0, 1))
    winners = sorted(record["final"]["winners"])
    scores = [int(points) for points in final.view(None)["result"]["scores"]]

    rows = {}
    for page in (me, friend):
        assert finished(page)
        result = page.inner_text(".divinare .result")
        assert result.startswith("Winner(s): ")
        for seat in winners:
            assert f"Seat {seat + 1}" in result
        assert winner_rows(page) == winners
        assert t("ui.game_over") in page.inner_text("#actions")
        rows[page] = score_rows(page)
        assert [int(rows[page][s][-1]) for s in range(4)] == scores
    assert rows[me] == rows[friend]

    with friend.expect_download() as download:
        friend.click(f"#actions a[href$='/t/{created.table_id}/record.json']")
    downloaded = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert verify(downloaded).ok
    assert downloaded["actions"] == record["actions"]


def test_a_reload_mid_game_keeps_the_game_and_the_seat_version(server, new_context):
    page = new_context().new_page()
    created = create_table(page, server.url, "divinare", 3, {1: "random", 2: "expectation"})
    page = open_seat(page.context, created.my_link)
    play([page], until=lambda ps: seat_version(ps[0]) >= 9)
    board, log = settled(page)
    version = seat_version(page)

    page.reload()
    wait_connected(page)
    assert seat_version(page) == version
    assert page.inner_text("#board") == board
    assert page.inner_text("#log") == log

    frames: list[str | bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(frame)))
    page.reload()
    wait_connected(page)
    play([page])
    assert seat_version(page) > version
    kinds = {json.loads(frame)["type"] for frame in frames}
    assert kinds == {"state"}, "no choice was refused as stale or wrong after the reloads"
    assert page.inner_text(".divinare .result").startswith("Winner(s): ")


def settled(page):
    """The board and log text once it is this seat's turn and the bots have stopped."""
    page.wait_for_selector("#actions button[data-action]:enabled")
    seen = None
    while True:
        now = (page.inner_text("#board"), page.inner_text("#log"))
        if now == seen:
            return now
        seen = now
        page.wait_for_timeout(300)


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_every_game_finishes_when_your_seat_is_handed_to_a_bot(server, new_context, game):
    page = new_context().new_page()
    created = create_table(page, server.url, game)
    page = open_seat(page.context, created.my_link)
    page.click("#seats button[data-bot-seat='0'][data-on='true']")
    page.wait_for_selector("#table[data-status='finished']", timeout=60_000)
    assert t("ui.game_over") in page.inner_text("#actions")
    assert page.locator("#actions a[href$='/replay']").is_visible()
    if game == "divinare":
        assert page.inner_text(".divinare .result").startswith("Winner(s): ")
