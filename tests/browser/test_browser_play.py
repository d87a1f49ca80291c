"""Whole games in a real browser: a reload mid-game, and a seat handed to a bot in every game
(two people play every game to the end in test_browser_friends.py)."""

from __future__ import annotations

import json

import pytest
from browserkit import (
    create_table,
    open_seat,
    play,
    seat_version,
    wait_connected,
)

from candlelit.engine.registry import games
from candlelit.i18n import t


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
