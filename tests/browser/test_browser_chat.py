"""Two seats chat at a table in real browsers: lines shown as plain text with the sender's
name, refused lines explained by the box, a folded panel on a phone counting new lines,
a spectator reading without a box to write in, and the history back after a reload."""

from __future__ import annotations

from browserkit import click_first_choice, create_table, open_seat
from playwright.sync_api import Page, expect

from candlelit.i18n import t

PHONE = {"width": 375, "height": 740}


def say(page: Page, text: str) -> None:
    """Type `text` in the chat box and press Enter."""
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def texts(page: Page) -> list[str]:
    """The chat lines' words as the page shows them."""
    return page.locator("#chat-lines .chat-text").all_inner_texts()


def test_two_seats_chat_and_a_spectator_reads(server, new_context):
    mine = new_context()
    created = create_table(mine.new_page(), server.url, "divinare", 3,
                           {1: "human", 2: "random"})
    me = open_seat(mine, created.my_link)
    friend = open_seat(new_context(viewport=PHONE), created.invites[1])
    watcher = open_seat(new_context(), f"{server.url}/t/{created.table_id}/watch")

    expect(me.locator("#chat .chat-empty")).to_be_visible()
    # on a phone the panel starts folded
    expect(friend.locator("#chat-text")).to_be_hidden()

    words = "<b>bold?</b> & <img src=x onerror=alert(1)> 你好"
    say(me, words)
    expect(me.locator("#chat-lines li")).to_have_count(1)
    expect(me.locator("#chat-text")).to_have_value("")
    line = me.locator("#chat-lines li").first
    expect(line.locator(".chat-name")).to_have_text("Seat 1 (you)")
    expect(line.locator(".chat-text")).to_have_text(words)
    expect(me.locator("#chat .chat-empty")).to_be_hidden()
    for page in (me, watcher):  # shown as text: no element came from the words
        assert page.locator("#chat-lines img, #chat-lines .chat-text b").count() == 0

    # the friend's folded panel counts the new line; opening it shows it
    unread = friend.locator("#chat .chat-unread")
    expect(unread).to_have_text(t("chat.unread", "en", n=1))
    friend.click("#chat summary")
    expect(unread).to_be_hidden()
    expect(friend.locator("#chat-lines .chat-name")).to_have_text(["Seat 1"])
    assert texts(friend) == [words]
    say(friend, "hello from my phone")
    expect(me.locator("#chat-lines li").last.locator(".chat-name")).to_have_text("Seat 2")
    expect(me.locator("#chat-lines li").last.locator(".chat-text")).to_have_text(
        "hello from my phone")

    # the spectator reads everything but has nothing to write with
    expect(watcher.locator("#chat-lines .chat-text")).to_have_text([words, "hello from my phone"])
    assert watcher.locator("#chat-form, #chat-text").count() == 0

    # a sixth line within ten seconds is refused by the box, in one line, and kept typed
    for i in range(1, 5):
        say(me, f"line {i}")
    expect(me.locator("#chat-lines li")).to_have_count(6)
    say(me, "one too many")
    expect(me.locator("#chat-note")).to_have_text(
        t("chat.too_fast", "en", most=5, seconds=10))
    expect(me.locator("#chat-text")).to_have_value("one too many")
    expect(me.locator("#flash")).to_have_text("")
    me.wait_for_timeout(300)
    assert "one too many" not in texts(friend)

    # the game goes on while people talk: a refused line leaves the buttons alone
    buttons = "#actions button[data-action]:enabled"
    for _ in range(100):  # the first decision may be either seat's
        if any(page.locator(buttons).count() for page in (me, friend)):
            break
        me.wait_for_timeout(50)
    assert any(click_first_choice(page) for page in (me, friend))

    # after a reload the history is back, each line once
    me.reload()
    expect(me.locator("#chat-lines li")).to_have_count(6)
    assert texts(me) == [words, "hello from my phone", *[f"line {i}" for i in range(1, 5)]]
