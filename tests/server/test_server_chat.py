"""Table chat: seats write and read, spectators read only when the creator allows it, a rate
limit per seat, lines kept with the table across restarts and workers, never in records."""

from __future__ import annotations

import html
import json
import uuid
from typing import Any

import psycopg
import pytest
from srvkit import LINK, TIMEOUT, Clock, Conn, LiveServer, wait_for

from candlelit.engine.records import verify
from candlelit.i18n import t
from candlelit.server.chat import KEPT, LONGEST, MOST, WINDOW
from candlelit.server.cluster import ClusterOptions
from candlelit.server.protocol import BadMessage, Say, parse


def create(server: LiveServer, seats: list[str], chat_public: list[str] | None = None,
           ) -> tuple[str, dict[int, str]]:
    """POST the lobby form (Divinare, seat 0 ours); `chat_public` as the form sends it: the
    hidden "0", then "1" when the box is ticked. Returns the table id and its seat tokens."""
    form: dict[str, Any] = {"game": "divinare", "players": str(len(seats) + 1),
                            "csrf": server.form_token()}
    form |= {f"seat{i}": kind for i, kind in enumerate(seats, start=1)}
    if chat_public is not None:
        form["chat_public"] = chat_public
    response = server.http.post("/tables", data=form)
    assert response.status_code == 200, response.text
    links = LINK.findall(html.unescape(response.text))
    table = server.table(links[0][0])
    return links[0][0], {server.hub.seat_of(table, token): token for _, token in links}


def said(conn: Conn, text: str) -> dict[str, Any]:
    """The chat line `text` as `conn` receives it."""
    message = conn.until(lambda m: m["type"] == "chat"
                         and any(line["text"] == text for line in m["lines"]),
                         what=f"the chat line {text!r}")
    return next(line for line in message["lines"] if line["text"] == text)


def refused(conn: Conn) -> str:
    """The chat refusal `conn` is sent next (a one-line error marked as the chat's)."""
    message = conn.until(lambda m: m["type"] == "error", what="a refusal")
    assert message.get("about") == "chat", message
    text: str = message["message"]
    assert text.strip() and "\n" not in text
    return text


def chat_lines(conn: Conn, seconds: float = 0.4) -> list[dict[str, Any]]:
    """Every chat line `conn` receives within `seconds`."""
    return [line for m in conn.silent(seconds) if m["type"] == "chat" for line in m["lines"]]


def test_seats_chat_with_names_and_spectators_read_but_cannot_write(sqlite_url):
    with LiveServer(sqlite_url) as server:
        table_id, tokens = create(server, ["human", "random"])
        with Conn(server, table_id, tokens[0]) as me, Conn(server, table_id, tokens[1]) as you, \
                Conn(server, table_id, None) as spectator:
            words = "<b>hi</b> & <script>alert(1)</script> 你好"
            me.send({"type": "chat", "text": f"  {words}  "})
            mine, yours, seen = said(me, words), said(you, words), said(spectator, words)
            # the words arrive exactly as typed (trimmed): the page sets them as text
            assert mine["seat"] == yours["seat"] == seen["seat"] == 0
            assert mine["n"] == yours["n"] == seen["n"]
            assert yours["name"] == seen["name"] == "Seat 1"
            assert mine["name"] == "Seat 1 (you)"
            assert yours["at"] == pytest.approx(server.hub.clock(), abs=60)
            you.send({"type": "chat", "text": "hello back"})
            assert said(me, "hello back")["name"] == "Seat 2"
            # a spectator's line is refused in one line and reaches nobody
            spectator.send({"type": "chat", "text": "let me in"})
            assert refused(spectator) == t("chat.spectators_cannot", "en")
            assert not [line for line in chat_lines(me) if line["text"] == "let me in"]
            assert [text for _, _, text, _ in server.store.chat_lines(table_id, KEPT)] == \
                [words, "hello back"]
        # the chat is never rendered into a page: only chat.js shows it, as text
        page = server.http.get(f"/t/{table_id}", params={"token": tokens[1]}).text
        assert "<script>alert(1)" not in page and words not in html.unescape(page)
        assert 'id="chat-form"' in page
        watching = server.http.get(f"/t/{table_id}/watch").text
        assert 'id="chat-lines"' in watching and 'id="chat-form"' not in watching


def test_a_private_chat_reaches_no_spectator(sqlite_url):
    with LiveServer(sqlite_url) as server:
        table_id, tokens = create(server, ["human"], chat_public=["0"])
        assert server.table(table_id).row.chat_public is False
        with Conn(server, table_id, tokens[0]) as me, Conn(server, table_id, None) as spectator:
            me.send({"type": "chat", "text": "between us"})
            said(me, "between us")
            assert chat_lines(spectator) == []
        with Conn(server, table_id, None) as later, Conn(server, table_id, tokens[1]) as you:
            assert said(you, "between us")["name"] == "Seat 1"  # seats read the history
            assert chat_lines(later) == []
        page = server.http.get(f"/t/{table_id}/watch").text
        assert t("chat.private", "en") in page and 'id="chat-lines"' not in page
        # the box ticked (the hidden 0, then the box's 1) or a form without it: public
        assert server.table(create(server, ["human"], ["0", "1"])[0]).row.chat_public
        assert server.table(create(server, ["human"])[0]).row.chat_public
        lobby = server.http.get("/").text
        assert 'name="chat_public" value="1" id="chat_public" checked' in lobby


