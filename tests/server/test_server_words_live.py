"""Refusals made at run time (a bad new-table form, an illegal or malformed socket message)
reach each reader in the reader's language: no English on zh-TW, no Chinese in English."""

from __future__ import annotations

import html
from typing import Any

import pytest
from srvkit import Conn, LiveServer, actions, form_token, wait_for
from words_scan import CJK, foreign_in, foreign_words

from candlelit.engine.errors import IllegalAction, OptionError, UnknownGame
from candlelit.engine.registry import get, load
from candlelit.server.protocol import BadMessage, parse

LANGS = ("en", "zh-TW")
TYPED = "zzq"
"""What a person typed where the form wanted a choice: shown back as typed, in quotes."""

FORMS: list[tuple[str, dict[str, str], dict[str, Any], str]] = [
    ("players", {"players": "9"}, {}, "divinare takes 2-4 players"),
    ("game", {"game": TYPED}, {}, f"unknown game '{TYPED}' (known games: anima, divinare"),
    ("variant", {"variant": TYPED}, {},
     f"unknown variant '{TYPED}' (known variants: every-even, left-pass"),
    ("seat kind", {"seat1": TYPED}, {}, f"unknown seat kind or bot '{TYPED}' for divinare"),
    ("grace", {"grace": "7"}, {}, "grace must be one of 30, 60, 120, 300 seconds"),
    ("timer", {"timer": TYPED}, {}, "timer must be one of off, relaxed, fast"),
    ("name", {"name": "x" * 40}, {}, "at most 24"),
    ("file", {}, {"seat1": ("s", b"random")}, "'seat1' must be a form field, not a file"),
]
"""(case, fields changed in a good 3-seat Divinare form, files sent, the English answer)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("words_live") / "words.db"
    with LiveServer(f"sqlite:///{db}", create_limit=0, join_limit=0) as live:
        yield live


def one_language(text: str, lang: str, where: str) -> None:
    """Fail if `text` (one answer) shows words not in `lang` (what was typed aside)."""
    assert text.strip(), f"{where}: an empty answer"
    bad = foreign_in(text, lang, frozenset({TYPED}))
    assert not bad, f"{where} ({lang}): {text!r} shows {bad}"
    if lang == "zh-TW":
        assert CJK.search(text), f"{where}: {text!r} is not Chinese"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("case", "fields", "files", "english"), FORMS,
                         ids=[c[0] for c in FORMS])
def test_a_refused_new_table_form_answers_in_the_readers_language(
        server: LiveServer, lang: str, case: str, fields: dict[str, str],
        files: dict[str, Any], english: str) -> None:
    lobby = server.http.get("/", params={"lang": lang}).text
    form = {"game": "divinare", "players": "3", "seat1": "random", "seat2": "random",
            "csrf": form_token(lobby)} | fields
    for name in files:
        form.pop(name)
    got = server.http.post("/tables", data=form, files=files or None, params={"lang": lang})
    assert got.status_code == 400, (case, got.status_code)
    page = html.unescape(got.text)
    bad = foreign_words(got.text, lang, frozenset({TYPED}))
    assert not bad, f"{case} ({lang}): " + "\n".join(bad)
    assert (english in page) == (lang == "en"), (case, lang)


def socket_refusals(server: LiveServer, lang: str) -> dict[str, str]:
    """What a seat and a spectator are answered, in `lang`, for each wrong message."""
    table_id, tokens = server.create(["random", "random"])
    said: dict[str, str] = {}
    with Conn(server, table_id, tokens[0], lang) as me, \
            Conn(server, table_id, None, lang) as spectator:
        # the first decision is ours: everyone passes cards at once
        m = me.until(lambda x: x["type"] == "state" and bool(actions(x)), what="our choice")
        version, legal = m["seat_version"], actions(m)
        wrong = {
            "out of the action space": {"type": "act", "action": 999, "seat_version": version},
            "a play while cards are passed": {"type": "act", "action": 0,
                                              "seat_version": version},
            "a bad seat to hand over": {"type": "bot", "seat": 7, "on": True},
            "not JSON": "hello",
            "no action": {"type": "act", "seat_version": version},
            "on not a boolean": {"type": "bot", "seat": 0},
            "an unknown type": {"type": "hack"},
        }
        for what, payload in wrong.items():
            me.send(payload)
            reply = me.reply(version=version)
            assert reply["type"] == "error", (what, reply)
            said[what] = reply["message"]
        me.act(legal[0], version - 1)
        stale = me.until(lambda x: x["type"] == "stale", what="the stale notice")
        said["an out-of-date view"] = stale["message"]
        spectator.send({"type": "act", "action": legal[0], "seat_version": 0})
        said["a spectator acting"] = spectator.reply()["message"]
        me.send({"type": "bot", "seat": 0, "on": True})  # handled before the next message
        me.act(legal[0], version)
        said["a seat a bot plays"] = me.until(lambda x: x["type"] == "error",
                                             what="the refusal")["message"]
    return said


def test_socket_refusals_answer_in_the_readers_language(server: LiveServer) -> None:
    heard = {lang: socket_refusals(server, lang) for lang in LANGS}
    for lang in LANGS:
        for what, text in heard[lang].items():
            one_language(text, lang, what)
    for what, english in heard["en"].items():
        assert heard["zh-TW"][what] != english, what
    assert heard["en"]["out of the action space"] == "999 is not a divinare action"
    assert heard["en"]["a play while cards are passed"].startswith(
        "now is the time to choose a card to pass")
    assert heard["en"]["a spectator acting"] == "spectators cannot act"
    assert heard["en"]["a seat a bot plays"] == "a bot is playing this seat: take it back first"
    assert "out-of-date" in heard["en"]["an out-of-date view"]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_replay_step_answers_in_the_readers_language(server: LiveServer,
                                                            lang: str) -> None:
    table_id, tokens = server.create(["random"])
    with Conn(server, table_id, tokens[0]) as me:
        me.send({"type": "bot", "seat": 0, "on": True})
        wait_for(lambda: server.table(table_id).row.status == "finished", timeout=60,
                 what="the bots to finish the game")
    for query in ("step=x", "step=99999", "seat=9"):
        got = server.http.get(f"/t/{table_id}/replay?{query}&lang={lang}")
        assert got.status_code == 400, query
        assert not foreign_words(got.text, lang), (query, foreign_words(got.text, lang))


def test_an_engine_error_keeps_its_english_line_and_says_it_in_each_language() -> None:
    cases: list[tuple[Exception, str]] = []
    for call, english in [
        (lambda: get(TYPED), f"unknown game '{TYPED}' (known games: anima, divinare, "),
        (lambda: load("divinare", 9), "divinare is played by 2 to 4 players, not 9"),
        (lambda: load("divinare", 3, seed=-1),
         "the seed must be a non-negative integer, not -1"),
        (lambda: load("divinare", 3, options={"pass_direction": "up"}),
         "option 'pass_direction': 'up' is not one of 'right', 'left'"),
        (lambda: load("divinare", 3).apply_action(0, 2),
         "now is the time to choose a card to pass (actions 18-21)"),
        (lambda: load("nevermore", 3).apply_action(10**6),
         "1000000 is not a nevermore action"),
    ]:
        with pytest.raises((UnknownGame, OptionError, IllegalAction)) as caught:
            call()
        assert str(caught.value).startswith(english), str(caught.value)
        cases.append((caught.value, english))
    for error, english in cases:
        assert isinstance(error, UnknownGame | OptionError | IllegalAction)
        assert error.says("en") == str(error)
        zh = error.says("zh-TW")
        assert CJK.search(zh) and not zh.startswith(english), zh
    with pytest.raises(BadMessage) as bad:
        parse('{"type": "act"}')
    assert str(bad.value) == "'action' must be an integer"
    assert bad.value.says("zh-TW") == "「動作」必須是整數"


@pytest.mark.parametrize("lang", LANGS)
def test_opening_the_forms_address_answers_in_the_readers_language(server: LiveServer,
                                                                   lang: str) -> None:
    got = server.http.get(f"/tables?lang={lang}")
    assert got.status_code == 405
    assert not foreign_words(got.text, lang), foreign_words(got.text, lang)
