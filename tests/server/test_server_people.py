"""People at a table: display names (limits, escaping, everywhere seats are named) and
rematches (the same people seated again, each with their old token, across workers)."""

from __future__ import annotations

import html
import random
from typing import Any

import pytest
from srvkit import LINK, Conn, LiveServer, message_text, play, wait_for

from candlelit.server.cluster import ClusterOptions
from candlelit.server.names import LONGEST, Refused, clean_name
from candlelit.server.rematch import rematch_token
from candlelit.server.render import table_message
from candlelit.server.store import SeatRow, Store, TableRow, token_hash

NASTY = '<b id="x">Ada & "Bo"</b>'


@pytest.fixture
def server(sqlite_url: str):
    with LiveServer(sqlite_url) as live:
        yield live


def create(server: LiveServer, seats: list[str], name: str = "", **extra: str,
           ) -> tuple[str, dict[int, str], str]:
    """POST /tables with the creator's `name`; (table id, tokens by seat, the page)."""
    form = {"game": "divinare", "players": str(len(seats) + 1), "name": name,
            "csrf": server.form_token()} | {f"seat{i}": k for i, k in enumerate(seats, 1)}
    response = server.http.post("/tables", data=form | extra)
    assert response.status_code == 200, response.text
    links = LINK.findall(html.unescape(response.text))
    table_id = links[0][0]
    table = server.table(table_id)
    return table_id, {server.hub.seat_of(table, tok): tok for _, tok in links}, response.text


def post(server: LiveServer, path: str, **form: str) -> Any:
    return server.http.post(path, data=form | {"csrf": server.form_token()})


# -- names -------------------------------------------------------------------------------
def test_a_name_is_trimmed_and_limited_to_24_characters_without_control_characters():
    assert clean_name("  Ada  ") == "Ada"
    assert clean_name("   ") == ""
    assert clean_name("林" * LONGEST) == "林" * LONGEST
    for bad in ("x" * (LONGEST + 1), "A\x07da", "Ada\u202e", "A\u200bda", "A\nda"):
        with pytest.raises(Refused):
            clean_name(bad)
    assert Refused("long", most=24).says("zh-TW") == "名字最多 24 個字。"


def test_the_creators_name_is_shown_escaped_on_the_created_page_seats_and_log(server):
    table_id, tokens, page = create(server, ["random"], NASTY)
    assert html.escape(NASTY, quote=False) in page or "&lt;b id=" in page
    assert '<b id="x">' not in page
    table = server.table(table_id)
    assert table.row.seats[0].name == NASTY
    assert server.store.load_table(table_id).seats[0].name == NASTY  # stored
    for viewer in (None, 1, 0):
        m = table_message(table, viewer, "en")
        assert '<b id="x">' not in m["seats"] + m["board"] + m["log"]
        assert "&lt;b id=" in m["seats"]
    with Conn(server, table_id, tokens[0]) as me:
        seen = message_text(me.current())
        assert "Ada & \"Bo\"" in seen and "(you)" in seen
        page = server.http.get(f"/t/{table_id}?token={tokens[0]}").text
        assert '<b id="x">' not in page and "&lt;b id=" in page


def test_names_appear_in_log_lines_results_and_the_replay(server):
    table_id, tokens, _ = create(server, ["random", "random"], "Ada")
    with Conn(server, table_id, tokens[0]) as me:
        play([me], random.Random(3))
    table = server.table(table_id)
    spectator = table_message(table, None, "zh-TW")
    assert "Ada" in spectator["log"] and "Ada" in spectator["seats"]
    assert "Ada" in spectator["board"]  # the results name the players
    assert "Ada" in server.http.get(f"/t/{table_id}/replay").text
    assert server.http.get(f"/t/{table_id}/record.json").json()["seats"][0] == "Ada"


def test_too_long_or_control_names_are_refused_in_one_line(server):
    for bad, says in (("x" * 25, "at most 24 characters"), ("Ada\x1b[31m", "control")):
        form = {"game": "divinare", "players": "2", "seat1": "random", "name": bad,
                "csrf": server.form_token()}
        response = server.http.post("/tables", data=form)
        assert response.status_code == 400
        message = response.text.split('<p class="message">')[1].split("</p>")[0]
        assert says in message and "\n" not in message
    assert not server.store.load_all()  # nothing was created


