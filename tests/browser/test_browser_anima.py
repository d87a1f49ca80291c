"""Anima in the browser: a seat plays a whole game against bots by clicks."""

from __future__ import annotations

import json

from browserkit import create_table, finished, open_seat, play, seat_version

from candlelit.engine.records import initial_state, verify
from candlelit.i18n import t


def test_a_person_plays_anima_against_bots_to_the_end(server, new_context):
    host = new_context().new_page()
    created = create_table(host, server.url, "anima", 3, {1: "heuristic", 2: "random"})
    me = open_seat(host.context, created.my_link)
    assert me.locator(".anima .an-area").count() >= 3, "one area per player is in play"
    assert me.locator(".anima .prov").count() > 0, "placeholders are marked"

    clicks = play([me], timeout=240)

    record = json.loads(host.context.request.get(
        f"{server.url}/t/{created.table_id}/record.json").text())
    assert verify(record).ok
    final = initial_state(record)
    for seat, action in record["actions"]:
        final.apply_action(action, seat)
    assert final.is_terminal()
    assert seat_version(me) == sum(1 for p, _ in record["actions"] if p == 0) == clicks
    assert finished(me)
    assert t("ui.game_over") in me.inner_text("#actions")
    result = me.inner_text(".anima .result")
    for seat in final.winners():
        assert f"Seat {seat + 1}" in result

    cards = host.context.new_page()
    cards.goto(f"{server.url}/games/anima/cards")
    assert cards.locator(".an-cat").count() == 110
    assert cards.locator(".an-cat .prov").count() >= 100
