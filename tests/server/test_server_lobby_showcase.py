"""The lobby sells the games: a card per game, human variant names, the strongest bot by
default, demo tables to watch, games in progress; the header and cards pages work on phones;
the language switch and the finished table's seat list behave."""

from __future__ import annotations

import html
import re
import uuid

import psycopg
import pytest
from srvkit import Conn, LiveServer, wait_for

from candlelit.bots.registry import bot_names, default_bot
from candlelit.engine.registry import games
from candlelit.i18n import t
from candlelit.server.cluster import ClusterOptions
from candlelit.server.showcase import game_cards, variant_help, variant_name

CJK = re.compile(r"[\u3400-\u9fff]")


def _text(page: str) -> str:
    """The visible text of an HTML page, roughly (tags dropped, entities decoded)."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _card(page: str, game: str) -> str:
    """The lobby's card of `game` (its article element)."""
    found = re.search(rf'<article class="game-card" id="game-{game}".*?</article>', page, re.S)
    assert found, f"no card for {game}"
    return found.group(0)


@pytest.fixture
def server(sqlite_url):
    with LiveServer(sqlite_url, bot_delay=0.0) as live:
        yield live


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_every_game_has_a_card_with_its_description_facts_picture_and_links(server, lang):
    page = server.http.get(f"/?lang={lang}").text
    for card in game_cards():
        html_card = _card(page, card.name)
        text = _text(html_card)
        assert t(card.name + ".title", lang) in text
        assert t(f"lobby.about.{card.name}", lang) in text
        assert t("lobby.players", lang, min=card.min_players, max=card.max_players) in text
        assert card.minutes > 0
        assert t("lobby.length", lang, minutes=card.minutes) in text
        assert '<svg class="art"' in html_card
        for link in (f"/games/{card.name}/rules", f"/games/{card.name}/cards",
                     f"/games/{card.name}/watch", f"/?game={card.name}#new-table"):
            assert f'href="{link}"' in html_card
        if lang == "zh-TW":
            assert CJK.search(t(f"lobby.about.{card.name}", lang))


def test_the_typical_length_follows_the_measured_decisions():
    by_name = {c.name: c for c in game_cards()}
    assert by_name["divinare"].decisions == 65
    assert by_name["divinare"].minutes == 15  # 65 decisions x 15 s = 16 min, rounded to 5
    assert by_name["wickwatch"].minutes == 5


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_variants_show_human_names_and_one_line_help_never_ids_or_notes(server, lang):
    page = server.http.get(f"/?lang={lang}").text
    options = re.findall(r'<option value="([^"]*)" data-game="([^"]+)" data-help="([^"]*)"'
                         r'[^>]*>([^<]*)</option>', page)
    assert options, "no variant options"
    named = {(game, value): (html.unescape(help_), html.unescape(label).strip())
             for value, game, help_, label in options}
    for spec in games():
        for variant in spec.variants:
            if variant.name == "standard":
                continue
            help_, label = named[(spec.name, variant.name)]
            assert label == variant_name(spec.name, variant.name, lang) != variant.name
            assert help_ == variant_help(spec.name, variant.name, lang) != ""
            assert "\n" not in help_ and len(help_) < 90
            if lang == "zh-TW":
                assert CJK.search(label) and CJK.search(help_)
    assert "French summary" not in page
    assert "(invented)" not in page


def test_bot_seats_default_to_the_strongest_bot_which_keeps_table_pace(server):
    for spec in games():
        page = server.http.get(f"/?game={spec.name}").text
        own = [b for b in bot_names(spec.name) if b != "random"]
        if own:
            assert default_bot(spec.name) != "random"
        selected = re.findall(rf'<option value="([^"]+)" data-game="{spec.name}" '
                              r'data-strongest="1" selected>', page)
        assert selected and set(selected) == {default_bot(spec.name)}
        assert re.search(rf'<option value="{spec.name}" selected', page)


def test_a_table_created_with_the_default_bots_seats_the_strongest(server):
    table_id, _ = server.create([default_bot("divinare"), default_bot("divinare")])
    row = server.table(table_id).row
    assert [s.bot for s in row.seats[1:]] == ["expectation", "expectation"]


def test_watching_a_bot_game_reuses_one_demo_table_per_game_until_it_ends(db_url):
    with LiveServer(db_url, bot_delay=0.02) as live:
        first = live.http.get("/games/divinare/watch", follow_redirects=False)
        assert first.status_code == 303
        table_id = re.fullmatch(r"/t/([\w-]+)/watch", first.headers["location"]).group(1)
        again = live.http.get("/games/divinare/watch", follow_redirects=False)
        assert again.headers["location"] == f"/t/{table_id}/watch"
        table = live.table(table_id)
        assert table.row.game == "divinare" and table.row.players == 4
        assert [s.kind for s in table.row.seats] == ["bot"] * 4
        assert {s.bot for s in table.row.seats} == {default_bot("divinare")}
        other = live.http.get("/games/nevermore/watch", follow_redirects=False)
        assert other.headers["location"] != f"/t/{table_id}/watch"
        page = live.http.get(f"/t/{table_id}/watch")
        assert page.status_code == 200
        lobby = live.http.get("/").text
        assert f"/t/{table_id}/watch" not in lobby  # demos are not listed as games to watch
        wait_for(lambda: live.table(table_id).row.status == "finished", timeout=120,
                 what="the demo game to end")
        assert f"/t/{table_id}/replay" not in live.http.get("/").text  # nor as finished
        replaced = live.http.get("/games/divinare/watch", follow_redirects=False)
        assert replaced.headers["location"] != f"/t/{table_id}/watch"
        assert live.http.get("/games/no-such-game/watch").status_code == 404


