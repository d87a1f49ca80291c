"""The lobby's game cards, demo tables, phone header and cards-page filter in a real browser;
no page scrolls sideways at 375 or 1,280 px; the language switch and the finished table."""

from __future__ import annotations

import re

import pytest
from browserkit import create_table, no_horizontal_scroll, open_seat
from playwright.sync_api import expect
from test_browser_boards import CARD_GAMES

from candlelit.bots.registry import default_bot
from candlelit.engine.registry import games
from candlelit.i18n import t

PHONE = {"viewport": {"width": 375, "height": 740}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
VISIBLE = "cards => cards.filter(c => !c.hidden).length"


def assert_fits(page, where):
    """The page is no wider than its screen."""
    width, inner = no_horizontal_scroll(page)
    assert width <= inner + 1, f"{where} scrolls sideways: {width}px > {inner}px"


@pytest.mark.parametrize("screen", [PHONE, DESKTOP], ids=["375", "1280"])
def test_no_page_scrolls_sideways(server, new_context, browser, screen):
    page = new_context(**screen).new_page()
    for lang in ("en", "zh-TW"):
        page.goto(f"{server.url}/?lang={lang}")
        assert_fits(page, f"the lobby ({lang})")
        for spec in games():  # the five games' cards pages: test_browser_boards.py
            for part in ("rules",) if spec.name in CARD_GAMES else ("rules", "cards"):
                page.goto(f"{server.url}/games/{spec.name}/{part}?lang={lang}")
                assert_fits(page, f"{spec.name} {part} ({lang})")
    unwatched = browser.new_context(**screen)  # a 404 is logged to the console, as it should
    try:
        missing = unwatched.new_page()
        assert missing.goto(f"{server.url}/no/such/page").status == 404
        assert_fits(missing, "the error page")
    finally:
        unwatched.close()
    for spec in games():
        players = min(max(4, spec.min_players), spec.max_players)
        created = create_table(page, server.url, spec.name, players)
        assert_fits(page, f"{spec.name}'s created page")
        seat = open_seat(page.context, created.my_link)
        assert_fits(seat, f"{spec.name}'s table")
        seat.goto(f"{server.url}/t/{created.table_id}/watch")
        assert_fits(seat, f"{spec.name}'s spectator view")
        seat.close()
    page.goto(f"{server.url}/games/divinare/watch")
    page.wait_for_function("() => document.getElementById('table').dataset.status === 'finished'",
                           timeout=60_000)
    table_id = page.url.split("/")[-2]
    page.goto(f"{server.url}/t/{table_id}/replay?step=5&seat=0")
    assert_fits(page, "the replay page")
    page.goto(f"{server.url}/t/{table_id}/watch")
    assert_fits(page, "a finished table")


def test_each_game_card_leads_to_its_rules_cards_form_and_a_bot_game(server, new_context):
    page = new_context(**DESKTOP).new_page()
    page.goto(f"{server.url}/")
    cards = page.locator("article.game-card")
    assert cards.count() == len(games())
    for spec in games():
        card = page.locator(f"#game-{spec.name}")
        expect(card.locator("svg.art")).to_be_visible()
        assert t(f"lobby.about.{spec.name}") in card.inner_text()
    page.locator("#game-nevermore a.play").click()
    assert page.input_value("#game") == "nevermore"
    seat_choice = page.locator("select[name=seat1]")
    assert seat_choice.input_value() == default_bot("nevermore")
    page.goto(f"{server.url}/")
    page.locator("#game-anima a.rules").click()
    page.wait_for_url(f"{server.url}/games/anima/rules")
    page.goto(f"{server.url}/")
    page.locator("#game-shadow-hunters a.demo").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+/watch$"))
    page.wait_for_selector("#conn.on")
    seats = page.locator("#seats .seat-list li")
    assert seats.count() == 4
    assert "data-bot-seat" not in page.inner_html("#seats")
    assert page.locator("#actions button[data-action]").count() == 0  # a spectator


def test_the_variant_help_follows_the_chosen_variant(server, new_context):
    page = new_context(**DESKTOP).new_page()
    page.goto(f"{server.url}/?lang=zh-TW")
    page.select_option("#game", "divinare")
    page.select_option("#variant", "left-pass")
    assert page.inner_text("#variant-help") == t("divinare.variant.left-pass.help", "zh-TW")
    label = page.eval_on_selector("#variant", "s => s.selectedOptions[0].textContent.trim()")
    assert label == t("divinare.variant.left-pass.name", "zh-TW")
    page.select_option("#variant", "")
    assert page.inner_text("#variant-help") == ""


def test_the_phone_header_is_one_line_with_a_menu(server, new_context):
    page = new_context(**PHONE).new_page()
    page.goto(f"{server.url}/")
    expect(page.locator("header .wide-nav")).to_be_hidden()
    menu = page.locator("header details.menu")
    expect(menu).to_be_visible()
    height = page.eval_on_selector("header.top", "h => h.getBoundingClientRect().height")
    assert height < 60, f"the phone header is {height}px tall"
    menu.locator("summary").click()
    link = menu.locator("a[href='/games/fatal-frame/rules']")
    expect(link).to_be_visible()
    assert_fits(page, "the lobby with its menu open")
    link.click()
    page.wait_for_url(f"{server.url}/games/fatal-frame/rules")
    desktop = new_context(**DESKTOP).new_page()
    desktop.goto(f"{server.url}/")
    expect(desktop.locator("header .wide-nav")).to_be_visible()
    expect(desktop.locator("header details.menu")).to_be_hidden()


def test_the_cards_page_has_contents_and_a_filter(server, new_context):
    page = new_context(**PHONE).new_page()
    page.goto(f"{server.url}/games/nevermore/cards")
    contents = page.locator("#contents")
    expect(contents).to_be_visible()
    links = contents.locator("a")
    assert links.count() >= 2
    target = links.nth(1).get_attribute("href")
    assert target and page.locator(target).count() == 1
    articles = page.locator("#catalogue-body article")
    total = articles.count()
    assert total > 5
    first_name = page.locator("#catalogue-body article h3.name").first.inner_text()
    page.fill("#card-filter", first_name)
    shown = page.eval_on_selector_all("#catalogue-body article", VISIBLE)
    assert 1 <= shown < total
    kept = page.locator("#catalogue-body article:not([hidden]) h3.name").first
    assert kept.inner_text() == first_name
    assert str(shown) in page.inner_text("#filter-count")
    page.fill("#card-filter", "zzzz-no-card")
    assert page.inner_text("#filter-count") == t("lobby.no_match")
    page.fill("#card-filter", "")
    assert page.eval_on_selector_all("#catalogue-body article", VISIBLE) == total


def test_english_wins_over_a_page_opened_in_chinese(server, new_context):
    page = new_context(**DESKTOP).new_page()
    page.goto(f"{server.url}/?lang=zh-TW")
    assert page.get_attribute("html", "lang") == "zh-TW"
    page.click("header .langs a[href^='/lang/en']")
    page.wait_for_url(f"{server.url}/")
    assert page.get_attribute("html", "lang") == "en"
    page.reload()
    assert page.get_attribute("html", "lang") == "en"


def test_a_finished_game_on_a_phone_says_game_over_once_and_offers_no_hand_over(
        server, new_context):
    page = new_context(**PHONE).new_page()
    created = create_table(page, server.url, "divinare", 2)
    seat = open_seat(page.context, created.my_link)
    seat.click("#seats button[data-bot-seat='0']")
    seat.wait_for_function("() => document.getElementById('table').dataset.status === 'finished'",
                           timeout=60_000)
    over = t("ui.game_over")
    visible = seat.eval_on_selector_all(
        "h1, h2, h3, strong, p, span, div",
        "(els, words) => els.filter(e => e.offsetParent !== null && "
        "[...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim() === words)).length",
        over)
    assert visible == 1, f"'{over}' shows {visible} times"
    assert seat.locator("button[data-bot-seat]:visible").count() == 0
