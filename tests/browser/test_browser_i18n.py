"""Switching the language from the header: the text changes and the choice is remembered."""

from __future__ import annotations

from browserkit import create_table, open_seat, play, seat_version, wait_connected

from candlelit.i18n import t


def lang_cookie(page):
    """The remembered language of the page's browser profile, if any."""
    return {c["name"]: c["value"] for c in page.context.cookies()}.get("candlelit_lang")


def test_the_lobby_switches_to_chinese_and_back_and_remembers(server, new_context):
    page = new_context().new_page()
    page.goto(f"{server.url}/")
    assert page.get_attribute("html", "lang") == "en"
    assert t("web.new_table", "en") in page.inner_text("main")

    page.click("header .langs a[href^='/lang/zh-TW']")
    page.wait_for_url(f"{server.url}/")
    assert page.get_attribute("html", "lang") == "zh-TW"
    assert t("web.new_table", "zh-TW") in page.inner_text("main")
    assert t("web.create", "zh-TW") == page.inner_text("#new-table button[type=submit]")
    assert lang_cookie(page) == "zh-TW"

    page.goto(f"{server.url}/games/divinare/rules")
    assert page.get_attribute("html", "lang") == "zh-TW"
    page.goto(f"{server.url}/")
    assert t("web.new_table", "zh-TW") in page.inner_text("main")

    page.click("header .langs a[href^='/lang/en']")
    page.wait_for_url(f"{server.url}/")
    assert t("web.new_table", "en") in page.inner_text("main")
    page.reload()
    assert page.get_attribute("html", "lang") == "en"
    assert lang_cookie(page) == "en"


def test_the_table_switches_language_mid_game_and_keeps_it(server, new_context):
    page = new_context().new_page()
    created = create_table(page, server.url, "divinare", 4)
    page = open_seat(page.context, created.my_link)
    assert t("ui.your_hand", "en") in page.inner_text("#board")
    play([page], until=lambda ps: seat_version(ps[0]) >= 5)
    version = seat_version(page)

    page.click("header .langs a[href^='/lang/zh-TW']")
    page.wait_for_url(created.my_link)
    wait_connected(page)
    assert seat_version(page) == version, "the same seat, the same game"
    board = page.inner_text("#board")
    assert "你的手牌" in board and t("ui.your_hand", "en") not in board
    assert t("ui.log", "zh-TW") in page.inner_text(".log-box h2")
    assert page.get_attribute("html", "lang") == "zh-TW"

    play([page], until=lambda ps: seat_version(ps[0]) >= version + 3)
    assert "你的手牌" in page.inner_text("#board"), "live updates come in the chosen language"
    assert t("web.seats", "zh-TW") in page.inner_text("#seats")
    page.wait_for_selector("#actions button[data-action]:enabled")
    labels = page.locator("#actions button[data-action]").all_inner_texts()
    assert labels and not any(label.isascii() for label in labels), labels

    page.goto(created.my_link)
    wait_connected(page)
    assert "你的手牌" in page.inner_text("#board")
    assert lang_cookie(page) == "zh-TW"

    fresh = page.context.new_page()
    fresh.goto(f"{server.url}/")
    assert t("web.new_table", "zh-TW") in fresh.inner_text("main")