def test_a_joiner_and_an_invited_player_choose_their_names(server):
    table_id, tokens, _ = create(server, ["open", "human"], "Ada")
    joined = post(server, f"/t/{table_id}/join", name="  Bo  ")
    assert joined.status_code == 303
    table = server.table(table_id)
    assert table.row.seats[1].name == "Bo"
    assert post(server, f"/t/{table_id}/name", token=tokens[2], name="Cy").status_code == 303
    assert table.row.seats[2].name == "Cy"
    assert server.store.load_table(table_id).seats[2].name == "Cy"
    refused = post(server, f"/t/{table_id}/name", token="not-a-token", name="Eve")
    assert refused.status_code == 400 and [s.name for s in table.row.seats] == ["Ada", "Bo", "Cy"]
    assert post(server, f"/t/{table_id}/name", token=tokens[2], name="y" * 30).status_code == 400
    m = table_message(table, 0, "en")
    assert "Ada (you)" in m["seats"] and "Bo" in m["seats"] and "Cy" in m["seats"]


def test_a_name_change_reaches_the_other_seats_at_once(server):
    table_id, tokens, _ = create(server, ["human"])
    with Conn(server, table_id, tokens[0]) as me:
        me.current()
        post(server, f"/t/{table_id}/name", token=tokens[1], name="Bo")
        me.until(lambda m: "Bo" in m.get("seats", ""))


# -- rematch -----------------------------------------------------------------------------
def finish(server: LiveServer, table_id: str, tokens: dict[int, str]) -> None:
    conns = [Conn(server, table_id, tokens[s]) for s in sorted(tokens)]
    try:
        play(conns, random.Random(5))
    finally:
        for conn in conns:
            conn.close()


def go_rematch(server: LiveServer, table_id: str, token: str) -> tuple[str, str]:
    """Press Rematch at `table_id` with `token`; (new table id, new token)."""
    started = post(server, f"/t/{table_id}/rematch", token=token)
    assert started.status_code == 303, started.text
    assert started.headers["location"] == f"/t/{table_id}/rematch?token={token}"
    seated = server.http.get(started.headers["location"])
    assert seated.status_code == 303, seated.text
    found = LINK.search(seated.headers["location"])
    assert found
    return found.group(1), found.group(2)


def test_a_rematch_seats_the_same_people_with_the_same_settings(server):
    table_id, tokens, _ = create(server, ["human", "expectation"], "Ada", grace="120",
                                 timer="relaxed")
    post(server, f"/t/{table_id}/name", token=tokens[1], name="Bo")
    before = post(server, f"/t/{table_id}/rematch", token=tokens[0])
    assert before.status_code == 409  # not before the game is over
    finish(server, table_id, tokens)
    new_id, mine = go_rematch(server, table_id, tokens[1])  # any seated player may start it
    old, new = server.table(table_id), server.table(new_id)
    assert new_id != table_id and new.row.status == "playing"
    for field in ("game", "players", "variant", "options", "grace", "timer"):
        assert getattr(new.row, field) == getattr(old.row, field), field
    assert new.row.seed != old.row.seed or new.row.id != old.row.id
    assert [(s.kind, s.bot, s.name) for s in new.row.seats] == \
        [(s.kind, s.bot, s.name) for s in old.row.seats]
    assert server.hub.seat_of(new, mine) == 1
    # the second press joins the same rematch; each seat gets its own seat, every time
    again, ada = go_rematch(server, table_id, tokens[0])
    assert again == new_id and server.hub.seat_of(new, ada) == 0
    assert go_rematch(server, table_id, tokens[0]) == (new_id, ada)
    assert ada == rematch_token(tokens[0], new_id) and ada != tokens[0]
    stored = server.store.load_table(new_id)
    assert stored.seats[0].token_hash == token_hash(ada)  # only its digest is kept
    assert server.store.rematch_of(table_id) == new_id
    assert server.http.get(f"/t/{new_id}?token={ada}").status_code == 200
    # the finished table now tells its players that a rematch waits
    assert "rematch-waiting" in table_message(old, 0, "en")["actions"]
    assert "rematch-waiting" not in table_message(old, None, "en")["actions"]


