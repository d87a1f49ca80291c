"""Absent players in the browser: the turn clock and the hand-over countdown tick on the page,
the server decides, and a seat handed to a bot is taken back with one click."""

from __future__ import annotations

import re

from browserkit import create_table, wait_connected
from playwright.sync_api import expect

from candlelit.i18n import t


def test_the_page_counts_down_and_the_server_keeps_the_grace_period(server, new_context):
    context = new_context()
    created = create_table(context.new_page(), server.url, "divinare", 3, {1: "human"},
                           {"grace": "30", "timer": "fast"})
    page = context.new_page()
    page.clock.install()  # the page's clock only: the server keeps real time
    page.goto(created.my_link)
    wait_connected(page)
    assert "30 s away" in page.inner_text(".table-rules")
    expect(page.locator("#seats li.me .timer")).to_have_text(re.compile(r"^0:4\d$"))

    # seat 2 has never come: its button waits for the grace period, the time left shown
    button = page.locator("#seats button[data-bot-seat='1'][data-on='true']")
    expect(button).to_be_hidden()
    expect(page.locator("#seats .grace")).to_have_text(re.compile(r"can go to a bot in 0:[23]\d"))
    page.clock.fast_forward("00:31")
    expect(button).to_be_visible()
    expect(page.locator("#seats .grace")).to_be_hidden()
    # this page's clock ran ahead of the server's: the server refuses, saying how long is left
    button.click()
    expect(page.locator("#flash")).to_contain_text("Seat 2 has been away for only")
    assert page.locator("#seats .bot-note").count() == 0

    # my own seat may go to a bot at any time; I read why and take it back with one click
    page.click("#seats button[data-bot-seat='0'][data-on='true']")
    expect(page.locator("#actions .bot-reason")).to_have_text(t("web.reason.self", "en"))
    page.click("#actions button[data-bot-seat='0'][data-on='false']")
    expect(page.locator("#actions .bot-reason")).to_have_count(0)
