"""Every page of every game, in both languages, shows only words of its language (words_scan)."""

from __future__ import annotations

import html
import random

import pytest
from srvkit import LINK, Conn, LiveServer, actions, form_token, wait_for
from words_scan import CJK, foreign_in, foreign_words, visible_strings

from candlelit.engine import conformance
from candlelit.i18n import catalog, message
from candlelit.server.render import seat_label

LANGS = ("en", "zh-TW")
GAMES = {"divinare": 4, "nevermore": 4, "fatal-frame": 3, "shadow-hunters": 5, "anima": 3}
"""Each game with a player count that shows most of its board."""
MOVES = 14
"""Decisions seat 1 takes before the mid-game pages are read."""
DEAL = 20261202
"""The seed of every table these tests create."""


def page(server: LiveServer, path: str, lang: str, status: int = 200) -> str:
    """GET `path` in `lang`, checking the status."""
    got = server.http.get(path + ("&" if "?" in path else "?") + f"lang={lang}")
    assert got.status_code == status, (path, got.status_code)
    return got.text


def check(text: str, lang: str, where: str) -> None:
    """Fail listing every string of `text` that is not in `lang`."""
    assert visible_strings(text, lang), f"{where}: nothing visible was found"
    bad = foreign_words(text, lang)
    assert not bad, f"{where} ({lang}) shows {len(bad)} untranslated string(s):\n" + \
        "\n".join(bad[:40])


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_lobby_speaks_one_language(server, lang):
    check(page(server, "/", lang), lang, "lobby")


def create(server: LiveServer, game: str, players: int) -> tuple[str, str]:
    """A table of `game`: seat 1 a person, the others random bots. (id, seat 1's token)."""
    form = {"game": game, "players": str(players), "csrf": form_token(server.http.get("/").text)}
    form |= {f"seat{i}": "random" for i in range(1, players)}
    got = server.http.post("/tables", data=form)
    assert got.status_code == 200, got.text
    table_id, token = LINK.findall(html.unescape(got.text))[0]
    return table_id, token


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory):
    db = tmp_path_factory.mktemp("words") / "words.db"
    with LiveServer(f"sqlite:///{db}", create_limit=0, join_limit=0) as live:
        yield live


@pytest.mark.parametrize("lang", LANGS)
def test_the_error_pages_speak_one_language(server, lang):
    check(page(server, "/t/nosuchtable", lang, 404), lang, "404 page")
    check(page(server, "/no/such/page", lang, 404), lang, "unknown page")
    check(page(server, "/games/nosuchgame/rules", lang, 404), lang, "unknown game page")


@pytest.mark.parametrize("what", ["rules", "cards"])
@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", LANGS)
def test_rules_and_cards_pages_speak_one_language(server, game, lang, what):
    check(page(server, f"/games/{game}/{what}", lang), lang, f"{game} {what}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_table_speaks_one_language_from_creation_to_replay(server, game, monkeypatch):
    # a fixed deal: a random one may end (a quick kill) before the middle is read
    monkeypatch.setattr("candlelit.server.tables.secrets.randbelow", lambda _n: DEAL)
    table_id, token = create(server, game, GAMES[game])
    for lang in LANGS:
        check(page_of_created(server, game, lang), lang, f"{game} created page")
    rng = random.Random(16)
    with Conn(server, table_id, token) as me:
        for _ in range(MOVES):
            message = me.current()
            choices = actions(message)
            if not choices:
                break
            version = message["seat_version"]
            me.act(rng.choice(choices), version)
            me.ack(version)
        table = server.table(table_id)
        assert table.row.status == "playing", "the game ended before its middle was read"
        for lang in LANGS:
            check(page(server, f"/t/{table_id}?token={token}", lang), lang, f"{game} seat")
            check(page(server, f"/t/{table_id}/watch", lang), lang, f"{game} spectator")
            check(page(server, f"/t/{table_id}?token=wrong", lang, 403), lang, "403 page")
        me.send({"type": "bot", "seat": 0, "on": True})
        wait_for(lambda: server.table(table_id).row.status == "finished", timeout=120,
                 what=f"the bots to finish {game}")
    table = server.table(table_id)
    steps = len(table.row.actions)
    for lang in LANGS:
        check(page(server, f"/t/{table_id}?token={token}", lang), lang, f"{game} game over")
        for query in (f"step={steps // 2}", f"step={steps // 2}&seat=0", f"step={steps}"):
            check(page(server, f"/t/{table_id}/replay?{query}", lang), lang,
                  f"{game} replay {query}")
    assert seat_label(table, 1, "zh-TW", 0) != seat_label(table, 1, "en", 0)


def page_of_created(server: LiveServer, game: str, lang: str) -> str:
    """The page a new table's creator sees, in `lang`."""
    form = {"game": game, "players": str(GAMES[game]),
            "csrf": form_token(server.http.get("/", params={"lang": lang}).text)}
    form |= {f"seat{i}": "random" for i in range(1, GAMES[game])}
    got = server.http.post("/tables", data=form, params={"lang": lang})
    assert got.status_code == 200, got.text
    return got.text


def test_the_check_finds_english_in_chinese_and_chinese_in_english_but_not_quotations():
    zh = ('<html lang="zh-TW"><p title="Pass">打出一張牌</p><code>--cards FILE</code>'
          '<span lang="en">Zero Shot</span><cite>seeds/002</cite><p>Anima 的 HP</p></html>')
    assert foreign_words(zh, "zh-TW") == ["'Pass' (Pass)"]
    en = ('<html lang="en"><p>Play 零距離攝影</p><span lang="zh-TW">零</span><p>Alice</p>'
          '<a href="/lang/zh-TW" hreflang="zh-TW">繁體中文</a></html>')
    assert foreign_words(en, "en") == ["'Play 零距離攝影' (零距離攝影)", "'零' (零)"]
    assert foreign_words('<html lang="en"><p>怜 plays</p></html>', "en", frozenset({"怜"})) == []


def test_every_word_of_the_words_catalog_is_chinese_in_zh_tw():
    english, chinese = catalog("en"), catalog("zh-TW")
    ours = [k for k in english if k.split(".")[0] in ("bot", "confidence", "field", "refusal")
            or k.startswith(("anima.skill.", "anima.advantage_type.", "anima.timing.",
                             "anima.creature."))]
    assert len(ours) > 60
    for key in ours:
        assert CJK.search(chinese[key]), (key, chinese[key])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_log_line_and_choice_of_whole_games_speaks_one_language(game):
    shown: dict[str, set[str]] = {lang: set() for lang in LANGS}

    def visit(state, _step):
        for p in state.pending_players():
            for a in state.legal_actions(p):
                for lang in LANGS:
                    shown[lang].add(state.action_to_string(p, a, lang))

    for seed in (1, 2, 3):
        final = conformance.playout(game, GAMES[game], seed, chooser=seed + 7, visit=visit)
        for event in final.events():
            for lang in LANGS:
                shown[lang].add(message(game, event.key, event.args, lang))
    for lang in LANGS:
        bad = sorted(f"{text!r} ({', '.join(words)})" for text in shown[lang]
                     if (words := foreign_in(text, lang)))
        assert not bad, f"{game} ({lang}): {len(bad)} line(s):\n" + "\n".join(bad[:40])
