"""Hidden information never reaches another seat's browser, nor a spectator's."""

from __future__ import annotations

import html
import json
import re

from browserkit import create_table, finished, open_seat, play

from candlelit.engine.registry import load
from candlelit.i18n import message, t
from candlelit.server.store import Store

ME, FRIEND = 0, 1


class Traffic:
    """Everything one browser profile received: WebSocket frames and HTTP response bodies."""

    def __init__(self, context):
        self.texts: list[str] = []
        context.on("response", self._response)
        context.on("page", lambda page: page.on("websocket", self._socket))

    def _response(self, response):
        if response.status < 300 or response.status >= 400:
            self.texts.append(html.unescape(response.text()))

    def _socket(self, socket):
        socket.on("framereceived", lambda frame: self._frame(frame))

    def _frame(self, frame):
        data = json.loads(frame)
        self.texts.extend(html.unescape(value) for value in data.values()
                          if isinstance(value, str))

    def containing(self, text: str) -> list[str]:
        """The received texts in which `text` occurs."""
        return [body for body in self.texts if text in body]


def game_so_far(db, table_id):
    """The table's game rebuilt from what the server stored: the test's source of truth."""
    store = Store(f"sqlite:///{db}")
    try:
        row = next(r for r in store.load_all() if r.id == table_id)
    finally:
        store.close()
    state = load(row.game, row.players, row.seed, row.options)
    for seat, action in row.actions:
        state.apply_action(action, seat)
    return state


def names_on(page):
    """The seat names as `page` shows them (its own seat says 'you')."""
    return [name.strip() for name in
            page.locator("table.scores tbody th").all_inner_texts()]


def secrets_for(state, viewer, names, game="divinare"):
    """Log lines hidden from `viewer` as its screen would word them, minus ones it sees anyway."""
    hidden: set[str] = set()
    visible: set[str] = set()
    for event in state.events():
        text = message(game, event.key, event.args, "en", names)
        (visible if event.visible(viewer) else hidden).add(text)
    return hidden - visible


def test_another_seats_hand_and_passes_never_reach_the_browser(server, new_context):
    host = new_context()
    created = create_table(host.new_page(), server.url, "divinare", 4,
                           {1: "human", 2: "expectation", 3: "random"})
    spectator_context = new_context()
    spectator = Traffic(spectator_context)
    watch = open_seat(spectator_context, f"{server.url}/t/{created.table_id}/watch")
    friend_context = new_context()
    friend_traffic = Traffic(friend_context)
    me = open_seat(host, created.my_link)
    friend = open_seat(friend_context, created.invites[FRIEND])

    def second_round_passed(_pages):
        return me.locator(".divinare .status").inner_text().startswith("Round 2 ") and \
            me.locator(".passes li").count() >= 2

    play([me, friend], until=second_round_passed)
    state = game_so_far(server.db, created.table_id)
    dealt_to_me = [e for e in state.events() if e.key == "divinare.dealt" and e.args["seat"] == ME]
    assert len(dealt_to_me) == 2
    my_latest_hand = message("divinare", "divinare.dealt", dealt_to_me[-1].args, "en")
    assert my_latest_hand in me.inner_text("#log"), "seat 1 sees its own deal"

    secrets = secrets_for(state, FRIEND, names_on(friend))
    assert any(text.startswith("Seat 1 passes ") for text in secrets)
    assert friend_traffic.texts, "the friend's traffic was captured"
    for text in secrets:
        assert not friend_traffic.containing(text), f"seat 2 received {text!r}"
    assert not friend_traffic.containing("Seat 1 passes "), "seat 1's pass leaked to seat 2"
    assert spectator.texts
    for text in secrets_for(state, None, names_on(watch)):
        assert not spectator.containing(text), f"a spectator received {text!r}"
    assert not spectator.containing("You are dealt")
    assert not spectator.containing(t("ui.your_hand", "en"))
    for lang in ("en", "zh-TW"):
        page = watch.context.new_page()
        page.goto(f"{server.url}/t/{created.table_id}/watch?lang={lang}")
        assert t("ui.score", lang) in page.inner_text("table.scores")
        body = page.content()
        assert "Your hand" not in body and "你的手牌" not in body
        assert page.locator(".hand").count() == 0
    assert not spectator.containing("你的手牌")

    # score tokens are kept face down: only a seat's own total, and no total for a spectator
    assert friend.locator("table.scores tr[data-seat] td.score").all_inner_texts() == [
        str(state.scores()[FRIEND]) if seat == FRIEND else "face down" for seat in range(4)]
    assert watch.locator("table.scores tr[data-seat] td.score").all_inner_texts() == [
        "face down"] * 4
    for viewer, traffic in ((FRIEND, friend_traffic), (None, spectator)):
        tables = [text for text in traffic.texts if 'class="scores"' in text]
        assert tables, "the score table was received"
        for text in tables:
            rows = score_rows(text)
            assert sorted(rows) == [0, 1, 2, 3]
            for seat, row in rows.items():
                assert (seat == viewer) == ('<td class="score">' in row), (viewer, seat, row)