def test_games_in_progress_are_listed_to_watch_and_leave_the_list_when_over(server):
    table_id, tokens = server.create(["human"])
    lobby = server.http.get("/").text
    listed = re.search(r'<ul class="tables playing">.*?</ul>', lobby, re.S)
    assert listed and f'href="/t/{table_id}/watch"' in listed.group(0)
    with Conn(server, table_id, tokens[0]) as me:
        me.send({"type": "bot", "seat": 0, "on": True})
        me.until(lambda m: m["type"] == "state" and m["status"] == "playing")
    with Conn(server, table_id, tokens[1]) as friend:
        friend.send({"type": "bot", "seat": 1, "on": True})
        wait_for(lambda: server.table(table_id).row.status == "finished", timeout=60,
                 what="the game to end")
    lobby = server.http.get("/").text
    listed = re.search(r'<ul class="tables playing">.*?</ul>', lobby, re.S)
    assert listed is None or f"/t/{table_id}/watch" not in listed.group(0)
    assert t("lobby.no_in_progress") in lobby


def test_a_finished_table_offers_no_hand_over_to_a_bot(server):
    table_id, tokens = server.create(["expectation"])
    with Conn(server, table_id, tokens[0]) as me:
        me.send({"type": "bot", "seat": 0, "on": True})
        wait_for(lambda: server.table(table_id).row.status == "finished", timeout=60,
                 what="the game to end")
    page = server.http.get(f"/t/{table_id}?token={tokens[0]}").text
    assert "data-bot-seat" not in page
    assert page.count(f">{t('ui.game_over')}<") >= 1


@pytest.mark.parametrize("asked", ["/?lang=zh-TW", "/games/divinare/rules?lang=zh-TW",
                                   "/?game=anima&lang=zh-TW"])
def test_the_language_switch_wins_over_the_pages_own_lang(server, asked):
    page = server.http.get(asked)
    assert '<html lang="zh-TW">' in page.text
    switch = re.search(r'href="(/lang/en\?next=[^"]+)"', page.text).group(1)
    moved = server.http.get(html.unescape(switch), follow_redirects=False)
    assert moved.status_code == 303
    assert "lang=" not in moved.headers["location"]
    assert moved.headers["location"].split("?")[0] == asked.split("?")[0]
    landed = server.http.get(moved.headers["location"])
    assert '<html lang="en">' in landed.text
    if "game=anima" in asked:
        assert moved.headers["location"] == "/?game=anima"


def test_the_header_has_a_compact_menu_of_the_games(server):
    page = server.http.get("/").text
    menu = re.search(r'<details class="menu">.*?</details>', page, re.S)
    assert menu
    for spec in games():
        assert f'href="/games/{spec.name}/rules"' in menu.group(0)


@pytest.mark.parametrize("game", [spec.name for spec in games()])
def test_cards_pages_carry_a_contents_list_and_a_filter_box(server, game):
    page = server.http.get(f"/games/{game}/cards?lang=zh-TW").text
    if 'id="catalogue-body"' not in page:
        assert t("web.no_cards_page", "zh-TW") in page
        return
    assert 'id="contents"' in page and 'id="card-filter"' in page
    assert '<script type="module" src="/static/cards.js"></script>' in page
    assert server.http.get("/static/cards.js").status_code == 200


@pytest.mark.parametrize("game", ["nevermore", "shadow-hunters"])
def test_missing_seat_kinds_and_handed_over_seats_get_the_strongest_bot(server, game):
    players = 4
    form = {"game": game, "players": str(players), "seat1": "human",
            "csrf": server.form_token()}
    created = server.http.post("/tables", data=form)
    assert created.status_code == 200, created.text
    table_id = re.search(r"/t/([\w-]+)\?token=", created.text).group(1)
    row = server.table(table_id).row
    assert [s.kind for s in row.seats] == ["human", "human", "bot", "bot"]
    assert {s.bot for s in row.seats} == {default_bot(game)}  # stand-ins included


@pytest.mark.postgres
def test_two_workers_share_one_demo_table_per_game(postgres_url):
    name = f"candlelit_{uuid.uuid4().hex[:12]}"
    base = postgres_url.rsplit("/", 1)[0]
    with psycopg.connect(base.replace("postgresql+psycopg://", "postgresql://") + "/postgres",
                         autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{base}/{name}"
    with LiveServer(url, bot_delay=0.5, cluster=ClusterOptions("worker-a")) as a, \
            LiveServer(url, bot_delay=0.5, cluster=ClusterOptions("worker-b")) as b:
        on_a = a.http.get("/games/anima/watch", follow_redirects=False).headers["location"]
        on_b = b.http.get("/games/anima/watch", follow_redirects=False).headers["location"]
        assert on_a == on_b
        assert b.http.get(on_b).status_code == 200