def test_a_rematch_refuses_strangers_and_gives_handed_over_seats_back(server):
    table_id, tokens, _ = create(server, ["random", "expectation"])
    assert post(server, f"/t/{table_id}/rematch", token="nobody").status_code == 409
    with Conn(server, table_id, tokens[0]) as me:
        me.current()
        me.send({"type": "bot", "seat": 0, "on": True})  # the bots finish the game
        wait_for(lambda: server.table(table_id).row.status == "finished", what="the end")
    assert server.http.get(f"/t/{table_id}/rematch?token={tokens[0]}").status_code == 404
    assert post(server, f"/t/{table_id}/rematch", token="nobody").status_code == 409
    new_id, mine = go_rematch(server, table_id, tokens[0])
    new = server.table(new_id)
    assert [(s.kind, s.bot_playing) for s in new.row.seats] == \
        [("human", False), ("bot", False), ("bot", False)]
    assert [s.bot for s in new.row.seats[1:]] == ["random", "expectation"]
    assert server.http.get(f"/t/{table_id}/rematch?token={mine}").status_code == 404


def test_a_rematch_survives_a_restart(sqlite_url: str):
    with LiveServer(sqlite_url) as server:
        table_id, tokens, _ = create(server, ["random"], "Ada")
        finish(server, table_id, tokens)
        new_id, mine = go_rematch(server, table_id, tokens[0])
    with LiveServer(sqlite_url) as server:
        assert go_rematch(server, table_id, tokens[0]) == (new_id, mine)
        assert server.table(new_id).row.seats[0].name == "Ada"


@pytest.mark.postgres
def test_a_rematch_started_on_one_worker_seats_players_arriving_on_another(pg: str):
    a_opts, b_opts = ClusterOptions("worker-a"), ClusterOptions("worker-b")
    with LiveServer(pg, cluster=a_opts) as a, LiveServer(pg, cluster=b_opts) as b:
        table_id, tokens, _ = create(a, ["human"], "Ada")
        post(b, f"/t/{table_id}/name", token=tokens[1], name="Bo")
        wait_for(lambda: a.table(table_id).row.seats[1].name == "Bo", what="A to hear Bo")
        finish(a, table_id, tokens)
        wait_for(lambda: b.table(table_id).row.status == "finished", what="B to see the end")
        new_id, ada = go_rematch(a, table_id, tokens[0])
        # B's players are told that a rematch waits
        wait_for(lambda: b.table(table_id).row.rematch == new_id, what="B to hear of it")
        assert "rematch-waiting" in table_message(b.table(table_id), 1, "en")["actions"]
        again, bo = go_rematch(b, table_id, tokens[1])  # B joins the rematch A started
        assert again == new_id
        for server in (a, b):
            new = server.table(new_id)
            wait_for(lambda n=new: n.row.seats[1].token_hash == token_hash(bo),
                     what="both workers to know Bo's seat")
            assert server.hub.seat_of(new, ada) == 0 and server.hub.seat_of(new, bo) == 1
            assert [s.name for s in new.row.seats] == ["Ada", "Bo"]
        assert b.http.get(f"/t/{new_id}?token={ada}").status_code == 200
        assert a.http.get(f"/t/{new_id}?token={bo}").status_code == 200


def test_a_database_without_names_or_rematches_gains_them(sqlite_url: str):
    store = Store(sqlite_url)
    store.create_table(TableRow("old", "divinare", 2, 5, {}, None, "finished", 1.0,
                                [SeatRow(0, "human", "random", "h0", True, False, name="Ada"),
                                 SeatRow(1, "bot", "random", "h1", False, False)], []))
    with store.engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE seats DROP COLUMN name")
        conn.exec_driver_sql("ALTER TABLE tables DROP COLUMN rematch")
    store.close()
    reopened = Store(sqlite_url)
    [row] = reopened.load_all()
    assert [s.name for s in row.seats] == ["", ""] and row.rematch is None
    assert reopened.rematch_of("old") is None
    reopened.close()