def test_lines_are_limited_in_length_content_and_rate_per_seat(clocked_server: LiveServer,
                                                                clock: Clock):
    server = clocked_server
    table_id, tokens = create(server, ["human", "random"])
    with Conn(server, table_id, tokens[0]) as me, Conn(server, table_id, tokens[1]) as you:
        for bad, key in [("x" * (LONGEST + 1), "chat.too_long"), ("   ", "chat.empty"),
                         ("ring\x07", "chat.control"), ("two\nlines", "chat.control"),
                         (12, "chat.not_text"), (None, "chat.not_text")]:
            me.send({"type": "chat", "text": bad})
            assert refused(me) == t(key, "en", most=LONGEST), bad
        me.send('{"type": "chat", "text": "half \\ud800"}')  # a lone surrogate
        assert refused(me) == t("chat.control", "en")
        longest = "字" * LONGEST
        me.send({"type": "chat", "text": longest})
        said(you, longest)
        for i in range(1, MOST):
            me.send({"type": "chat", "text": f"line {i}"})
            said(you, f"line {i}")
        me.send({"type": "chat", "text": "one too many"})
        assert refused(me) == t("chat.too_fast", "en", most=MOST, seconds=int(WINDOW))
        you.send({"type": "chat", "text": "my own allowance"})  # the limit is per seat
        said(me, "my own allowance")
        clock.advance(WINDOW + 0.1)
        me.send({"type": "chat", "text": "later"})
        said(you, "later")
        texts = [line["text"] for line in chat_lines(you, 0.2)]
        assert "one too many" not in texts
    assert len(server.store.chat_lines(table_id, KEPT)) == MOST + 2


def test_the_chat_survives_a_restart_and_a_new_connection_gets_the_last_lines(db_url):
    with LiveServer(db_url) as server:
        table_id, tokens = create(server, ["human"])
        for i in range(KEPT + 4):  # older lines, each said long ago
            assert server.store.say(table_id, 1, f"old {i}", i * 100.0, WINDOW, MOST)
        with Conn(server, table_id, tokens[0]) as me:
            me.send({"type": "chat", "text": "before the restart"})
            said(me, "before the restart")
    with LiveServer(db_url) as server:
        with Conn(server, table_id, tokens[1]) as you:
            first = you.until(lambda m: m["type"] == "chat", what="the chat history")
        lines = first["lines"]
        assert len(lines) == KEPT
        assert [line["n"] for line in lines] == sorted(line["n"] for line in lines)
        assert lines[-1]["text"] == "before the restart" and lines[-1]["name"] == "Seat 1"
        assert lines[0]["text"] == "old 5" and lines[-2]["name"] == "Seat 2 (you)"


def test_the_chat_is_not_part_of_the_record_or_the_replay(sqlite_url):
    with LiveServer(sqlite_url) as server:
        table_id, tokens = create(server, ["random", "random"])
        with Conn(server, table_id, tokens[0]) as me:
            me.send({"type": "chat", "text": "good luck all"})
            said(me, "good luck all")
            me.send({"type": "bot", "seat": 0, "on": True})
            wait_for(lambda: server.table(table_id).row.status == "finished",
                     what="the bots to finish the game")
            me.send({"type": "chat", "text": "good game"})  # chat goes on after the end
            said(me, "good game")
        response = server.http.get(f"/t/{table_id}/record.json")
        record = response.json()
        assert verify(record).ok
        assert "good luck" not in response.text and "good game" not in response.text
        replay = server.http.get(f"/t/{table_id}/replay", params={"seat": "0"}).text
        assert "good luck" not in replay and "chat-lines" not in replay


def test_the_chat_message_parses_strictly():
    assert parse(json.dumps({"type": "chat", "text": "hi"})) == Say("hi")
    assert parse(json.dumps({"type": "chat"})) == Say(None)  # refused by the chat itself
    with pytest.raises(BadMessage, match="too large"):
        parse(json.dumps({"type": "chat", "text": "x" * 4000}))


@pytest.mark.postgres
def test_a_line_said_on_one_worker_reaches_the_other_and_the_limit_spans_both(
        postgres_url: str):
    name = f"candlelit_{uuid.uuid4().hex[:12]}"
    server_url = postgres_url.rsplit("/", 1)[0]
    with psycopg.connect(server_url.replace("postgresql+psycopg://", "postgresql://")
                         + "/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    pg = f"{server_url}/{name}"
    with LiveServer(pg, cluster=ClusterOptions("worker-a")) as a, \
            LiveServer(pg, cluster=ClusterOptions("worker-b")) as b:
        table_id, tokens = create(a, ["human"], chat_public=["0", "1"])
        with Conn(a, table_id, tokens[0]) as me, Conn(b, table_id, tokens[1]) as you, \
                Conn(b, table_id, None) as spectator, \
                Conn(b, table_id, tokens[0]) as my_other_tab:
            hubs: list[Any] = [a.hub, b.hub]
            wait_for(lambda: all(h.listening.is_set() for h in hubs), what="both listening")
            me.send({"type": "chat", "text": "from worker A"})
            line = said(you, "from worker A")
            assert line["name"] == "Seat 1" and said(spectator, "from worker A")["n"] == line["n"]
            you.send({"type": "chat", "text": "from worker B"})
            assert said(me, "from worker B")["name"] == "Seat 2"
            for i in range(1, MOST):  # seat 0's allowance, used on worker B
                my_other_tab.send({"type": "chat", "text": f"tab {i}"})
                said(me, f"tab {i}")
            me.send({"type": "chat", "text": "one too many"})
            assert refused(me) == t("chat.too_fast", "en", most=MOST, seconds=int(WINDOW))
            assert "one too many" not in [x["text"] for x in chat_lines(you)]
        with Conn(b, table_id, None) as later:
            history = later.until(lambda m: m["type"] == "chat", TIMEOUT, "the history")
        assert [x["text"] for x in history["lines"]] == \
            ["from worker A", "from worker B", *[f"tab {i}" for i in range(1, MOST)]]