def score_rows(text: str) -> dict[int, str]:
    """The Divinare scores-table row of each seat in a received page or frame."""
    rows = re.findall(r'<tr class="[^"]*" data-seat="(\d)">(.*?)</tr>', text, re.S)
    return {int(seat): row for seat, row in rows}


def magick_texts(db, table_id, seat):
    """The effect text of every magick card `seat` held at some point of the stored game."""
    store = Store(f"sqlite:///{db}")
    try:
        row = next(r for r in store.load_all() if r.id == table_id)
    finally:
        store.close()
    state = load(row.game, row.players, row.seed, row.options)
    held: set[str] = set()
    for step in range(len(row.actions) + 1):
        held.update(card["text"]["en"] for card in state.view(seat)["you"]["magick"])
        if step < len(row.actions):
            state.apply_action(row.actions[step][1], row.actions[step][0])
    return held


def test_nevermore_hands_magick_and_passes_never_reach_another_seat(server, new_context):
    host = new_context()
    created = create_table(host.new_page(), server.url, "nevermore", 4,
                           {1: "human", 2: "random", 3: "random"})
    spectator_context = new_context()
    spectator = Traffic(spectator_context)
    watch = open_seat(spectator_context, f"{server.url}/t/{created.table_id}/watch")
    friend_context = new_context()
    friend_traffic = Traffic(friend_context)
    me = open_seat(host, created.my_link)
    friend = open_seat(friend_context, created.invites[FRIEND])

    def third_round(_pages):
        return me.inner_text(".nevermore .status").startswith("Round 3 ") or finished(me)

    play([me, friend], until=third_round)
    state = game_so_far(server.db, created.table_id)
    assert me.locator(".nm-mine .nm-card").count() + me.locator(".nm-spell").count() > 0
    names = [name.strip() for name in friend.locator(".nm-seat .nm-name").all_inner_texts()]
    assert names[FRIEND] == "Seat 2 (you)"

    secrets = secrets_for(state, FRIEND, names, "nevermore")
    assert any(text.startswith("You are dealt ") for text in secrets)
    assert friend_traffic.texts, "the friend's traffic was captured"
    for text in secrets:
        assert not friend_traffic.containing(text), f"seat 2 received {text!r}"
    mine = magick_texts(server.db, created.table_id, ME)
    theirs = magick_texts(server.db, created.table_id, FRIEND)
    assert mine, "seat 1 holds a Shadow Magick card from the start"
    for text in mine - theirs:
        assert not friend_traffic.containing(text), "seat 1's magick card reached seat 2"
    assert spectator.texts
    spectator_names = [n.strip() for n in watch.locator(".nm-seat .nm-name").all_inner_texts()]
    for text in secrets_for(state, None, spectator_names, "nevermore"):
        assert not spectator.containing(text), f"a spectator received {text!r}"
    for text in mine | theirs:
        assert not spectator.containing(text), "a magick card reached a spectator"
    for lang in ("en", "zh-TW"):
        page = watch.context.new_page()
        page.goto(f"{server.url}/t/{created.table_id}/watch?lang={lang}")
        assert page.locator(".nm-seat").count() == 4
        body = page.content()
        for private in ("ui.your_hand", "nevermore.ui.your_magick"):
            assert t(private, lang) not in body
        assert page.locator(".nm-mine, .nm-spell").count() == 0
